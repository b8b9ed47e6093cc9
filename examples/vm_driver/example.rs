//! The `sense-hat` crate's one shape, proven on real kernel interfaces: its
//! `examples/dot.rs` (a dot the stick moves, each event printed) runs on both
//! paths, unchanged: on vfb with a uinput joystick (the kernel's drivers),
//! then on i2c-stub with a gpio-sim line as its interrupt (the chip over
//! I2C). The same presses must move the same dot: each frame is read back
//! byte for byte from the framebuffer and from the chip's registers, each
//! against its own layout as this driver writes it out (`fb.rs`, `stub.rs`,
//! not the crate's encoders), and what the program printed of the presses
//! must be the same on both.

use super::uinput::{PI_CODES, Stick, code};
use super::{Vm, Why, fb, stub};
use queens::game::{Frame, Rgb};
use std::ffi::OsStr;
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The presses, in the script backend's words; the middle ends the program.
const PRESSES: [&str; 7] = ["right", "right", "down", "left", "up", "up", "press"];

/// What the program shows before each press: the red dot, from (3, 3),
/// moved by the presses before it.
fn frames() -> Vec<Frame> {
    let (mut x, mut y) = (3usize, 3usize);
    let mut frames = Vec::new();
    for press in PRESSES {
        let mut frame = Frame::dark(8);
        frame.set(x, y, Rgb(255, 0, 0));
        frames.push(frame);
        match press {
            "right" => x = (x + 1).min(7),
            "left" => x = x.saturating_sub(1),
            "down" => y = (y + 1).min(7),
            "up" => y = y.saturating_sub(1),
            _ => {}
        }
    }
    frames
}

/// The example started with `args`, its standard output in a file.
struct Dot {
    child: Child,
    out: PathBuf,
}

impl Dot {
    /// The example, beside the game's binary `queens`, on `args`.
    fn start(queens: &Path, args: &[&OsStr], tag: &str) -> Result<Dot, String> {
        let out = PathBuf::from("/tmp").join(format!("dot-{tag}.out"));
        let binary = queens.with_file_name("dot");
        let child = Command::new(&binary)
            .args(args)
            .stdin(Stdio::null())
            .stdout(File::create(&out).map_err(|e| e.to_string())?)
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        Ok(Dot { child, out })
    }

    fn printed(&self) -> String {
        fs::read_to_string(&self.out).unwrap_or_default()
    }

    /// Waits until it has printed `lines` events (so a release is read
    /// before the next press, as a player's hand makes sure of).
    fn wait_printed(&self, lines: usize) -> Result<(), String> {
        wait(&format!("{lines} events printed"), || Ok(self.printed().lines().count() >= lines))
            .map_err(|e| format!("{e}; it printed {:?}", self.printed()))
    }

    /// Its exit, which must be a success within 5 s.
    fn finished(&mut self) -> Result<(), String> {
        let status = wait_for(Duration::from_secs(5), || self.child.try_wait().map_err(|e| e.to_string()))?;
        if !status.success() {
            return Err(format!("the example exited with {status:?}"));
        }
        Ok(())
    }
}

impl Drop for Dot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Polls `done` until it says yes, for up to 5 s.
fn wait(what: &str, mut done: impl FnMut() -> Result<bool, String>) -> Result<(), String> {
    wait_for(Duration::from_secs(5), || Ok(done()?.then_some(()))).map_err(|_| format!("never {what}"))
}

