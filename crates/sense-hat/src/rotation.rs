//! Turning the picture and the joystick together, for a HAT that is not
//! mounted upright.
//!
//! Degrees count as the Python `sense_hat` library counts them: 0 with the
//! Pi's HDMI port facing down, then the picture turned clockwise (its
//! pixel map is `numpy.rot90` of the last). A picture turned a quarter
//! also turns the stick a quarter, so pushing towards a side of the
//! matrix always moves the cursor towards that side as the player sees it.

use crate::stick::events::Direction;

/// How far the picture is turned clockwise, in quarters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rotation {
    /// Upright: 0 degrees.
    #[default]
    R0,
    /// 90 degrees.
    R90,
    /// 180 degrees.
    R180,
    /// 270 degrees.
    R270,
}

impl Rotation {
    /// The rotation of `degrees` (0, 90, 180 or 270), or `None`.
    pub fn from_degrees(degrees: i64) -> Option<Rotation> {
        match degrees {
            0 => Some(Rotation::R0),
            90 => Some(Rotation::R90),
            180 => Some(Rotation::R180),
            270 => Some(Rotation::R270),
            _ => None,
        }
    }

    /// Its degrees.
    pub fn degrees(self) -> u16 {
        match self {
            Rotation::R0 => 0,
            Rotation::R90 => 90,
            Rotation::R180 => 180,
            Rotation::R270 => 270,
        }
    }

    /// Where the picture's pixel (`x` across, `y` down, on a `side`-wide
    /// square) lands on the device, as (x, y).
    pub fn place(self, x: usize, y: usize, side: usize) -> (usize, usize) {
        let last = side - 1;
        match self {
            Rotation::R0 => (x, y),
            Rotation::R90 => (last - y, x),
            Rotation::R180 => (last - x, last - y),
            Rotation::R270 => (y, last - x),
        }
    }

    /// The direction the player means by pushing the stick towards `key`
    /// on the device.
    pub fn direction(self, key: Direction) -> Direction {
        use Direction::*;
        // The device's up, right, down, left, in the picture's terms.
        let turned = match self {
            Rotation::R0 => [Up, Right, Down, Left],
            Rotation::R90 => [Left, Up, Right, Down],
            Rotation::R180 => [Down, Left, Up, Right],
            Rotation::R270 => [Right, Down, Left, Up],
        };
        match key {
            Up => turned[0],
            Right => turned[1],
            Down => turned[2],
            Left => turned[3],
            Middle => Middle,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    fn step(key: Direction, (x, y): (usize, usize)) -> (usize, usize) {
        match key {
            Direction::Up => (x, y - 1),
            Direction::Down => (x, y + 1),
            Direction::Left => (x - 1, y),
            Direction::Right => (x + 1, y),
            Direction::Middle => (x, y),
        }
    }

    #[test]
    fn ninety_degrees_is_the_sense_hat_librarys_pixel_map() {
        // sense_hat: pix_map90 = numpy.rot90(pix_map0), so the picture's
        // row r, column c is written to the device's offset c * 8 + 7 - r.
        for r in 0..8 {
            for c in 0..8 {
                let (x, y) = Rotation::R90.place(c, r, 8);
                assert_eq!(y * 8 + x, c * 8 + 7 - r);
            }
        }
    }

    #[test]
    fn pushing_towards_a_side_moves_the_picture_towards_that_side() {
        for rotation in ALL {
            for device_key in [Direction::Up, Direction::Down, Direction::Left, Direction::Right] {
                let meant = rotation.direction(device_key);
                let from = (3, 4);
                let moved = rotation.place(step(meant, from).0, step(meant, from).1, 8);
                let start = rotation.place(from.0, from.1, 8);
                assert_eq!(moved, step(device_key, start), "{rotation:?} {device_key:?}");
            }
        }
    }

    #[test]
    fn four_quarter_turns_are_the_identity_and_each_is_a_permutation() {
        for rotation in ALL {
            let mut seen = [false; 64];
            for y in 0..8 {
                for x in 0..8 {
                    let (px, py) = rotation.place(x, y, 8);
                    seen[py * 8 + px] = true;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
        let (mut x, mut y) = (2, 5);
        for _ in 0..4 {
            (x, y) = Rotation::R90.place(x, y, 8);
        }
        assert_eq!((x, y), (2, 5));
    }
}
