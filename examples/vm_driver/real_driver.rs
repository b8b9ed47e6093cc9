//! The real joystick driver: mainline Linux's `sensehat-joystick`, built
//! out of tree by tests/vm/run with a project-written board module
//! (tests/vm/sensehat-board/) that stands in for the device tree. Bound to
//! i2c-stub's 0x46, the board gives the driver a register map over the stub
//! and the gpio-sim line GPIO23 as its interrupt, so a key's bit written to
//! 0xF2 plus a rising edge is what the HAT's firmware does, and the input
//! device the game reads is the one the kernel's driver makes.
//!
//! These checks run after the `i2c-*` ones: those request the line from
//! user space, which the board's driver holds from here on.

use super::checks::{doctor, found_and_drew, refused};
use super::daemon::Daemon;
use super::stub::{self, Stub};
use super::uinput::{MAINLINE_CODES, code};
use super::{MOVES, Vm, Why};
use evdev::{Device, EventType, KeyCode};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The board module's I2C device id and driver name.
const BOARD: &str = "sensehat-board";
/// Mainline's joystick driver, and the child device the board makes for it.
const JOYSTICK: &str = "sensehat-joystick";
/// The game's config for these checks: its own repeat of a held direction
/// off, so that a held key moves once and any further move could only be
/// the kernel's auto-repeat taken for a press.
const NO_REPEAT: &str = "intro = false\nrepeat_interval_ms = 0\n";

fn text<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// The driver's joystick, bound through the board.
pub struct Real {
    /// Its `/dev/input/eventN`, found through sysfs from the child device.
    node: PathBuf,
    /// The same device opened by the test, to read the keys' state
    /// (`EVIOCGKEY` answers whoever holds the grab).
    device: Device,
}

impl Real {
    /// Whether the driver reports `key` down.
    fn is_down(&self, key: KeyCode) -> Result<bool, String> {
        Ok(self.device.get_key_state().map_err(text)?.contains(key))
    }
}

/// The child's sysfs directory, under the I2C client as the board made it.
fn child(stub: &Stub) -> PathBuf {
    Path::new("/sys/bus/i2c/devices").join(&stub.client).join(JOYSTICK)
}

/// The driver bound to `device` (a sysfs directory), if any.
fn driver_of(device: &Path) -> Option<String> {
    Some(fs::read_link(device.join("driver")).ok()?.file_name()?.to_string_lossy().into_owned())
}

/// The event device under the child's `input/inputN/`.
fn event_node(child: &Path) -> Option<PathBuf> {
    let inputs = fs::read_dir(child.join("input")).ok()?;
    for input in inputs.flatten() {
        for entry in fs::read_dir(input.path()).ok()?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("event") {
                return Some(Path::new("/dev/input").join(name));
            }
        }
    }
    None
}

fn stub(vm: &mut Vm) -> Result<&mut Stub, Why> {
    vm.stub.as_mut().ok_or(Why::Skip("no i2c-stub in this kernel (Debian's arm64 one lacks it)"))
}

fn real(vm: &Vm) -> Result<&Real, Why> {
    vm.real.as_ref().ok_or(Why::Skip("the board is not bound"))
}