fn wait_for<T>(within: Duration, mut got: impl FnMut() -> Result<Option<T>, String>) -> Result<T, String> {
    let end = Instant::now() + within;
    loop {
        if let Some(value) = got()? {
            return Ok(value);
        }
        if Instant::now() > end {
            return Err(format!("nothing within {within:?}"));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// On vfb, with a uinput joystick named as the HAT's: `dot /dev/fb0 EVENT`.
pub fn on_framebuffer(vm: &mut Vm) -> Result<(), Why> {
    if let Some(old) = vm.stick.take() {
        old.destroy().map_err(|e| e.to_string())?;
    }
    let mut stick = Stick::create(&PI_CODES).map_err(|e| e.to_string())?;
    vm.screen.scribble().map_err(|e| e.to_string())?;
    let mut dot =
        Dot::start(&vm.queens, &[vm.screen.path.as_os_str(), stick.node.as_os_str()], "framebuffer")?;
    let screen = &vm.screen;
    let shows = |frame: &Frame| -> Result<(), String> {
        let want = screen.expected(frame);
        wait("showed the frame", || Ok(screen.visible().map_err(|e| e.to_string())? == want)).map_err(|e| {
            format!("{e}: want\n{}got\n{}", fb::hex(&want), fb::hex(&screen.visible().unwrap_or_default()))
        })
    };
    for (i, (press, frame)) in PRESSES.iter().zip(frames()).enumerate() {
        shows(&frame).map_err(|e| format!("before {press:?}: {e}"))?;
        stick.click(code(&PI_CODES, press)).map_err(|e| e.to_string())?;
        if *press != "press" {
            dot.wait_printed(2 * (i + 1))?;
        }
    }
    dot.finished()?;
    let rows = vm.screen.rows().map_err(|e| e.to_string())?;
    stick.destroy().map_err(|e| e.to_string())?;
    if rows.iter().any(|&b| b != 0) {
        return Err(format!("the matrix is not dark after the middle:\n{}", fb::hex(&rows)).into());
    }
    vm.dot_runs.push(("the framebuffer", dot.printed()));
    Ok(())
}

/// On i2c-stub at 0x46, the interrupt on gpio-sim's GPIO23: `dot /dev/i2c-N`.
/// A press is its bit in 0xF2 and a rising edge, as the firmware makes it;
/// the release clears the bit, with another edge.
pub fn over_i2c(vm: &mut Vm) -> Result<(), Why> {
    let no_stub = Why::Skip("no i2c-stub in this kernel (Debian's ARM kernels lack it)");
    let bus = vm.stub.as_ref().ok_or(no_stub)?.bus.clone();
    let sim = vm.sim.take().ok_or(Why::Skip("no simulated interrupt line"))?;
    let ran = (|| {
        let stub = vm.stub.as_mut().ok_or("no stub")?;
        stub.scribble()?;
        let dot = Dot::start(&vm.queens, &[bus.as_os_str()], "i2c")?;
        run_over_i2c(dot, stub, &sim)
    })();
    vm.sim = Some(sim);
    vm.dot_runs.push(("the chip over I2C", ran?));
    Ok(())
}

fn run_over_i2c(mut dot: Dot, stub: &mut stub::Stub, sim: &super::gpiosim::Sim) -> Result<String, String> {
    let registers_hold = |stub: &mut stub::Stub, want: &[u8]| -> Result<(), String> {
        let mut last = Vec::new();
        wait("held the frame", || {
            last = stub.frame()?;
            Ok(last == want)
        })
        .map_err(|e| format!("{e}: want\n{}got\n{}", fb::hex(want), fb::hex(&last)))
    };
    for (i, (press, frame)) in PRESSES.iter().zip(frames()).enumerate() {
        registers_hold(stub, &stub::expected(&frame)).map_err(|e| format!("before {press:?}: {e}"))?;
        let bit = stub::key_bit(press).ok_or_else(|| format!("no key bit for {press:?}"))?;
        stub.set(stub::KEYS, 1 << bit)?;
        sim.edge()?;
        if *press == "press" {
            break;
        }
        // Read before the bit changes again: the press shows in what it printed.
        dot.wait_printed(2 * i + 1)?;
        stub.set(stub::KEYS, 0)?;
        sim.edge()?;
        dot.wait_printed(2 * (i + 1))?;
    }
    dot.finished()?;
    stub.set(stub::KEYS, 0)?;
    let registers = stub.frame()?;
    if registers.iter().any(|&b| b != 0) {
        return Err(format!("the LEDs are not dark after the middle:\n{}", fb::hex(&registers)));
    }
    Ok(dot.printed())
}

/// Both runs moved the same dot through the same frames (each checked
/// above) and read the same presses.
pub fn same_on_both(vm: &mut Vm) -> Result<(), Why> {
    let [(first, a), (second, b)] = &vm.dot_runs[..] else {
        return Err(Why::Skip("the example ran on one path only (no i2c-stub in this kernel)"));
    };
    let want = PRESSES.len() * 2 - 1;
    if a != b || a.lines().count() != want {
        return Err(format!("{first} printed\n{a}{second} printed\n{b}(want {want} events, the same)").into());
    }
    println!("example dot: {} frames and {want} events the same by {first} and {second}", PRESSES.len());
    Ok(())
}
