//! The joystick register (0xF2): five bits, one per key, 1 while pressed.
//! Decoding compares two readings, as both kernel drivers do, and is a
//! pure function so that the fuzz target `i2c_joystick` can check it.

use super::events::{Direction, StickEvent};

/// Bit `i` of the register is `BITS[i]` (rpisense-js's and
/// sensehat-joystick's key maps: down, right, up, enter, left).
pub const BITS: [Direction; 5] =
    [Direction::Down, Direction::Right, Direction::Up, Direction::Middle, Direction::Left];
/// The bits the hardware has; bits 5 to 7 are never a key (bit 7 can be
/// set spuriously by the BCM2835's clock-stretching bug) and are ignored.
pub const MASK: u8 = 0b1_1111;

/// The keys that went down or up between two readings, in bit order:
/// at most one change per key, only for bits that really changed.
pub fn decode(before: u8, now: u8) -> impl Iterator<Item = StickEvent> {
    let changed = (before ^ now) & MASK;
    BITS.into_iter().enumerate().filter(move |(bit, _)| changed & (1 << bit) != 0).map(move |(bit, key)| {
        if now & (1 << bit) != 0 { StickEvent::Pressed(key) } else { StickEvent::Released(key) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes(before: u8, now: u8) -> Vec<StickEvent> {
        decode(before, now).collect()
    }

    #[test]
    fn each_bit_is_its_key() {
        for (bit, key) in BITS.into_iter().enumerate() {
            assert_eq!(changes(0, 1 << bit), [StickEvent::Pressed(key)]);
            assert_eq!(changes(1 << bit, 0), [StickEvent::Released(key)]);
            assert_eq!(changes(1 << bit, 1 << bit), [], "no change, no event");
        }
        assert_eq!(BITS[3], Direction::Middle, "bit 3 is the middle (enter)");
    }

    #[test]
    fn several_bits_at_once_give_one_change_each_in_bit_order() {
        assert_eq!(
            changes(0b0_0100, 0b1_0001),
            [
                StickEvent::Pressed(Direction::Down),
                StickEvent::Released(Direction::Up),
                StickEvent::Pressed(Direction::Left)
            ]
        );
    }

    #[test]
    fn bits_the_hardware_cannot_set_are_ignored() {
        assert_eq!(changes(0, 0b1110_0000), []);
        assert_eq!(changes(0b1000_0000, 0b0100_1000), [StickEvent::Pressed(Direction::Middle)]);
        assert_eq!(changes(0xFF, 0x00).len(), 5);
    }
}
