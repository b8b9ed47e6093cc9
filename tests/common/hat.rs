//! A fake Sense HAT for the tests that start the built binary: a fake /sys
//! and /dev where the LED framebuffer is a regular file (read back byte for
//! byte) and the joystick a FIFO carrying real `input_event` records.

use super::bin;
use queens::backend::sensehat::joystick::{self, EV_KEY};
use std::ffi::CString;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A fake /sys and /dev holding a Sense HAT at fb1 and event3.
pub struct Hat {
    pub root: PathBuf,
}

impl Hat {
    pub fn new(tag: &str) -> Hat {
        let root = std::env::temp_dir().join(format!("queens-hat-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let put = |path: &str, text: &str| {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        };
        put("sys/class/graphics/fb0/name", "vc4drmfb\n");
        put("sys/class/graphics/fb1/name", "RPi-Sense FB\n");
        put("sys/class/input/event3/device/name", "Raspberry Pi Sense HAT Joystick\n");
        put("dev/fb1", "");
        fs::write(root.join("dev/fb1"), [0xEEu8; 128]).unwrap();
        fs::create_dir_all(root.join("dev/input")).unwrap();
        let fifo = CString::new(root.join("dev/input/event3").as_os_str().as_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        put("config.toml", "intro = false\n");
        Hat { root }
    }

    pub fn path(&self, p: &str) -> PathBuf {
        self.root.join(p)
    }

    pub fn start(&self, extra: &[&str]) -> Child {
        bin::queens()
            .args(["play", "--backend", "sensehat", "--sysfs-root"])
            .arg(self.path("sys"))
            .arg("--dev-root")
            .arg(self.path("dev"))
            .arg("--state")
            .arg(self.path("state.toml"))
            .arg("--config")
            .arg(self.path("config.toml"))
            .args(extra)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
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
