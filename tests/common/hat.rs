//! The Sense HAT for the tests, played in this process: the `sense-hat`
//! crate's shipped stand-ins ([`MockDevices`]: an LED matrix that keeps
//! every picture it is shown, a joystick fed the kernel's own records),
//! injected into the game's one HAT backend as a [`Devices`] (nothing of
//! them is in the binary; the real kernel devices are played in the VM
//! test). The game runs on a thread, ended as a signal ends it: a byte on
//! its shutdown socket.

use queens::backend::BackendKind;
use queens::backend::hat::HatSettings;
use queens::backend::sensehat::{SenseHat, StickAtStart};
use queens::backend::signals::Shutdown;
use queens::daemon::saver::Stored;
use queens::daemon::state::StateFile;
use queens::game::{Engine, Frame, ModeKind, NoCalendar, Setup, StoppedWatch, TiltSettings};
use sense_hat::mock::{MockDevices, StickFeeder};
use sense_hat::stick::record::{EV_KEY, EV_SYN, SYN_REPORT};
use sense_hat::{Picture, Rotation};
use std::fs;
use std::io::Write;
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the LEDs light for `frame` on a HAT turned by `rotation`, dimmed to
/// `brightness` percent: the picture as the device shows it.
pub fn on_leds(frame: &Frame, rotation: Rotation, brightness: u8) -> Picture {
    let settings = HatSettings { brightness, ..HatSettings::default() };
    let picture = settings.picture(frame);
    let mut turned = sense_hat::DARK;
    for (y, row) in picture.iter().enumerate() {
        for (x, &pixel) in row.iter().enumerate() {
            let (dx, dy) = rotation.place(x, y, sense_hat::SIDE);
            turned[dy][dx] = pixel;
        }
    }
    turned
}

/// A stand-in HAT, and a folder of its own for the game's files.
pub struct Hat {
    pub root: PathBuf,
    pub devices: MockDevices,
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
    /// Tilt to play on, with these settings (their turn the rotation's, as `play` sets it).
    pub tilt: Option<TiltSettings>,
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
            tilt: None,
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
        fs::create_dir_all(&root).unwrap();
        Hat { root, devices: MockDevices::new() }
    }

    pub fn path(&self, p: &str) -> PathBuf {
        self.root.join(p)
    }

    pub fn settings(&self, play: &Play) -> HatSettings {
        HatSettings {
            rotation: play.rotation,
            brightness: play.brightness,
            low_light: play.low_light,
            ..HatSettings::default()
        }
    }

    /// Starts `play.mode` (classic unless told) on the 8x8 as `play` would, on the stand-ins.
    pub fn start(&self, play: Play) -> Game {
        let (shutdown, stop) = Shutdown::detached();
        let devices = Box::new(self.devices.clone());
        let hat = SenseHat::open(devices, self.settings(&play), shutdown, StickAtStart::Required)
            .expect("the stand-ins open");
        let thread = std::thread::spawn(move || {
            let stored = Stored::load(play.state.map(StateFile::new)).unwrap();
            let of = Setup::of(play.mode, 8).intro(play.intro);
            let quarter_turns = (play.rotation.degrees() / 90) as u8;
            let setup = match play.tilt {
                Some(tilt) => of.tilt(TiltSettings { quarter_turns, ..tilt }),
                None => of,
            }
            .setup();
            let mut engine =
                Engine::start(setup, &stored.state, Box::new(StoppedWatch), Box::new(NoCalendar));
            // What the game started on; a save writes the mode and size only once changed from it.
            let mut saver = stored.saver(&engine, false);
            // The binary's one way to play, on the stand-ins.
            queens::daemon::play(&mut engine, Box::new(hat), BackendKind::SenseHat, &mut saver)
                .map(|_ended| ())
        });
        Game { stop, thread }
    }

    /// What feeds the joystick the game has open.
    pub fn stick(&self) -> StickFeeder {
        self.devices.stick()
    }

    /// Waits until the game has opened the joystick `n` times in all.
    pub fn wait_for_stick_opened(&self, n: usize) {
        let end = Instant::now() + Duration::from_secs(20);
        while self.devices.opened().1 < n {
            assert!(Instant::now() < end, "the game never opened the joystick again");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// What the LEDs show now, as the device shows it; `None` before the first picture.
    pub fn leds(&self) -> Option<Picture> {
        let leds = self.devices.leds();
        leds.last().map(|_| leds.on_device())
    }

    /// Waits until the LEDs show `want`; panics with both if they never do.
    pub fn wait_for(&self, want: &Picture) {
        let end = Instant::now() + Duration::from_secs(20);
        while self.leds().as_ref() != Some(want) {
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

/// Pushes and lets go of a key, by its kernel code, as the kernel reports it.
pub fn click(stick: &mut StickFeeder, code: u16) {
    try_click(stick, code).unwrap();
}

/// [`click`], for a game that may have gone already.
pub fn try_click(stick: &mut StickFeeder, code: u16) -> std::io::Result<()> {
    stick.records(&[(EV_KEY, code, 1), (EV_SYN, SYN_REPORT, 0), (EV_KEY, code, 0), (EV_SYN, SYN_REPORT, 0)])
}
