use sense_hat::{DARK, Direction::*, SenseHat, StickEvent::Pressed, i2c::linux::Line};

/// A red dot the joystick moves, each event printed; the middle ends it, dark.
/// `dot` finds the HAT as `SenseHat::open()` does; `dot FRAMEBUFFER JOYSTICK`
/// names the kernel's devices, `dot I2C-BUS` the chip's bus.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut hat = match &args[..] {
        [] => SenseHat::open()?,
        [framebuffer, joystick] => SenseHat::kernel(framebuffer, joystick)?,
        [bus] => SenseHat::i2c(bus, Line::default())?,
        _ => return Err("usage: dot [FRAMEBUFFER JOYSTICK | I2C-BUS]".into()),
    };
    let (mut x, mut y) = (3, 3);
    loop {
        let mut picture = DARK;
        picture[y][x] = [255, 0, 0];
        hat.set_pixels(&picture)?;
        let event = hat.wait_for_event()?;
        println!("{event:?}");
        match event {
            Pressed(Up) => y = y.saturating_sub(1),
            Pressed(Down) => y = (y + 1).min(7),
            Pressed(Left) => x = x.saturating_sub(1),
            Pressed(Right) => x = (x + 1).min(7),
            Pressed(Middle) => return Ok(hat.clear()?),
            _ => {}
        }
    }
}
