//! The sense-emu backend end to end: the built binary plays with the
//! emulator's files in a directory of the test's own, where the test stands
//! in for the emulator's GUI. It reads the screen file byte by byte, and
//! runs a joystick server that follows `sense_emu/stick.py`: it learns its
//! clients from their `hello` and sends them `llHHI` records.
//!
//! What it proves, in full: the emulator backend against a fake stick server and the screen file,
//! byte for byte

use crate::common;

use common::board;
use queens::backend::sense_emu::screen::{GAMMA_DEFAULT, Screen};
use queens::game::{Frame, Rgb, Theme};
use std::os::unix::net::{SocketAddr, UnixDatagram};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant, SystemTime};

const PATIENCE: Duration = Duration::from_secs(10);
const KEY_ENTER: u16 = 28;
const KEY_RIGHT: u16 = 106;
const KEY_DOWN: u16 = 108;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-emu-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// RGB565 as the Sense HAT's framebuffer (and sense_emu's `_pack_bin`) has it.
fn rgb565(Rgb(r, g, b): Rgb) -> u16 {
    ((r as u16 >> 3) << 11) | ((g as u16 >> 2) << 5) | (b as u16 >> 3)
}

/// The 64 pixels of the screen file as letters, as `common::picture` names
/// the default theme's colours after their trip through RGB565.
fn picture(bytes: &[u8]) -> String {
    let theme = Theme::default();
    let names = [
        (theme.dark_square, 'g'),
        (theme.light_square, 'r'),
        (theme.cursor, 'B'),
        (theme.queen, 'W'),
        (theme.needed, 'Y'),
        (Rgb::BLACK, '.'),
    ];
    let mut out = String::new();
    for (i, pair) in bytes[..128].chunks(2).enumerate() {
        let pixel = u16::from_ne_bytes([pair[0], pair[1]]);
        out.push(names.iter().find(|(c, _)| rgb565(*c) == pixel).map_or('?', |&(_, l)| l));
        if i % 8 == 7 {
            out.push('\n');
        }
    }
    out
}

#[test]
#[allow(clippy::unusual_byte_groupings)] // grouped 5-6-5, as RGB565 is
fn a_new_screen_file_is_dark_with_the_default_gamma_and_frames_are_rgb565() {
    let dir = temp_dir("screen");
    let path = dir.join("rpi-sense-emu-screen");
    let mut screen = Screen::open(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), 160);
    assert_eq!(&bytes[..128], &[0; 128]);
    assert_eq!(&bytes[128..], &GAMMA_DEFAULT);
    assert_eq!(GAMMA_DEFAULT[31], 31);

    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
    std::fs::File::options().write(true).open(&path).unwrap().set_modified(old).unwrap();
    let mut frame = Frame::dark(8);
    frame.set(0, 0, Rgb(255, 255, 255));
    frame.set(1, 0, Rgb(0, 92, 0));
    frame.set(7, 7, Rgb(8, 4, 8));
    screen.show(&frame).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let pixel = |i: usize| u16::from_ne_bytes([bytes[2 * i], bytes[2 * i + 1]]);
    assert_eq!(pixel(0), 0xffff);
    assert_eq!(pixel(1), 0b00000_010111_00000);
    assert_eq!(pixel(63), 0b00001_000001_00001);
    assert!((2..63).all(|i| pixel(i) == 0));
    assert_eq!(&bytes[128..], &GAMMA_DEFAULT, "the gamma table is left alone");
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    assert!(modified > old + Duration::from_secs(1_000_000), "the GUI sees the time move on");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_existing_screen_keeps_its_gamma_and_a_short_one_gets_the_default() {
    let dir = temp_dir("gamma");
    let path = dir.join("rpi-sense-emu-screen");
    let low: Vec<u8> = (0..32).map(|i| i / 3).collect();
    std::fs::write(&path, [vec![7; 128], low.clone()].concat()).unwrap();
    Screen::open(&path).unwrap().show(&Frame::dark(8)).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), [vec![0; 128], low].concat());

    std::fs::write(&path, [1, 2, 3]).unwrap();
    Screen::open(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), 160);
    assert_eq!(&bytes[128..], &GAMMA_DEFAULT);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The GUI's side: the joystick server, and the screen file it reads.
struct Emulator {
    dir: PathBuf,
    server: UnixDatagram,
    game: Child,
    client: Option<SocketAddr>,
}

