//! One function per check, in the order `CHECKS` runs them.

use super::daemon::{self, Daemon};
use super::gpiosim::Sim;
use super::stub::{self, Stub};
use super::uinput::{MAINLINE_CODES, PI_CODES, Stick};
use super::{MOVES, Vm, Why, fb};
use sense_hat::stick::record::RECORD;
use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn text<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// What the game must show, from the script backend.
pub fn script_frames(vm: &mut Vm) -> Result<(), Why> {
    vm.frames = daemon::script_frames(&vm.queens, &MOVES)?;
    match vm.frames.len() {
        n if n == MOVES.len() + 1 => Ok(()),
        n => Err(format!("{n} frames for {} moves", MOVES.len()).into()),
    }
}

/// 8x8 at 16 bits with 16-byte lines, and a format other than the Sense
/// HAT's RGB565, so that packing by the declared fields is what passes.
pub fn fb_mode(vm: &mut Vm) -> Result<(), Why> {
    if !vm.screen.device {
        return Err(Why::Skip("no vfb in this kernel: a regular file stands in for the LED matrix"));
    }
    let info = vm.screen.set_mode(8).map_err(|e| format!("cannot set 8x8 at 16 bpp: {e}"))?;
    if (info.xres, info.yres, info.bits_per_pixel, info.line_length) != (8, 8, 16, 16) {
        return Err(format!("the mode is {info:?}").into());
    }
    if !fb::declares_bgr565(&info) {
        return Err(format!("vfb no longer declares BGR565: {info:?}").into());
    }
    Ok(vm.screen.scribble().map_err(text)?)
}

fn reader(stick: &Stick) -> Result<File, String> {
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&stick.node)
        .map_err(|e| format!("{}: {e}", stick.node.display()))
}

/// The bytes of events waiting on `file`, after `wait` for them.
fn pending_bytes(file: &mut File, wait: Duration) -> Vec<u8> {
    std::thread::sleep(wait);
    let mut buf = [0u8; RECORD * 64];
    let mut all = Vec::new();
    while let Ok(n @ 1..) = file.read(&mut buf) {
        all.extend_from_slice(&buf[..n]);
    }
    all
}

fn pending(file: &mut File, wait: Duration) -> usize {
    pending_bytes(file, wait).len()
}

/// The control for the grab: without the game, a second reader does see
/// a click (so that seeing none later means the grab, not a broken test).
/// It is also the record size's check on this kernel, for the raw-record
/// reader's `RECORD` (16 bytes for a 32-bit process, 24 for a 64-bit one,
/// whatever the kernel's own word size): a click is exactly four records,
/// and the first decodes, at the offsets that size puts its fields, as the
/// key going down.
pub fn grab_control(vm: &mut Vm) -> Result<(), Why> {
    use sense_hat::stick::record::EV_KEY;
    let mut stick = Stick::create(&PI_CODES).map_err(text)?;
    let mut other = reader(&stick)?;
    stick.click(PI_CODES[0]).map_err(text)?;
    let seen = pending_bytes(&mut other, Duration::from_millis(100));
    vm.stick = Some(stick);
    if seen.len() != 4 * RECORD {
        return Err(format!(
            "a second reader saw {} bytes of a click, not 4 records of {RECORD}",
            seen.len()
        )
        .into());
    }
    let at = RECORD - 8;
    let kind = u16::from_ne_bytes([seen[at], seen[at + 1]]);
    let code = u16::from_ne_bytes([seen[at + 2], seen[at + 3]]);
    let value = i32::from_ne_bytes([seen[at + 4], seen[at + 5], seen[at + 6], seen[at + 7]]);
    if (kind, code, value) != (EV_KEY, PI_CODES[0], 1) {
        return Err(format!(
            "the first {RECORD}-byte record reads as {:?}:\n{}",
            (kind, code, value),
            fb::hex(&seen)
        )
        .into());
    }
    Ok(())
}