/// `echo sensehat-board 0x46 > new_device`: the board binds, takes the
/// line GPIO23 (gpio-sim's, free again since the I2C game ended), and the
/// joystick driver binds to its child and makes an input device.
pub fn board_binds(vm: &mut Vm) -> Result<(), Why> {
    if vm.sim.is_none() {
        return Err(Why::Skip("no gpio-sim in this kernel: no interrupt line for the board"));
    }
    if let Some(old) = vm.stick.take() {
        old.destroy().map_err(text)?;
    }
    let stub = stub(vm)?;
    stub.set(stub::KEYS, 0)?;
    stub.bind(BOARD)?;
    let child = child(stub);
    let end = Instant::now() + Duration::from_secs(5);
    let node = loop {
        if let (Some(node), Some(_)) = (event_node(&child), driver_of(&child))
            && node.exists()
        {
            break node;
        }
        if Instant::now() > end {
            return Err(format!(
                "no input device under {} within 5 s (board driver {:?}, child driver {:?}; see dmesg)",
                child.display(),
                stub.driver(),
                driver_of(&child)
            )
            .into());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if stub.driver().as_deref() != Some(BOARD) || driver_of(&child).as_deref() != Some(JOYSTICK) {
        return Err(
            format!("bound: 0x46 to {:?}, its child to {:?}", stub.driver(), driver_of(&child)).into()
        );
    }
    let line = gpiocdev::find_named_line("GPIO23").ok_or("no line named GPIO23")?;
    if line.info.consumer != BOARD {
        return Err(format!("GPIO23 is held by {:?}, not the board", line.info.consumer).into());
    }
    let device = Device::open(&node).map_err(|e| format!("{}: {e}", node.display()))?;
    println!("real driver: {JOYSTICK} on {}, {} ({:?})", stub.client, node.display(), device.name());
    vm.real = Some(Real { node, device });
    Ok(())
}

/// Pushes the key of the script's `word` through the chip, as its firmware
/// does: the key's bit in 0xF2 and a rising edge; let go: 0 and an edge.
/// Each waits until the driver reports the change, so no change is
/// overwritten before the driver's interrupt thread has read 0xF2.
fn set_key(vm: &mut Vm, word: &str, down: bool) -> Result<(), String> {
    let bit = stub::key_bit(word).ok_or_else(|| format!("no key bit for {word:?}"))?;
    let key = KeyCode(code(&MAINLINE_CODES, word));
    let sim = vm.sim.as_ref().ok_or("no interrupt line")?;
    let stub = vm.stub.as_mut().ok_or("no stub")?;
    stub.set(stub::KEYS, if down { 1 << bit } else { 0 })?;
    sim.edge()?;
    let real = vm.real.as_ref().ok_or("the board is not bound")?;
    let end = Instant::now() + Duration::from_secs(5);
    while real.is_down(key)? != down {
        if Instant::now() > end {
            let what = if down { "down" } else { "up" };
            return Err(format!("the driver never reported {word:?} ({key:?}, bit {bit}) {what}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Ok(())
}

/// Clicks the next moves up to `upto`, each frame checked.
fn play(vm: &mut Vm, upto: usize) -> Result<(), String> {
    while vm.played < upto {
        let word = MOVES[vm.played];
        set_key(vm, word, true)?;
        set_key(vm, word, false)?;
        vm.played += 1;
        vm.wait_frame(vm.played).map_err(|e| format!("after {word:?}: {e}"))?;
    }
    Ok(())
}

/// The control for ignoring auto-repeat: before the game holds the device,
/// a key held for a second does make the input core send repeats (value 2)
/// after the press, ended by one release.
pub fn repeats_sent(vm: &mut Vm) -> Result<(), Why> {
    let node = real(vm)?.node.clone();
    let mut reader = Device::open(&node).map_err(text)?;
    let repeat = reader.get_auto_repeat().ok_or("the driver's device has no auto-repeat (EV_REP)")?;
    let word = "down";
    let key = code(&MAINLINE_CODES, word);
    set_key(vm, word, true)?;
    std::thread::sleep(Duration::from_millis(1000));
    set_key(vm, word, false)?;
    let mut values = Vec::new();
    reader.set_nonblocking(true).map_err(text)?;
    while let Ok(events) = reader.fetch_events() {
        let events: Vec<_> = events.collect();
        if events.is_empty() {
            break;
        }
        values.extend(
            events.iter().filter(|e| e.event_type() == EventType::KEY && e.code() == key).map(|e| e.value()),
        );
    }
    let repeats = values.iter().filter(|&&v| v == 2).count();
    println!(
        "auto-repeat: delay {} ms, period {} ms; {repeats} repeats in a 1 s hold",
        repeat.delay, repeat.period
    );
    if values.first() != Some(&1) || values.last() != Some(&0) || repeats == 0 || values.len() != repeats + 2
    {
        return Err(
            format!("a 1 s hold gave the values {values:?}, not a press, repeats and a release").into()
        );
    }
    Ok(())
}

/// The game finds the driver's joystick by its name alone and draws the start.
pub fn discovery(vm: &mut Vm) -> Result<(), Why> {
    let node = real(vm)?.node.clone();
    vm.screen.scribble().map_err(text)?;
    let game = Daemon::start_configured(
        &vm.queens,
        &["--framebuffer".as_ref(), vm.screen.path.as_os_str()],
        "real",
        NO_REPEAT,
    )?;
    vm.game = Some(game);
    vm.played = 0;
    found_and_drew(vm, &node)
}

/// The first moves, clicked through the chip.
pub fn first_moves(vm: &mut Vm) -> Result<(), Why> {
    real(vm)?;
    Ok(play(vm, 2)?)
}

/// The next move held for a second: the driver's repeats arrive (the
/// control above) and the cursor moves once.
pub fn autorepeat_ignored(vm: &mut Vm) -> Result<(), Why> {
    real(vm)?;
    let word = MOVES[vm.played];
    if word == "press" {
        return Err("the held move must be a direction (the middle key has a hold of its own)".into());
    }
    set_key(vm, word, true)?;
    std::thread::sleep(Duration::from_millis(1000));
    set_key(vm, word, false)?;
    vm.played += 1;
    vm.wait_frame(vm.played)?;
    // Any repeat taken for a press has been drawn by now.
    std::thread::sleep(Duration::from_millis(500));
    let want = vm.screen.expected(&vm.frames[vm.played]);
    let got = vm.screen.visible().map_err(text)?;
    if got != want {
        return Err(
            format!("the cursor moved on after a 1 s hold of {word:?}:\n{}", super::fb::hex(&got)).into()
        );
    }
    Ok(())
}

/// The rest of the game, then SIGTERM: dark, exit 0.
pub fn to_the_end(vm: &mut Vm) -> Result<(), Why> {
    real(vm)?;
    play(vm, MOVES.len())?;
    super::checks::sigterm(vm)
}

/// With the driver bound, the I2C backend refuses the address in one line
/// naming the board's driver, and doctor names it and the joystick driver
/// under it.
pub fn address_held(vm: &mut Vm) -> Result<(), Why> {
    real(vm)?;
    let queens = vm.queens.clone();
    let stub = stub(vm)?;
    let said = refused(&queens, stub, "real-busy")?;
    if !said.contains("a kernel driver holds the Sense HAT at 0x46") || !said.contains(&format!("{BOARD:?}"))
    {
        return Err(format!("the refusal does not say the address is held by {BOARD:?}: {said:?}").into());
    }
    let (code, report) = doctor(&queens, stub)?;
    let want = format!(
        "0x46 on {}: held by the kernel driver {BOARD:?}, with {JOYSTICK:?} under it",
        stub.bus.display()
    );
    let unbind = format!("echo {} | sudo tee /sys/bus/i2c/drivers/{BOARD}/unbind", stub.client);
    if !report.contains(&want) || !report.contains(&unbind) || code != Some(1) {
        return Err(format!("doctor (exit {code:?}) does not say {want:?} and {unbind:?}:\n{report}").into());
    }
    Ok(())
}

/// `delete_device`: the joystick's device and input device go, and the
/// line is free for user space again.
pub fn unbound_cleans_up(vm: &mut Vm) -> Result<(), Why> {
    let Real { node, device } = vm.real.take().ok_or(Why::Skip("the board is not bound"))?;
    drop(device);
    let stub = stub(vm)?;
    stub.unbind()?;
    let child = child(stub);
    let end = Instant::now() + Duration::from_secs(5);
    while node.exists() || child.exists() {
        if Instant::now() > end {
            return Err(
                format!("{} or {} still there after delete_device", node.display(), child.display()).into()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    if Path::new("/sys/bus/platform/devices").join(JOYSTICK).exists() {
        return Err("the platform device outlived its parent".into());
    }
    let line = gpiocdev::find_named_line("GPIO23").ok_or("no line named GPIO23")?;
    if line.info.used {
        return Err(format!("GPIO23 is still used, by {:?}", line.info.consumer).into());
    }
    // The interrupt as the I2C backend requests it: free again.
    sense_hat::i2c::linux::GpioInterrupt::request(&sense_hat::i2c::linux::Line::default(), "queens")
        .map_err(|e| format!("GPIO23 cannot be requested: {e}"))?;
    Ok(())
}
