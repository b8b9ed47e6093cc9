//! A framebuffer's screen info, as any device could declare it: `check`
//! never panics (no overflow on a huge declared offset), and what it
//! accepts is 8x8 at 16 bits with every colour field inside the pixel.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sense_hat::framebuffer::ScreenInfo;
use sense_hat::sys::{FbBitfield, FbFixScreenInfo, FbVarScreenInfo};

fuzz_target!(|bytes: &[u8]| {
    // The seeds' layout: fb_var_screeninfo's 40 words, then fb_fix_screeninfo
    // as a 64-bit kernel lays it out (the id at 0, line_length at 48).
    let word = |at: usize| bytes.get(at..at + 4).map_or(0, |w| u32::from_ne_bytes(w.try_into().unwrap()));
    let field = |i: usize| FbBitfield { offset: word(4 * i), length: word(4 * i + 4), msb_right: word(4 * i + 8) };
    let var = FbVarScreenInfo {
        xres: word(0),
        yres: word(4),
        xres_virtual: word(8),
        yres_virtual: word(12),
        bits_per_pixel: word(24),
        red: field(8),
        green: field(11),
        blue: field(14),
        transp: field(17),
        ..FbVarScreenInfo::default()
    };
    let mut fix = FbFixScreenInfo { line_length: word(160 + 48), ..FbFixScreenInfo::default() };
    for (byte, from) in fix.id.iter_mut().zip(bytes.iter().skip(160)) {
        *byte = *from;
    }
    let info = ScreenInfo::from_kernel(&var, &fix);
    if let Ok(format) = info.check() {
        assert_eq!((info.xres, info.yres, info.bits_per_pixel), (8, 8, 16));
        for field in [format.red, format.green, format.blue] {
            assert!((1..=8).contains(&field.length));
            assert!(u64::from(field.offset) + u64::from(field.length) <= 16);
        }
        assert!(format.line_length >= 16);
    }
});
