//! The joystick's five keys, and what a device reports of them: a key
//! pressed or released. Held keys and repeats are the program's to time:
//! the kernel's auto-repeat differs between drivers, so none of the paths
//! here passes it on.

/// Where the stick is pushed, or its middle pressed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Pushed up (towards the top of the picture, rotation 0).
    Up,
    /// Pushed down.
    Down,
    /// Pushed left.
    Left,
    /// Pushed right.
    Right,
    /// The stick pressed in (the kernel's `KEY_ENTER`).
    Middle,
}

/// A key going down or coming back up, as a device reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StickEvent {
    /// The key went down.
    Pressed(Direction),
    /// The key came back up.
    Released(Direction),
}
