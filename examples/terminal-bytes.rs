//! What the terminal backend writes, counted in a pseudo-terminal of 120x40:
//! the first draw's bytes, then the bytes of each cursor move (an arrow key,
//! the output read until it has been quiet for a while), in each mode at
//! 8x8 and at the largest size the mode plays up to 16x16. A benchmark of
//! bytes, not of time: over SSH or a serial console, bytes are what a
//! player waits for. Figures are in docs/PERFORMANCE.md.
//!
//! `cargo build && cargo run --example terminal-bytes` (it runs the
//! `queens` binary built next to it; about a minute). Colours from the
//! 256-colour palette, as where `COLORTERM` is not set; with
//! `COLORTERM=truecolor` set, 24-bit colours.

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::pty::{OpenptyResult, Winsize, openpty};
use queens::game::ModeKind;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::path::PathBuf;
use std::process::{Child, Command};

const ROWS: u16 = 40;
const COLS: u16 = 120;
/// Output quiet this long: the move has been drawn.
const QUIET_MS: u16 = 300;
const RIGHT: &[u8] = b"\x1b[C";
const DOWN: &[u8] = b"\x1b[B";

const USAGE: &str = "usage: cargo build && cargo run --example terminal-bytes
Counts the bytes the terminal game writes in a 120x40 pseudo-terminal: the first draw, and each
cursor move, in every mode at 8x8 and at the largest size it plays up to 16x16 (about a minute).
COLORTERM=truecolor: 24-bit colours, else the 256-colour palette.";

fn main() {
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("-h" | "--help") => {
            println!("{USAGE}");
            return;
        }
        Some(other) => {
            queens::eprintln_lossy!("terminal-bytes: takes no argument, not {other:?} (--help for usage)");
            std::process::exit(2);
        }
    }
    let Some(binary) = binary() else {
        queens::eprintln_lossy!(
            "terminal-bytes: no queens binary next to this example; run `cargo build` first"
        );
        std::process::exit(1);
    };
    let state = std::env::temp_dir().join(format!("queens-terminal-bytes-{}", std::process::id()));
    let colorterm = std::env::var("COLORTERM").ok().filter(|v| !v.is_empty());
    let colours = match colorterm.as_deref() {
        Some(value) => format!("COLORTERM={value}"),
        None => "COLORTERM unset".to_string(),
    };
    println!(
        "bytes the terminal backend writes in a {COLS}x{ROWS} terminal (TERM=xterm-256color, {colours}),"
    );
    println!("taking about a minute:");
    println!(
        "{:<8} {:>6} {:>11} {:>13} {:>12} {:>12}",
        "mode", "size", "first draw", "moves", "mean/move", "max/move"
    );
    for mode in ModeKind::ALL {
        let largest = *mode.sizes().end().min(&16);
        for side in [8, largest] {
            let _ = std::fs::remove_dir_all(&state);
            std::fs::create_dir_all(&state).expect("a temporary folder");
            let mut game = Game::start(&binary, &state, mode, side, colorterm.as_deref());
            let first = game.first_draw();
            // A first key ends a start-up message, if one plays: not a cursor move's cost.
            game.press(RIGHT);
            let mut moves = vec![];
            for key in std::iter::repeat_n(RIGHT, side - 2).chain(std::iter::repeat_n(DOWN, side - 1)) {
                moves.push(game.press(key));
            }
            game.quit();
            let mean = moves.iter().sum::<usize>() as f64 / moves.len() as f64;
            let max = moves.iter().max().copied().unwrap_or(0);
            println!(
                "{:<8} {:>6} {first:>11} {:>13} {mean:>12.1} {max:>12}",
                mode,
                format!("{side}x{side}"),
                moves.len()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&state);
}

/// The `queens` binary of the same build: examples are built in `examples/` under it.
fn binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let path = exe.parent()?.parent()?.join("queens");
    path.is_file().then_some(path)
}

struct Game {
    master: File,
    child: Child,
}

impl Game {
    fn start(
        binary: &PathBuf,
        state: &std::path::Path,
        mode: ModeKind,
        side: usize,
        colorterm: Option<&str>,
    ) -> Game {
        let size = Winsize { ws_row: ROWS, ws_col: COLS, ws_xpixel: 0, ws_ypixel: 0 };
        let OpenptyResult { master, slave } = openpty(Some(&size), None).expect("a pseudo-terminal");
        let slave = File::from(slave);
        let mut command = Command::new(binary);
        match colorterm {
            Some(value) => command.env("COLORTERM", value),
            None => command.env_remove("COLORTERM"),
        };
        let child = command
            .args(["play", "--backend", "terminal", "--mode", &mode.to_string(), "--size", &side.to_string()])
            .arg("--state")
            .arg(state.join("state.toml"))
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR")
            .stdin(slave.try_clone().expect("the terminal"))
            .stdout(slave.try_clone().expect("the terminal"))
            .stderr(slave)
            .spawn()
            .expect("queens starts");
        Game { master: File::from(master), child }
    }

    /// The bytes of the first screen: more than the escapes that take the
    /// terminal (a large regions puzzle can take a while to make first).
    fn first_draw(&mut self) -> usize {
        let mut total = 0;
        // 100 quiet spells: 30 seconds.
        for _ in 0..100 {
            total += self.quiet_bytes();
            if total >= 200 {
                return total;
            }
        }
        panic!("queens drew no screen in 30 seconds");
    }

    /// Sends `key`; the bytes drawn in answer.
    fn press(&mut self, key: &[u8]) -> usize {
        self.master.write_all(key).expect("the game reads keys");
        self.quiet_bytes()
    }

    /// The bytes written until the output has been quiet for [`QUIET_MS`].
    fn quiet_bytes(&mut self) -> usize {
        let mut total = 0;
        let mut buf = [0u8; 65536];
        loop {
            let mut fds = [PollFd::new(self.master.as_fd(), PollFlags::POLLIN)];
            match poll(&mut fds, PollTimeout::from(QUIET_MS)) {
                Ok(0) => return total,
                Ok(_) => match self.master.read(&mut buf) {
                    Ok(0) | Err(_) => return total,
                    Ok(n) => total += n,
                },
                Err(e) => panic!("poll: {e}"),
            }
        }
    }

    fn quit(mut self) {
        let _ = self.master.write_all(b"q");
        let _ = self.quiet_bytes();
        let _ = self.child.wait();
    }
}
