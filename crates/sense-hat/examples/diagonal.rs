use sense_hat::{DARK, SenseHat};

/// Lights the LED matrix's diagonal red, on whichever path finds the HAT.
fn main() -> Result<(), sense_hat::Error> {
    let mut hat = SenseHat::open()?;
    let mut picture = DARK;
    (0..8).for_each(|i| picture[i][i] = [255, 0, 0]);
    hat.set_pixels(&picture)
}
