//! The emulator's joystick records: a record gives a key exactly when it is
//! a press or release of one of the joystick's five keys (checked against
//! an independent reading of the `llHHI` layout), and what the gestures make
//! of them is something the joystick can do: a release only after a hold.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::backend::sense_emu::stick::{RECORD_LEN, decode_datagram};
use queens::backend::stick;
use queens::game::Event;
use queens::game::gesture::Gestures;
use sense_hat::{Direction, StickEvent};

/// The key and press of one record, read independently of the backend.
fn expected(record: &[u8]) -> Option<(Direction, bool)> {
    let long = std::mem::size_of::<std::ffi::c_long>();
    let field =
        |at: usize, len: usize| record[at..at + len].iter().rev().fold(0u32, |v, &b| v << 8 | b as u32);
    // Native order is little-endian on every machine this runs on (x86, ARM).
    assert!(cfg!(target_endian = "little"));
    let (kind, code, value) = (field(2 * long, 2), field(2 * long + 2, 2), field(2 * long + 4, 4));
    let key = match (kind, code) {
        (1, 103) => Direction::Up,
        (1, 108) => Direction::Down,
        (1, 105) => Direction::Left,
        (1, 106) => Direction::Right,
        (1, 28) => Direction::Middle,
        // The GUI sends the KEY_* codes above; the decoder, shared with the kernel's joystick,
        // also takes mainline Linux's BTN_DPAD_* and BTN_SELECT.
        (1, 0x220) => Direction::Up,
        (1, 0x221) => Direction::Down,
        (1, 0x222) => Direction::Left,
        (1, 0x223) => Direction::Right,
        (1, 0x13a) => Direction::Middle,
        _ => return None,
    };
    match value {
        0 => Some((key, false)),
        1 => Some((key, true)),
        _ => None,
    }
}

fuzz_target!(|data: &[u8]| {
    let keys: Vec<(Direction, bool)> = decode_datagram(data)
        .map(|change| match change {
            StickEvent::Pressed(key) => (key, true),
            StickEvent::Released(key) => (key, false),
            // No other change comes from a record (the crate's enum may grow).
            other => panic!("{other:?}"),
        })
        .collect();
    let wanted: Vec<(Direction, bool)> = data.chunks_exact(RECORD_LEN).filter_map(expected).collect();
    assert_eq!(keys, wanted);

    // Through the gestures, a record every 0, 300, ... 1200 ms.
    let mut gestures = Gestures::default();
    let (mut now, mut holding) = (0u64, false);
    let mut check = |event: Event| match event {
        Event::Hold => holding = true,
        Event::Release => {
            assert!(holding, "a release without a hold");
            holding = false;
        }
        _ => {}
    };
    for (i, (key, pressed)) in keys.into_iter().enumerate() {
        now += 300 * (i as u64 % 5);
        while let Some(event) = gestures.expire(now) {
            check(event);
        }
        if let Some(event) = gestures.key(stick::key(key), pressed, now) {
            check(event);
        }
    }
});
