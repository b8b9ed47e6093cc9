//! Readings of the joystick register (0xF2), byte after byte as the
//! backend sees them: decoding never yields an event the hardware cannot
//! produce. Only the five key bits ever give a change, each key at most
//! once per reading, down exactly when its bit is now set, and a key goes
//! down only if it was up (and up only if it was down).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sense_hat::StickEvent;
use sense_hat::stick::keys::{BITS, MASK, decode};
use std::collections::HashSet;

fuzz_target!(|readings: &[u8]| {
    let mut before = 0u8;
    let mut down = HashSet::new();
    for &now in readings {
        let changes: Vec<StickEvent> = decode(before, now).collect();
        assert_eq!(changes.len(), ((before ^ now) & MASK).count_ones() as usize);
        let mut seen = HashSet::new();
        for change in changes {
            let (key, pressed) = (change.direction(), change.pressed());
            let bit = BITS.iter().position(|&k| k == key).expect("one of the five keys");
            assert!(seen.insert(key), "one change per key per reading");
            assert_eq!(now & (1 << bit) != 0, pressed);
            assert_eq!(down.contains(&key), !pressed, "a key goes down only from up, up only from down");
            if pressed {
                down.insert(key);
            } else {
                down.remove(&key);
            }
        }
        before = now;
    }
});