/// The game finds the joystick by its name alone and draws the start.
pub fn discovery(vm: &mut Vm) -> Result<(), Why> {
    let node = vm.stick.as_ref().ok_or("no joystick")?.node.clone();
    vm.game = Some(Daemon::start(&vm.queens, &vm.screen.path, "pi")?);
    found_and_drew(vm, &node)
}

/// The game just started logs that it reads the joystick at `node`, and draws its first frame.
pub fn found_and_drew(vm: &mut Vm, node: &std::path::Path) -> Result<(), Why> {
    vm.game()?.wait_log("joystick: ", Duration::from_secs(5))?;
    let want = format!("joystick: {}", node.display());
    if !vm.game()?.log().contains(&want) {
        return Err(format!("the log does not say {want:?}").into());
    }
    Ok(vm.wait_frame(0)?)
}

pub fn play_pi_codes(vm: &mut Vm) -> Result<(), Why> {
    Ok(vm.play(&PI_CODES, 6)?)
}

/// While the game holds the joystick, a second reader gets nothing of a
/// move the game does get, and cannot grab it itself.
pub fn grab(vm: &mut Vm) -> Result<(), Why> {
    let mut other = reader(vm.stick.as_ref().ok_or("no joystick")?)?;
    vm.play(&PI_CODES, vm.played + 1)?;
    let seen = pending(&mut other, Duration::from_millis(100));
    if seen != 0 {
        return Err(format!("a second reader saw {seen} bytes while the game held the joystick").into());
    }
    let mut other = evdev::Device::from_fd(other.into()).map_err(text)?;
    match other.grab() {
        Err(e) if e.raw_os_error() == Some(libc::EBUSY) => Ok(()),
        got => Err(format!("a second EVIOCGRAB gave {got:?}, not EBUSY").into()),
    }
}

/// Three idle seconds cost no CPU time: the game sleeps in the kernel.
pub fn idle(vm: &mut Vm) -> Result<(), Why> {
    let game = vm.game()?;
    let (_, before) = game.cpu()?;
    std::thread::sleep(Duration::from_secs(3));
    let (state, after) = game.cpu()?;
    let wchan = game.wchan();
    if after != before {
        return Err(format!("{} ticks of CPU in 3 idle seconds", after - before).into());
    }
    if state != 'S' || !(wchan.contains("poll") || wchan.is_empty() || wchan == "0") {
        return Err(format!("state {state}, waiting in {wchan:?}, not asleep in poll").into());
    }
    println!("idle: state {state}, wchan {wchan:?}, 0 ticks in 3 s");
    Ok(())
}

/// The joystick vanishes (its driver unloaded) and comes back: the game
/// waits, takes and grabs it again, and goes on where it was.
pub fn joystick_loss(vm: &mut Vm) -> Result<(), Why> {
    vm.stick.take().ok_or("no joystick")?.destroy().map_err(text)?;
    vm.game()?.wait_log("is gone", Duration::from_secs(5))?;
    // Long enough for the game's back-off to have grown past its first step.
    std::thread::sleep(Duration::from_millis(1500));
    let stick = Stick::create(&PI_CODES).map_err(text)?;
    let back = format!("the joystick is back at {}", stick.node.display());
    vm.stick = Some(stick);
    // The longest back-off is 8 s.
    vm.game()?.wait_log(&back, Duration::from_secs(12))?;
    grab(vm)?;
    Ok(vm.play(&PI_CODES, MOVES.len())?)
}

/// Whether this driver, and so the game beside it, is a 32-bit build on a
/// 64-bit ARM kernel (the armhf pass on arm64): decided here from the
/// kernel's own machine name, not by the game's code it checks.
fn under_compat() -> Result<bool, String> {
    let uname = nix::sys::utsname::uname().map_err(text)?;
    Ok(cfg!(target_pointer_width = "32") && uname.machine() == "aarch64")
}

/// What the game and doctor must say under compat.
const COMPAT_NOTE: &str = "a 32-bit queens on a 64-bit kernel (aarch64)";

