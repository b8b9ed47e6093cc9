//! Writes the man page and the shell completions for `queens`, from the same clap definition the
//! binary parses with, so they never drift from the real options. The Debian package ships them.
//!
//! Usage: `cargo run --example gen-assets [OUT_DIR]` (default `target/assets`). Writes
//! `OUT_DIR/man/queens.1` (plus one page per subcommand, `queens-play.1`, ...) and
//! `OUT_DIR/completions/{queens.bash,_queens,queens.fish}`.
//!
//! An example rather than a hidden subcommand: the generators are dev-dependencies, so the binary
//! on the Pi carries none of this.

use clap::CommandFactory;
use clap_complete::Shell;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::{fs, io};

fn main() -> ExitCode {
    let out = std::env::args_os().nth(1).map_or_else(|| PathBuf::from("target/assets"), PathBuf::from);
    match generate(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen-assets: {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

/// Writes the man pages and completions under `out` (tests/docs.rs runs it too).
pub fn generate(out: &Path) -> io::Result<()> {
    let command = queens::cli::Cli::command();

    let man = out.join("man");
    fs::create_dir_all(&man)?;
    clap_mangen::generate_to(command.clone(), &man)?;

    let completions = out.join("completions");
    fs::create_dir_all(&completions)?;
    for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
        clap_complete::generate_to(shell, &mut command.clone(), "queens", &completions)?;
    }
    println!("gen-assets: wrote {} and {}", man.display(), completions.display());
    Ok(())
}
