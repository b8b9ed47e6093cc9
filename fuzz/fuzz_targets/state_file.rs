//! The saved-state file: anything is loaded or refused with a reason, never
//! a panic; a loaded state saves back to text that loads to the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::daemon::state_toml::{parse, render};

fuzz_target!(|text: &str| {
    if let Ok(state) = parse(text) {
        assert_eq!(parse(&render(&state)), Ok(state));
    }
});
