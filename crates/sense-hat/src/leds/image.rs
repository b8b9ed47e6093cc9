//! python-sense-hat's `load_image` (the `png` feature): an 8x8 PNG as a
//! picture, whatever its colour type (grey, palette, 16-bit, with alpha:
//! alpha is dropped, as the Python library's `convert('RGB')` drops it).

use super::matrix::{DARK, Picture, SIDE};
use crate::error::{Error, Result};
use std::fs::File;
use std::io::{BufRead, BufReader, Seek};
use std::path::Path;

/// Reads the PNG at `path`, which must be 8x8.
pub fn load(path: &Path) -> Result<Picture> {
    let image = |reason| Error::Image { path: path.to_path_buf(), reason };
    let file = File::open(path).map_err(|e| image(e.to_string()))?;
    decode(BufReader::new(file)).map_err(image)
}

/// Decodes a PNG of 8x8 pixels; why not, otherwise.
pub fn decode(reader: impl BufRead + Seek) -> Result<Picture, String> {
    let mut decoder = png::Decoder::new(reader);
    // Palettes and fewer than 8 bits widened, 16 bits cut to 8: every
    // colour type comes out as 8-bit grey, grey and alpha, RGB or RGBA.
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| format!("not a PNG the decoder reads: {e}"))?;
    let (width, height) = (reader.info().width, reader.info().height);
    if (width, height) != (SIDE as u32, SIDE as u32) {
        return Err(format!("a {width}x{height} image; the LED matrix is 8x8"));
    }
    let size = reader.output_buffer_size().ok_or("an image too large to decode")?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf).map_err(|e| format!("a broken PNG: {e}"))?;
    let channels = frame.color_type.samples();
    let mut picture = DARK;
    for (y, row) in picture.iter_mut().enumerate() {
        for (x, pixel) in row.iter_mut().enumerate() {
            let at = y * frame.line_size + x * channels;
            let samples = &buf[at..at + channels];
            *pixel = match frame.color_type {
                png::ColorType::Grayscale | png::ColorType::GrayscaleAlpha => [samples[0]; 3],
                _ => [samples[0], samples[1], samples[2]],
            };
        }
    }
    Ok(picture)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn png(width: u32, height: u32, colour: png::ColorType, depth: png::BitDepth, data: &[u8]) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(colour);
        encoder.set_depth(depth);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(data).unwrap();
        writer.finish().unwrap();
        bytes
    }

    #[test]
    fn rgb_rgba_and_grey_pictures_read_as_they_were_drawn() {
        let mut rgb = vec![0u8; 8 * 8 * 3];
        rgb[3..6].copy_from_slice(&[255, 0, 0]); // (1, 0) red
        rgb[(7 * 8 + 7) * 3 + 2] = 200; // (7, 7) blue
        let picture =
            decode(Cursor::new(png(8, 8, png::ColorType::Rgb, png::BitDepth::Eight, &rgb))).unwrap();
        assert_eq!((picture[0][1], picture[7][7], picture[0][0]), ([255, 0, 0], [0, 0, 200], [0, 0, 0]));

        let rgba: Vec<u8> = rgb.chunks(3).flat_map(|p| [p[0], p[1], p[2], 17]).collect();
        assert_eq!(
            decode(Cursor::new(png(8, 8, png::ColorType::Rgba, png::BitDepth::Eight, &rgba))).unwrap(),
            picture
        );

        let mut grey = vec![0u8; 64];
        grey[9] = 128; // (1, 1)
        let picture =
            decode(Cursor::new(png(8, 8, png::ColorType::Grayscale, png::BitDepth::Eight, &grey))).unwrap();
        assert_eq!(picture[1][1], [128; 3]);
    }

    #[test]
    fn another_size_or_not_a_png_is_one_line_saying_so() {
        let big = png(16, 8, png::ColorType::Rgb, png::BitDepth::Eight, &[0; 16 * 8 * 3]);
        assert_eq!(decode(Cursor::new(big)).unwrap_err(), "a 16x8 image; the LED matrix is 8x8");
        assert!(decode(Cursor::new(b"GIF89a")).unwrap_err().starts_with("not a PNG"));
        let err = load(Path::new("/nonexistent/invader.png")).unwrap_err().to_string();
        assert!(err.contains("/nonexistent/invader.png"), "{err}");
    }
}
