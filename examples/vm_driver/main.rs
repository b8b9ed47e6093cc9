//! The VM test's driver: runs inside a throwaway Linux VM (`tests/vm/run`
//! builds it, statically, with the game) as the init script's last step,
//! plays the real game on the kernel's own devices (a uinput joystick named
//! like the Sense HAT's, vfb's framebuffer; i2c-stub as the HAT's chip for
//! the direct-I2C backend, and mainline's `sensehat-joystick` driver on
//! that chip, `real_driver.rs`), runs the `sense-hat` crate's `dot` example
//! on both paths (`example.rs`) and prints `PASS name` or
//! `FAIL name: why` per check. Never run on a host: it creates input
//! devices and changes the framebuffer's mode.
//!
//! A check is one function in `checks.rs` (or `real_driver.rs`) and one line in [`CHECKS`]; the
//! checks share a [`Vm`] and run in order, so a later one may use the game
//! an earlier one started.

mod checks;
mod daemon;
mod example;
mod fb;
mod gpiosim;
mod log_writes;
mod package;
mod powercut;
mod real_driver;
mod stub;
mod sys;
mod uinput;
mod upgrade;

use daemon::Daemon;
use fb::Screen;
use queens::game::Frame;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use uinput::Stick;

/// The moves played, in the script backend's words.
const MOVES: [&str; 10] = ["right", "press", "down", "down", "left", "press", "up", "up", "right", "press"];

type Check = fn(&mut Vm) -> Result<(), Why>;

