//! The integration tests, one binary (ripgrep's `tests/tests.rs` shape): each
//! file beside this one is a module, and `common` is compiled once for all of
//! them. Cargo.toml sets `autotests = false` so the files are not also
//! binaries of their own. Run one file's tests with its module name as the
//! filter: `cargo test --test tests sensehat::`.

mod common;

mod backend_errors;
mod ci_scripts;
mod classic_rules;
mod cover_mode;
mod docs;
mod engine_properties;
mod engine_purity;
mod faults;
mod i2c;
mod import_graph;
mod large_boards;
mod layers;
mod logging;
mod modes;
mod on_show;
mod past_days;
mod play_start;
mod puzzle;
mod regions;
mod regions_import;
mod regions_mode;
mod regions_play;
mod regions_share;
mod release;
mod saved_state;
mod script_backend;
mod sense_emu;
mod sensehat;
mod solver_cli;
mod solver_complete;
mod solver_counts;
mod solver_matlab;
mod solver_output;
mod solver_pieces;
mod solver_prolog;
mod starting_game;
mod strict_mode;
mod terminal_pty;
mod tilt;
mod unsafe_code;
mod usage_errors;
