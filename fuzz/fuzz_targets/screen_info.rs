//! A framebuffer's screen info, as any device could declare it: `check`
//! never panics (no overflow on a huge declared offset), and what it
//! accepts is 8x8 at 16 bits with every colour field inside the pixel.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sense_hat::leds::framebuffer::{Bitfield, ScreenInfo};

fuzz_target!(|bytes: &[u8]| {
    // The seeds' layout: fb_var_screeninfo's 40 words, then fb_fix_screeninfo
    // as a 64-bit kernel lays it out (the id at 0, line_length at 48); the
    // fields `ScreenInfo` reads from them, as the kernel's structs hold them.
    let word = |at: usize| bytes.get(at..at + 4).map_or(0, |w| u32::from_ne_bytes(w.try_into().unwrap()));
    let field = |i: usize| Bitfield { offset: word(4 * i), length: word(4 * i + 4) };
    let id: Vec<u8> = bytes.iter().skip(160).take(16).take_while(|&&b| b != 0).copied().collect();
    let info = ScreenInfo {
        id: String::from_utf8_lossy(&id).into_owned(),
        xres: word(0),
        yres: word(4),
        bits_per_pixel: word(24),
        red: field(8),
        green: field(11),
        blue: field(14),
        line_length: word(160 + 48),
    };
    if let Ok(format) = info.check() {
        assert_eq!((info.xres, info.yres, info.bits_per_pixel), (8, 8, 16));
        for field in [format.red, format.green, format.blue] {
            assert!((1..=8).contains(&field.length));
            assert!(u64::from(field.offset) + u64::from(field.length) <= 16);
        }
        assert!(format.line_length >= 16);
    }
});
