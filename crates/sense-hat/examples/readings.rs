use sense_hat::sensors::{Sensors, emu::Emulator};
use std::time::Duration;

/// The crate's notes (its `log` warnings: a sensor read through another
/// path than the one it was opened on, and why), on standard error.
struct Notes;

impl log::Log for Notes {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record) {
        if self.enabled(record.metadata()) {
            eprintln!("note: {}", record.args());
        }
    }

    fn flush(&self) {}
}

/// Every reading, printed once a second as python-sense-hat's examples
/// print them; a sensor that cannot be read is its one line, and the rest
/// still print. `readings` reads a Pi's sensors, `readings --emulator
/// [DIR]` the emulator's; `--once` prints them once.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    static NOTES: Notes = Notes;
    if log::set_logger(&NOTES).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let once = args.iter().any(|a| a == "--once");
    let args: Vec<&str> = args.iter().map(String::as_str).filter(|&a| a != "--once").collect();
    let mut sensors = match args[..] {
        [] => Sensors::open(),
        ["--emulator"] => Sensors::new(Emulator::new()),
        ["--emulator", dir] => Sensors::new(Emulator::at(dir)),
        _ => return Err("usage: readings [--emulator [DIR]] [--once]".into()),
    };
    loop {
        match sensors.humidity_sensor().and_then(|s| s.read()) {
            Ok(h) => println!("humidity: {:.2} %, temperature {:.2} C", h.percent, h.celsius),
            Err(e) => println!("humidity: {e}"),
        }
        match sensors.pressure_sensor().and_then(|s| s.read()) {
            Ok(p) => println!("pressure: {:.2} mbar, temperature {:.2} C", p.millibars, p.celsius),
            Err(e) => println!("pressure: {e}"),
        }
        match sensors.motion() {
            Ok(m) => {
                let (a, g, c) = (m.accel, m.gyro, m.magnet);
                println!("accel: x {:.3} y {:.3} z {:.3} g", a.x, a.y, a.z);
                println!("gyro: x {:.3} y {:.3} z {:.3} rad/s", g.x, g.y, g.z);
                println!("magnet: x {:.2} y {:.2} z {:.2} uT", c.x, c.y, c.z);
                // With the `orientation` feature: the pose down and north say, fused.
                #[cfg(feature = "orientation")]
                {
                    let fused = sense_hat::sensors::fusion::measured(m.accel, m.magnet).degrees();
                    println!(
                        "fused: roll {:.2} pitch {:.2} yaw {:.2} degrees",
                        fused.roll, fused.pitch, fused.yaw
                    );
                }
            }
            Err(e) => println!("motion: {e}"),
        }
        // The orientation where the path knows it (the emulator's sliders).
        if let Ok(Some(o)) = sensors.motion_sensor().and_then(|s| s.pose()) {
            let o = o.degrees();
            println!("orientation: roll {:.2} pitch {:.2} yaw {:.2} degrees", o.roll, o.pitch, o.yaw);
        }
        match sensors.colour() {
            Ok(c) => println!(
                "colour: red {} green {} blue {} clear {} (of {}), rgb {:?}",
                c.red,
                c.green,
                c.blue,
                c.clear,
                c.max_raw,
                c.rgb()
            ),
            Err(e) => println!("colour: {e}"),
        }
        if once {
            return Ok(());
        }
        println!();
        std::thread::sleep(Duration::from_secs(1));
    }
}
