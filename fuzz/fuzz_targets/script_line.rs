//! Script-backend lines: anything parses or is refused with a one-line
//! reason, and what parses reads back the same from its canonical form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::backend::script::{ScriptLine, parse_line};

fuzz_target!(|text: &str| {
    match parse_line(text) {
        Ok(ScriptLine::Event(e)) => assert_eq!(parse_line(&e.to_string()), Ok(ScriptLine::Event(e))),
        Ok(ScriptLine::Wait(ms)) => assert_eq!(parse_line(&format!("wait {ms}")), Ok(ScriptLine::Wait(ms))),
        Ok(ScriptLine::Nothing) => assert!(text.trim().is_empty() || text.trim().starts_with('#')),
        Err(reason) => assert!(!reason.contains('\n') || text.contains('\n')),
    }
});
