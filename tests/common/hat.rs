//! A stand-in Sense HAT for the tests, played in this process: the LED
//! framebuffer is a regular file (read back byte for byte) and the joystick
//! a FIFO carrying real `input_event` records. They are injected through the
//! library's test-only constructor ([`StandIns`]); the binary refuses both
//! (the real kernel devices are played in the VM test). The game runs on a
//! thread, ended as a signal ends it: a byte on its shutdown socket.

use queens::backend::rotation::Rotation;
use queens::backend::sensehat::joystick::{self, EV_KEY};
use queens::backend::sensehat::testing::StandIns;
use queens::backend::sensehat::{self};
use queens::daemon::signals::Shutdown;
use queens::daemon::state::StateFile;
use queens::game::{Engine, ModeKind, SavedState, Setup};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A stand-in framebuffer and joystick in a folder of their own.
pub struct Hat {
    pub root: PathBuf,
    pub stand_ins: StandIns,
}

/// How a game on the stand-in HAT is set up (what `play` takes from the
/// config file and the saved state).
#[derive(Clone, Debug)]
pub struct Play {
    /// The mode played (the config file's `mode`).
    pub mode: ModeKind,
    pub intro: bool,
    pub rotation: Rotation,
    pub brightness: u8,
    pub low_light: bool,
    /// Load progress from here at start and save it on every change.
    pub state: Option<PathBuf>,
}

impl Default for Play {
    fn default() -> Self {
        Play {
            mode: ModeKind::Classic,
            intro: false,
            rotation: Rotation::R0,
            brightness: 100,
            low_light: false,
            state: None,
        }
    }
}

/// A game playing on its own thread.
pub struct Game {
    stop: UnixStream,
    thread: JoinHandle<Result<(), queens::backend::Error>>,
}

impl Game {
    /// Ends the game as SIGTERM does; its result.
    pub fn terminate(self) -> Result<(), queens::backend::Error> {
        let _ = (&self.stop).write_all(&[1]);
        self.thread.join().expect("the game thread did not panic")
    }
}

impl Hat {
    pub fn new(tag: &str) -> Hat {
        let root = std::env::temp_dir().join(format!("queens-hat-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("dev/input")).unwrap();
        fs::write(root.join("dev/fb1"), [0xEEu8; 128]).unwrap();
        nix::unistd::mkfifo(
            root.join("dev/input/event3").as_path(),
            nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR,
        )
        .unwrap();
        Hat { root, stand_ins: StandIns::new() }
    }

    pub fn path(&self, p: &str) -> PathBuf {
        self.root.join(p)
    }

    pub fn options(&self, play: &Play) -> sensehat::Options {
        sensehat::Options {
            framebuffer: Some(self.path("dev/fb1")),
            joystick: Some(self.path("dev/input/event3")),
            rotation: play.rotation,
            brightness: play.brightness,
            low_light: play.low_light,
            ..sensehat::Options::default()
        }
    }

    /// Starts `play.mode` (classic unless told) on the 8x8 as `play` would, on the stand-ins.
    pub fn start(&self, play: Play) -> Game {
        let (shutdown, stop) = Shutdown::detached();
        let hat = self.stand_ins.open(self.options(&play), shutdown).expect("the stand-ins open");
        let thread = std::thread::spawn(move || {
            let mut hat = hat;
            let file = play.state.map(StateFile::new);
            let saved =
                file.as_ref().map(|f| f.load().unwrap().state.unwrap_or_default()).unwrap_or_default();
            let setup = Setup { mode: play.mode, intro: play.intro, ..Setup::default() };
            let mut engine = Engine::start(setup, saved.progress);
            // What the game started on; a save writes the mode and size only once changed from it.
            let mut as_of = saved.choices();
            queens::daemon::run_saving(&mut engine, &mut hat, |engine| {
                if let Some(file) = &file {
                    let state = SavedState::of(engine);
                    file.save(&state, &as_of).unwrap();
                    as_of = state.choices();
                }
            })
        });
        Game { stop, thread }
    }

    /// Opens the joystick FIFO for writing once the game has opened it.
    pub fn stick(&self) -> File {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            match OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(self.path("dev/input/event3"))
            {
                Ok(f) => return f,
                Err(_) if Instant::now() < end => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => panic!("the game never opened the joystick: {e}"),
            }
        }
    }

    pub fn leds(&self) -> Vec<u8> {
        fs::read(self.path("dev/fb1")).unwrap()
    }

    /// Waits until the LEDs show `want`; panics with both if they never do.
    pub fn wait_for(&self, want: &[u8]) {
        let end = Instant::now() + Duration::from_secs(20);
        while self.leds() != want {
            assert!(Instant::now() < end, "the LEDs never showed\n{want:?}\nbut\n{:?}", self.leds());
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Hat {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

/// Pushes and lets go of a key, as the kernel reports it.
pub fn click(stick: &mut File, code: u16) {
    try_click(stick, code).unwrap();
}

/// [`click`], for a game that may have gone already.
pub fn try_click(stick: &mut File, code: u16) -> std::io::Result<()> {
    for value in [1, 0] {
        stick.write_all(&joystick::encode(EV_KEY, code, value))?;
        stick.write_all(&joystick::encode(0, 0, 0))?; // EV_SYN
    }
    Ok(())
}
