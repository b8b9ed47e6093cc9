//! The terminal backend end to end: the built binary runs in a real
//! pseudo-terminal, keys are written to it, and what it draws is read back
//! through a terminal parser (`vt100`), cell by cell.
//!
//! Every read has a deadline, so a broken build fails instead of hanging.
//!
//! What it proves, in full (with the unit tests beside the code): the changes sent after every frame
//! of games played in each mode, at 8x8 and at the largest size it plays, with a resize between
//! moves, leaving the screen a full redraw draws (both through `vt100`, each cell's text and
//! attributes), a cursor move at most 150 bytes in both colour modes, and the changes between
//! random screens; the terminal backend in a real pseudo-terminal, read back with the `vt100`
//! parser: cell colours after moves, a queen and an answer; a 12x12 regions puzzle given with
//! `--puzzle`; LinkedIn's No. 336 (two regions in two pieces) played from its file to solved; the
//! status line (mode, size, the menu with its highlighted selection, messages in full), the help
//! line per mode and width, the cursor outlined on a queen in both colour modes, the hint's yellow
//! in 256 colours, "any key to play", Alt-q not quitting, Ctrl-D quitting, "too small" wrapped
//! between words, and its size and `q` down to 7x3, a warning under the board and on standard error
//! afterwards; clicks (SGR mouse reports): a whole 8x8 classic game played by clicks to its "found"
//! message and saved, clicks off the board, the right button and the wheel doing nothing, the 6x6's
//! margin no square, a regions square cycled by clicks and LinkedIn's No. 336 solved by them, a
//! drag with the button held (mode 1002) dotting the empty squares it crosses and no queen, undone
//! a dot at a time, a burst of clicks longer than a read losing none while the game is busy,
//! regions' clock standing while the game is suspended; a
//! cursor move sending at most 150 bytes and Ctrl-L drawing again a screen something else wrote on;
//! the terminal restored (mouse reports off too) on q, Esc, Ctrl-C, panic, SIGTERM, SIGHUP and
//! hang-up, with the exit status of each (0, or 128 and the signal's number: issue 50), and while
//! stopped by Ctrl-Z or SIGTSTP (raw mode, mouse reports and the board back after SIGCONT); standard
//! output not a terminal refused in one line; idle blocked in the kernel; a relative
//! `XDG_STATE_HOME` ignored and no `HOME` at all said once; `regions solve` and `share` with no
//! FILE in a terminal saying what they read, and Ctrl-C ending them with one line; `TERM=dumb`, no
//! `TERM` and `NO_COLOR` refused in one line without an escape, and no escapes from help or answers
//! then; `solve --backtrack`'s progress one row in place at 80, 60 and 40 columns, also after the
//! terminal is narrowed from 80 to 50 as tmux does it (its lines split, not cut), and as wide as
//! `COLUMNS` where the terminal does not know its width

use crate::common;

use common::board;
use nix::fcntl::OFlag;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::pty::{PtyMaster, Winsize};
use nix::sys::signal::{Signal, kill};
use nix::sys::termios::{LocalFlags, tcgetattr};
use nix::unistd::Pid;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, AsRawFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

const ROWS: u16 = 24;
const COLS: u16 = 80;
const PATIENCE: Duration = Duration::from_secs(10);

struct Pty {
    master: PtyMaster,
    /// The terminal's own end, kept open to read its settings.
    slave: File,
    child: Child,
    parser: vt100::Parser,
    /// Every byte the program wrote, as written.
    raw: Vec<u8>,
    state_dir: PathBuf,
}

/// An empty folder of the temporary directory's for one test, named by `tag`.
fn fresh_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-pty-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a terminal has a size")
}

// nix has no safe call for these two terminal ioctls, only the macros.
nix::ioctl_write_ptr_bad!(tiocswinsz, libc::TIOCSWINSZ, Winsize);
nix::ioctl_write_int_bad!(tiocsctty, libc::TIOCSCTTY);

fn set_size(terminal: &impl AsFd, rows: u16, cols: u16) {
    let size = Winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: TIOCSWINSZ reads one winsize through the pointer, which points
    // at `size`, alive for the call; the descriptor is borrowed, so open.
    unsafe { tiocswinsz(terminal.as_fd().as_raw_fd(), &size) }.expect("TIOCSWINSZ");
}

/// A new pseudo-terminal's controlling side. Not openpty(3): its
/// descriptors are not close-on-exec, and a game another test starts
/// meanwhile would inherit this one and keep the terminal from hanging up
/// when the test closes it.
fn open_master() -> PtyMaster {
    nix::pty::posix_openpt(OFlag::O_RDWR | OFlag::O_NOCTTY | OFlag::O_CLOEXEC).expect("posix_openpt")
}

impl Pty {
    /// Starts `queens play --backend terminal` in a fresh 80x24 terminal.
    fn start(name: &str, colorterm: Option<&str>) -> Pty {
        Pty::start_with(name, colorterm, &[])
    }

    /// The same, with more arguments for `play`.
    fn start_with(name: &str, colorterm: Option<&str>, args: &[&str]) -> Pty {
        let state_dir = fresh_dir(name);
        let mut command = common::bin::queens();
        command
            .args(["play", "--backend", "terminal", "--state"])
            .arg(state_dir.join("state.toml"))
            .args(args);
        match colorterm {
            Some(value) => command.env("COLORTERM", value),
            None => command.env_remove("COLORTERM"),
        };
        Pty::spawn(command, state_dir)
    }

    /// Runs `command` in a fresh 80x24 terminal.
    fn spawn(command: Command, state_dir: PathBuf) -> Pty {
        Pty::spawn_sized(command, state_dir, ROWS, COLS)
    }

    /// Runs `command` in a fresh terminal of `rows` and `cols` (0 for a
    /// terminal that does not know its size), with `TERM=xterm-256color`
    /// and without `NO_COLOR` unless the command sets them.
    fn spawn_sized(mut command: Command, state_dir: PathBuf, rows: u16, cols: u16) -> Pty {
        let master = open_master();
        nix::pty::grantpt(&master).unwrap();
        nix::pty::unlockpt(&master).unwrap();
        let path = nix::pty::ptsname_r(&master).unwrap();
        // std opens it close-on-exec.
        let slave = std::fs::OpenOptions::new().read(true).write(true).open(&path).unwrap();
        set_size(&master, rows, cols);

        let sets = |name: &str| command.get_envs().any(|(key, _)| key == name);
        let (term, no_color) = (sets("TERM"), sets("NO_COLOR"));
        if !term {
            command.env("TERM", "xterm-256color");
        }
        if !no_color {
            command.env_remove("NO_COLOR");
        }
        command
            .stdin(slave.try_clone().unwrap())
            .stdout(slave.try_clone().unwrap())
            .stderr(slave.try_clone().unwrap());
        // SAFETY: only async-signal-safe calls (setsid, ioctl) between fork
        // and exec; TIOCSCTTY takes an int, no pointer.
        unsafe {
            command.pre_exec(|| {
                // Its own session, with this terminal as the controlling one,
                // so a resize sends it SIGWINCH as a real terminal would.
                nix::unistd::setsid()?;
                tiocsctty(libc::STDIN_FILENO, 0)?;
                Ok(())
            });
        }
        let child = command.spawn().unwrap();
        let parser = vt100::Parser::new(nz(rows.max(1)), nz(if cols == 0 { COLS } else { cols }), 0);
        Pty { master, slave, child, parser, raw: Vec::new(), state_dir }
    }

    fn send(&mut self, keys: &[u8]) {
        self.master.write_all(keys).unwrap();
    }

    /// Reads what the program draws until `ok` holds of the screen.
    fn wait_for(&mut self, what: &str, ok: impl Fn(&vt100::Screen) -> bool) {
        let end = Instant::now() + PATIENCE;
        while !ok(self.parser.screen()) {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() || !self.read_some(left) {
                panic!("{what}: not seen; the screen shows\n{}", self.parser.screen().contents());
            }
        }
    }

    /// Feeds the parser what arrives within `timeout`; `false` if nothing
    /// can arrive any more (the program has gone) or nothing came in time.
    fn read_some(&mut self, timeout: Duration) -> bool {
        let mut fds = [PollFd::new(self.master.as_fd(), PollFlags::POLLIN)];
        let timeout = PollTimeout::try_from(timeout).unwrap_or(PollTimeout::MAX);
        if !matches!(poll(&mut fds, timeout), Ok(n) if n > 0) {
            return false;
        }
        let mut buf = [0u8; 4096];
        // EIO once the program has gone and the terminal has no one left.
        match self.master.read(&mut buf) {
            Ok(n) if n > 0 => {
                self.parser.process(&buf[..n]);
                self.raw.extend_from_slice(&buf[..n]);
                true
            }
            _ => false,
        }
    }

    /// Waits for the program to end, reading what it still draws.
    fn exit(&mut self) -> ExitStatus {
        let end = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                while self.read_some(Duration::from_millis(50)) {}
                return status;
            }
            assert!(Instant::now() < end, "the program did not end");
            self.read_some(Duration::from_millis(20));
        }
    }

    /// The board as letters (see `common::picture`), from the two cells of
    /// each LED; `!` where the two differ.
    fn picture(&self) -> String {
        picture(self.parser.screen())
    }

    /// Whether the terminal is in raw mode (no line editing, no echo).
    fn is_raw(&self) -> bool {
        let settings = tcgetattr(&self.slave).unwrap();
        !settings.local_flags.intersects(LocalFlags::ICANON | LocalFlags::ECHO)
    }

    /// Asserts that the terminal is as it was before the game: the normal
    /// screen, the cursor shown, no mouse reports, line editing and echo.
    fn assert_given_back(&self, how: &str) {
        let screen = self.parser.screen();
        assert!(!screen.alternate_screen(), "{how}: left the alternate screen");
        assert!(!screen.hide_cursor(), "{how}: the cursor is shown again");
        assert!(mouse_off(screen), "{how}: mouse reports are turned off");
        assert!(!self.is_raw(), "{how}: line editing and echo are back");
    }

    /// A left click, as an SGR mouse report of the press and one of the
    /// release, on the character cell in column `col`, row `row` (from 0).
    fn click_cell(&mut self, col: u16, row: u16) {
        let (col, row) = (col + 1, row + 1);
        self.send(format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m").as_bytes());
    }

    /// A left click on the LED at (`x`, `y`) of a frame `side` LEDs wide,
    /// on the left or the right of its two cells.
    fn click_led(&mut self, side: u16, (x, y): (usize, usize), right: bool) {
        let (top, left) = origin_of(self.parser.screen(), side);
        self.click_cell(left + 2 * x as u16 + right as u16, top + y as u16);
    }

    /// A drag with the left button, as SGR reports (modes 1002 and 1006):
    /// down on the left cell of the first LED of `leds` (of a frame `side`
    /// LEDs wide), motion onto both cells of each LED (motion within one
    /// LED is reported too), and up on the last.
    fn drag_leds(&mut self, side: u16, leds: &[(usize, usize)]) {
        let (top, left) = origin_of(self.parser.screen(), side);
        let cell = |(x, y): (usize, usize), right: u16| (left + 2 * x as u16 + right + 1, top + y as u16 + 1);
        let (col, row) = cell(leds[0], 0);
        let mut reports = format!("\x1b[<0;{col};{row}M");
        for &led in leds {
            for right in [0, 1] {
                let (col, row) = cell(led, right);
                reports += &format!("\x1b[<32;{col};{row}M");
            }
        }
        let (col, row) = cell(*leds.last().unwrap(), 1);
        reports += &format!("\x1b[<0;{col};{row}m");
        self.send(reports.as_bytes());
    }
}

