//! The command being run, as typed (`queens solve`, `queens regions
//! daily`): every line the command line writes on standard error starts
//! with it. Set once by [`super::main`] when the command line is parsed;
//! the layers below are given it (a backend's options name the program).

use std::sync::OnceLock;

static COMMAND: OnceLock<String> = OnceLock::new();

/// Names the command being run, once.
pub(crate) fn set(command: String) {
    let _ = COMMAND.set(command);
}

/// The command's name, `queens solve` (`queens play` for a bare `queens`,
/// which plays; `queens` before the command line is parsed).
pub(crate) fn name() -> &'static str {
    COMMAND.get().map_or("queens", String::as_str)
}
