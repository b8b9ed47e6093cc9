use sense_hat::devices::{Kernel, KernelDevices};
use sense_hat::direction::{Direction::*, StickEvent::Pressed};
use sense_hat::joystick::{Keys, Reading};
use sense_hat::{DARK, discover::Roots, rotation::Rotation};

/// A red dot the joystick moves; pressing the middle ends.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let roots = Roots::default();
    let leds = Kernel.led_matrix(&roots.led_matrix().ok_or("no Sense HAT LED matrix")?)?;
    let mut stick = Kernel.joystick(&roots.joystick().ok_or("no Sense HAT joystick")?)?;
    let (mut x, mut y) = (3usize, 3usize);
    loop {
        let mut picture = DARK;
        picture[y][x] = [255, 0, 0];
        leds.show(&picture, Rotation::R0)?;
        std::thread::sleep(std::time::Duration::from_millis(20));
        let Reading::Changes(events) = stick.read() else { return Ok(()) };
        for event in events {
            match event {
                Pressed(Up) => y = y.saturating_sub(1),
                Pressed(Down) => y = (y + 1).min(7),
                Pressed(Left) => x = x.saturating_sub(1),
                Pressed(Right) => x = (x + 1).min(7),
                Pressed(Middle) => return Ok(leds.show(&DARK, Rotation::R0)?),
                _ => {}
            }
        }
    }
}
