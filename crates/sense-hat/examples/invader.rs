use sense_hat::{Direction::Middle, Rotation, SenseHat, StickEvent::Pressed};

/// Shows an 8x8 PNG (python-sense-hat's `load_image`), a quarter turn more
/// at every push of the stick; the middle ends it, dark.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: invader IMAGE.png (8x8 pixels)")?;
    let mut hat = SenseHat::open()?;
    hat.load_image(&path)?;
    let mut degrees = 0;
    loop {
        match hat.wait_for_event()? {
            Pressed(Middle) => return Ok(hat.clear()?),
            Pressed(_) => degrees = (degrees + 90) % 360,
            _ => continue,
        }
        hat.set_rotation(Rotation::from_degrees(degrees).ok_or("a quarter turn")?)?;
    }
}
