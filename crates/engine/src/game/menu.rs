//! The menu a hold opens: the mode's actions, the modes, the board sizes.

use super::animation::{Animation, Interrupt};
use super::frame::Frame;
use super::modes::{Action, ModeKind};
use super::size::BoardSize;
use super::text::{self, TextStyle};

/// One thing the menu offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// An action of the mode being played.
    Action(Action),
    /// Switch to this mode.
    Mode(ModeKind),
    /// The current mode's rules, scrolled once.
    Help,
    /// Play on a board this many squares wide.
    Size(BoardSize),
    /// Tilt to play, on or off (where the display has a motion sensor).
    Tilt,
}

impl Item {
    /// What the matrix scrolls for it.
    pub fn label(self) -> String {
        match self {
            Item::Action(a) => a.label().to_string(),
            Item::Mode(m) => m.name().to_ascii_uppercase(),
            Item::Help => "HELP".to_string(),
            Item::Size(n) => format!("{n}X{n}"),
            Item::Tilt => "TILT".to_string(),
        }
    }

    /// Whether the menu may open on this item again, so that *hold, press*
    /// repeats it: everything but what empties the board (see
    /// [`Action::is_safe_to_repeat`]). Choosing the mode or size already
    /// played changes nothing, so those are safe.
    pub(crate) fn is_safe_to_repeat(self) -> bool {
        match self {
            Item::Action(a) => a.is_safe_to_repeat(),
            Item::Mode(_) | Item::Help | Item::Size(_) | Item::Tilt => true,
        }
    }
}

/// What the menu adds to the label of the setting in force.
const IN_FORCE: &str = " (IN USE)";

/// The open menu: its items and the one selected.
#[derive(Debug, Clone)]
pub(crate) struct Menu {
    items: Vec<Item>,
    selected: usize,
    /// The setting in force among the items (cover's number of queens), marked.
    in_force: Option<Item>,
}

impl Menu {
    /// A menu of `items` that opens on `last` (what was chosen last time) if
    /// it is there, marking `in_force`.
    pub fn new(items: Vec<Item>, last: Option<Item>, in_force: Option<Item>) -> Menu {
        assert!(!items.is_empty());
        let selected = last.and_then(|l| items.iter().position(|&i| i == l)).unwrap_or(0);
        Menu { items, selected, in_force }
    }

    /// What the menu says for its `index`th item: its label, marked if it is in force.
    pub fn label(&self, index: usize) -> String {
        let item = self.items[index];
        let mark = if Some(item) == self.in_force { IN_FORCE } else { "" };
        item.label() + mark
    }

    /// Every item's label, as [`Menu::label`] says it.
    pub fn labels(&self) -> Vec<String> {
        (0..self.items.len()).map(|i| self.label(i)).collect()
    }

    /// The item selected now.
    pub fn selected(&self) -> Item {
        self.items[self.selected]
    }

    /// Every item, in order, and where the selection is among them.
    pub fn items(&self) -> (&[Item], usize) {
        (&self.items, self.selected)
    }

    /// Moves the selection by `step`, wrapping around.
    pub fn step(&mut self, step: isize) {
        let len = self.items.len() as isize;
        self.selected = (self.selected as isize + step).rem_euclid(len) as usize;
    }

    /// The selected item's label scrolled once; moving on or choosing
    /// doesn't wait for it to end.
    pub fn scroll(&self, style: TextStyle, side: usize) -> Animation {
        let mut animation = text::scroll(&self.label(self.selected), style, side);
        animation.interrupt = Interrupt::FinishThenApply;
        animation
    }

    /// The still picture after the scroll: the label's start at the left edge.
    pub fn picture(&self, style: TextStyle, side: usize) -> Frame {
        let columns = text::columns(&self.label(self.selected));
        let mut frame = Frame::dark(side);
        frame.fill(style.background);
        let top = side.saturating_sub(8) / 2;
        for (x, &column) in columns.iter().take(side).enumerate() {
            for y in (0..8.min(side)).filter(|&y| column >> y & 1 == 1) {
                frame.set(x, top + y, style.colour);
            }
        }
        frame
    }
}
