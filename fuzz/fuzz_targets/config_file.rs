//! The config file: anything is read or refused with one line that starts
//! with the line number it is about, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::daemon::config::Config;

fuzz_target!(|text: &str| {
    if let Err(message) = Config::parse(text) {
        assert!(!message.contains('\n'), "one line: {message:?}");
        let line: usize = message.split(':').next().unwrap().parse().expect("starts with a line number");
        assert!(line >= 1 && line <= text.lines().count().max(1) + 1, "line {line} of {text:?}");
    }
});