/// Whether the program asked for the mouse (mode 1002: presses, releases
/// and motion while a button is held, over 1000's presses and releases)
/// reported in SGR form (mode 1006).
fn mouse_on(screen: &vt100::Screen) -> bool {
    screen.mouse_protocol_mode() == vt100::MouseProtocolMode::ButtonMotion
        && screen.mouse_protocol_encoding() == vt100::MouseProtocolEncoding::Sgr
}

/// Whether no mouse report is asked for, in any form.
fn mouse_off(screen: &vt100::Screen) -> bool {
    screen.mouse_protocol_mode() == vt100::MouseProtocolMode::None
        && screen.mouse_protocol_encoding() == vt100::MouseProtocolEncoding::Default
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.state_dir);
    }
}

/// Where the 8x8 board's top-left cell is: centred, with a blank row, the
/// status line and the help line under it.
fn origin(screen: &vt100::Screen) -> (u16, u16) {
    origin_of(screen, 8)
}

/// Where the top-left cell of a board `side` LEDs wide is.
fn origin_of(screen: &vt100::Screen, side: u16) -> (u16, u16) {
    let (rows, cols) = screen.size();
    ((rows.get() - side - 3) / 2, (cols.get() - 2 * side) / 2)
}

/// The rows under a board `side` LEDs wide, each trimmed: the blank one,
/// the status line (on as many rows as it needs) and the help line.
fn lines_under(screen: &vt100::Screen, side: u16) -> Vec<String> {
    let (top, _) = origin_of(screen, side);
    let (_, cols) = screen.size();
    screen.rows(0, cols.get()).skip((top + side) as usize).map(|row| row.trim().to_string()).collect()
}

/// The help line: the last line under the 8x8 board.
fn help_line(screen: &vt100::Screen) -> String {
    lines_under(screen, 8).into_iter().rfind(|l| !l.is_empty()).unwrap_or_default()
}

/// The status line under the 8x8 board (its first row).
fn status(screen: &vt100::Screen) -> String {
    lines_under(screen, 8)[1].clone()
}

