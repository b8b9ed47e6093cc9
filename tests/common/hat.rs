//! A stand-in Sense HAT for the tests, played in this process: the LED
//! framebuffer is a regular file (read back byte for byte) and the joystick
//! a FIFO carrying real `input_event` records. They are injected through the
//! `sense-hat` crate's seam, [`KernelDevices`] (nothing of them is in the
//! library, nor the binary, which refuses both files: the real kernel
//! devices are played in the VM test). The game runs on a thread, ended as
//! a signal ends it: a byte on its shutdown socket.

use queens::backend::BackendKind;
use queens::backend::hat::HatSettings;
use queens::backend::sensehat::SenseHat;
use queens::backend::signals::Shutdown;
use queens::daemon::saver::Stored;
use queens::daemon::state::StateFile;
use queens::game::{Engine, Frame, ModeKind, NoCalendar, Setup, StoppedWatch};
use sense_hat::Picture;
use sense_hat::devices::{KernelDevices, LedMatrix};
use sense_hat::error::{Device, Error};
use sense_hat::framebuffer::{Gamma, PixelFormat};
use sense_hat::joystick::{Keys, Reading};
use sense_hat::record::{self, EV_KEY, KEY_BYTES, KeyBits, RECORD};
use sense_hat::rotation::Rotation;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The HAT's two devices as stand-ins: any file as the LED matrix (taken as
/// the Sense HAT's RGB565) and a FIFO of raw records as the joystick, with
/// what a real device would report (the keys held after a `SYN_DROPPED`,
/// the gamma tables asked for) under the test's control.
#[derive(Clone, Default)]
pub struct StandIns {
    /// The key codes the "device" reports down when asked (`EVIOCGKEY`).
    keys_down: Arc<Mutex<Vec<u16>>>,
    /// The gamma tables the backend asked the "driver" for, in order.
    gamma_asked: Arc<Mutex<Vec<Gamma>>>,
}

impl StandIns {
    pub fn new() -> StandIns {
        StandIns::default()
    }

    /// The Sense HAT backend on `options.framebuffer` and
    /// `options.joystick`, whatever they are.
    pub fn open(&self, options: HatSettings, shutdown: Shutdown) -> Result<SenseHat<StandIns>, Error> {
        SenseHat::open_with(self.clone(), options, shutdown)
    }

    /// Sets which keys the joystick reports down when asked.
    pub fn set_keys_down(&self, codes: &[u16]) {
        *self.keys_down.lock().unwrap() = codes.to_vec();
    }

    /// The gamma tables asked for so far.
    pub fn gamma_asked(&self) -> Vec<Gamma> {
        self.gamma_asked.lock().unwrap().clone()
    }
}

impl KernelDevices for StandIns {
    type Leds = FileMatrix;
    type Joystick = RecordStick;

    fn led_matrix(&self, path: &Path) -> Result<FileMatrix, Error> {
        let file = OpenOptions::new().read(true).write(true).open(path).map_err(|source| Error::Open {
            device: Device::LedMatrix,
            path: path.to_path_buf(),
            source,
        })?;
        Ok(FileMatrix { file, path: path.to_path_buf(), stand_ins: self.clone() })
    }

    fn joystick(&self, path: &Path) -> Result<RecordStick, Error> {
        let file = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
            .open(path)
            .map_err(|source| Error::Open { device: Device::Joystick, path: path.to_path_buf(), source })?;
        let keys_down = self.keys_down.clone();
        Ok(RecordStick { file, path: path.to_path_buf(), decoder: record::Decoder::default(), keys_down })
    }
}

/// Any file as the LED matrix, in the Sense HAT's RGB565.
pub struct FileMatrix {
    file: File,
    path: PathBuf,
    stand_ins: StandIns,
}

impl LedMatrix for FileMatrix {
    fn path(&self) -> &Path {
        &self.path
    }

    fn show(&self, picture: &Picture, rotation: Rotation) -> io::Result<()> {
        self.file.write_all_at(&PixelFormat::RGB565.encode(picture, rotation), 0)
    }

    fn reset_gamma(&self, gamma: Gamma) -> io::Result<()> {
        self.stand_ins.gamma_asked.lock().unwrap().push(gamma);
        Ok(())
    }
}

/// A FIFO of raw records as the joystick, read as the emulator's socket is
/// (the library's [`record::Decoder`]), with the keys' state after a
/// `SYN_DROPPED` what [`StandIns::set_keys_down`] said.
pub struct RecordStick {
    file: File,
    path: PathBuf,
    decoder: record::Decoder,
    keys_down: Arc<Mutex<Vec<u16>>>,
}

impl Keys for RecordStick {
    fn path(&self) -> &Path {
        &self.path
    }

    fn read(&mut self) -> Reading {
        let keys_down = self.keys_down.clone();
        let mut key_state = move || {
            let mut bits: KeyBits = [0; KEY_BYTES];
            for &code in keys_down.lock().unwrap().iter() {
                bits[usize::from(code) / 8] |= 1 << (code % 8);
            }
            Ok(bits)
        };
        let mut changes = Vec::new();
        let mut buf = [0u8; RECORD * 32];
        loop {
            match (&self.file).read(&mut buf) {
                // End of file: the FIFO's writer left.
                Ok(0) => return Reading::Gone(io::Error::from(io::ErrorKind::UnexpectedEof)),
                Ok(n) => changes.extend(self.decoder.feed(&buf[..n], &mut key_state)),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Reading::Changes(changes),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Reading::Gone(e),
            }
        }
    }
}

impl AsFd for RecordStick {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.file.as_fd()
    }
}

/// The bytes the LED matrix's framebuffer holds for `frame`, turned by
/// `rotation` and dimmed to `brightness` percent, in the Sense HAT's RGB565.
pub fn rgb565_dimmed(frame: &Frame, rotation: Rotation, brightness: u8) -> Vec<u8> {
    let settings = HatSettings { brightness, ..HatSettings::default() };
    PixelFormat::RGB565.encode(&settings.picture(frame), rotation)
}

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

    pub fn options(&self, play: &Play) -> HatSettings {
        HatSettings {
            framebuffer: Some(self.path("dev/fb1")),
            joystick: Some(self.path("dev/input/event3")),
            rotation: play.rotation,
            brightness: play.brightness,
            low_light: play.low_light,
            ..HatSettings::default()
        }
    }

    /// Starts `play.mode` (classic unless told) on the 8x8 as `play` would, on the stand-ins.
    pub fn start(&self, play: Play) -> Game {
        let (shutdown, stop) = Shutdown::detached();
        let hat = self.stand_ins.open(self.options(&play), shutdown).expect("the stand-ins open");
        let thread = std::thread::spawn(move || {
            let stored = Stored::load(play.state.map(StateFile::new)).unwrap();
            let setup = Setup::of(play.mode, 8).intro(play.intro).setup();
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
        stick.write_all(&record::encode(EV_KEY, code, value))?;
        stick.write_all(&record::encode(0, 0, 0))?; // EV_SYN
    }
    Ok(())
}
