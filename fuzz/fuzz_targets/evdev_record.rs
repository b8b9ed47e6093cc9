//! Joystick `input_event` records: any bytes decode to nothing or to a key
//! the Sense HAT has, going down (value 1) or up (value 0) — never an event
//! the hardware cannot produce.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sense_hat::StickEvent;
use sense_hat::stick::record::{EV_KEY, RECORD, decode, direction_of};

fuzz_target!(|bytes: &[u8]| {
    for record in bytes.chunks_exact(RECORD) {
        let record: &[u8; RECORD] = record.try_into().unwrap();
        let at = RECORD - 8;
        let kind = u16::from_ne_bytes([record[at], record[at + 1]]);
        let code = u16::from_ne_bytes([record[at + 2], record[at + 3]]);
        let value = i32::from_ne_bytes(record[at + 4..at + 8].try_into().unwrap());
        match decode(record) {
            None => assert!(kind != EV_KEY || direction_of(code).is_none() || !(0..=1).contains(&value)),
            Some(change) => {
                assert_eq!(kind, EV_KEY);
                let key = direction_of(code).expect("one of the five keys");
                assert_eq!(
                    change,
                    if value == 1 { StickEvent::Pressed(key) } else { StickEvent::Released(key) }
                );
                assert!(value == 0 || value == 1);
            }
        }
    }
});
