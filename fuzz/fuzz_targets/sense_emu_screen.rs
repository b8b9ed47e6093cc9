//! The emulator's screen file, found at any size and with any bytes in it
//! (a GUI of another version, a crashed writer, a stray file): opening it
//! always leaves the 160-byte shape the GUI maps, keeps the pixels and the
//! gamma table that were there, supplies the default gamma where it was
//! missing, and a frame shown afterwards lands in the pixels alone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::backend::sense_emu::screen::{self, FILE_LEN, GAMMA_DEFAULT, PIXEL_BYTES, Screen};
use queens::game::{Frame, Rgb};
use std::path::PathBuf;

fn path() -> PathBuf {
    // /dev/shm, like the emulator itself: a fuzz run opens thousands of files.
    let shm = std::path::Path::new("/dev/shm");
    let dir = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() };
    dir.join(format!("queens-fuzz-screen-{}", std::process::id()))
}

fuzz_target!(|found: &[u8]| {
    let path = path();
    std::fs::write(&path, found).unwrap();
    let mut screen = Screen::open(&path).expect("any file the game may write is opened");
    let opened = std::fs::read(&path).unwrap();
    assert_eq!(opened.len() as u64, FILE_LEN, "the GUI's shape");
    let kept = found.len().min(PIXEL_BYTES);
    assert_eq!(opened[..kept], found[..kept], "the pixels that were there");
    assert!(opened[kept..PIXEL_BYTES].iter().all(|&b| b == 0), "missing pixels are dark");
    let gamma = &opened[PIXEL_BYTES..];
    if found.len() as u64 >= FILE_LEN {
        assert_eq!(gamma, &found[PIXEL_BYTES..FILE_LEN as usize], "a whole gamma table is kept");
    } else {
        assert_eq!(gamma, GAMMA_DEFAULT, "a cut-off gamma table is replaced whole");
    }

    // A frame made of the input's bytes.
    let mut frame = Frame::dark(8);
    for (i, rgb) in found.chunks_exact(3).take(64).enumerate() {
        frame.set(i % 8, i / 8, Rgb(rgb[0], rgb[1], rgb[2]));
    }
    screen.show(&frame).unwrap();
    let shown = std::fs::read(&path).unwrap();
    assert_eq!(shown[..PIXEL_BYTES], screen::encode(&frame).unwrap());
    assert_eq!(&shown[PIXEL_BYTES..], gamma, "showing a frame leaves the gamma table alone");
    let _ = std::fs::remove_file(&path);
});
