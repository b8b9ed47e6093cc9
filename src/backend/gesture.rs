//! Turning a joystick's key presses and releases into game events: the
//! engine's [`queens_engine::game::gesture`], pure and shared with the web
//! page, under the name every backend here uses.

pub use crate::game::gesture::*;