/// vfb has no gamma calls, as `rpisense-fb` has none for a 32-bit process on
/// a 64-bit kernel: the reset fails with ENOTTY. The game, which has played
/// the moves so far, lost and found its joystick, said so once, and under
/// compat said why; and it still runs.
pub fn gamma_refused(vm: &mut Vm) -> Result<(), Why> {
    let game = vm.game()?;
    let log = game.log();
    let refusals: Vec<&str> = log.lines().filter(|l| l.contains("gamma")).collect();
    let [line] = refusals[..] else {
        return Err(format!(
            "{} lines about gamma, not one:
{log}",
            refusals.len()
        )
        .into());
    };
    // ENOTTY is 25 on every Linux architecture; its text is the C library's
    // (musl: "Not a tty", glibc: "Inappropriate ioctl for device").
    if !line.contains("refused a gamma reset") || !line.contains("(os error 25)") {
        return Err(format!("not a refusal with ENOTTY: {line:?}").into());
    }
    let compat = under_compat()?;
    if line.contains(COMPAT_NOTE) != compat {
        return Err(format!("under compat: {compat}, yet the warning says {line:?}").into());
    }
    let (state, _) = game.cpu()?;
    if state == 'Z' {
        return Err("the game has exited".into());
    }
    println!("gamma: {line}");
    Ok(())
}

/// `queens doctor` on the game's devices: under compat a `gamma` line says
/// why the calls fail (a note: it still exits 0 for the devices); natively
/// no such line.
pub fn doctor_gamma(vm: &mut Vm) -> Result<(), Why> {
    let node = vm.stick.as_ref().ok_or("no joystick")?.node.clone();
    let out = Command::new(&vm.queens)
        .args(["doctor", "--config", "/dev/null", "--i2c-bus", "/nonexistent", "--framebuffer"])
        .arg(&vm.screen.path)
        .arg("--joystick")
        .arg(&node)
        .output()
        .map_err(text)?;
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let gamma = said.lines().find(|l| l.starts_with("gamma "));
    match (under_compat()?, gamma) {
        (true, Some(line)) if line.contains(COMPAT_NOTE) && line.contains("arm64") => {
            println!("doctor: {line}")
        }
        (false, None) => {}
        (compat, _) => {
            return Err(format!(
                "under compat: {compat}, doctor says:
{said}"
            )
            .into());
        }
    }
    if !said.contains("LED matrix  /dev/fb0: 8x8, 16 bits") {
        return Err(format!(
            "doctor did not take the matrix:
{said}"
        )
        .into());
    }
    Ok(())
}

/// SIGTERM: the game darkens the matrix (padding included) and exits 143,
/// as a shell reports a process SIGTERM ended.
pub fn sigterm(vm: &mut Vm) -> Result<(), Why> {
    let mut game = vm.game.take().ok_or("the game is not running")?;
    let status = game.terminate(Duration::from_secs(3))?;
    if status.code() != Some(143) {
        return Err(format!("exited with {status:?}").into());
    }
    let rows = vm.screen.rows().map_err(text)?;
    if rows.iter().any(|&b| b != 0) {
        return Err(format!("the matrix is not dark after SIGTERM:\n{}", fb::hex(&rows)).into());
    }
    Ok(())
}

/// Mainline Linux's codes, from a fresh start. On vfb, rows 32 bytes
/// apart this time (16 pixels of virtual width): each must land at its
/// declared place.
pub fn mainline_codes(vm: &mut Vm) -> Result<(), Why> {
    if let Some(old) = vm.stick.take() {
        old.destroy().map_err(text)?;
    }
    if vm.screen.device {
        let info = vm.screen.set_mode(16).map_err(|e| format!("cannot set a 16-pixel virtual width: {e}"))?;
        if info.line_length != 32 || !fb::declares_bgr565(&info) {
            return Err(format!("the wide mode is {info:?}").into());
        }
    }
    vm.screen.scribble().map_err(text)?;
    vm.stick = Some(Stick::create(&MAINLINE_CODES).map_err(text)?);
    vm.game = Some(Daemon::start(&vm.queens, &vm.screen.path, "mainline")?);
    vm.played = 0;
    vm.wait_frame(0)?;
    vm.play(&MAINLINE_CODES, MOVES.len())?;
    sigterm(vm)
}