impl Emulator {
    fn start(name: &str) -> Emulator {
        let dir = temp_dir(name);
        let server = UnixDatagram::bind(dir.join("rpi-sense-emu-stick")).unwrap();
        server.set_read_timeout(Some(PATIENCE)).unwrap();
        let game = common::bin::queens()
            .args(["play", "--backend", "sense-emu", "--state"])
            .arg(dir.join("state.toml"))
            .env("QUEENS_SENSE_EMU_DIR", &dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        Emulator { dir, server, game, client: None }
    }

    /// Waits for a `hello`, and keeps who sent it.
    fn hello(&mut self) -> Instant {
        let mut buf = [0u8; 64];
        let (n, from) = self.server.recv_from(&mut buf).expect("a hello in time");
        assert_eq!(&buf[..n], b"hello");
        let path = from.as_pathname().expect("the client binds a path");
        assert_eq!(path.parent(), Some(self.dir.as_path()), "the client binds beside the server");
        self.client = Some(from);
        Instant::now()
    }

    /// Sends one `llHHI` record: EV_KEY, `code`, `value`.
    fn key(&self, code: u16, value: u32) {
        let mut record = Vec::new();
        record.extend_from_slice(&(1_700_000_000 as libc::c_long).to_ne_bytes());
        record.extend_from_slice(&(250_000 as libc::c_long).to_ne_bytes());
        record.extend_from_slice(&1u16.to_ne_bytes());
        record.extend_from_slice(&code.to_ne_bytes());
        record.extend_from_slice(&value.to_ne_bytes());
        let to = self.client.as_ref().expect("a client said hello");
        self.server.send_to_addr(&record, to).unwrap();
    }

    fn click(&self, code: u16) {
        self.key(code, 1);
        self.key(code, 0);
    }

    fn screen(&self) -> Vec<u8> {
        std::fs::read(self.dir.join("rpi-sense-emu-screen")).unwrap_or_default()
    }

    /// Reads the screen file until it shows `expected`.
    fn wait_for(&self, what: &str, expected: &str) {
        let end = Instant::now() + PATIENCE;
        loop {
            let bytes = self.screen();
            if bytes.len() == 160 && picture(&bytes) == expected {
                return;
            }
            assert!(Instant::now() < end, "{what}: the screen shows\n{}", picture(&bytes));
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn client_path(&self) -> PathBuf {
        self.client.as_ref().and_then(|a| a.as_pathname()).unwrap().to_owned()
    }
}

impl Drop for Emulator {
    fn drop(&mut self) {
        let _ = self.game.kill();
        let _ = self.game.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn terminate(game: &mut Child) -> std::process::ExitStatus {
    end_by(game, nix::sys::signal::Signal::SIGTERM)
}

/// Sends `signal` to the game and waits for it to end.
fn end_by(game: &mut Child, signal: nix::sys::signal::Signal) -> std::process::ExitStatus {
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(game.id() as i32), signal).unwrap();
    let end = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = game.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < end, "the game did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_joystick_moves_places_and_answers_on_the_emulators_screen() {
    let mut emu = Emulator::start("play");
    emu.hello();
    emu.wait_for("the start board", &board(&[(3, 4, 'B')]));
    emu.click(KEY_RIGHT);
    emu.wait_for("right", &board(&[(4, 4, 'B')]));
    emu.key(KEY_DOWN, 1);
    emu.key(KEY_DOWN, 2); // the kernel's auto-repeat: ignored
    emu.key(KEY_DOWN, 0);
    emu.wait_for("one step down", &board(&[(4, 5, 'B')]));
    emu.click(KEY_ENTER);
    emu.wait_for("a queen", &board(&[(4, 5, 'W')]));
    emu.click(KEY_ENTER);
    let end = Instant::now() + PATIENCE;
    while picture(&emu.screen()).matches('Y').count() != 7 {
        assert!(Instant::now() < end, "no answer:\n{}", picture(&emu.screen()));
        std::thread::sleep(Duration::from_millis(10));
    }
    let answer = picture(&emu.screen());
    assert_eq!(answer.lines().nth(5).unwrap().chars().nth(4), Some('W'), "{answer}");

    let client = emu.client_path();
    let status = terminate(&mut emu.game);
    assert_eq!(status.code(), Some(143), "SIGTERM's status, as a shell reports it: {status:?}");
    assert_eq!(&emu.screen()[..128], &[0; 128], "the matrix is left dark");
    assert!(!client.exists(), "the client's socket is removed");
}

/// Ctrl-\\ in the terminal the emulator's game runs in (not in raw mode: the
/// emulator's window has the keys) is SIGQUIT: it ends the game as SIGTERM
/// does (issue 50's stranger: it killed it with the board lit and the
/// client's socket left behind).
#[test]
fn sigquit_ends_the_game_with_the_matrix_dark() {
    let mut emu = Emulator::start("quit");
    emu.hello();
    emu.wait_for("the start board", &board(&[(3, 4, 'B')]));
    let client = emu.client_path();
    let status = end_by(&mut emu.game, nix::sys::signal::Signal::SIGQUIT);
    assert_eq!(status.code(), Some(131), "SIGQUIT's status, as a shell reports it: {status:?}");
    assert_eq!(&emu.screen()[..128], &[0; 128], "the matrix is left dark");
    assert!(!client.exists(), "the client's socket is removed");
}

#[test]
fn hello_comes_again_about_once_a_second() {
    let mut emu = Emulator::start("hello");
    let first = emu.hello();
    let second = emu.hello();
    let gap = second - first;
    assert!(gap >= Duration::from_millis(800) && gap <= Duration::from_millis(3000), "{gap:?}");
}

#[test]
fn holding_the_middle_a_second_opens_the_menu() {
    let mut emu = Emulator::start("hold");
    emu.hello();
    emu.wait_for("the start board", &board(&[(3, 4, 'B')]));
    emu.key(KEY_ENTER, 1);
    let end = Instant::now() + PATIENCE;
    loop {
        let p = picture(&emu.screen());
        if p.contains('W') && !p.contains('g') {
            break;
        }
        assert!(Instant::now() < end, "no menu:\n{p}");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Letting go after the hold leaves the menu open.
    emu.key(KEY_ENTER, 0);
    std::thread::sleep(Duration::from_millis(100));
    assert!(!picture(&emu.screen()).contains('g'));
}

/// Waits until the screen file's picture satisfies `ok`.
fn wait_until(emu: &Emulator, what: &str, ok: impl Fn(&str) -> bool) {
    let end = Instant::now() + PATIENCE;
    loop {
        let bytes = emu.screen();
        if bytes.len() == 160 && ok(&picture(&bytes)) {
            return;
        }
        assert!(Instant::now() < end, "{what}: the screen shows\n{}", picture(&bytes));
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_whole_game_solved_on_the_emulator() {
    let mut emu = Emulator::start("solve");
    emu.hello();
    emu.wait_for("the start board", &board(&[(3, 4, 'B')]));
    let solution = [7, 1, 3, 0, 6, 4, 2, 5];
    let queens = |c: char| -> Vec<(usize, usize, char)> {
        solution.iter().enumerate().map(|(x, &y)| (x, y, c)).collect()
    };
    let mut at = (3usize, 4usize);
    for (x, &y) in solution.iter().enumerate() {
        for _ in 0..(x + 8 - at.0) % 8 {
            emu.click(KEY_RIGHT);
        }
        for _ in 0..(y + 8 - at.1) % 8 {
            emu.click(KEY_DOWN);
        }
        emu.click(KEY_ENTER);
        at = (x, y);
        if x == 6 {
            wait_until(&emu, "seven queens", |p| p.matches('W').count() == 7);
        }
    }
    emu.wait_for("the blue flash", &board(&queens('B')));
    wait_until(&emu, "the progress message", |p| !p.contains('g'));
    // A press during the message acts at once, as on the settled board: the matrix sleeps.
    emu.click(KEY_ENTER);
    emu.wait_for("asleep after the solved board", &"........\n".repeat(8));
    let status = terminate(&mut emu.game);
    assert_eq!(status.code(), Some(143));
    let saved = std::fs::read_to_string(emu.dir.join("state.toml")).expect("the progress is saved");
    assert_eq!(queens::daemon::state_toml::parse(&saved).unwrap().progress.found().count(), 1);
}

#[test]
fn with_no_emulator_it_says_once_that_it_waits_and_leaves_nothing_behind() {
    use std::io::Read;
    let dir = temp_dir("no-emulator");
    let mut game = common::bin::queens()
        .args(["play", "--backend", "sense-emu"])
        .env("QUEENS_SENSE_EMU_DIR", &dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Three hellos' time: the word comes once, at the first.
    std::thread::sleep(Duration::from_millis(2500));
    let _ = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(game.id() as i32),
        nix::sys::signal::Signal::SIGTERM,
    );
    let status = game.wait().unwrap();
    let mut err = String::new();
    game.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert_eq!(status.code(), Some(143), "{status:?}: {err}");
    assert_eq!(err.matches("waiting for the Sense HAT emulator: start sense_emu_gui").count(), 1, "{err}");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.is_empty(), "the socket and the screen file it made are gone: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_size_it_has_no_room_for_is_refused_in_one_line_and_leaves_nothing_behind() {
    let dir = temp_dir("too-large");
    let out = common::bin::queens()
        .args(["play", "--backend", "sense-emu", "--size", "12"])
        .env("QUEENS_SENSE_EMU_DIR", &dir)
        .env("XDG_STATE_HOME", &dir)
        .env_remove("STATE_DIRECTORY")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(
        err,
        "queens play: --size cannot be '12': this backend shows boards up to 8x8; the terminal's up to 16x16 \
         (see 'queens play --help')\n"
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.is_empty(), "nothing played, nothing left: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
