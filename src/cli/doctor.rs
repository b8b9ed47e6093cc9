//! `queens doctor`: what the Sense HAT backend finds, and what is wrong,
//! in plain words and with the fix for each problem.

use super::hat_args::HatArgs;
use super::output::say;
use crate::backend::error::shown_path;
use crate::backend::hat;
use crate::daemon::config::{self, Config};
use sense_hat::discover::{Found, JOYSTICK_NAME, LED_NAME, Roots};
use sense_hat::i2c::linux::{self, Line};
use sense_hat::leds::framebuffer;
use sense_hat::sensors::{Sensors, board::Board, emu::Emulator};
use sense_hat::stick::evdev as joystick;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Exits 0 when the game would start on the Sense HAT (through its kernel drivers, or directly over \
                  I2C), 1 when something is missing."
)]
pub(crate) struct Args {
    /// The configuration file to check (default: /etc/queens/config.toml).
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
    /// Where `play` would look for the HAT: checked there.
    #[command(flatten)]
    hat: HatArgs,
    /// List the Sense HAT emulator's sensors (its files in $QUEENS_SENSE_EMU_DIR, else /dev/shm,
    /// as `play --backend sense-emu` reads them) instead of the HAT's.
    #[arg(long)]
    emulator: bool,
}

/// The report as it is built: lines to print, and problems with fixes.
#[derive(Default)]
struct Report {
    lines: Vec<String>,
    problems: Vec<String>,
}