/// The firmware version the stub is made to report, to find in what the
/// game and doctor say.
const STUB_VERSION: u8 = 7;

fn stub(vm: &mut Vm) -> Result<&mut Stub, Why> {
    vm.stub.as_mut().ok_or(Why::Skip("no i2c-stub in this kernel (Debian's ARM kernels lack it)"))
}

/// `play --backend i2c` on the stub's bus: no `--gpiochip`, as a Pi
/// would run it, so the line named GPIO23 is looked for (this kernel has
/// no simulated GPIO: the game must start without it).
fn i2c_args(stub: &Stub) -> Vec<&OsStr> {
    vec!["--backend".as_ref(), "i2c".as_ref(), "--i2c-bus".as_ref(), stub.bus.as_os_str()]
}

/// Starts the game on the stub and expects it to refuse: a non-zero exit
/// within 5 s and one line on stderr, which is returned.
pub fn refused(queens: &Path, stub: &Stub, tag: &str) -> Result<String, String> {
    let mut game = Daemon::start_with(queens, &i2c_args(stub), tag)?;
    let status = game.exited(Duration::from_secs(5)).map_err(|e| format!("did not refuse: {e}"))?;
    let said = game.log();
    if status.success() || said.trim_end().lines().count() != 1 {
        return Err(format!("exited with {status:?}, saying {said:?}: not one line and a failure"));
    }
    Ok(said)
}

/// The frame registers still hold the scribble: nothing was written.
fn untouched(stub: &mut Stub) -> Result<(), String> {
    let frame = stub.frame()?;
    if frame.iter().any(|&b| b != 0x55) {
        return Err(format!("the frame registers were written:\n{}", fb::hex(&frame)));
    }
    Ok(())
}

/// i2c-stub made to answer as the chip does before the game starts: 's'
/// at 0xF0, a version at 0xF1, no keys at 0xF2, and the frame registers
/// scribbled so that one the game leaves alone shows. Read back through
/// i2c-dev: the stub keeps what is written byte by byte and in blocks.
/// A key release the kernel dropped: with the game stopped (SIGSTOP), the
/// release and a flood of events overflow evdev's buffer, which then holds
/// `SYN_DROPPED` and the newest events only. Resumed, the game must ask the
/// device (`EVIOCGKEY`) and let the key go; a key left held would repeat
/// after 500 ms and move the cursor on.
pub fn syn_dropped(vm: &mut Vm) -> Result<(), Why> {
    dropped_release(vm, 200)
}

/// The same, with a flood that ends just as the buffer overflows again:
/// evdev's 64-event buffer overflows at the 64th event and every 62nd after,
/// leaving `SYN_DROPPED` and the newest event, so 2 + 2 * 186 = 64 + 5 * 62
/// events leave nothing after the dropped packet. The next fetch then finds
/// nothing to read: the `evdev` crate's resynchronisation happens there and
/// its releases are lost with the `WouldBlock`, unless the game makes them.
pub fn syn_dropped_last(vm: &mut Vm) -> Result<(), Why> {
    dropped_release(vm, 186)
}

