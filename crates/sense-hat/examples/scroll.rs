use embedded_graphics::mono_font::{MonoTextStyle, ascii::FONT_6X9};
use embedded_graphics::{pixelcolor::Rgb888, prelude::*, text::Baseline, text::Text};
use sense_hat::{SenseHat, graphics::Canvas};
use std::time::Duration;

/// Scrolls a line of text across the LEDs in an embedded-graphics font, on
/// whichever path finds the HAT: `cargo run --example scroll -- "Hello"`.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| "Hello, Sense HAT".to_string());
    let mut hat = SenseHat::open()?;
    let mut canvas = Canvas::new(hat.leds_mut());
    let style = MonoTextStyle::new(&FONT_6X9, Rgb888::new(255, 160, 0));
    let width = i32::try_from(text.chars().count())? * 6;
    for x in (-width..=8).rev() {
        canvas.clear(Rgb888::BLACK)?;
        Text::with_baseline(&text, Point::new(x, 0), style, Baseline::Top).draw(&mut canvas)?;
        canvas.flush()?;
        std::thread::sleep(Duration::from_millis(60));
    }
    canvas.clear(Rgb888::BLACK)?;
    Ok(canvas.flush()?)
}