impl Report {
    fn line(&mut self, label: &str, text: impl AsRef<str>) {
        self.lines.push(format!("{label:<11} {}", text.as_ref()));
    }
    fn problem(&mut self, text: impl Into<String>) {
        self.problems.push(text.into());
    }
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let roots = args.hat.roots();
    let mut report = Report::default();
    check_led(&mut report, &roots, args.hat.framebuffer.clone());
    check_joystick(&mut report, &roots, args.hat.joystick.clone());
    check_user(&mut report);
    check_drivers(&mut report, &roots);
    let direct = check_i2c(&mut report, &roots, &args.hat);
    let config_valid = check_config(&mut report, args.config.as_deref());
    let sensors = match args.emulator {
        true => Sensors::new(Emulator::at(crate::backend::sense_emu::directory())),
        false => Sensors::new(Board::new().sys(&roots.sys).bus(&args.hat.i2c_bus)),
    };
    // Off a Pi, only a driver bound by hand (the VM test's) can be there: the fixes for a Pi's
    // firmware config would mislead.
    check_sensors(&mut report, sensors, args.emulator || raspberry_pi(&roots), &roots.sys);
    for line in &report.lines {
        say!("{line}")?;
    }
    if report.problems.is_empty() {
        say!("\nready: `queens play` will use the Sense HAT.")?;
        return Ok(ExitCode::SUCCESS);
    }
    let over_i2c = direct && config_valid;
    let problems = match report.problems.len() {
        1 => "1 problem".to_string(),
        n => format!("{n} problems"),
    };
    if over_i2c {
        say!(
            "\nready: the kernel's drivers are missing ({problems} below), but `queens play` will drive \
             the HAT directly over I2C."
        )?;
    } else {
        say!("\n{problems}:")?;
    }
    for problem in &report.problems {
        say!("- {problem}")?;
    }
    if !over_i2c {
        say!("\nWithout the Sense HAT the game plays in a terminal: `queens play --backend terminal`.")?;
    }
    Ok(if over_i2c { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// Whether the device tree names a Raspberry Pi (where the firmware's
/// config file is the fix for a missing overlay or bus).
fn raspberry_pi(roots: &Roots) -> bool {
    hat::raspberry_pi(&roots.sys)
}

/// What to do when a device is not found: on a Raspberry Pi, the overlay
/// in its firmware's config; anywhere else there is no HAT to set up.
fn setup_fix(roots: &Roots) -> String {
    if raspberry_pi(roots) {
        "check the HAT is seated, add `dtoverlay=rpi-sense` to /boot/firmware/config.txt (/boot/config.txt \
         before Bookworm) and reboot"
            .to_string()
    } else {
        "this machine is no Raspberry Pi (its device tree names none), so there is no Sense HAT to set up here"
            .to_string()
    }
}

fn names(found: &[Found]) -> String {
    let listed: Vec<_> = found.iter().map(|f| format!("{} {:?}", shown_path(&f.path), f.name)).collect();
    if listed.is_empty() { "none".into() } else { listed.join(", ") }
}

fn check_led(report: &mut Report, roots: &Roots, given: Option<PathBuf>) {
    let all = roots.framebuffers();
    report.line("framebuffers", names(&all));
    let Some(path) = given.or_else(|| roots.led_matrix()) else {
        report.line("LED matrix", "not found");
        report.problem(format!("no framebuffer is named {LED_NAME:?}: {}", setup_fix(roots)));
        return;
    };
    match framebuffer::check(&path) {
        Ok(f) => {
            report.line(
                "LED matrix",
                format!(
                    "{}: 8x8, 16 bits, red {}+{} green {}+{} blue {}+{}; writable",
                    shown_path(&path),
                    f.red.offset,
                    f.red.length,
                    f.green.offset,
                    f.green.length,
                    f.blue.offset,
                    f.blue.length
                ),
            );
            // The game plays on without the gamma calls, so this is a note, not a problem.
            if let Some(why) = hat::gamma_note() {
                report.line("gamma", why);
            }
        }
        Err(e) => {
            report.line("LED matrix", format!("{}: unusable", shown_path(&path)));
            report.problem(e.to_string());
        }
    }
}

fn check_joystick(report: &mut Report, roots: &Roots, given: Option<PathBuf>) {
    let Some(path) = given.or_else(|| roots.joystick()) else {
        report.line("joystick", "not found");
        report.problem(format!(
            "no input device is named {JOYSTICK_NAME:?} (found: {}): {}",
            names(&roots.input_devices()),
            setup_fix(roots)
        ));
        return;
    };
    // Checked as `play` checks it, without grabbing: the game may be running.
    match joystick::check(&path) {
        Ok(()) => {
            report.line("joystick", format!("{}: an input device with the five keys", shown_path(&path)))
        }
        Err(e) => {
            report.line("joystick", format!("{}: unusable", shown_path(&path)));
            report.problem(e.to_string());
        }
    }
}

fn check_user(report: &mut Report) {
    use nix::unistd::{Group, User, getgroups, getuid};
    let uid = getuid();
    let user = User::from_uid(uid).ok().flatten().map_or_else(|| uid.to_string(), |user| user.name);
    // getgroups asks the kernel for the count first, so any number of groups is listed.
    let gids = getgroups().unwrap_or_default();
    let groups: Vec<String> = gids
        .iter()
        .map(|&gid| Group::from_gid(gid).ok().flatten().map_or_else(|| gid.to_string(), |group| group.name))
        .collect();
    let groups = if groups.is_empty() { "none".to_string() } else { groups.join(" ") };
    report.line("user", format!("{user} (uid {uid}), groups: {groups}"));
}

/// The kernel modules of either driver family (Raspberry Pi kernel, mainline).
const DRIVERS: [&str; 6] =
    ["rpisense_fb", "rpisense_js", "rpisense_core", "sensehat_joystick", "simple_mfd_i2c", "i2c_dev"];

fn check_drivers(report: &mut Report, roots: &Roots) {
    let product = std::fs::read(roots.sys.join("firmware/devicetree/base/hat/product"))
        .ok()
        .map(|b| String::from_utf8_lossy(&b).trim_end_matches('\0').to_string());
    report.line("HAT", product.map_or("no HAT EEPROM found in the device tree".into(), |p| format!("{p:?}")));
    let loaded: Vec<&str> =
        DRIVERS.into_iter().filter(|m| Path::new(&roots.sys.join("module").join(m)).exists()).collect();
    report
        .line("drivers", if loaded.is_empty() { "none of the Sense HAT's".into() } else { loaded.join(" ") });
}

/// The direct-I2C backend's view: the bus, the chip's answer, a kernel
/// driver holding it, the interrupt line. True when that backend would start.
fn check_i2c(report: &mut Report, roots: &Roots, args: &HatArgs) -> bool {
    let bus = args.i2c_bus.as_path();
    if !bus.exists() {
        let enable = if raspberry_pi(roots) { " (`dtparam=i2c_arm=on` enables it)" } else { "" };
        report.line("I2C bus", format!("{}: absent{enable}", shown_path(bus)));
        return false;
    }
    if let Some(held) = linux::holder(&roots.sys, bus) {
        report.line("I2C chip", format!("0x46 on {}: held by the kernel driver {held}", shown_path(bus)));
        report.line(
            "",
            format!("(to drive it over I2C, {})", linux::unbind_advice(bus, &held.driver, hat::PROGRAM)),
        );
        return false;
    }
    match args.lookup().i2c().open_chip() {
        Ok((_, version)) => {
            report.line("I2C chip", format!("0x46 on {}: answers 's', firmware {version}", shown_path(bus)))
        }
        Err(e) => {
            report.line(
                "I2C chip",
                format!("0x46 on {}: {}", shown_path(bus), hat::message_on(&e, &roots.sys)),
            );
            return false;
        }
    }
    let line = args.line();
    match (linux::find_line(&line), &line) {
        (Some((chip, offset)), Line::Named(name)) => {
            report.line("interrupt", format!("{name} is line {offset} of {}", shown_path(&chip)));
            true
        }
        (Some(_), _) => {
            report.line("interrupt", format!("{line}: there"));
            true
        }
        (None, Line::Named(name)) => {
            report.line("interrupt", format!("no GPIO line named {name} (give --gpiochip and --gpio-line)"));
            // `play --backend i2c` starts anyway and keeps looking for the
            // line, but a game without its joystick is not ready.
            report.problem(format!(
                "no GPIO line is named {name}: over I2C the game shows the board but the joystick does nothing; \
                 name the interrupt with `--gpiochip PATH --gpio-line N`"
            ));
            false
        }
        (None, _) => {
            report.line("interrupt", format!("{line}: not there"));
            report.problem(format!(
                "the joystick's interrupt, {line}, is not there: over I2C the game shows the board but the joystick \
                 does nothing; give the chip and offset of the line named {} (`gpioinfo` lists them)",
                linux::LINE_NAME
            ));
            false
        }
    }
}

/// One sensor's line for doctor: its reading in words, or why not.
type ReadSensor = fn(&mut Sensors) -> sense_hat::Result<String>;

/// Each sensor, as the game and the `sense-hat` crate read it: by which
/// path (the IIO device's name, the chip's address on the bus, the
/// emulator's file), one reading in python-sense-hat's units, or why it
/// cannot be read and the fix. The game plays without them (only tilt
/// reads one), so none is a problem that stops it. `fixes`: whether the
/// fix for one that cannot be read applies here (a Pi, the emulator); `sys`: the /sys looked at.
fn check_sensors(report: &mut Report, mut sensors: Sensors, fixes: bool, sys: &Path) {
    let lines: [(&str, ReadSensor); 4] = [
        ("humidity", |s| {
            let place = s.humidity_sensor()?.describe();
            Ok(format!("{place}: {:.1} %, {:.1} °C", s.humidity()?, s.temperature()?))
        }),
        ("pressure", |s| {
            let place = s.pressure_sensor()?.describe();
            Ok(format!("{place}: {:.1} mbar, {:.1} °C", s.pressure()?, s.temperature_from_pressure()?))
        }),
        ("motion", |s| {
            let place = s.motion_sensor()?.describe();
            let m = s.motion()?;
            let (a, g, c) = (m.accel, m.gyro, m.magnet);
            Ok(format!(
                "{place}: accel {:.2} {:.2} {:.2} g, gyro {:.2} {:.2} {:.2} rad/s, compass {:.1} {:.1} {:.1} µT",
                a.x, a.y, a.z, g.x, g.y, g.z, c.x, c.y, c.z
            ))
        }),
        ("colour", |s| {
            let place = s.colour_sensor()?.describe();
            let c = s.colour()?;
            Ok(format!(
                "{place}: red {} green {} blue {} clear {} (of {})",
                c.red, c.green, c.blue, c.clear, c.max_raw
            ))
        }),
    ];
    report.line("sensors", sensors.describe());
    for (label, read) in lines {
        match read(&mut sensors) {
            Ok(reading) => report.line(label, reading),
            Err(e) if fixes => report.line(label, format!("not read: {}", hat::message_on(&e, sys))),
            Err(_) => report.line(
                label,
                "not found (this machine is no Raspberry Pi; `--emulator` lists the emulator's sensors)",
            ),
        }
    }
}

/// The config file's verdict; false when it is invalid (the game would not start).
fn check_config(report: &mut Report, given: Option<&Path>) -> bool {
    let (path, required) = config::path(given);
    if !required && !path.exists() {
        report.line("config", format!("{}: absent, defaults used", shown_path(&path)));
        return true;
    }
    match Config::load(&path, required) {
        Ok(_) => {
            report.line("config", format!("{}: valid", shown_path(&path)));
            true
        }
        Err(e) => {
            report.line("config", "invalid");
            report.problem(format!("config: {e}"));
            false
        }
    }
}