fn dropped_release(vm: &mut Vm, repeats: usize) -> Result<(), Why> {
    use nix::sys::signal::{Signal, kill};
    use sense_hat::stick::record::{EV_KEY, EV_SYN, KEY_RIGHT, KEY_UP, SYN_REPORT};
    if let Some(old) = vm.stick.take() {
        old.destroy().map_err(text)?;
    }
    let mut stick = Stick::create(&PI_CODES).map_err(text)?;
    vm.screen.scribble().map_err(text)?;
    // Strict, whose held directions repeat (classic's move once); its first frames are classic's.
    let args = ["--framebuffer".as_ref(), vm.screen.path.as_os_str()];
    let mut game =
        Daemon::start_configured(&vm.queens, &args, "dropped", "intro = false\nmode = \"strict\"\n")?;
    vm.wait_frame(0)?;
    // MOVES starts with "right": frame 1 is the cursor one square on.
    stick.send(&[(EV_KEY, KEY_RIGHT, 1), (EV_SYN, SYN_REPORT, 0)]).map_err(text)?;
    vm.wait_frame(1)?;
    let pid = nix::unistd::Pid::from_raw(game.pid() as libc::pid_t);
    kill(pid, Signal::SIGSTOP).map_err(text)?;
    let mut flood = vec![(EV_KEY, KEY_RIGHT, 0), (EV_SYN, SYN_REPORT, 0)];
    for _ in 0..repeats {
        // Auto-repeat reports pass the input core whatever the key's state, and the game ignores them.
        flood.extend([(EV_KEY, KEY_UP, 2), (EV_SYN, SYN_REPORT, 0)]);
    }
    let sent = stick.send(&flood);
    kill(pid, Signal::SIGCONT).map_err(text)?;
    sent.map_err(text)?;
    std::thread::sleep(Duration::from_millis(1500));
    let want = vm.screen.expected(&vm.frames[1]);
    let got = vm.screen.visible().map_err(text)?;
    let status = game.terminate(Duration::from_secs(3))?;
    stick.destroy().map_err(text)?;
    if got != want {
        return Err(format!("the cursor moved on by itself:\n{}", fb::hex(&got)).into());
    }
    if status.code() != Some(143) {
        return Err(format!("exited with {status:?}").into());
    }
    Ok(())
}

/// An input device of the joystick's name that lacks one of the five keys
/// is refused, by its supported keys as the kernel reports them, in one
/// line naming the device; with all five (in either code set) it passes.
pub fn four_keys_refused(vm: &mut Vm) -> Result<(), Why> {
    if let Some(old) = vm.stick.take() {
        old.destroy().map_err(text)?;
    }
    let doctor = |node: &Path| {
        Command::new(&vm.queens)
            .args(["doctor", "--config", "/dev/null", "--i2c-bus", "/nonexistent", "--joystick"])
            .arg(node)
            .output()
            .map_err(text)
    };
    let four = Stick::create(&PI_CODES[..4]).map_err(text)?;
    let out = doctor(&four.node)?;
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let want = format!(
        "{} (\"Raspberry Pi Sense HAT Joystick\") has not the joystick's five keys",
        four.node.display()
    );
    four.destroy().map_err(text)?;
    let problem = said.lines().find(|l| l.starts_with("- ") && l.contains("five keys"));
    if out.status.code() != Some(1) || !problem.is_some_and(|l| l.contains(&want)) {
        return Err(format!("{:?}, not refused naming the device: {said}", out.status).into());
    }
    for codes in [&PI_CODES, &MAINLINE_CODES] {
        let five = Stick::create(codes).map_err(text)?;
        let out = doctor(&five.node)?;
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        five.destroy().map_err(text)?;
        if !said.contains("an input device with the five keys") {
            return Err(format!("five keys {codes:?} not taken: {said}").into());
        }
    }
    Ok(())
}

/// A regular file named as the LED matrix is refused in one line and
/// left as it was (the game once wrote its first frame into it).
pub fn regular_file_refused(vm: &mut Vm) -> Result<(), Why> {
    let precious = Path::new("/tmp/precious.txt");
    let text = "Dear diary, ".repeat(20);
    std::fs::write(precious, &text).map_err(text_of)?;
    let out = Command::new(&vm.queens)
        .args(["play", "--backend", "sensehat", "--config", "/dev/null", "--framebuffer"])
        .arg(precious)
        .args(["--joystick", "/dev/null"])
        .output()
        .map_err(text_of)?;
    let said = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(1)
        || !said.contains("is not a framebuffer device")
        || said.trim_end().lines().count() != 1
    {
        return Err(format!("{:?}: {said}", out.status).into());
    }
    if std::fs::read_to_string(precious).map_err(text_of)? != text {
        return Err("the file was written to".into());
    }
    Ok(())
}

