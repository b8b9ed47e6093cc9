//! The game under test, as a process: started, watched through its log
//! and /proc, stopped by signal. And the script backend, which says what
//! it should show.

use queens::game::Frame;
use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub struct Daemon {
    child: Child,
    log: PathBuf,
}

impl Daemon {
    /// `queens play` as a Pi would start it, but with the framebuffer named
    /// (vfb is not called "RPi-Sense FB") and the joystick left to be found
    /// by its name. No intro, a fresh state, so it starts as the script does.
    pub fn start(queens: &Path, framebuffer: &Path, tag: &str) -> Result<Daemon, String> {
        Daemon::start_with(queens, &["--framebuffer".as_ref(), framebuffer.as_os_str()], tag)
    }

    /// `queens play` with `args` naming the backend and its devices.
    pub fn start_with(queens: &Path, args: &[&OsStr], tag: &str) -> Result<Daemon, String> {
        Daemon::start_configured(queens, args, tag, "intro = false\n")
    }

    /// The same with `config` as the config file's text.
    pub fn start_configured(
        queens: &Path,
        args: &[&OsStr],
        tag: &str,
        config: &str,
    ) -> Result<Daemon, String> {
        let dir = PathBuf::from("/tmp").join(tag);
        fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        fs::write(dir.join("config.toml"), config).map_err(|e| e.to_string())?;
        let log = dir.join("stderr.log");
        let child = Command::new(queens)
            .arg("play")
            .args(args)
            .arg("--config")
            .arg(dir.join("config.toml"))
            .arg("--state")
            .arg(dir.join("state.toml"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(&log).map_err(|e| e.to_string())?)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", queens.display()))?;
        Ok(Daemon { child, log })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn log(&self) -> String {
        fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until the log holds `text`.
    pub fn wait_log(&self, text: &str, within: Duration) -> Result<(), String> {
        let end = Instant::now() + within;
        while !self.log().contains(text) {
            if Instant::now() > end {
                return Err(format!("the log never said {text:?} within {within:?}"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(())
    }

    /// The scheduler state and the user plus system CPU time in clock
    /// ticks, from /proc/PID/stat.
    pub fn cpu(&self) -> Result<(char, u64), String> {
        let stat = fs::read_to_string(format!("/proc/{}/stat", self.pid())).map_err(|e| e.to_string())?;
        // The command name may hold spaces; the fields after it do not.
        let fields: Vec<&str> =
            stat[stat.rfind(')').ok_or("no ')' in stat")? + 1..].split_whitespace().collect();
        let tick = |i: usize| fields[i].parse::<u64>().map_err(|e| e.to_string());
        Ok((fields[0].chars().next().unwrap_or('?'), tick(11)? + tick(12)?))
    }

    /// The kernel function the process sleeps in.
    pub fn wchan(&self) -> String {
        fs::read_to_string(format!("/proc/{}/wchan", self.pid())).unwrap_or_default()
    }

    /// SIGTERM, then the exit status, if it comes within `within`.
    pub fn terminate(&mut self, within: Duration) -> Result<ExitStatus, String> {
        let pid = nix::unistd::Pid::from_raw(self.pid() as libc::pid_t);
        // A child that is gone already is what `exited` reports.
        let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM);
        self.exited(within)
    }

    /// The exit status, if it comes within `within` (the process is
    /// killed on drop if not).
    pub fn exited(&mut self, within: Duration) -> Result<ExitStatus, String> {
        let end = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                return Ok(status);
            }
            if Instant::now() > end {
                return Err(format!("still running after {within:?}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The settled frames `queens play --backend script` prints for `moves`:
/// the start, then one after each move.
pub fn script_frames(queens: &Path, moves: &[&str]) -> Result<Vec<Frame>, String> {
    let mut child = Command::new(queens)
        .args(["play", "--backend", "script"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child.stdin.take().unwrap().write_all(moves.join("\n").as_bytes()).map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8(out.stdout).map_err(|e| e.to_string())?;
    text.split("\n\n").filter(|b| !b.trim().is_empty()).map(str::parse).collect()
}
