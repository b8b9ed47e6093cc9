//! Writes the page's icons from the game's own LEDs: the 8x8 board with the
//! first solution's queens, in the default theme's colours, each LED a
//! round light on the dark matrix as the page draws it. `scripts/build-web`
//! runs it, so the icons are built like the rest of the page, never kept as
//! binary files of their own.
//!
//! Usage: `cargo run -p queens-web --example icons OUT_DIR` writes
//! `OUT_DIR/icon-192.png`, `OUT_DIR/icon-512.png` (the manifest's) and
//! `OUT_DIR/favicon.ico` (a 32 px PNG in an ICO, where browsers look first).

use queens_engine::game::{Checkerboard, Frame, Rgb, Theme};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::{fs, io};

fn main() -> ExitCode {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("icons: give the directory to write the icons to");
        return ExitCode::from(2);
    };
    match write_icons(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("icons: {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

fn write_icons(out: &Path) -> io::Result<()> {
    let board = solved_board();
    for side in [192, 512] {
        fs::write(out.join(format!("icon-{side}.png")), png(&draw(&board, side), side))?;
    }
    fs::write(out.join("favicon.ico"), ico(&png(&draw(&board, 32), 32), 32))
}

/// The LEDs of an 8x8 board holding the first solution, as classic mode
/// shows a solved board (its checkerboard, a queen's colour on each queen).
fn solved_board() -> Frame {
    let theme = Theme::default();
    // The board fills the 8x8 frame: a square's pixel is its column and row.
    let mut frame = Checkerboard::new(8).checkerboard(&theme);
    let rows = queens_engine::solver::first_solution(8).expect("the 8x8 has solutions");
    for (col, &row) in rows.iter().enumerate() {
        frame.set(col, row as usize, theme.queen);
    }
    frame
}

/// The frame as `side` x `side` RGB bytes: the matrix's dark ground, each
/// LED a disc in its cell with a soft edge, as on the page.
fn draw(frame: &Frame, side: usize) -> Vec<u8> {
    let ground = Rgb(11, 12, 13);
    let cell = side as f64 / frame.side() as f64;
    let radius = cell * 0.42;
    let mut rgb = Vec::with_capacity(side * side * 3);
    for y in 0..side {
        for x in 0..side {
            let (fx, fy) = ((x as f64 + 0.5) / cell, (y as f64 + 0.5) / cell);
            let led = frame.get(fx as usize, fy as usize);
            let (dx, dy) = ((fx.fract() - 0.5) * cell, (fy.fract() - 0.5) * cell);
            // Full colour inside the disc, fading to the ground over one pixel.
            let cover = (radius + 0.5 - (dx * dx + dy * dy).sqrt()).clamp(0.0, 1.0);
            let mix =
                |on: u8, off: u8| (f64::from(on) * cover + f64::from(off) * (1.0 - cover)).round() as u8;
            rgb.extend([mix(led.0, ground.0), mix(led.1, ground.1), mix(led.2, ground.2)]);
        }
    }
    rgb
}

/// A PNG of `side` x `side` RGB bytes: 8-bit truecolour, no filter, zlib.
fn png(rgb: &[u8], side: usize) -> Vec<u8> {
    let mut raw = Vec::with_capacity(rgb.len() + side);
    for row in rgb.chunks(side * 3) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let mut header = Vec::new();
    header.extend((side as u32).to_be_bytes());
    header.extend((side as u32).to_be_bytes());
    header.extend([8, 2, 0, 0, 0]); // 8 bits, RGB, deflate, no filter method, no interlace
    let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut file, b"IHDR", &header);
    chunk(&mut file, b"IDAT", &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9));
    chunk(&mut file, b"IEND", &[]);
    file
}

fn chunk(file: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    file.extend((data.len() as u32).to_be_bytes());
    let start = file.len();
    file.extend_from_slice(kind);
    file.extend_from_slice(data);
    let crc = crc32(&file[start..]);
    file.extend(crc.to_be_bytes());
}

/// PNG's CRC-32 (ISO 3309), bit by bit: the icons are small.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// An ICO file holding one PNG image of `side` x `side`.
fn ico(png: &[u8], side: u8) -> Vec<u8> {
    let mut file = vec![0, 0, 1, 0, 1, 0]; // reserved, type icon, one image
    file.extend([side, side, 0, 0, 1, 0, 32, 0]); // size, no palette, 1 plane, 32 bits
    file.extend((png.len() as u32).to_le_bytes());
    file.extend(22u32.to_le_bytes()); // the image follows the 6 + 16 bytes of headers
    file.extend_from_slice(png);
    file
}
