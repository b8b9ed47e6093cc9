//! Scrolls a line of text across the Sense HAT's LED matrix, drawn with an
//! embedded-graphics mono font: `cargo run -p sense-hat --features
//! embedded-graphics --example scroll -- "Hello"`.

use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_6X9;
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Baseline, Text};
use sense_hat::devices::{Kernel, KernelDevices};
use sense_hat::discover::Roots;
use sense_hat::framebuffer::Gamma;
use sense_hat::graphics::Canvas;
use sense_hat::rotation::Rotation;
use std::time::Duration;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| "Hello, Sense HAT".to_string());
    let path = Roots::default().led_matrix().ok_or("no Sense HAT LED matrix (dtoverlay=rpi-sense?)")?;
    let leds = Kernel.led_matrix(&path)?;
    // The driver keeps the last program's gamma table; a refusal only means its own stays.
    let _ = sense_hat::devices::LedMatrix::reset_gamma(&leds, Gamma::Default);
    let mut canvas = Canvas::new(leds, Rotation::R0);
    let style = MonoTextStyle::new(&FONT_6X9, Rgb888::new(255, 160, 0));
    let width = i32::try_from(text.len())? * 6;
    for x in (-width..=8).rev() {
        canvas.clear(Rgb888::BLACK)?;
        Text::with_baseline(&text, Point::new(x, 0), style, Baseline::Top).draw(&mut canvas)?;
        canvas.flush()?;
        std::thread::sleep(Duration::from_millis(60));
    }
    canvas.clear(Rgb888::BLACK)?;
    Ok(canvas.flush()?)
}