fn text_of(e: io::Error) -> String {
    e.to_string()
}

pub fn stub_preloaded(vm: &mut Vm) -> Result<(), Why> {
    let Some(mut stub) = Stub::find()? else {
        return Err(Why::Skip("no i2c-stub in this kernel (Debian's ARM kernels lack it)"));
    };
    for (register, value) in [(stub::WHO_AM_I, b's'), (stub::VERSION, STUB_VERSION), (stub::KEYS, 0)] {
        stub.set(register, value)?;
        if stub.get(register)? != value {
            return Err(format!("register 0x{register:02X} does not keep 0x{value:02X}").into());
        }
    }
    stub.scribble()?;
    untouched(&mut stub)?;
    println!("i2c-stub: 0x46 on {}", stub.bus.display());
    vm.stub = Some(stub);
    Ok(())
}

/// A chip that is not the HAT's (0xF0 not 's'): one line naming its
/// answer, and nothing written to it.
pub fn i2c_who_am_i(vm: &mut Vm) -> Result<(), Why> {
    let queens = vm.queens.clone();
    let stub = stub(vm)?;
    stub.set(stub::WHO_AM_I, 0x6A)?;
    let said = refused(&queens, stub, "i2c-who");
    stub.set(stub::WHO_AM_I, b's')?;
    let said = said?;
    if !said.contains("answers 0x6A") || !said.contains("not a Sense HAT") {
        return Err(format!("the refusal does not name the chip's answer 0x6A: {said:?}").into());
    }
    Ok(untouched(stub)?)
}

/// A kernel driver (at24, as if a device tree put an EEPROM there) bound
/// to 0x46: the game says the address is held (EBUSY) and writes nothing;
/// doctor names the driver. Once the device is deleted, the address is free.
pub fn i2c_busy(vm: &mut Vm) -> Result<(), Why> {
    let queens = vm.queens.clone();
    let stub = stub(vm)?;
    stub.bind("24c02")?;
    let held = (|| {
        if stub.driver().as_deref() != Some("at24") {
            return Err(format!("at24 did not bind to {}: {:?}", stub.client, stub.driver()));
        }
        let said = refused(&queens, stub, "i2c-busy")?;
        if !said.contains("a kernel driver holds the Sense HAT at 0x46") {
            return Err(format!("the refusal does not say the address is held: {said:?}"));
        }
        let (_, report) = doctor(&queens, stub)?;
        let want = format!("0x46 on {}: held by the kernel driver \"at24\"", stub.bus.display());
        if !report.contains(&want) {
            return Err(format!("doctor does not say {want:?}:\n{report}"));
        }
        untouched(stub)
    })();
    stub.unbind()?;
    held?;
    if let Some(driver) = stub.driver() {
        return Err(format!("{driver} is still bound after delete_device").into());
    }
    Ok(())
}

