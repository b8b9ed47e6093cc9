//! The built `queens` binary as a command, also when the tests run under qemu-user.
//!
//! `cargo test --target T` with a qemu runner (.cargo/config.toml) emulates the test binary, but a
//! child it starts is started by the host kernel, which cannot run a foreign binary unless
//! binfmt_misc is set up for it. Then the child goes through the emulator for the test's own
//! architecture; it inherits QEMU_LD_PREFIX, which the runner sets for the dynamically linked targets,
//! and QEMU_CPU, which the ARMv6 target's runner sets to the Pi Zero's `arm1176`, so the child runs on
//! the same CPU as the test (an ARMv7 instruction in the binary kills it there too).

use queens::game::Frame;
use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// A command that starts the built `queens` binary.
pub fn queens() -> Command {
    same_arch(Path::new(env!("CARGO_BIN_EXE_queens")))
}

/// Runs the built binary with `args` to the end: its exit status (`None`
/// if a signal ended it), standard output and standard error.
pub fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = queens().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// `queens ARGS` with `input` on standard input, run to the end.
pub fn with_input<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>, input: &str) -> Output {
    started_with_input(args, input).wait_with_output().unwrap()
}

/// `queens ARGS` started with `input` written to its standard input (then
/// closed), and its standard output and error piped.
fn started_with_input<S: AsRef<OsStr>>(
    args: impl IntoIterator<Item = S>,
    input: &str,
) -> std::process::Child {
    let mut child = piped(args);
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child
}

/// `queens ARGS` started with its standard input, output and error piped.
fn piped<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> std::process::Child {
    queens().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
}

/// `queens play ARGS` with `script` on standard input, run to the end; it must succeed.
pub fn play<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>, script: &str) -> Output {
    let args: Vec<std::ffi::OsString> =
        std::iter::once("play".into()).chain(args.into_iter().map(|a| a.as_ref().to_owned())).collect();
    let out = with_input(args, script);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out
}

/// `queens play ARGS` with its standard input held open and its output
/// piped, once it has shown its first frame: it has read its saved state.
/// [`finish`] gives it the rest of its input.
pub fn started_play<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> std::process::Child {
    use std::io::BufRead;
    let args: Vec<std::ffi::OsString> =
        std::iter::once("play".into()).chain(args.into_iter().map(|a| a.as_ref().to_owned())).collect();
    let mut child = piped(args);
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut first).unwrap();
    assert!(!first.is_empty(), "the game showed nothing");
    child
}

/// Gives a game [`started_play`] the rest of its input and runs it to the
/// end; it must succeed.
pub fn finish(mut game: std::process::Child, script: &str) -> Output {
    game.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = game.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Runs `queens play --backend script --trace` with `script`: every frame printed,
/// each with whether it was an animation's (traced) or a settled one.
pub fn play_traced(args: &[&str], script: &str) -> Vec<(bool, Frame)> {
    let out = play(["--backend", "script", "--trace"].iter().chain(args), script);
    let stdout = String::from_utf8(out.stdout).unwrap();
    stdout
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| match block.strip_prefix("@ ") {
            Some(rest) => (true, rest.split_once('\n').unwrap().1.parse().unwrap()),
            None => (false, block.parse().unwrap()),
        })
        .collect()
}

/// The frames of the last animation before the last settled frame.
pub fn last_animation(frames: &[(bool, Frame)]) -> Vec<Frame> {
    let (_, before_last) = frames.split_last().unwrap();
    let start = before_last.iter().rposition(|(traced, _)| !traced).map_or(0, |i| i + 1);
    before_last[start..].iter().map(|&(_, f)| f).collect()
}

