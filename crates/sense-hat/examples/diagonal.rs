use sense_hat::devices::{Kernel, KernelDevices};
use sense_hat::{DARK, discover::Roots, rotation::Rotation};

/// Lights the LED matrix's diagonal red.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = Roots::default().led_matrix().ok_or("no Sense HAT LED matrix")?;
    let mut picture = DARK;
    (0..8).for_each(|i| picture[i][i] = [255, 0, 0]);
    Ok(Kernel.led_matrix(&path)?.show(&picture, Rotation::R0)?)
}
