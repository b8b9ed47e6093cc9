use sense_hat::{DARK, Direction::Middle, SenseHat, StickEvent::Pressed};
use std::time::Duration;

/// A marble that rolls one LED towards the low edge while the HAT is
/// tilted past about 10 degrees, as the Raspberry Pi Foundation's Marble
/// Maze rolls, read from the accelerometer 20 times a second; the middle
/// of the stick ends it, dark.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The part of 1 g along the HAT that a tilt of 10 degrees gives.
    let dead_zone = 10f64.to_radians().sin();
    let step = |g: f64| if g.abs() > dead_zone { g.signum() as i8 } else { 0 };
    let mut hat = SenseHat::open()?;
    let (mut x, mut y) = (3u8, 3u8);
    loop {
        let mut picture = DARK;
        picture[usize::from(y)][usize::from(x)] = [255, 255, 255];
        hat.set_pixels(&picture)?;
        if let Some(Pressed(Middle)) = hat.wait_for_event_timeout(Duration::from_millis(50))? {
            return Ok(hat.clear()?);
        }
        // Tilted towards the right edge, gravity pulls along +x; towards the bottom, along +y.
        let down = hat.accel()?;
        x = x.saturating_add_signed(step(down.x)).min(7);
        y = y.saturating_add_signed(step(down.y)).min(7);
    }
}