/// Every line under the 8x8 board, joined by spaces.
fn under(screen: &vt100::Screen) -> String {
    lines_under(screen, 8).into_iter().filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The menu item selected, as the status line shows it: the one in brackets.
fn selected(screen: &vt100::Screen) -> Option<String> {
    let words = under(screen);
    let start = words.find('[')?;
    let end = start + words[start..].find(']')?;
    Some(words[start + 1..end].to_string())
}

/// With the menu open, moves right to `label` and chooses it.
fn select(pty: &mut Pty, label: &str) {
    pty.wait_for("the menu", |s| selected(s).is_some());
    for _ in 0..40 {
        let now = selected(pty.parser.screen()).unwrap();
        if now == label {
            pty.send(b"\r");
            return;
        }
        pty.send(b"l");
        pty.wait_for("the next item", |s| selected(s).is_some_and(|item| item != now));
    }
    panic!("{label} is not in the menu: {}", under(pty.parser.screen()));
}

/// What the two cells of the LED at (x, y) of the 8x8 board hold.
fn cell_text(screen: &vt100::Screen, x: u16, y: u16) -> String {
    let (top, left) = origin(screen);
    (0..2).map(|dx| screen.cell(top + y, left + 2 * x + dx).unwrap().contents().to_string()).collect()
}

fn letter(colour: vt100::Color) -> char {
    use vt100::Color::{Idx, Rgb};
    match colour {
        Rgb(0, 92, 0) => 'g',
        Rgb(92, 0, 0) => 'r',
        Rgb(0, 0, 120) => 'B',
        Rgb(120, 120, 120) => 'W',
        Rgb(120, 120, 0) => 'Y',
        Rgb(48, 48, 0) => 'h',
        Rgb(0, 0, 0) => '.',
        // The xterm palette's nearest: (0,95,0), (95,0,0), (0,0,135),
        // grey 118, (135,135,0), black; the hint's nearest yellow, (95,95,0).
        Idx(22) => 'g',
        Idx(52) => 'r',
        Idx(18) => 'B',
        Idx(243) => 'W',
        Idx(100) => 'Y',
        Idx(58) => 'h',
        Idx(16) => '.',
        _ => '?',
    }
}

fn picture(screen: &vt100::Screen) -> String {
    picture_of(screen, 8)
}

/// The picture of a board `side` LEDs wide.
fn picture_of(screen: &vt100::Screen, side: u16) -> String {
    let (top, left) = origin_of(screen, side);
    let mut out = String::new();
    for y in 0..side {
        for x in 0..side {
            let cell = |dx| screen.cell(top + y, left + 2 * x + dx).map(|c| letter(c.bgcolor()));
            out.push(if cell(0) == cell(1) { cell(0).unwrap_or('?') } else { '!' });
        }
        out.push('\n');
    }
    out
}

fn start_board() -> String {
    board(&[(3, 4, 'B')])
}

#[test]
fn moves_a_queen_and_an_answer_show_in_the_cells_and_q_restores_the_terminal() {
    let mut pty = Pty::start("play", Some("truecolor"));
    pty.wait_for("the start board, centred", |s| picture(s) == start_board());
    assert!(pty.is_raw(), "raw mode while playing");
    let screen = pty.parser.screen();
    assert!(screen.alternate_screen() && screen.hide_cursor());
    assert!(mouse_on(screen), "clicks reported while playing");
    let help_row = help_line(screen);
    assert!(help_row.contains("arrows move") && help_row.contains("q quit"), "{help_row:?}");
    assert!(help_row.contains("Enter or a click place"), "80 columns say clicks work: {help_row:?}");
    assert!(help_row.contains("on a queen: the answer"), "{help_row:?}");
    assert_eq!(status(screen), "classic 8x8");

    pty.send(b"d");
    pty.wait_for("d moves right", |s| picture(s) == board(&[(4, 4, 'B')]));
    pty.send(b"\x1b[A");
    pty.wait_for("the up arrow", |s| picture(s) == board(&[(4, 3, 'B')]));
    // An arrow split across two writes.
    pty.send(b"\x1b[");
    std::thread::sleep(Duration::from_millis(10));
    pty.send(b"D");
    pty.wait_for("a split left arrow", |s| picture(s) == board(&[(3, 3, 'B')]));
    pty.send(b"j\r");
    pty.wait_for("j then Enter places a queen", |s| picture(s) == board(&[(3, 4, 'W')]));
    pty.send(b"k");
    pty.wait_for("the queen stays as the cursor leaves", |s| {
        picture(s) == board(&[(3, 4, 'W'), (3, 3, 'B')])
    });

    // Space on the queen: the closest solution, its other seven queens yellow.
    pty.send(b"j ");
    pty.wait_for("the answer", |s| picture(s).matches('Y').count() == 7);
    let answer = pty.picture();
    assert_eq!(answer.lines().nth(4).unwrap().chars().nth(3), Some('W'), "{answer}");
    assert_eq!(answer.matches('W').count(), 1, "{answer}");
    assert!(!answer.contains('B') && !answer.contains('?') && !answer.contains('!'), "{answer}");

    pty.send(b"q");
    assert!(pty.exit().success());
    pty.assert_given_back("q");
}

/// The game ended by a signal exits with 128 and its number, as a shell
/// reports a process the signal ended and as the solver commands exit
/// (issue 50: it exited 0).
#[test]
fn signals_that_end_a_process_end_the_game_cleanly_and_restore_the_terminal() {
    let signals = [
        (Signal::SIGTERM, 143),
        (Signal::SIGHUP, 129),
        (Signal::SIGINT, 130),
        (Signal::SIGQUIT, 131),
        (Signal::SIGUSR1, 138),
        (Signal::SIGUSR2, 140),
        (Signal::SIGALRM, 142),
    ];
    for (signal, code) in signals {
        let mut pty = Pty::start("sigterm", Some("truecolor"));
        pty.wait_for("the start board", |s| picture(s) == start_board());
        kill(Pid::from_raw(pty.child.id() as i32), signal).unwrap();
        let status = pty.exit();
        assert_eq!(status.code(), Some(code), "{signal}: {status:?}");
        pty.assert_given_back(signal.as_str());
    }
}

/// Esc quits, status 0, as `q` does; Ctrl-C, which raw mode delivers as a
/// key, quits as its SIGINT would, status 130 (issue 50: 0).
#[test]
fn a_lone_esc_and_ctrl_c_quit() {
    for (key, code) in [(b"\x1b".as_slice(), 0), (b"\x03", 130), (b"\x04", 0)] {
        let mut pty = Pty::start("esc", Some("truecolor"));
        pty.wait_for("the start board", |s| picture(s) == start_board());
        pty.send(key);
        assert_eq!(pty.exit().code(), Some(code), "{key:?}");
        pty.assert_given_back(&format!("{key:?}"));
    }
}

#[test]
fn without_truecolour_the_palette_is_used() {
    let mut pty = Pty::start("palette", None);
    pty.wait_for("the start board in 256 colours", |s| picture(s) == start_board());
    let (top, left) = origin(pty.parser.screen());
    let cursor = pty.parser.screen().cell(top + 4, left + 6).unwrap().bgcolor();
    assert_eq!(cursor, vt100::Color::Idx(18));
}

#[test]
fn a_resize_redraws_the_board_centred_in_the_new_size() {
    let mut pty = Pty::start("resize", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    pty.parser.screen_mut().set_size(nz(30), nz(100));
    set_size(&pty.master, 30, 100);
    pty.wait_for("the board centred in 100x30", |s| origin(s) == (9, 42) && picture(s) == start_board());
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Every row of the screen with its cells' attributes, and nothing of
/// where the cursor is (a frame's changes leave it elsewhere than a whole
/// screen does).
fn rows_seen(screen: &vt100::Screen) -> Vec<String> {
    screen.rows_formatted(0, screen.size().1.get()).collect()
}

/// Issue 42: a move sends the cells that changed, not the whole screen
/// (880 bytes before); Ctrl-L sends the whole screen, here over one that
/// something else wrote on, and it shows what the changes had made.
#[test]
fn a_cursor_move_sends_only_what_changed_and_ctrl_l_draws_it_all_again() {
    let mut pty = Pty::start("changes", Some("truecolor"));
    pty.wait_for("the start board and its lines", |s| {
        picture(s) == start_board() && status(s) == "classic 8x8"
    });
    for (key, cursor) in [(b"d", (4, 4)), (b"j", (4, 5))] {
        let before = pty.raw.len();
        pty.send(key);
        pty.wait_for("the cursor moved", |s| picture(s) == board(&[(cursor.0, cursor.1, 'B')]));
        while pty.read_some(Duration::from_millis(100)) {}
        let sent = pty.raw.len() - before;
        let text: String = String::from_utf8_lossy(&pty.raw[before..]).chars().take(200).collect();
        assert!(sent <= 150, "{sent} bytes for a cursor move: {text:?}...");
    }
    let changed = rows_seen(pty.parser.screen());
    pty.parser.process(b"\x1b[0m\x1b[2J\x1b[3;3Hsomething else");
    let before = pty.raw.len();
    pty.send(b"\x0c");
    pty.wait_for("Ctrl-L draws the screen again", |s| rows_seen(s) == changed);
    while pty.read_some(Duration::from_millis(100)) {}
    assert!(pty.raw.len() - before > 1000, "the whole screen: {} bytes", pty.raw.len() - before);
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn m_opens_the_menu_and_m_again_closes_it() {
    let mut pty = Pty::start("menu", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    pty.send(b"m");
    // The menu in words under the board, which keeps showing the game.
    pty.wait_for("the menu's words", |s| {
        status(s).starts_with("classic 8x8 | menu:") && selected(s).is_some()
    });
    assert_eq!(pty.picture(), start_board(), "the game under the menu, not a scrolling label");
    pty.send(b"m");
    pty.wait_for("the menu closed", |s| status(s) == "classic 8x8");
    assert_eq!(pty.picture(), start_board());
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Ticks of CPU time (user + system) the process has used, and its state letter.
fn cpu_ticks(pid: u32) -> (u64, char) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    let state = rest[0].chars().next().unwrap();
    (rest[11].parse::<u64>().unwrap() + rest[12].parse::<u64>().unwrap(), state)
}

#[test]
fn an_idle_game_sleeps_in_the_kernel() {
    let mut pty = Pty::start("idle", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    let pid = pty.child.id();
    std::thread::sleep(Duration::from_millis(200));
    let (before, _) = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(1));
    let (after, state) = cpu_ticks(pid);
    assert_eq!(state, 'S', "asleep, not running");
    assert!(after - before <= 2, "{} ticks of CPU in an idle second", after - before);
}

#[test]
fn a_closed_terminal_ends_the_game_cleanly() {
    let mut pty = Pty::start("hangup", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    // Closing the terminal's master side hangs it up: SIGHUP, then EIO; the
    // status is SIGHUP's, as a shell reports a process the hang-up ended (issue 50).
    drop(std::mem::replace(&mut pty.master, open_master()));
    let status = pty.exit();
    assert_eq!(status.code(), Some(129), "{status:?}");
}

/// Not a test by itself: the body of the child that
/// `a_panic_restores_the_terminal_before_the_process_dies` runs in a PTY.
#[test]
#[ignore = "run in a PTY by a_panic_restores_the_terminal_before_the_process_dies"]
fn panicking_child() {
    if std::env::var_os("QUEENS_PANICKING_CHILD").is_none() {
        return;
    }
    let shutdown = queens::backend::signals::Shutdown::install().unwrap();
    let terminal = queens::backend::terminal::Terminal::open(shutdown).unwrap();
    // No drop runs, as with `panic = "abort"`: only the panic hook can restore.
    std::mem::forget(terminal);
    panic!("a bug in the game");
}

#[test]
fn a_panic_restores_the_terminal_before_the_process_dies() {
    let mut command = common::bin::same_arch(&std::env::current_exe().unwrap());
    // The test's name as the harness knows it: its module path without the crate's.
    let child =
        format!("{}::panicking_child", module_path!().split_once("::").expect("a module of tests.rs").1);
    command.args([child.as_str(), "--exact", "--ignored", "--nocapture", "--test-threads=1"]);
    command.env("QUEENS_PANICKING_CHILD", "1").env("COLORTERM", "truecolor").env("RUST_BACKTRACE", "0");
    let state_dir = std::env::temp_dir().join(format!("queens-pty-panic-{}", std::process::id()));
    let mut pty = Pty::spawn(command, state_dir);
    let status = pty.exit();
    assert!(!status.success());
    let screen = pty.parser.screen();
    assert!(screen.contents().contains("a bug in the game"), "{}", screen.contents());
    pty.assert_given_back("a panic");
}

#[test]
fn with_no_arguments_a_terminal_gets_the_terminal_backend() {
    let state_dir = std::env::temp_dir().join(format!("queens-pty-auto-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state_dir);
    let mut command = common::bin::queens();
    // The default state file goes under XDG_STATE_HOME: here, not the user's.
    command.env("XDG_STATE_HOME", &state_dir).env_remove("STATE_DIRECTORY").env("COLORTERM", "truecolor");
    let mut pty = Pty::spawn(command, state_dir);
    pty.wait_for("the start board", |s| picture(s) == start_board());
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Keys that move the cursor from `from` to `to` (rightwards and downwards,
/// wrapping) and press there.
fn place_keys(from: &mut (usize, usize), to: (usize, usize)) -> Vec<u8> {
    let mut keys = vec![b'l'; (to.0 + 8 - from.0) % 8];
    keys.extend(vec![b'j'; (to.1 + 8 - from.1) % 8]);
    keys.push(b'\r');
    *from = to;
    keys
}

#[test]
fn a_whole_game_solved_flashes_and_is_saved() {
    let mut pty = Pty::start("solve", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    let solution = [7, 1, 3, 0, 6, 4, 2, 5];
    let queens = |c: char| -> Vec<(usize, usize, char)> {
        solution.iter().enumerate().map(|(x, &y)| (x, y, c)).collect()
    };
    let mut at = (3, 4);
    for (x, &y) in solution.iter().enumerate().take(7) {
        pty.send(&place_keys(&mut at, (x, y)));
    }
    pty.wait_for("seven queens", |s| picture(s).matches('W').count() == 7);
    pty.send(&place_keys(&mut at, (7, 5)));
    pty.wait_for("the blue flash", |s| picture(s) == board(&queens('B')));
    // The progress message in full at once, under the solved board.
    pty.wait_for("the progress message", |s| status(s) == "classic 8x8 | 1/92 NEW FUNDAMENTAL 1/12");
    assert_eq!(pty.picture(), board(&queens('W')), "the board, not the scroll, while the words are there");
    // A move during the message acts at once, as on the settled board: a new game, the cursor moved.
    pty.send(b"h");
    pty.wait_for("a new game after the solved board", |s| picture(s) == board(&[(6, 5, 'B')]));
    pty.send(b"q");
    assert!(pty.exit().success());
    let saved = std::fs::read_to_string(pty.state_dir.join("state.toml")).expect("the progress is saved");
    let state = queens::daemon::state_toml::parse(&saved).unwrap();
    assert_eq!(state.progress.found().count(), 1, "{saved}");
}

/// Issue 32: a click on a square is the cursor moved there and a press.
/// A whole 8x8 classic game played by clicks alone (on either cell of an
/// LED) to its "found" message and saved; clicks that are not a left
/// button's press on a square (off the board, the right button, the wheel)
/// do nothing, where a press at the cursor would have shown the answer.
#[test]
fn a_whole_game_played_by_clicks_is_found_and_saved() {
    let mut pty = Pty::start("clicks", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    assert!(mouse_on(pty.parser.screen()), "clicks reported, in SGR form");
    let solution = [7, 1, 3, 0, 6, 4, 2, 5];
    let queens = |c: char| -> Vec<(usize, usize, char)> {
        solution.iter().enumerate().map(|(x, &y)| (x, y, c)).collect()
    };
    for (x, &y) in solution.iter().enumerate().take(7) {
        pty.click_led(8, (x, y), x % 2 == 1);
    }
    pty.wait_for("seven queens", |s| picture(s) == board(&queens('W')[..7]));
    let (top, left) = origin(pty.parser.screen());
    pty.click_cell(left - 1, top + 7);
    pty.click_cell(left + 16, top);
    pty.click_cell(left, top + 8);
    pty.send(format!("\x1b[<2;{c};{r}M\x1b[<64;{c};{r}M", c = left + 15, r = top + 6).as_bytes());
    pty.click_led(8, (7, 5), false);
    pty.wait_for("the blue flash", |s| picture(s) == board(&queens('B')));
    pty.wait_for("the progress message", |s| status(s) == "classic 8x8 | 1/92 NEW FUNDAMENTAL 1/12");
    pty.send(b"q");
    assert!(pty.exit().success());
    pty.assert_given_back("q after clicks");
    let saved = std::fs::read_to_string(pty.state_dir.join("state.toml")).expect("the progress is saved");
    let state = queens::daemon::state_toml::parse(&saved).unwrap();
    assert_eq!(state.progress.found().count(), 1, "{saved}");
}

/// Issue 32: on a board smaller than the 8x8 frame, a click points at the
/// square drawn in its cell, and a click on the dark margin around it does
/// nothing (it would otherwise press at the cursor).
#[test]
fn a_click_on_a_6x6_points_at_its_square_and_the_margin_is_no_square() {
    let mut pty = Pty::start_with("clicks-6x6", Some("truecolor"), &["--size", "6"]);
    let start = |marks: &[(usize, usize, char)]| {
        let mut rows: Vec<Vec<char>> = board(marks).lines().map(|l| l.chars().collect()).collect();
        for (y, row) in rows.iter_mut().enumerate() {
            for (x, c) in row.iter_mut().enumerate() {
                if !(1..7).contains(&x) || !(1..7).contains(&y) {
                    *c = '.';
                }
            }
        }
        rows.into_iter().map(|r| r.into_iter().collect::<String>() + "\n").collect::<String>()
    };
    // The 6x6's cursor starts on its square (2, 3): pixel (3, 4).
    pty.wait_for("the 6x6 start board", |s| picture(s) == start(&[(3, 4, 'B')]));
    pty.click_led(8, (0, 0), false);
    pty.click_led(8, (7, 3), true);
    pty.click_led(8, (1, 1), true);
    pty.wait_for("a queen on the 6x6's top-left square", |s| picture(s) == start(&[(1, 1, 'W')]));
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// The board's colours as the frame they show (truecolour only), each LED
/// read from its left cell.
fn frame_of(screen: &vt100::Screen, side: u16) -> queens::game::Frame {
    let (top, left) = origin_of(screen, side);
    let mut frame = queens::game::Frame::dark(side as usize);
    for y in 0..side {
        for x in 0..side {
            match screen.cell(top + y, left + 2 * x).unwrap().bgcolor() {
                vt100::Color::Rgb(r, g, b) => frame.set(x as usize, y as usize, queens::game::Rgb(r, g, b)),
                other => panic!("({x}, {y}) is {other:?}, not a truecolour"),
            }
        }
    }
    frame
}

/// LinkedIn's puzzle No. 336 (2025-04-01, 9x9), whose regions B and F are
/// each in two pieces: its file, and its one solution by the referee
/// (each row's queen's column).
fn linkedin_two_pieces() -> (&'static str, Vec<usize>) {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/regions/linkedin-two-pieces.txt");
    let text = std::fs::read_to_string(file).unwrap();
    let letters: String = text.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
    let grid = queens::regions::Puzzle::parse_letters(&letters).unwrap().rows();
    let mut solutions = common::regions_brute::solutions(&grid);
    assert_eq!(solutions.len(), 1, "the referee finds one solution");
    (file, solutions.remove(0))
}

/// Issue 32: in regions mode a click on a square cycles it as a press
/// does (empty, dot, queen, empty), and clicks alone solve LinkedIn's
/// puzzle No. 336 (9x9): two clicks on each queen's square.
/// What the LEDs show only by what they light, or not at all, the status
/// line says in words until the next key: `u` with nothing to undo said
/// nothing at all in the terminal (a stranger's find).
#[test]
fn the_status_line_says_what_a_key_did_that_the_board_does_not_show() {
    let (file, _) = linkedin_two_pieces();
    let mut pty = Pty::start_with("said-in-words", Some("truecolor"), &["--puzzle", file]);
    let below = |s: &vt100::Screen| lines_under(s, 9).join(" ");
    pty.wait_for("the 9x9 puzzle", |s| below(s).contains("regions 9x9"));
    pty.send(b"u");
    pty.wait_for("nothing to undo, in words", |s| below(s).contains("| nothing to undo"));
    pty.send(b"\r");
    pty.wait_for("the words gone at the next key", |s| !below(s).contains("nothing to undo"));
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn clicks_cycle_a_regions_square_and_solve_a_puzzle() {
    let (file, solution) = linkedin_two_pieces();
    let n = solution.len();
    let below = |s: &vt100::Screen| lines_under(s, n as u16).join(" ");
    let square = |s: &vt100::Screen, (x, y): (usize, usize)| {
        common::picture(&frame_of(s, n as u16)).lines().nth(y).unwrap().chars().nth(x).unwrap()
    };

    let mut pty = Pty::start_with("clicks-regions", Some("truecolor"), &["--puzzle", file]);
    pty.wait_for("the 9x9 puzzle", |s| below(s).contains("regions 9x9"));
    let first = (solution[0], 0);
    let region = square(pty.parser.screen(), first);
    assert!(region.is_ascii_digit(), "an empty square shows its region's colour: {region}");
    // The cursor on the square, marked with a dot, then a queen, then empty again.
    pty.click_led(n as u16, first, false);
    pty.wait_for("a dot under the cursor", |s| square(s, first) == 'b');
    pty.click_led(n as u16, first, true);
    pty.wait_for("a queen, over the cursor", |s| square(s, first) == 'W');
    pty.click_led(n as u16, first, false);
    pty.wait_for("empty again, the cursor on it", |s| square(s, first) == 'C');
    pty.click_led(n as u16, (solution[1], 1), false);
    pty.wait_for("the cursor gone, the square's region again", |s| square(s, first) == region);
    pty.click_led(n as u16, (solution[1], 1), false);
    pty.click_led(n as u16, first, false);
    pty.click_led(n as u16, first, false);
    for (row, &col) in solution.iter().enumerate().skip(2) {
        pty.click_led(n as u16, (col, row), false);
        pty.click_led(n as u16, (col, row), true);
    }
    pty.wait_for("the solve", |s| below(s).contains("SOLVED IN "));
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Issue 54: where the terminal reports motion (modes 1002 and 1006), a
/// drag from an empty square across others dots each empty one once and
/// places no queen, as a finger's drag on the page does; a plain click
/// still cycles a square (dot, then queen), and undo takes the drag's dots
/// back one at a time.
#[test]
fn a_mouse_drag_marks_each_empty_square_it_crosses_and_a_click_still_cycles() {
    let (file, _) = linkedin_two_pieces();
    let row =
        |s: &vt100::Screen, y: usize| common::picture(&frame_of(s, 9)).lines().nth(y).unwrap().to_string();
    let mut pty = Pty::start_with("drag", Some("truecolor"), &["--puzzle", file]);
    pty.wait_for("the 9x9 puzzle", |s| lines_under(s, 9).join(" ").contains("regions 9x9"));
    assert!(mouse_on(pty.parser.screen()), "motion reported while a button is held");
    let untouched = row(pty.parser.screen(), 0);
    // A queen on (2, 0) first: the drag crosses it and leaves it.
    pty.click_led(9, (2, 0), false);
    pty.click_led(9, (2, 0), false);
    pty.wait_for("a queen on (2, 0)", |s| row(s, 0).chars().nth(2) == Some('W'));
    pty.drag_leds(9, &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (3, 0)]);
    // Four empty squares dotted (the cursor, last on (3, 0), dims its dot), the queen kept.
    pty.wait_for("the drag's dots", |s| row(s, 0).starts_with(",,Wb,"));
    let dotted = row(pty.parser.screen(), 0);
    assert_eq!(dotted[5..], untouched[5..], "nothing past the drag");
    let queens = |s: &vt100::Screen| common::picture(&frame_of(s, 9)).matches('W').count();
    assert_eq!(queens(pty.parser.screen()), 1, "no queen placed");
    // A plain click cycles: a dot, then a queen.
    pty.click_led(9, (6, 0), true);
    pty.wait_for("a dot under the cursor", |s| row(s, 0).chars().nth(6) == Some('b'));
    pty.click_led(9, (6, 0), false);
    pty.wait_for("a queen", |s| row(s, 0).chars().nth(6) == Some('W'));
    // Undo: the two clicks, then the drag's four dots, one a move (the cursor stays on (6, 0)).
    for _ in 0..6 {
        pty.send(b"u");
    }
    let expected: String = untouched
        .chars()
        .enumerate()
        .map(|(i, c)| [(2, 'W'), (6, 'C')].iter().find(|p| p.0 == i).map_or(c, |p| p.1))
        .collect();
    pty.wait_for("the drag taken back", |s| row(s, 0) == expected);
    pty.send(b"q");
    assert!(pty.exit().success());
    pty.assert_given_back("quit after a drag");
}

/// The clock in the status line, in seconds (`regions 9x9 1m05s`).
fn clock_seconds(screen: &vt100::Screen, side: u16) -> Option<u64> {
    let status = lines_under(screen, side)[1].clone();
    let clock = status
        .split_whitespace()
        .find(|w| w.ends_with('s') && w.starts_with(|c: char| c.is_ascii_digit()))?;
    let (minutes, seconds) = match clock.split_once('m') {
        Some((m, s)) => (m.parse::<u64>().ok()?, s.trim_end_matches('s').parse::<u64>().ok()?),
        None => (0, clock.trim_end_matches('s').parse().ok()?),
    };
    Some(minutes * 60 + seconds)
}

/// Issue 54: regions' clock stands while the game is suspended (Ctrl-Z,
/// then the shell's `fg`: SIGCONT), as it does while the page is hidden.
#[test]
fn the_clock_stands_while_the_game_is_suspended() {
    let (file, _) = linkedin_two_pieces();
    let mut pty = Pty::start_with("suspend-clock", Some("truecolor"), &["--puzzle", file]);
    pty.wait_for("the 9x9 puzzle", |s| lines_under(s, 9).join(" ").contains("regions 9x9"));
    pty.click_led(9, (0, 0), false);
    pty.wait_for("the clock running", |s| clock_seconds(s, 9).is_some_and(|t| t >= 2));
    let before = clock_seconds(pty.parser.screen(), 9).unwrap();
    let pid = pty.child.id();
    pty.send(b"\x1a");
    let end = Instant::now() + PATIENCE;
    while process_state(pid) != 'T' {
        assert!(Instant::now() < end, "the game did not stop");
        pty.read_some(Duration::from_millis(20));
    }
    while pty.read_some(Duration::from_millis(50)) {}
    // Stopped for 6 s: none of it is time played.
    std::thread::sleep(Duration::from_secs(6));
    kill(Pid::from_raw(pid as i32), Signal::SIGCONT).unwrap();
    pty.wait_for("the board again", |s| s.alternate_screen() && clock_seconds(s, 9).is_some());
    let after = clock_seconds(pty.parser.screen(), 9).unwrap();
    assert!(after < before + 4, "{before}s before the stop, {after}s after 6 s stopped");
    // And it runs on from there.
    pty.wait_for("the clock running again", |s| clock_seconds(s, 9).is_some_and(|t| t > after));
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// A burst of clicks longer than one read (256 bytes) has a report cut in
/// two by the read; while the game is busy with the keys before it (here
/// each click is followed by Ctrl-L, a whole screen drawn again, and the
/// screen is not read for 300 ms, so the game waits on its own output),
/// the short wait for the rest of an escape sequence runs out: the rest,
/// already waiting, is read then, and no click is lost, nor its digits
/// taken for keys (issue 54: a drag sends many reports).
#[test]
fn a_burst_of_clicks_longer_than_a_read_loses_none_while_the_game_is_busy() {
    let (file, _) = linkedin_two_pieces();
    let mut pty = Pty::start_with("burst", Some("truecolor"), &["--puzzle", file]);
    pty.wait_for("the 9x9 puzzle", |s| lines_under(s, 9).join(" ").contains("regions 9x9"));
    let (top, left) = origin_of(pty.parser.screen(), 9);
    // 25 clicks on (4, 4): empty, dot, queen, ... ends on a dot; one lost would leave it empty.
    let (col, row) = (left + 2 * 4 + 1, top + 4 + 1);
    let click = format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m\x0c");
    let burst = click.repeat(25);
    let cut = 256 % click.len();
    assert!(
        cut != 0 && cut != click.len() / 2 && cut < click.len() - 1,
        "the first read ends inside a report: {click:?}"
    );
    pty.send(burst.as_bytes());
    std::thread::sleep(Duration::from_millis(300));
    let square = |s: &vt100::Screen| common::picture(&frame_of(s, 9)).lines().nth(4).unwrap().chars().nth(4);
    let settled = |s: &vt100::Screen| {
        s.alternate_screen() && lines_under(s, 9).join(" ").contains("regions 9x9") && square(s) == Some('b')
    };
    pty.wait_for("the 25th click's dot", settled);
    // Settled there: nothing more comes, and no menu opened.
    while pty.read_some(Duration::from_millis(300)) {}
    assert!(settled(pty.parser.screen()), "{}", pty.parser.screen().contents());
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn a_16x16_board_fits_80x24_and_a_smaller_terminal_says_it_is_too_small() {
    let mut pty = Pty::start_with("sixteen", Some("truecolor"), &["--size", "16"]);
    // The start: the 16x16 checkerboard, the cursor at (7, 8).
    let mut start = String::new();
    for y in 0..16 {
        for x in 0..16 {
            start.push(match (x, y) {
                (7, 8) => 'B',
                _ if (x + y) % 2 == 0 => 'g',
                _ => 'r',
            });
        }
        start.push('\n');
    }
    pty.wait_for("the 16x16 start board", |s| picture_of(s, 16) == start);
    // A queen, then pressing it: a whole 16x16 solution that keeps it, searched.
    pty.send(b"\r\r");
    pty.wait_for("the closest solution", |s| picture_of(s, 16).matches(['W', 'Y']).count() == 16);
    let shown = picture_of(pty.parser.screen(), 16);
    let rows: Vec<usize> = (0..16)
        .map(|x| {
            (0..16).find(|&y| matches!(shown.lines().nth(y).unwrap().as_bytes()[x], b'W' | b'Y')).unwrap()
        })
        .collect();
    assert!(common::is_solution(&rows) && rows[7] == 8, "{shown}");
    // Too small a terminal: a message, not a garbled board.
    pty.parser.screen_mut().set_size(nz(12), nz(40));
    set_size(&pty.master, 12, 40);
    pty.wait_for("the message", |s| {
        s.contents().replace('\n', " ").contains("terminal too small: the 16x16 board needs 40 columns")
    });
    assert_whole_words(pty.parser.screen());
    // Keys act on no board nobody can see: a press here would put the answered board to sleep.
    pty.send(b"\rh");
    // Time for the game to read them (there is nothing on screen to wait for: they change nothing).
    std::thread::sleep(std::time::Duration::from_secs(1));
    pty.parser.screen_mut().set_size(nz(24), nz(80));
    set_size(&pty.master, 24, 80);
    pty.wait_for("the answer again, untouched", |s| picture_of(s, 16) == shown);
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Every row of the screen holds whole words of the "too small" message.
fn assert_whole_words(screen: &vt100::Screen) {
    let (_, cols) = screen.size();
    let text = screen.contents().replace('\n', " ");
    let words: Vec<&str> = text.split_whitespace().collect();
    let rows: Vec<String> = screen.rows(0, cols.get()).map(|r| r.trim().to_string()).collect();
    let joined = rows.iter().filter(|r| !r.is_empty()).cloned().collect::<Vec<_>>().join(" ");
    assert_eq!(joined.split_whitespace().collect::<Vec<_>>(), words);
    let message = "terminal too small: the 16x16 board needs 40 columns and 19 rows (this one has";
    for row in rows.iter().filter(|r| !r.is_empty()) {
        for word in row.split(' ') {
            assert!(
                message.split(' ').any(|w| w == word)
                    || word.contains("x")
                    || word.ends_with(',')
                    || ["enlarge", "it,", "or", "press", "q", "m", "for", "a", "smaller", "board,"]
                        .contains(&word),
                "{word:?} in {row:?} is part of a word: the screen is\n{}",
                screen.contents()
            );
        }
    }
}

#[test]
fn too_small_a_terminal_wraps_its_message_between_words() {
    let mut pty = Pty::start_with("narrow", Some("truecolor"), &["--size", "16"]);
    pty.wait_for("the 16x16 board", |s| picture_of(s, 16).matches('B').count() == 1);
    for (rows, cols) in [(10, 30), (12, 17), (6, 39)] {
        pty.parser.screen_mut().set_size(nz(rows), nz(cols));
        set_size(&pty.master, rows, cols);
        pty.wait_for("the message", |s| {
            s.contents().replace('\n', " ").contains(&format!("has {cols}x{rows});"))
        });
        pty.wait_for("all of it", |s| s.contents().contains("press q"));
        assert_whole_words(pty.parser.screen());
    }
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn the_size_needed_and_q_are_shown_down_to_the_smallest_terminal() {
    // At 10x5 the 8x8 showed `terminal / too small: / the 8x8 / board / needs 40`:
    // neither its rows nor the q (issue 39).
    let mut pty = Pty::start("tiny", Some("truecolor"));
    pty.wait_for("the board", |s| picture(s) == start_board());
    for (rows, cols, shown) in [
        (5, 10, &["too small:", "needs", "40x11;", "q quits"][..]),
        (3, 7, &["needs", "40x11;", "q quits"][..]),
        (1, 20, &["needs 40x11; q quits"][..]),
    ] {
        pty.parser.screen_mut().set_size(nz(rows), nz(cols));
        set_size(&pty.master, rows, cols);
        pty.wait_for(&format!("the message at {cols}x{rows}"), |s| rows_written(s) == shown);
    }
    pty.parser.screen_mut().set_size(nz(ROWS), nz(COLS));
    set_size(&pty.master, ROWS, COLS);
    pty.wait_for("the board again", |s| picture(s) == start_board());
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn the_menu_is_written_out_with_its_selection_highlighted_and_followed_by_the_keys() {
    let mut pty = Pty::start_with("menu-words", Some("truecolor"), &["--mode", "strict"]);
    pty.wait_for("the start board", |s| picture(s) == start_board());
    assert_eq!(status(pty.parser.screen()), "strict 8x8");
    pty.send(b"m");
    pty.wait_for("the menu", |s| under(s).starts_with("strict 8x8 | menu:") && selected(s).is_some());
    let words = under(pty.parser.screen());
    for item in ["HINT", "SOLVE", "CLASSIC", "STRICT", "COVER", "4X4", "8X8"] {
        assert!(words.split(' ').any(|w| w.trim_matches(['[', ']']) == item), "{item} in {words}");
    }
    assert!(words.contains("16X16"), "the terminal offers boards up to 16x16: {words}");
    let highlighted = |s: &vt100::Screen, label: &str| {
        let (top, _) = origin(s);
        let bracketed = format!("[{label}]");
        (top + 9..s.size().0.get()).any(|row| {
            let text = s.rows(0, COLS).nth(row as usize).unwrap();
            text.find(&bracketed).is_some_and(|at| {
                (at as u16..(at + bracketed.len()) as u16).all(|col| s.cell(row, col).unwrap().inverse())
            })
        })
    };
    let first = selected(pty.parser.screen()).unwrap();
    assert!(highlighted(pty.parser.screen(), &first), "{first} highlighted");
    assert!(help_line(pty.parser.screen()).contains("left/right choose"), "the keys the menu takes");
    pty.send(b"l");
    pty.wait_for("the next item selected", |s| selected(s).is_some_and(|item| item != first));
    let second = selected(pty.parser.screen()).unwrap();
    assert!(highlighted(pty.parser.screen(), &second) && !highlighted(pty.parser.screen(), &first));
    assert_eq!(under(pty.parser.screen()).matches('[').count(), 1, "one item selected");
    // Choosing the highlighted item does what it says: strict's solve, its message in full at once.
    select(&mut pty, "SOLVE");
    pty.wait_for("the solve message", |s| status(s).starts_with("strict 8x8 | SOLVED IN"));
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn a_message_is_written_in_full_at_once() {
    let mut pty = Pty::start_with("intro", Some("truecolor"), &["--intro"]);
    pty.wait_for("the intro, whole", |s| {
        under(s).contains("classic 8x8 | EIGHT QUEENS - MOVE, PRESS TO PLACE, HOLD FOR MENU")
    });
    assert_eq!(pty.picture(), start_board(), "the board under the words");
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn the_help_line_says_what_a_press_on_a_queen_does_in_each_mode() {
    for (mode, meaning) in [
        ("classic", "on a queen: the answer"),
        ("strict", "on a queen: take it back"),
        ("cover", "on a queen: take it back"),
    ] {
        let mut pty = Pty::start_with("help", Some("truecolor"), &["--mode", mode]);
        pty.wait_for("the help line", |s| help_line(s).contains(meaning));
        for (rows, cols) in [(11u16, 40u16), (24, 60), (30, 120)] {
            pty.parser.screen_mut().set_size(nz(rows), nz(cols));
            set_size(&pty.master, rows, cols);
            pty.wait_for("the board in the new size", |s| picture(s) == start_board());
            let screen = pty.parser.screen();
            let help = help_line(screen);
            assert!(help.ends_with("quit") && help.contains("m menu"), "{mode} {cols}: {help:?} is cut");
            assert!(
                help.contains(if mode == "classic" { "answer" } else { "take" }),
                "{mode} {cols}: {help:?}"
            );
            assert!(help.len() <= cols as usize);
        }
        assert!(help_line(pty.parser.screen()).contains("Ctrl-D"), "wide enough for every key");
        pty.send(b"\x04");
        assert!(pty.exit().success(), "Ctrl-D quits");
    }
}

#[test]
fn the_cursor_shows_on_a_queen_in_both_colour_modes() {
    for colorterm in [Some("truecolor"), None] {
        let mut pty = Pty::start("cursor", colorterm);
        pty.wait_for("the start board", |s| picture(s) == start_board());
        assert_eq!(cell_text(pty.parser.screen(), 3, 4), "[]", "the cursor outlined");
        pty.send(b"\r");
        pty.wait_for("a queen on the cursor", |s| picture(s) == board(&[(3, 4, 'W')]));
        assert_eq!(cell_text(pty.parser.screen(), 3, 4), "[]", "{colorterm:?}: still visible on the queen");
        let (top, left) = origin(pty.parser.screen());
        let cell = pty.parser.screen().cell(top + 4, left + 6).unwrap();
        assert!(cell.bold() && cell.fgcolor() != cell.bgcolor(), "{colorterm:?}");
        pty.send(b"l");
        pty.wait_for("the cursor moved on", |s| picture(s) == board(&[(3, 4, 'W'), (4, 4, 'B')]));
        assert_eq!(cell_text(pty.parser.screen(), 3, 4), "  ");
        assert_eq!(cell_text(pty.parser.screen(), 4, 4), "[]");
        pty.send(b"q");
        assert!(pty.exit().success());
    }
}

#[test]
fn the_hint_is_yellow_in_256_colours() {
    let mut pty = Pty::start("hint", None);
    pty.wait_for("the start board", |s| picture(s) == start_board());
    // A queen, then the menu's first item, the hint.
    pty.send(b"\rm");
    select(&mut pty, "HINT");
    pty.wait_for("the hint", |s| picture(s).contains('h'));
    assert!(!pty.picture().contains('?'), "{}", pty.picture());
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn the_sleeping_board_says_any_key_to_play() {
    let mut pty = Pty::start("asleep", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    // A queen, pressed: the answer; pressed again: asleep.
    pty.send(b"\r\r");
    pty.wait_for("the answer", |s| picture(s).matches('Y').count() == 7);
    pty.send(b"\r");
    pty.wait_for("asleep", |s| picture(s) == "........\n".repeat(8));
    assert!(under(pty.parser.screen()).contains("any key to play"), "{}", under(pty.parser.screen()));
    pty.send(b"d");
    pty.wait_for("a new game", |s| picture(s) == start_board());
    assert_eq!(status(pty.parser.screen()), "classic 8x8");
    pty.send(b"q");
    assert!(pty.exit().success());
}

#[test]
fn alt_with_a_key_does_not_quit() {
    let mut pty = Pty::start("alt", Some("truecolor"));
    pty.wait_for("the start board", |s| picture(s) == start_board());
    pty.send(b"\x1bq");
    std::thread::sleep(Duration::from_millis(200));
    pty.send(b"\x1bd");
    std::thread::sleep(Duration::from_millis(200));
    assert!(pty.child.try_wait().unwrap().is_none(), "Alt-q and Alt-d left the game running");
    pty.send(b"d");
    pty.wait_for("keys still work", |s| picture(s) == board(&[(4, 4, 'B')]));
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Issue 50: `regions solve` and `share` with no FILE in a terminal waited
/// in silence, and Ctrl-C killed them without a word. They say what they
/// read; a puzzle pasted and ended with Ctrl-D is read, and Ctrl-C ends the
/// wait with one line and status 130.
#[test]
fn regions_with_no_file_in_a_terminal_says_what_it_reads_and_ctrl_c_ends_it() {
    let puzzle = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/regions/issue-30-2026-11-25.txt"),
    )
    .unwrap();
    let waiting = |s: &vt100::Screen| {
        s.contents().contains("reading the puzzle from the terminal: type or paste it, then Ctrl-D")
    };
    for command in ["solve", "share"] {
        let dir = std::env::temp_dir().join(format!("queens-pty-regions-{command}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut solve = common::bin::queens();
        solve.args(["regions", command]);
        let mut pty = Pty::spawn(solve, dir.clone());
        pty.wait_for("what it reads", waiting);
        pty.send(puzzle.replace('\n', "\r").as_bytes());
        pty.send(b"\x04");
        assert_eq!(pty.exit().code(), Some(0), "{command}: {}", pty.parser.screen().contents());
        let answer = if command == "solve" { "one solution:" } else { "#p=" };
        assert!(
            pty.parser.screen().contents().contains(answer),
            "{command}: {}",
            pty.parser.screen().contents()
        );

        let mut again = common::bin::queens();
        again.args(["regions", command]);
        let mut pty = Pty::spawn(again, dir);
        pty.wait_for("what it reads", waiting);
        pty.send(b"\x03");
        assert_eq!(pty.exit().code(), Some(130), "{command}");
        let said = pty.parser.screen().contents();
        assert!(said.contains(&format!("queens regions {command}: stopped; no puzzle read")), "{said}");
    }
}

/// Plays `command` in a pty: the start board, strict chosen in the menu (a
/// save), then `q`, which must end it with status 0. The pty, for what it said;
/// dropping it removes `dir`, so a test reading a file there keeps it.
fn strict_chosen_then_quit(command: Command, dir: PathBuf) -> Pty {
    let mut pty = Pty::spawn(command, dir);
    pty.wait_for("the start board", |s| picture(s) == start_board());
    pty.send(b"m");
    select(&mut pty, "STRICT");
    pty.wait_for("strict", |s| status(s) == "strict 8x8");
    pty.send(b"q");
    assert!(pty.exit().success());
    pty
}

#[test]
fn the_default_state_folder_is_made_by_the_first_save() {
    // Only a path given with --state must be in a folder that exists; the XDG one is made.
    let state_dir = fresh_dir("xdg");
    let xdg = state_dir.join("xdg-state");
    let mut command = common::bin::queens();
    command
        .args(["play", "--backend", "terminal"])
        .env("XDG_STATE_HOME", &xdg)
        .env_remove("STATE_DIRECTORY")
        .env("COLORTERM", "truecolor");
    let _folder_kept = strict_chosen_then_quit(command, state_dir); // dropped, it removes the folder read below
    let saved = std::fs::read_to_string(xdg.join("queens/state.toml")).unwrap();
    assert!(saved.contains("mode = \"strict\""), "{saved}");
}

/// Issue 50: a relative `XDG_STATE_HOME` is ignored, as the XDG
/// specification says (it put the state under whatever folder the game was
/// started in), and the state goes under `HOME`; with neither, nothing can
/// be saved, and that is said once at start, where nothing was said, even
/// with -v.
#[test]
fn a_relative_xdg_state_home_is_ignored_and_no_home_at_all_is_said_once() {
    let state_dir = fresh_dir("xdg-relative");
    let home = state_dir.join("home");
    let mut command = common::bin::queens();
    command
        .args(["play", "--backend", "terminal"])
        .current_dir(&state_dir)
        .env("XDG_STATE_HOME", "relative-state")
        .env("HOME", &home)
        .env_remove("STATE_DIRECTORY")
        .env("COLORTERM", "truecolor");
    let _folder_kept = strict_chosen_then_quit(command, state_dir.clone()); // dropped, it removes the folder read below
    assert!(!state_dir.join("relative-state").exists(), "nothing under the folder it was started in");
    let saved = std::fs::read_to_string(home.join(".local/state/queens/state.toml")).unwrap();
    assert!(saved.contains("mode = \"strict\""), "{saved}");

    for verbose in [false, true] {
        let dir = std::env::temp_dir().join(format!("queens-pty-no-home-{verbose}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut command = common::bin::queens();
        command.args(["play", "--backend", "terminal"]).args(verbose.then_some("-v"));
        command.current_dir(&dir).env_remove("XDG_STATE_HOME").env_remove("HOME");
        command.env_remove("STATE_DIRECTORY").env("COLORTERM", "truecolor");
        let mut pty = Pty::spawn(command, dir.clone());
        pty.wait_for("the start board", |s| picture(s) == start_board());
        pty.send(b"q");
        assert!(pty.exit().success());
        let said = String::from_utf8_lossy(&pty.raw).into_owned();
        let warning = "warning: no folder to keep the progress in: neither HOME nor XDG_STATE_HOME (an absolute path) is set; progress will not be saved (give --state PATH to keep it)";
        assert_eq!(said.matches(warning).count(), 1, "-v {verbose}: said once: {said:?}");
    }
}

/// Found trying it as a stranger: an `XDG_STATE_HOME` that names a file
/// stopped the game ("cannot be read (Not a directory)", exit 1), where no
/// HOME at all, or a folder it may not write, plays and says so once. The
/// file is left as it was.
#[test]
fn an_xdg_state_home_that_is_a_file_plays_and_says_progress_is_not_saved() {
    let dir = fresh_dir("xdg-file");
    let file = dir.join("a-file");
    std::fs::write(&file, "mine\n").unwrap();
    let mut command = common::bin::queens();
    command.args(["play", "--backend", "terminal"]).env("XDG_STATE_HOME", &file);
    command.env_remove("STATE_DIRECTORY").env("COLORTERM", "truecolor");
    let pty = strict_chosen_then_quit(command, dir.clone());
    let said = String::from_utf8_lossy(&pty.raw).into_owned();
    let warning = "a part of its path is a file, not a folder; progress will not be saved";
    assert_eq!(said.matches(warning).count(), 1, "said once: {said:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine\n", "the file left as it was");
}

#[test]
fn a_warning_while_playing_goes_under_the_board_and_to_standard_error_at_the_end() {
    let state_dir = std::env::temp_dir().join(format!("queens-pty-warn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state_dir);
    let sub = state_dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let mut command = common::bin::queens();
    command
        .args(["play", "--backend", "terminal", "--state"])
        .arg(sub.join("state.toml"))
        .env("COLORTERM", "truecolor");
    let mut pty = Pty::spawn(command, state_dir);
    pty.wait_for("the start board", |s| picture(s) == start_board());
    // Where the state goes is no longer a folder: saving fails, with a warning.
    std::fs::remove_dir_all(&sub).unwrap();
    std::fs::write(&sub, "not a folder").unwrap();
    // Choosing another mode in the menu saves.
    pty.send(b"m");
    select(&mut pty, "STRICT");
    pty.wait_for("the warning under the board", |s| under(s).contains("warning: cannot save"));
    let screen = pty.parser.screen();
    assert_eq!(picture(screen), start_board(), "the board untouched");
    let (top, _) = origin(screen);
    let above: String = screen.rows(0, COLS).take((top + 9) as usize).collect::<Vec<_>>().concat();
    assert!(!above.contains("warning") && !above.contains("cannot"), "nothing written over the board");
    assert!(under(screen).starts_with("strict 8x8 | warning: cannot save"), "{}", under(screen));
    pty.send(b"d");
    pty.wait_for("gone after a key", |s| status(s) == "strict 8x8");
    pty.send(b"q");
    assert!(pty.exit().success());
    // Back on the normal screen, the line is there to read, at the start of a line.
    let contents = pty.parser.screen().contents();
    assert!(contents.lines().any(|l| l.starts_with("queens: warning: cannot save")), "{contents}");
}

/// Issue 27: `queens > file` typed at a terminal. Standard input is a
/// terminal and standard output is not: the game cannot draw, and a script
/// backend reading the keyboard with its frames going to the file would look
/// hung. It says why in one line and stops, leaving the file empty.
#[test]
fn standard_output_not_a_terminal_is_said_in_one_line_when_standard_input_is_one() {
    let dir = fresh_dir("redirected");
    let master = open_master();
    nix::pty::grantpt(&master).unwrap();
    nix::pty::unlockpt(&master).unwrap();
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(nix::pty::ptsname_r(&master).unwrap())
        .unwrap();
    let out_path = dir.join("out");
    let none = dir.to_str().unwrap();
    let bus = dir.join("no-bus");
    let mut child = common::bin::queens()
        // No Sense HAT devices and no I2C bus, as on a desktop.
        .args(["--sysfs-root", none, "--dev-root", none, "--i2c-bus", bus.to_str().unwrap()])
        .env("XDG_STATE_HOME", &dir)
        .env_remove("STATE_DIRECTORY")
        .stdin(slave)
        .stdout(File::create(&out_path).unwrap())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let end = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "still running after {PATIENCE:?}: it waits on the keyboard instead of saying why it cannot play"
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(
        stderr,
        "queens play: standard output is not a terminal: the game draws there (play without redirecting it, or choose --backend script)\n"
    );
    assert_eq!(status.code(), Some(1));
    assert_eq!(std::fs::read(&out_path).unwrap(), b"", "nothing written to the file");
    drop(master);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The process's state letter in /proc (`T` when stopped).
fn process_state(pid: u32) -> char {
    cpu_ticks(pid).1
}

/// Issue 27: a suspended game (Ctrl-Z, or SIGTSTP from outside) gives the
/// terminal back before it stops, as a shell's `fg` expects, and takes it
/// again when continued: raw mode, the alternate screen, the board redrawn,
/// keys working.
#[test]
fn ctrl_z_and_sigtstp_suspend_with_the_terminal_restored_and_sigcont_redraws() {
    for how in ["ctrl-z", "sigtstp"] {
        let mut pty = Pty::start(&format!("suspend-{how}"), Some("truecolor"));
        pty.wait_for("the start board", |s| picture(s) == start_board());
        pty.send(b"d");
        pty.wait_for("d moves right", |s| picture(s) == board(&[(4, 4, 'B')]));
        let pid = pty.child.id();
        match how {
            "ctrl-z" => pty.send(b"\x1a"),
            _ => kill(Pid::from_raw(pid as i32), Signal::SIGTSTP).unwrap(),
        }
        let end = Instant::now() + PATIENCE;
        while process_state(pid) != 'T' {
            assert!(Instant::now() < end, "{how}: the game did not stop (state {})", process_state(pid));
            pty.read_some(Duration::from_millis(20));
        }
        // What it wrote before stopping.
        while pty.read_some(Duration::from_millis(50)) {}
        pty.assert_given_back(&format!("{how}, stopped"));

        kill(Pid::from_raw(pid as i32), Signal::SIGCONT).unwrap();
        pty.wait_for("the board redrawn on the alternate screen", |s| {
            s.alternate_screen() && picture(s) == board(&[(4, 4, 'B')])
        });
        assert!(pty.is_raw(), "{how}: raw mode again");
        assert!(pty.parser.screen().hide_cursor(), "{how}: the cursor hidden again");
        assert!(mouse_on(pty.parser.screen()), "{how}: clicks reported again");
        pty.send(b"d");
        pty.wait_for("keys work again", |s| picture(s) == board(&[(5, 4, 'B')]));
        pty.click_led(8, (2, 2), false);
        pty.wait_for("clicks work again", |s| picture(s) == board(&[(2, 2, 'W')]));
        pty.send(b"q");
        assert!(pty.exit().success(), "{how}");
        pty.assert_given_back(&format!("{how}, continued and quit"));
    }
}

/// `queens solve 40 --backtrack` in a terminal `rows` x `cols` (0: one that
/// does not know its width), with `COLUMNS` set to `columns` if given, read
/// until its progress line has been written `times` times.
fn backtrack_progress(cols: u16, columns: Option<&str>, times: usize) -> Pty {
    let state_dir = std::env::temp_dir().join(format!("queens-pty-progress-{cols}-{}", std::process::id()));
    let mut command = common::bin::queens();
    command.args(["solve", "40", "--backtrack"]);
    match columns {
        Some(value) => command.env("COLUMNS", value),
        None => command.env_remove("COLUMNS"),
    };
    let mut pty = Pty::spawn_sized(command, state_dir, ROWS, cols);
    let end = Instant::now() + PATIENCE;
    while progress_writes(&pty.raw) < times {
        assert!(Instant::now() < end, "no progress; the screen shows\n{}", pty.parser.screen().contents());
        pty.read_some(Duration::from_millis(200));
    }
    pty
}

/// How many times a progress line has been written in place: each write
/// ends in an erase (to the end of the screen; before issue 39, of the row).
fn progress_writes(raw: &[u8]) -> usize {
    raw.windows(3).filter(|w| *w == b"\x1b[J" || *w == b"\x1b[K").count()
}

/// The screen's rows that hold anything.
fn rows_written(screen: &vt100::Screen) -> Vec<String> {
    let (_, cols) = screen.size();
    screen.rows(0, cols.get()).filter(|row| !row.trim().is_empty()).collect()
}

#[test]
fn backtrack_progress_is_one_row_rewritten_in_place_whatever_the_width() {
    for cols in [120, 90, 80, 60, 40, 12] {
        let mut pty = backtrack_progress(cols, Some("200"), 3);
        let rows = rows_written(pty.parser.screen());
        assert_eq!(rows.len(), 1, "{cols} columns: one row, no stale rows left by rewrites: {rows:#?}");
        assert!(rows[0].trim_end().chars().count() < cols as usize, "{cols}: {rows:?}");
        assert!(rows[0].contains("searching"), "{cols}: every width says the search goes on: {rows:?}");
        if cols >= 40 {
            assert!(rows[0].contains(" placements"), "{cols}: {rows:?}");
        }
        if cols == 80 {
            assert!(rows[0].starts_with("queens solve: "), "the command's name while it fits: {rows:?}");
        }
        // Ctrl-C (as the signal: the terminal's echo of ^C would land after the
        // progress line): the line it ends with starts on a row of its own.
        kill(Pid::from_raw(pty.child.id() as i32), Signal::SIGINT).unwrap();
        assert_eq!(pty.exit().code(), Some(130));
        let rows = rows_written(pty.parser.screen());
        // (At 12 columns that line wraps, as any long message does.)
        let stopped = rows[1..].concat();
        assert!(rows.len() >= 2 && stopped.starts_with("queens solve: stopped after "), "{cols}: {rows:#?}");
    }
}

#[test]
fn backtrack_progress_leaves_no_stale_row_when_the_terminal_is_narrowed() {
    let mut pty = backtrack_progress(120, None, 2);
    // The line comes once a second: read all of the last one (a quiet 300 ms) before
    // narrowing, so that none fitted to 120 columns is still on its way.
    while pty.read_some(Duration::from_millis(300)) {}
    pty.parser.screen_mut().set_size(nz(ROWS), nz(50));
    set_size(&pty.master, ROWS, 50);
    one_row_after_narrowing_then_ctrl_c(&mut pty);
}

/// After three more progress lines at 50 columns: one row on the screen, no
/// stale one, then Ctrl-C ends the search with status 130.
fn one_row_after_narrowing_then_ctrl_c(pty: &mut Pty) {
    let seen = progress_writes(&pty.raw);
    let end = Instant::now() + PATIENCE;
    while progress_writes(&pty.raw) < seen + 3 {
        assert!(Instant::now() < end, "no progress; the screen shows\n{}", pty.parser.screen().contents());
        pty.read_some(Duration::from_millis(200));
    }
    let rows = rows_written(pty.parser.screen());
    assert_eq!(rows.len(), 1, "one row after narrowing, no stale row: {rows:#?}");
    assert!(rows[0].contains("searching") && rows[0].trim_end().chars().count() < 50, "{rows:?}");
    kill(Pid::from_raw(pty.child.id() as i32), Signal::SIGINT).unwrap();
    assert_eq!(pty.exit().code(), Some(130));
}

/// Narrows the terminal to `cols` as tmux, VTE or kitty do, unlike the
/// `vt100` parser, which cuts its rows: each row wider than the new width is
/// split over as many rows as it needs, and the cursor stays at its place in
/// its row's text. (Enough for rows of plain text that fit the screen.)
fn narrow_reflowing(pty: &mut Pty, cols: u16) {
    let screen = pty.parser.screen();
    let (rows, old_cols) = screen.size();
    let (cursor_row, cursor_col) = screen.cursor_position();
    let mut text: Vec<String> = Vec::new();
    let mut cursor = (0, 0);
    for (i, row) in screen.rows(0, old_cols.get()).enumerate() {
        let chars: Vec<char> = row.trim_end().chars().collect();
        if i == usize::from(cursor_row) {
            let at = usize::from(cursor_col);
            cursor = (text.len() + at / usize::from(cols), at % usize::from(cols));
        }
        let pieces = chars.chunks(usize::from(cols)).map(|piece| piece.iter().collect::<String>());
        let before = text.len();
        text.extend(pieces);
        if text.len() == before {
            text.push(String::new());
        }
    }
    text.truncate(usize::from(rows.get()));
    assert!(cursor.0 < text.len(), "the reflowed screen holds the cursor");
    let mut parser = vt100::Parser::new(rows, nz(cols), 0);
    parser.process(text.join("\r\n").as_bytes());
    parser.process(format!("\x1b[{};{}H", cursor.0 + 1, cursor.1 + 1).as_bytes());
    pty.parser = parser;
    set_size(&pty.master, rows.get(), cols);
}

#[test]
fn backtrack_progress_leaves_no_stale_row_when_a_reflowing_terminal_is_narrowed() {
    // tmux, at 80 and then 50 columns (issue 39): the line written at 80 was
    // split over two rows, the cursor at the end of the second, and the next
    // line was written there, under the first half of the old one.
    let mut pty = backtrack_progress(80, None, 2);
    while pty.read_some(Duration::from_millis(300)) {}
    let before = rows_written(pty.parser.screen());
    assert!(before.len() == 1 && before[0].trim_end().chars().count() > 50, "{before:#?}");
    narrow_reflowing(&mut pty, 50);
    one_row_after_narrowing_then_ctrl_c(&mut pty);
    // The line it ends with starts on a row of its own (and wraps, at 50 columns).
    let rows = rows_written(pty.parser.screen());
    assert!(
        rows[0].contains("searching") && rows[1].starts_with("queens solve: stopped after "),
        "{rows:#?}"
    );
}

#[test]
fn a_dumb_terminal_gets_backtrack_progress_as_whole_lines_without_escapes() {
    let state_dir = std::env::temp_dir().join(format!("queens-pty-progress-dumb-{}", std::process::id()));
    let mut command = common::bin::queens();
    command.args(["solve", "40", "--backtrack"]).env("TERM", "dumb");
    let mut pty = Pty::spawn_sized(command, state_dir, ROWS, 80);
    let end = Instant::now() + PATIENCE;
    while !String::from_utf8_lossy(&pty.raw).contains("placements") {
        assert!(Instant::now() < end, "no progress; the screen shows\n{}", pty.parser.screen().contents());
        pty.read_some(Duration::from_millis(200));
    }
    kill(Pid::from_raw(pty.child.id() as i32), Signal::SIGINT).unwrap();
    assert_eq!(pty.exit().code(), Some(130));
    let text = String::from_utf8_lossy(&pty.raw).into_owned();
    assert!(!text.contains('\x1b'), "escapes written to a dumb terminal: {text:?}");
    let first = text.lines().find(|l| l.contains("placements")).unwrap();
    assert!(
        first.trim_end_matches('\r').starts_with("queens solve: searching for the first solution"),
        "a whole line, not one rewritten in place: {text:?}"
    );
}

#[test]
fn a_terminal_that_does_not_know_its_width_gets_progress_as_wide_as_columns_says() {
    let pty = backtrack_progress(0, Some("50"), 4);
    let text = String::from_utf8_lossy(&pty.raw).into_owned();
    let lines: Vec<&str> = text.split('\r').filter(|l| !l.is_empty()).collect();
    assert!(lines.len() >= 3, "{text:?}");
    for line in lines {
        assert!(line.chars().count() < 50, "wider than COLUMNS=50: {line:?}");
    }
}

/// Environment variables to set (`Some`) or remove (`None`).
type Env<'a> = &'a [(&'a str, Option<&'a str>)];

/// `queens ARGS` in a fresh terminal with `env` set, run to the end: its
/// exit status and every byte it wrote.
fn run_in_terminal(args: &[&str], env: Env) -> (Option<i32>, Pty) {
    let state_dir = fresh_dir("colour");
    let mut command = common::bin::queens();
    command.args(args).env("XDG_STATE_HOME", &state_dir).env_remove("STATE_DIRECTORY");
    for (name, value) in env {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
    let mut pty = Pty::spawn(command, state_dir);
    let status = pty.exit();
    (status.code(), pty)
}

#[test]
fn a_dumb_terminal_no_term_or_no_color_refuse_the_terminal_game_in_one_line_without_escapes() {
    let cases: [(Env, &str); 4] = [
        (&[("TERM", Some("dumb"))], "(TERM=dumb)"),
        (&[("TERM", None)], "TERM is not set"),
        (&[("NO_COLOR", Some("1"))], "NO_COLOR is set"),
        (&[("TERM", Some("dumb")), ("NO_COLOR", Some("yes"))], "NO_COLOR is set"),
    ];
    for (env, why) in cases {
        for args in [&["play", "--backend", "terminal"][..], &[]] {
            let (code, pty) = run_in_terminal(args, env);
            let text = String::from_utf8_lossy(&pty.raw).into_owned();
            assert!(!text.contains('\x1b'), "{env:?} {args:?}: escapes written: {text:?}");
            assert_eq!(code, Some(1), "{env:?} {args:?}: {text}");
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 1, "{env:?} {args:?}: one line: {text:?}");
            assert!(lines[0].starts_with("queens play: ") && lines[0].contains(why), "{env:?}: {text}");
            assert!(lines[0].ends_with("or use --backend script"), "what to do: {text}");
            assert!(!pty.is_raw(), "the terminal is left as it was");
        }
    }
    // NO_COLOR empty is not set (no-color.org): the game plays in colour.
    let state_dir = std::env::temp_dir().join(format!("queens-pty-no-color-empty-{}", std::process::id()));
    std::fs::create_dir_all(&state_dir).unwrap();
    let mut command = common::bin::queens();
    command.args(["play", "--backend", "terminal", "--state"]).arg(state_dir.join("state.toml"));
    command.env("NO_COLOR", "");
    let mut pty = Pty::spawn(command, state_dir);
    pty.wait_for("the board in colour", |s| s.contents().contains("classic"));
    assert!(pty.raw.windows(5).any(|w| w == b"\x1b[48;"), "background colours");
}

#[test]
fn with_no_color_or_a_dumb_terminal_help_and_answers_have_no_escapes() {
    // CI=true too: clap colours help on a dumb terminal when CI is set.
    let cases: [Env; 4] = [
        &[("NO_COLOR", Some("1")), ("CI", None)],
        &[("NO_COLOR", Some("1")), ("CI", Some("true"))],
        &[("TERM", Some("dumb")), ("CI", None)],
        &[("TERM", Some("dumb")), ("CI", Some("true"))],
    ];
    for env in cases {
        for args in [&["solve", "--help"][..], &["--help"], &["solve", "6"], &["solv"], &["count", "8"]] {
            let (_, pty) = run_in_terminal(args, env);
            let text = String::from_utf8_lossy(&pty.raw).into_owned();
            assert!(!text.trim().is_empty(), "{args:?}: something is written");
            assert!(!text.contains('\x1b'), "{env:?} {args:?}: escapes written: {text:?}");
        }
    }
}

/// Issue 30: a puzzle given with `--puzzle` plays in the terminal too, at a
/// size only the terminal shows (the LEDs' backends refuse a 12x12), in
/// regions mode whatever the config file's (cover's boards stop at 11x11).
#[test]
fn a_given_12x12_puzzle_plays_in_the_terminal() {
    let dir = std::env::temp_dir().join(format!("queens-pty-given-puzzle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, config) = (dir.join("twelve.txt"), dir.join("config.toml"));
    std::fs::write(&file, queens::regions::generate::generate(12, 5, None).unwrap().puzzle.letters())
        .unwrap();
    std::fs::write(&config, "mode = \"cover\"\n").unwrap();
    let args = ["--config", config.to_str().unwrap(), "--size", "12", "--puzzle", file.to_str().unwrap()];
    let mut pty = Pty::start_with("given", Some("truecolor"), &args);
    pty.wait_for("the given 12x12", |s| {
        lines_under(s, 12).get(1).is_some_and(|l| l.starts_with("regions 12x12"))
    });
    pty.send(b"q");
    assert!(pty.exit().success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 30: LinkedIn's own puzzle No. 336 (2025-04-01), whose regions B
/// and F are each in two pieces, played from its file to solved: the
/// terminal shows a 9x9 (the LEDs only an 8x8). Each queen at the
/// referee's one solution, the cursor moved there from where it was.
#[test]
fn linkedins_puzzle_with_regions_in_two_pieces_plays_to_solved() {
    let (file, solution) = linkedin_two_pieces();
    let n = solution.len();
    let below = |s: &vt100::Screen| lines_under(s, n as u16).join(" ");

    let mut pty = Pty::start_with("two-pieces", Some("truecolor"), &["--puzzle", file]);
    pty.wait_for("the 9x9 puzzle", |s| below(s).contains("regions 9x9"));
    let start = queens::game::Checkerboard::new(n).start();
    let mut at = (start.col as usize, start.row as usize);
    for (row, &col) in solution.iter().enumerate() {
        let mut keys = vec![b'l'; (col + n - at.0) % n];
        keys.extend(vec![b'j'; (row + n - at.1) % n]);
        keys.extend(b"\r\r");
        pty.send(&keys);
        at = (col, row);
    }
    pty.wait_for("the solve", |s| below(s).contains("SOLVED IN "));
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Issue 43: `--letters` writes each regions square's letter on it (the
/// puzzle's text form's), and a past day's puzzle (`--date`) solved shows,
/// under its SOLVED IN, the engine's lines to share: the day, the time and
/// the hints, and the crowns, one per queen.
#[test]
fn letters_show_on_the_regions_and_a_solve_shows_the_lines_to_share() {
    use queens::regions::generate::{self, date_string};
    let today = queens::backend::clock::UtcCalendar::today().unwrap();
    let (day, date) = (today - 1, date_string(today - 1));
    let puzzle = generate::daily(day).puzzle;
    let mut pty = Pty::start_with("letters", Some("truecolor"), &["--date", &date, "--letters"]);
    pty.wait_for("the board", |s| status(s).starts_with("regions 8x8"));
    let letters: Vec<Vec<char>> = puzzle.letters().lines().map(|row| row.chars().collect()).collect();
    let start = queens::game::Checkerboard::new(8).start();
    for y in 0..8u16 {
        for x in 0..8u16 {
            let shown = cell_text(pty.parser.screen(), x, y);
            let want = match (x, y) == (start.col.into(), start.row.into()) {
                true => "[]".to_string(),
                false => format!("{} ", letters[y as usize][x as usize]),
            };
            assert_eq!(shown, want, "the cell of ({x}, {y})");
        }
    }
    pty.send(&solving_keys(&puzzle));
    let shared = format!("queens regions: the puzzle of {date}, played on {}", date_string(today));
    pty.wait_for("the lines to share under SOLVED IN", |s| {
        let lines = lines_under(s, 8);
        lines.iter().position(|l| *l == shared).is_some_and(|at| lines[at - 1].contains("SOLVED IN"))
    });
    let lines = lines_under(pty.parser.screen(), 8);
    let at = lines.iter().position(|l| *l == shared).unwrap();
    assert!(
        lines[at + 1].starts_with("solved in ") && lines[at + 1].ends_with("s with no hints"),
        "{lines:?}"
    );
    assert_eq!(lines[at + 2], "👑".repeat(8), "{lines:?}");
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// Issue 50: a solve's link at 80 columns was cut onto two rows (the
/// second centred), so a copy of the lines to share was not the link:
/// read back, "the link has 72 characters of regions where 12x12 takes
/// 96". The link is one line as the terminal keeps it (the rows it wrapped
/// itself, joined by a copy), and the lines copied from the screen read
/// back as that puzzle.
#[test]
fn a_12x12_solve_shares_its_link_whole_and_the_copy_reads_back() {
    let dir = std::env::temp_dir().join(format!("queens-pty-shared-puzzle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let made = queens::regions::generate::generate(12, 5, None).unwrap();
    let (puzzle, n) = (made.puzzle, 12);
    let link = queens::regions::share::fragment(&puzzle);
    let file = dir.join("twelve.txt");
    std::fs::write(&file, puzzle.letters()).unwrap();
    let mut pty = Pty::start_with("share-link", Some("truecolor"), &["--puzzle", file.to_str().unwrap()]);
    pty.wait_for("the 12x12", |s| lines_under(s, 12).get(1).is_some_and(|l| l.starts_with("regions 12x12")));
    // To each queen of its one solution (the generator's: the referee's brute force takes
    // minutes at 12x12), column by column, and two presses: a dot, then the queen.
    let start = queens::game::Checkerboard::new(n).start();
    let mut at = (start.col as usize, start.row as usize);
    let mut keys = Vec::new();
    for (col, row) in made.solution.columns().enumerate() {
        let row = usize::from(row.unwrap());
        keys.extend(vec![b'l'; (col + n - at.0) % n]);
        keys.extend(vec![b'j'; (row + n - at.1) % n]);
        keys.extend(b"\r\r");
        at = (col, row);
    }
    pty.send(&keys);
    pty.wait_for("the lines to share", |s| s.contents().contains("solved in "));
    // The screen as a copy of it has it: the rows the terminal wrapped joined.
    let copied = pty.parser.screen().contents();
    let lines: Vec<&str> = copied.lines().map(str::trim).collect();
    let first = lines.iter().position(|l| l.starts_with("queens regions: 12x12")).expect(&copied);
    assert_eq!(lines[first + 1], link, "the link whole, on a line of its own:\n{copied}");
    assert!(lines[first + 2].starts_with("solved in "), "{copied}");
    let shared = lines[first..first + 4].join("\n");
    pty.send(b"q");
    assert!(pty.exit().success());
    // Pasted back: the same puzzle, and its one solution.
    let out = common::bin::with_input(["regions", "solve", "-", "--format", "json"], &shared);
    let from_file =
        common::bin::with_input(["regions", "solve", file.to_str().unwrap(), "--format", "json"], "");
    assert!(out.status.success(), "{shared}\n{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, from_file.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A terminal of `rows` x `cols` playing with the state file `state` (its
/// text, if any) and the config file `config` (likewise) in a fresh folder.
fn start_in(
    name: &str,
    (rows, cols): (u16, u16),
    state: Option<&str>,
    config: Option<&str>,
    args: &[&str],
) -> Pty {
    let dir = fresh_dir(name);
    let mut command = common::bin::queens();
    command.args(["play", "--backend", "terminal", "--state"]).arg(dir.join("state.toml"));
    if let Some(text) = state {
        std::fs::write(dir.join("state.toml"), text).unwrap();
    }
    if let Some(text) = config {
        std::fs::write(dir.join("config.toml"), text).unwrap();
        command.arg("--config").arg(dir.join("config.toml"));
    }
    command.args(args).env("COLORTERM", "truecolor");
    Pty::spawn_sized(command, dir, rows, cols)
}

/// The menu item selected, wherever on the screen the menu is written.
fn selected_anywhere(screen: &vt100::Screen) -> Option<String> {
    let words = screen.contents().split_whitespace().collect::<Vec<_>>().join(" ");
    // Not the cursor's `[]` on the board.
    let start = words.match_indices('[').map(|(at, _)| at).find(|&at| !words[at..].starts_with("[]"))?;
    let end = start + words[start..].find(']')?;
    Some(words[start + 1..end].to_string())
}

/// With the menu open anywhere on the screen, moves right to `label` and chooses it.
fn choose_anywhere(pty: &mut Pty, label: &str) {
    for _ in 0..40 {
        pty.wait_for("the menu", |s| selected_anywhere(s).is_some());
        let now = selected_anywhere(pty.parser.screen()).unwrap();
        if now == label {
            pty.send(b"\r");
            return;
        }
        pty.send(b"l");
        pty.wait_for("the next item", |s| selected_anywhere(s).is_some_and(|item| item != now));
    }
    panic!("{label} is not in the menu:\n{}", pty.parser.screen().contents());
}

/// The saved state's text in the test's folder.
fn saved_text(pty: &Pty) -> String {
    std::fs::read_to_string(pty.state_dir.join("state.toml")).unwrap()
}

/// Issue 50's follow-up: the menu offered sizes the terminal could not show,
/// and a 16x16 chosen at 80x24 opened every later game at 40x11 on the "too
/// small" screen, where `m` did nothing. Now the size played last is fitted
/// to the terminal at start and said once under the board, it stays saved
/// for a larger terminal, and the menu offers only the sizes that fit: up to
/// 8x8 at 40x11, up to 16x16 once the terminal is 80x24.
#[test]
fn a_size_played_last_too_large_for_the_terminal_is_fitted_kept_and_said() {
    let state = "version = 1\nmode = \"classic\"\nsize = 16\nfound = []\n";
    let mut pty = start_in("kept-size", (11, 40), Some(state), None, &[]);
    pty.wait_for("the 8x8, and why", |s| {
        picture(s) == start_board() && status(s) == "classic 8x8 | 16x16 kept: needs 40x19"
    });
    // The menu's last item, one step left of its first: the largest size it offers.
    pty.send(b"m");
    pty.wait_for("the menu", |s| selected_anywhere(s).as_deref() == Some("HINT"));
    pty.send(b"h");
    pty.wait_for("8X8 last at 40x11", |s| selected_anywhere(s).as_deref() == Some("8X8"));
    pty.send(b"m");
    pty.wait_for("the menu closed", |s| status(s) == "classic 8x8");
    // A larger terminal: the menu offers every size again.
    pty.parser.screen_mut().set_size(nz(24), nz(80));
    set_size(&pty.master, 24, 80);
    pty.wait_for("the board at 80x24", |s| picture(s) == start_board());
    pty.send(b"m");
    pty.wait_for("the menu", |s| selected_anywhere(s).is_some());
    pty.wait_for("16X16 offered at 80x24", |s| s_words(s).contains("16X16"));
    pty.send(b"q");
    assert!(pty.exit().success());
    assert!(saved_text(&pty).contains("size = 16\n"), "kept for a larger terminal:\n{}", saved_text(&pty));
}

/// The note of a size kept speaks of the window at start: a resize takes it away, before any
/// key (a stranger's find: "needs 40x19" stayed in a window of 40x19).
#[test]
fn a_resize_takes_the_kept_sizes_note_away() {
    let state = "version = 1\nmode = \"classic\"\nsize = 16\nfound = []\n";
    let mut pty = start_in("kept-size-resized", (11, 40), Some(state), None, &[]);
    pty.wait_for("the note", |s| status(s) == "classic 8x8 | 16x16 kept: needs 40x19");
    pty.parser.screen_mut().set_size(nz(19), nz(40));
    set_size(&pty.master, 19, 40);
    pty.wait_for("the note gone", |s| picture(s) == start_board() && status(s) == "classic 8x8");
    pty.send(b"q");
    assert!(pty.exit().success());
    assert!(saved_text(&pty).contains("size = 16\n"), "still kept:\n{}", saved_text(&pty));
}

/// The "too small" screen says `m` opens the menu where a smaller board
/// fits, and it does: the menu is written under the message, and a size
/// chosen there that fits is played (and saved, as chosen).
#[test]
fn the_menu_opens_on_the_too_small_screen_and_a_size_that_fits_plays() {
    let mut pty = start_in("too-small-menu", (11, 40), None, None, &["--size", "16"]);
    pty.wait_for("the message", |s| {
        let words = s.contents().split_whitespace().collect::<Vec<_>>().join(" ");
        words.contains("needs 40 columns and 19 rows")
            && words.contains("press m for a smaller board, or press q")
    });
    pty.send(b"m");
    pty.wait_for("the menu under the message", |s| {
        s.contents().contains("classic 16x16 | menu:") && s.contents().contains("left/right choose")
    });
    assert!(s_words(pty.parser.screen()).contains("press m"), "the message stays above it");
    choose_anywhere(&mut pty, "8X8");
    pty.wait_for("the 8x8 board", |s| picture(s) == start_board() && status(s) == "classic 8x8");
    pty.send(b"q");
    assert!(pty.exit().success());
    assert!(saved_text(&pty).contains("size = 8\n"), "{}", saved_text(&pty));
}

/// The screen's words, a space between each.
fn s_words(screen: &vt100::Screen) -> String {
    screen.contents().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Issue 50's follow-up: at 40x11, the smallest terminal played in, a
/// solved daily's message was cut to `SOLVED IN 0s - ...` (its streak not
/// shown) and its lines to share were never shown. Now the message takes
/// the blank row and is shown whole, and after it the three lines to share
/// take the rows of the status and help lines, whole, one a row.
#[test]
fn at_40x11_a_solved_daily_shows_its_streak_and_then_its_lines_to_share() {
    use queens::regions::generate::{self, date_string};
    let today = queens::backend::clock::UtcCalendar::today().unwrap();
    let (date, puzzle) = (date_string(today), generate::daily(today).puzzle);
    // The message scrolled quickly: the test waits for what follows it.
    let mut pty = start_in("daily-40x11", (11, 40), None, Some("text_ms = 5\n"), &["--date", &date]);
    pty.wait_for("the board", |s| status(s).starts_with("regions 8x8"));
    pty.send(&solving_keys(&puzzle));
    pty.wait_for("the streak, whole", |s| {
        s_words(s).contains("| SOLVED IN") && s_words(s).contains("DAILY STREAK 1 DAY")
    });
    let shared = format!("queens regions: the puzzle of {date}");
    pty.wait_for("the lines to share, whole", |s| {
        let rows: Vec<String> = s.rows(0, 40).skip(8).map(|row| row.trim().to_string()).collect();
        rows[0] == shared
            && rows[1].starts_with("solved in ")
            && rows[1].ends_with(" with no hints")
            && rows[2] == "👑".repeat(8)
    });
    pty.send(b"q");
    assert!(pty.exit().success());
}

/// The keys that solve `puzzle` in the terminal: the script that solves it, each move as its
/// vi key and each press as Enter.
fn solving_keys(puzzle: &queens::regions::Puzzle) -> Vec<u8> {
    common::regions_solving_script(puzzle)
        .lines()
        .map(|event| match event {
            "up" => b'k',
            "down" => b'j',
            "left" => b'h',
            "right" => b'l',
            _ => b'\r',
        })
        .collect()
}
