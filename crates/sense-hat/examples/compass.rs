use sense_hat::sensors::fusion::{MagnetCalibration, MagnetCalibrator};
use sense_hat::sensors::{Sensors, emu::Emulator};
use std::path::Path;
use std::time::{Duration, Instant};

/// The orientation and the compass heading, fused 50 times a second and
/// printed once a second. `compass [--emulator] [CALIBRATION]` takes the
/// magnetometer's offsets from a file `compass --calibrate CALIBRATION`
/// wrote: that turns the HAT every way for 20 seconds and keeps them.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let emulator = args.first().is_some_and(|a| a == "--emulator");
    if emulator {
        args.remove(0);
    }
    let mut sensors = if emulator { Sensors::new(Emulator::new()) } else { Sensors::open() };
    match &args[..] {
        [flag, file] if flag == "--calibrate" => calibrate(&mut sensors, Path::new(file)),
        [file] => {
            sensors.set_magnet_calibration(MagnetCalibration::load(Path::new(file))?);
            show(&mut sensors)
        }
        [] => show(&mut sensors),
        _ => Err("usage: compass [--emulator] [--calibrate] [CALIBRATION]".into()),
    }
}

fn show(sensors: &mut Sensors) -> Result<(), Box<dyn std::error::Error>> {
    let mut printed = Instant::now();
    loop {
        let o = sensors.orientation()?.degrees();
        if printed.elapsed() >= Duration::from_secs(1) {
            println!(
                "roll {:6.1}  pitch {:6.1}  yaw {:6.1}  heading {:5.1} degrees",
                o.roll, o.pitch, o.yaw, o.yaw
            );
            printed = Instant::now();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn calibrate(sensors: &mut Sensors, file: &Path) -> Result<(), Box<dyn std::error::Error>> {
    println!("Turn the HAT slowly every way, upside down too, for 20 seconds.");
    let mut calibrator = MagnetCalibrator::new();
    let start = Instant::now();
    for second in 1..=20 {
        while start.elapsed() < Duration::from_secs(second) {
            calibrator.add(sensors.magnet()?);
            std::thread::sleep(Duration::from_millis(50));
        }
        let s = calibrator.spread();
        println!(
            "{second:2} s: {} readings, spread x {:.0} y {:.0} z {:.0} uT",
            calibrator.readings(),
            s.x,
            s.y,
            s.z
        );
    }
    let s = calibrator.spread();
    if s.x.min(s.y).min(s.z) < 40.0 {
        return Err(
            "the readings spread less than 40 uT on an axis: turn the HAT every way, and again".into()
        );
    }
    let calibration = calibrator.calibration().ok_or("no reading")?;
    calibration.save(file)?;
    let o = calibration.offset;
    println!("offsets x {:.1} y {:.1} z {:.1} uT, kept in {}", o.x, o.y, o.z, file.display());
    Ok(())
}