/// Why a check did not pass.
pub enum Why {
    Fail(String),
    /// It cannot be run on this kernel (no i2c-stub on ARM, say).
    Skip(&'static str),
}

impl From<String> for Why {
    fn from(why: String) -> Why {
        Why::Fail(why)
    }
}

impl From<&str> for Why {
    fn from(why: &str) -> Why {
        Why::Fail(why.to_string())
    }
}

const CHECKS: &[(&str, Check)] = &[
    ("script-frames", checks::script_frames),
    ("fb-mode-bgr565", checks::fb_mode),
    ("second-reader-sees-events-without-the-game", checks::grab_control),
    ("joystick-found-by-name", checks::discovery),
    ("pi-codes-play-like-the-script", checks::play_pi_codes),
    ("joystick-grabbed", checks::grab),
    ("idle-blocked", checks::idle),
    ("joystick-removed-and-back", checks::joystick_loss),
    ("gamma-refused-warned-once-plays-on", checks::gamma_refused),
    ("doctor-says-why-gamma-fails", checks::doctor_gamma),
    ("sigterm-darkens-and-exits-143", checks::sigterm),
    ("mainline-codes-play-like-the-script", checks::mainline_codes),
    ("syn-dropped-lets-go-of-a-released-key", checks::syn_dropped),
    ("syn-dropped-at-the-end-lets-go-of-a-released-key", checks::syn_dropped_last),
    ("regular-file-refused-as-framebuffer", checks::regular_file_refused),
    ("joystick-without-the-five-keys-refused", checks::four_keys_refused),
    ("i2c-stub-answers-as-the-chip", checks::stub_preloaded),
    ("i2c-who-am-i-refused-in-one-line", checks::i2c_who_am_i),
    ("i2c-address-held-by-a-driver-refused", checks::i2c_busy),
    ("i2c-doctor-reports-the-chip", checks::i2c_doctor),
    ("i2c-frames-like-the-script", checks::i2c_frames),
    ("i2c-interrupt-line-found-later", checks::i2c_line_found_later),
    ("i2c-joystick-plays-like-the-script", checks::i2c_joystick),
    ("i2c-sigterm-darkens-and-exits-143", checks::i2c_sigterm),
    // The sense-hat crate's own example, one program on both paths.
    ("example-dot-on-the-framebuffer", example::on_framebuffer),
    ("example-dot-over-i2c", example::over_i2c),
    ("example-dot-same-frames-and-presses-on-both-paths", example::same_on_both),
    // The kernel's own joystick driver takes GPIO23 from here on.
    ("real-driver-board-binds-the-joystick-driver", real_driver::board_binds),
    ("real-driver-held-key-repeats-without-the-game", real_driver::repeats_sent),
    ("real-driver-joystick-found-by-name", real_driver::discovery),
    ("real-driver-keys-play-like-the-script", real_driver::first_moves),
    ("real-driver-autorepeat-ignored", real_driver::autorepeat_ignored),
    ("real-driver-plays-to-the-end-and-sigterm-darkens", real_driver::to_the_end),
    ("real-driver-address-held-refused-and-doctor-names-it", real_driver::address_held),
    ("real-driver-unbind-frees-the-line", real_driver::unbound_cleans_up),
];

/// The checks that play the game on the LED matrix's framebuffer.
const NEED_A_FRAMEBUFFER: &[&str] = &[
    "joystick-found-by-name",
    "pi-codes-play-like-the-script",
    "joystick-grabbed",
    "idle-blocked",
    "joystick-removed-and-back",
    "gamma-refused-warned-once-plays-on",
    "doctor-says-why-gamma-fails",
    "sigterm-darkens-and-exits-143",
    "mainline-codes-play-like-the-script",
    "syn-dropped-lets-go-of-a-released-key",
    "syn-dropped-at-the-end-lets-go-of-a-released-key",
    "example-dot-on-the-framebuffer",
    "real-driver-joystick-found-by-name",
    "real-driver-keys-play-like-the-script",
    "real-driver-autorepeat-ignored",
    "real-driver-plays-to-the-end-and-sigterm-darkens",
];

/// What the checks share.
pub struct Vm {
    queens: PathBuf,
    /// The script backend's frames for [`MOVES`].
    frames: Vec<Frame>,
    screen: Screen,
    stick: Option<Stick>,
    game: Option<Daemon>,
    /// How many of [`MOVES`] the game has been sent.
    played: usize,
    /// i2c-stub's 0x46, where the kernel has it.
    stub: Option<stub::Stub>,
    /// gpio-sim's line named GPIO23, where the module was built.
    sim: Option<gpiosim::Sim>,
    /// Mainline's joystick driver, once the board module has bound it.
    real: Option<real_driver::Real>,
    /// What the crate's `dot` example printed, by each path it ran on.
    dot_runs: Vec<(&'static str, String)>,
}

impl Vm {
    /// Waits until the matrix shows the script's frame `i`, byte for byte.
    fn wait_frame(&self, i: usize) -> Result<(), String> {
        let want = self.screen.expected(&self.frames[i]);
        let end = Instant::now() + Duration::from_secs(5);
        loop {
            let got = self.screen.visible().map_err(|e| e.to_string())?;
            if got == want {
                return Ok(());
            }
            if Instant::now() > end {
                return Err(format!(
                    "frame {i} never showed: want\n{}got\n{}",
                    fb::hex(&want),
                    fb::hex(&got)
                ));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends the next moves up to `upto` with `codes`, each checked.
    fn play(&mut self, codes: &[u16; 5], upto: usize) -> Result<(), String> {
        while self.played < upto {
            let stick = self.stick.as_mut().ok_or("no joystick")?;
            stick.click(uinput::code(codes, MOVES[self.played])).map_err(|e| e.to_string())?;
            self.played += 1;
            self.wait_frame(self.played)?;
        }
        Ok(())
    }

    fn game(&self) -> Result<&Daemon, String> {
        self.game.as_ref().ok_or_else(|| "the game is not running".to_string())
    }
}

/// Arguments: the game's binary (default `/queens`), and a suffix for every
/// check's name (empty by default), which tells a second pass with other
/// builds on the same kernel (the armhf ones on arm64) from the first.
fn main() {
    // `tests/vm/run package`: the checks inside the booted Debian system (package.rs).
    if std::env::args().nth(1).as_deref() == Some("package") {
        package::main();
    }
    // `tests/vm/run amd64`'s last step: the power cuts (powercut.rs), at least CUTS of them.
    if std::env::args().nth(1).as_deref() == Some("powercut") {
        let queens = PathBuf::from(std::env::args().nth(2).unwrap_or_else(|| "/queens".into()));
        let cuts = std::env::args().nth(3).and_then(|n| n.parse().ok()).unwrap_or(200);
        powercut::main(&queens, cuts);
    }
    let queens = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "/queens".into()));
    let suffix = std::env::args().nth(2).unwrap_or_default();
    let screen = match Screen::find() {
        Ok(screen) => screen,
        Err(e) => {
            println!("FAIL screen: {e}");
            std::process::exit(1);
        }
    };
    let mut vm = Vm {
        queens,
        frames: Vec::new(),
        screen,
        stick: None,
        game: None,
        played: 0,
        stub: None,
        sim: None,
        real: None,
        dot_runs: Vec::new(),
    };
    let mut failed = 0;
    for (check_name, check) in CHECKS {
        let name = format!("{check_name}{suffix}");
        let started = Instant::now();
        // The game plays only on a framebuffer device; without vfb there is none to play on.
        let outcome = if !vm.screen.device && NEED_A_FRAMEBUFFER.contains(check_name) {
            Err(Why::Skip("no vfb in this kernel, and the game refuses a regular file"))
        } else {
            check(&mut vm)
        };
        match outcome {
            Ok(()) => println!("PASS {name} ({} ms)", started.elapsed().as_millis()),
            Err(Why::Skip(why)) => println!("SKIP {name}: {why}"),
            Err(Why::Fail(why)) => {
                failed += 1;
                println!("FAIL {name}: {why}");
                if let Some(game) = &vm.game {
                    println!("--- the game's log:\n{}---", game.log());
                }
            }
        }
    }
    let pass =
        if suffix.is_empty() { String::new() } else { format!(" ({})", suffix.trim_start_matches('-')) };
    println!("{failed} of {} checks failed{pass}", CHECKS.len());
    std::process::exit(if failed == 0 { 0 } else { 1 });
}