/// `queens doctor --i2c-bus` on the stub's bus: its exit code and report.
pub fn doctor(queens: &Path, stub: &Stub) -> Result<(Option<i32>, String), String> {
    let out = Command::new(queens)
        .args(["doctor", "--config", "/dev/null", "--i2c-bus"])
        .arg(&stub.bus)
        .output()
        .map_err(text)?;
    Ok((out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// doctor finds the chip, its version and i2c-dev, and calls the missing
/// interrupt line a problem (exit 1): the joystick could not work.
pub fn i2c_doctor(vm: &mut Vm) -> Result<(), Why> {
    let queens = vm.queens.clone();
    let stub = stub(vm)?;
    let (code, report) = doctor(&queens, stub)?;
    let chip = format!("0x46 on {}: answers 's', firmware {STUB_VERSION}", stub.bus.display());
    let wants = [chip.as_str(), "i2c_dev", "no GPIO line named GPIO23", "joystick does nothing"];
    if let Some(missing) = wants.iter().find(|w| !report.contains(**w)) {
        return Err(format!("doctor does not say {missing:?}:\n{report}").into());
    }
    if code != Some(1) {
        return Err(format!("doctor exited {code:?} without an interrupt line, not 1:\n{report}").into());
    }
    Ok(())
}

/// The game on the stub: it starts without an interrupt line (saying so)
/// and the stub's frame registers become the script's first frame, in the
/// chip's layout through the kernel driver's gamma table.
pub fn i2c_frames(vm: &mut Vm) -> Result<(), Why> {
    let queens = vm.queens.clone();
    let want = stub::expected(vm.frames.first().ok_or("no script frames")?);
    let stub = stub(vm)?;
    let game = Daemon::start_with(&queens, &i2c_args(stub), "i2c")?;
    let shown = wait_registers(stub, &want);
    let said = game.log();
    vm.game = Some(game);
    shown?;
    if !said.contains("GPIO23") || !said.contains("looking for it again") {
        return Err(format!("the log does not say the interrupt line is missing: {said:?}").into());
    }
    Ok(())
}

fn wait_registers(stub: &mut Stub, want: &[u8]) -> Result<(), String> {
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        let got = stub.frame()?;
        if got == want {
            return Ok(());
        }
        if Instant::now() > end {
            return Err(format!(
                "the registers never held the frame: want\n{}got\n{}",
                fb::hex(want),
                fb::hex(&got)
            ));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// SIGTERM: every frame register is 0 and the exit status 143.
pub fn i2c_sigterm(vm: &mut Vm) -> Result<(), Why> {
    stub(vm)?;
    let mut game = vm.game.take().ok_or("the game is not running")?;
    let status = game.terminate(Duration::from_secs(3))?;
    if status.code() != Some(143) {
        return Err(format!("exited with {status:?}").into());
    }
    let frame = stub(vm)?.frame()?;
    if frame.iter().any(|&b| b != 0) {
        return Err(format!("the LEDs are not dark after SIGTERM:\n{}", fb::hex(&frame)).into());
    }
    Ok(())
}

/// A gpio-sim line named GPIO23 appears while the game runs without one:
/// the game finds it within its longest back-off.
pub fn i2c_line_found_later(vm: &mut Vm) -> Result<(), Why> {
    stub(vm)?;
    let Some(sim) = Sim::create()? else {
        return Err(Why::Skip("no gpio-sim in this kernel: the interrupt line cannot be simulated"));
    };
    vm.sim = Some(sim);
    Ok(vm.game()?.wait_log("the joystick's interrupt: ", Duration::from_secs(10))?)
}

/// The joystick through the stub and the line: a key's bit written to
/// 0xF2 plus a rising edge is a move; the frame registers follow the script.
pub fn i2c_joystick(vm: &mut Vm) -> Result<(), Why> {
    let sim = vm.sim.take().ok_or(Why::Skip("no simulated interrupt line"))?;
    let played = (|| {
        for (i, word) in MOVES.iter().enumerate().take(2) {
            let bit = stub::key_bit(word).ok_or_else(|| format!("no key bit for {word:?}"))?;
            let want = stub::expected(&vm.frames[i + 1]);
            let stub = stub(vm)?;
            // Pressed: the game must read 0xF2 before it changes again. A direction acts on
            // the way down, so its move is awaited; the middle acts when let go, so it is held
            // for a click (well under the hold time, 1 s), not a fixed 50 ms that a loaded
            // machine's emulated CPU can outlast (seen: "right" missed in CI).
            stub.set(stub::KEYS, 1 << bit)?;
            sim.edge()?;
            if *word == "press" {
                std::thread::sleep(Duration::from_millis(300));
            } else {
                wait_registers(stub, &want).map_err(|e| format!("after {word:?} pressed: {e}"))?;
            }
            stub.set(stub::KEYS, 0)?;
            sim.edge()?;
            wait_registers(stub, &want).map_err(|e| format!("after {word:?}: {e}"))?;
        }
        Ok(())
    })();
    vm.sim = Some(sim);
    played
}
