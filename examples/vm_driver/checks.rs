//! One function per check, in the order `CHECKS` runs them.

use super::daemon::{self, Daemon};
use super::uinput::{MAINLINE_CODES, PI_CODES, Stick};
use super::{MOVES, Vm, Why, fb};
use queens::backend::sensehat::joystick::{EVIOCGRAB, RECORD};
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::time::Duration;

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

/// How many bytes of events wait on `file`, after `wait` for them.
fn pending(file: &mut File, wait: Duration) -> usize {
    std::thread::sleep(wait);
    let mut buf = [0u8; RECORD * 64];
    let mut total = 0;
    while let Ok(n @ 1..) = file.read(&mut buf) {
        total += n;
    }
    total
}

/// The control for the grab: without the game, a second reader does see
/// a click (so that seeing none later means the grab, not a broken test).
pub fn grab_control(vm: &mut Vm) -> Result<(), Why> {
    let mut stick = Stick::create(&PI_CODES).map_err(text)?;
    let mut other = reader(&stick)?;
    stick.click(PI_CODES[0]).map_err(text)?;
    let seen = pending(&mut other, Duration::from_millis(100));
    vm.stick = Some(stick);
    if seen < 4 * RECORD {
        return Err(format!("a second reader saw {seen} bytes of a click, not 4 records").into());
    }
    Ok(())
}

/// The game finds the joystick by its name alone and draws the start.
pub fn discovery(vm: &mut Vm) -> Result<(), Why> {
    let node = vm.stick.as_ref().ok_or("no joystick")?.node.clone();
    vm.game = Some(Daemon::start(&vm.queens, &vm.screen.path, "pi")?);
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
    // SAFETY: EVIOCGRAB takes an int by value.
    let r = unsafe { libc::ioctl(other.as_raw_fd(), EVIOCGRAB as _, 1 as libc::c_int) };
    match (r, io::Error::last_os_error().raw_os_error()) {
        (-1, Some(libc::EBUSY)) => Ok(()),
        (r, e) => Err(format!("a second EVIOCGRAB gave {r} ({e:?}), not EBUSY").into()),
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

/// SIGTERM: the game darkens the matrix (padding included) and exits 0.
pub fn sigterm(vm: &mut Vm) -> Result<(), Why> {
    let mut game = vm.game.take().ok_or("the game is not running")?;
    let status = game.terminate(Duration::from_secs(3))?;
    if status.code() != Some(0) {
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
