//! A framebuffer's screen info, as any device could declare it: `check`
//! never panics (no overflow on a huge declared offset), and what it
//! accepts is 8x8 at 16 bits with every colour field inside the pixel.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::backend::sensehat::framebuffer::ScreenInfo;

fuzz_target!(|bytes: &[u8]| {
    let mut var = [0u32; 40];
    for (word, chunk) in var.iter_mut().zip(bytes.chunks_exact(4)) {
        *word = u32::from_ne_bytes(chunk.try_into().unwrap());
    }
    let mut fix = [0u8; 128];
    for (byte, from) in fix.iter_mut().zip(bytes.iter().skip(160)) {
        *byte = *from;
    }
    let info = ScreenInfo::from_raw(&var, &fix);
    if let Ok(format) = info.check() {
        assert_eq!((info.xres, info.yres, info.bits_per_pixel), (8, 8, 16));
        for field in [format.red, format.green, format.blue] {
            assert!((1..=8).contains(&field.length));
            assert!(u64::from(field.offset) + u64::from(field.length) <= 16);
        }
        assert!(format.line_length >= 16);
    }
});