/// Makes `command` run as the user and group `nobody` (65534) with no
/// supplementary groups, so a file root could read is refused to it.
/// Only root can do this.
pub fn as_nobody(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setgroups, setgid and setuid are async-signal-safe, and nothing
    // else runs in the child between fork and exec.
    unsafe {
        command.pre_exec(|| {
            if libc::setgroups(0, std::ptr::null()) != 0
                || libc::setgid(65534) != 0
                || libc::setuid(65534) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    };
}

/// A command that starts `exe`, built for the same target as the tests
/// (the test binary itself, say), through the emulator when one is needed.
pub fn same_arch(exe: &Path) -> Command {
    match emulator() {
        Some(qemu) => {
            let mut command = Command::new(qemu);
            command.arg(exe);
            command
        }
        None => Command::new(exe),
    }
}

/// The qemu-user program to start the binary through, when the kernel cannot start it itself.
fn emulator() -> Option<&'static str> {
    static EMULATOR: OnceLock<Option<&'static str>> = OnceLock::new();
    *EMULATOR.get_or_init(|| {
        // Not just "did exec fail with ENOEXEC": glibc's posix_spawn reports the exec error through
        // memory it shares with the child (CLONE_VM), which qemu-user does not share, so under qemu
        // a failed exec looks like a child that exited with 127.
        let probe = Command::new(env!("CARGO_BIN_EXE_queens")).arg("--version").output();
        let runs_natively = probe.is_ok_and(|out| out.status.success() && out.stdout.starts_with(b"queens "));
        if runs_natively { None } else { Some(qemu_for_this_arch()) }
    })
}

fn qemu_for_this_arch() -> &'static str {
    if cfg!(target_arch = "aarch64") {
        "qemu-aarch64"
    } else if cfg!(target_arch = "arm") {
        "qemu-arm"
    } else if cfg!(target_arch = "x86_64") {
        "qemu-x86_64"
    } else {
        panic!("the kernel cannot run the built binary and there is no qemu-user name for this architecture")
    }
}

/// What [`interrupt_when`] saw of a run stopped with Ctrl-C.
pub struct Interrupted {
    /// The first line of standard error that matched, if one came in time.
    pub matched: Option<String>,
    /// All of standard error.
    pub stderr: String,
    /// Standard output.
    pub stdout: String,
    /// The exit status (`None` if a signal ended it).
    pub status: Option<i32>,
}

/// Starts `queens ARGS` with `input` on standard input, waits (at most
/// `wait`) for a line of standard error that `wanted` accepts, then sends
/// it Ctrl-C (SIGINT) and runs it to the end. When no such line comes in
/// time the process is killed (SIGKILL), so a search that says nothing fails
/// the test instead of hanging it.
pub fn interrupt_when(
    args: &[&str],
    input: &str,
    wait: std::time::Duration,
    wanted: impl Fn(&str) -> bool,
) -> Interrupted {
    use std::io::{BufRead, BufReader, Read};
    let mut child = started_with_input(args, input);
    let mut out = child.stdout.take().unwrap();
    let stdout = std::thread::spawn(move || {
        let mut text = String::new();
        out.read_to_string(&mut text).unwrap();
        text
    });
    let (lines, receive) = std::sync::mpsc::channel();
    let err = BufReader::new(child.stderr.take().unwrap());
    std::thread::spawn(move || {
        for line in err.lines() {
            let _ = lines.send(line.unwrap());
        }
    });
    let deadline = std::time::Instant::now() + wait;
    let mut stderr = String::new();
    let mut matched = None;
    while let Ok(line) = receive.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now())) {
        stderr += &line;
        stderr.push('\n');
        if wanted(&line) {
            matched = Some(line);
            break;
        }
    }
    let signal = if matched.is_some() { libc::SIGINT } else { libc::SIGKILL };
    // SAFETY: kill(2) on the child's pid, which has not been waited for yet.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let status = child.wait().unwrap();
    for line in receive.iter() {
        stderr += &line;
        stderr.push('\n');
    }
    Interrupted { matched, stderr, stdout: stdout.join().unwrap(), status: status.code() }
}
