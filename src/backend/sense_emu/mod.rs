//! The Raspberry Pi Foundation's Sense HAT emulator (`sense_emu_gui`, from
//! the `sense-emu` Python package) as a backend: frames go to its screen
//! file ([`screen`]), the joystick comes from its socket (`stick`).
//!
//! Both live in one directory, `/dev/shm` (else `/tmp`) as the emulator
//! chooses, or `$QUEENS_SENSE_EMU_DIR` when set (the tests use their own).
//!
//! Idle, this backend blocks in poll(2) on the joystick socket and the
//! shutdown pipe ([`super::signals`]), with one periodic wake: the `hello`
//! the emulator needs about once a second to keep sending us the joystick
//! (its GUI forgets clients when it restarts).

pub mod screen;
pub mod stick;

use super::error::{Doing, Error, shown_path};
use super::signals::Shutdown;
use super::stick::{KeyEvents, Woke};
use super::tilt::TiltSensor;
use super::traits::{Backend, Display, Input, Next};
use crate::game::gesture::Timing;
use crate::game::{Frame, Millis};
use screen::Screen;
use sense_hat::Rotation;
use sense_hat::sensors::{Sensors, emu::Emulator};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use stick::StickClient;

/// How often the emulator is told we are here.
pub(crate) const HELLO_MS: Millis = 1000;

/// The emulator's directory: `$QUEENS_SENSE_EMU_DIR`, else `/dev/shm` if
/// there is one (as the emulator picks), else `/tmp`.
pub(crate) fn directory() -> PathBuf {
    match std::env::var_os("QUEENS_SENSE_EMU_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None if Path::new("/dev/shm").is_dir() => PathBuf::from("/dev/shm"),
        None => PathBuf::from("/tmp"),
    }
}

pub(crate) struct SenseEmu {
    /// The emulator's directory, named when the game starts.
    dir: PathBuf,
    screen: Screen,
    joystick: StickClient,
    /// The emulator's keys as game events (no rotation: its window is upright).
    events: KeyEvents,
    next_hello: Millis,
    shutdown: Shutdown,
    /// What lines on standard error start with (`queens play`).
    program: String,
    /// Whether the emulator has answered a hello yet, and whether the
    /// player was told it is awaited (once).
    emulator_seen: bool,
    /// The emulator's IMU file, which its orientation sliders move: read
    /// only while tilt is on.
    tilt: TiltSensor,
    told_waiting: bool,
    /// Whether the player was told the game plays in the emulator: once the
    /// game starts, not at `open`, so a game refused once the backend is
    /// open (a size it has no room for) says that alone.
    told_playing: bool,
}

impl SenseEmu {
    /// Opens the emulator's screen file and joystick socket in `dir`; its
    /// lines on standard error (from the first frame) start with `program`.
    pub(crate) fn open(dir: &Path, program: &str, shutdown: Shutdown) -> Result<SenseEmu, Error> {
        let screen_path = dir.join(screen::FILE_NAME);
        let screen = Screen::open(&screen_path).doing(|| format!("opening {}", shown_path(&screen_path)))?;
        let joystick = StickClient::open(dir.join(stick::SERVER_NAME))
            .doing(|| format!("binding a joystick socket in {}", shown_path(dir)))?;
        Ok(SenseEmu {
            dir: dir.to_path_buf(),
            screen,
            joystick,
            events: KeyEvents::new(Timing::default(), Rotation::R0),
            next_hello: 0,
            shutdown,
            program: program.to_string(),
            emulator_seen: false,
            tilt: TiltSensor::new(Sensors::new(Emulator::at(dir))),
            told_waiting: false,
            told_playing: false,
        })
    }

    /// Says, once, that the game plays in the emulator's directory.
    fn tell_playing(&mut self) {
        if !std::mem::replace(&mut self.told_playing, true) {
            crate::eprintln_lossy!(
                "{}: playing in the Sense HAT emulator ({}). Ctrl-C ends.",
                self.program,
                shown_path(&self.dir)
            );
        }
    }
}

impl Drop for SenseEmu {
    /// Removes the screen file this process made if no emulator ever came
    /// to use it (the joystick socket removes itself).
    fn drop(&mut self) {
        if let (false, Some(path)) = (self.emulator_seen, self.screen.created()) {
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Display for SenseEmu {
    fn show(&mut self, frame: &Frame) -> Result<(), Error> {
        self.tell_playing();
        self.screen.show(frame).doing(|| "writing the emulator's screen")
    }
}

impl Backend for SenseEmu {
    fn ended_by(&self) -> Option<i32> {
        self.shutdown.signal()
    }
}

impl Input for SenseEmu {
    fn now(&self) -> Millis {
        self.events.now()
    }

    fn repeat_held_directions(&mut self, on: bool) {
        self.events.set_repeat(on);
    }

    fn sample_tilt(&mut self, every: Option<Millis>) {
        self.events.set_sampling(every);
    }

    fn next(&mut self, deadline: Option<Millis>) -> Result<Next, Error> {
        self.tell_playing();
        loop {
            let now = self.events.now();
            if now >= self.next_hello {
                let answered = self.joystick.hello().doing(|| "greeting the emulator's joystick")?;
                self.emulator_seen |= answered;
                if !answered && !self.emulator_seen && !self.told_waiting {
                    self.told_waiting = true;
                    crate::eprintln_lossy!(
                        "{}: waiting for the Sense HAT emulator: start sense_emu_gui",
                        self.program
                    );
                }
                self.next_hello = now + HELLO_MS;
            }
            let socket = self.joystick.socket().as_fd();
            match self.events.wait(deadline, &self.shutdown, Some(socket), Some(self.next_hello))? {
                Woke::Next(next) => return Ok(next),
                Woke::Tick => {}
                Woke::Device => self.events.take(self.joystick.receive().doing(|| "reading the joystick")?),
                Woke::Sample => {
                    if let Some(tilt) = self.tilt.read() {
                        return Ok(Next::Event(tilt));
                    }
                }
            }
        }
    }
}
