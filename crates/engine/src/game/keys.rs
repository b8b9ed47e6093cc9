//! The game's keys on a keyboard, once: which key gives which [`Event`],
//! and how the help lines name them. The terminal decodes its bytes into
//! [`Keystroke`]s and asks [`event_of`]; the page names the browser's keys
//! as keystrokes and asks the same, through one export; both help lines
//! name the keys by [`KEYS`].

use super::event::Event;

/// A key of a keyboard that the game may take, whatever sends it: an
/// arrow (the terminal's escape sequence, the browser's `ArrowUp`), Enter,
/// Space, or a letter (lower case: a key's letter whatever the case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keystroke {
    /// The up arrow.
    Up,
    /// The down arrow.
    Down,
    /// The left arrow.
    Left,
    /// The right arrow.
    Right,
    /// Enter (Return, the keypad's Enter).
    Enter,
    /// The space bar.
    Space,
    /// A letter, in lower case.
    Letter(char),
}

impl Keystroke {
    /// The letter `c` as a keystroke, whatever its case.
    pub fn letter(c: char) -> Keystroke {
        Keystroke::Letter(c.to_ascii_lowercase())
    }
}

/// Keys for the same things under one name, as the help lines name them:
/// `arrows`, `WASD`, `hjkl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeySet {
    /// How the help lines name the set.
    pub name: &'static str,
    /// Each key, and the event it gives.
    pub keys: &'static [(Keystroke, Event)],
}

/// The game's keys by what they do: move the cursor, press (the
/// joystick's middle), open the menu (the middle held: a keyboard
/// reports no holds, so a key stands for it, and its release follows by
/// itself before the next key's event), and undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameKeys {
    /// The keys that move the cursor, first the ones a short help line names.
    pub moves: &'static [KeySet],
    /// The keys that press.
    pub press: &'static [KeySet],
    /// The key that opens the menu.
    pub menu: &'static [KeySet],
    /// The key that takes back the last move (regions mode's undo; `u`,
    /// as Ctrl-Z suspends the terminal).
    pub undo: &'static [KeySet],
}

/// Every key the game takes on a keyboard: the one table.
pub const KEYS: GameKeys = GameKeys {
    moves: &[
        KeySet {
            name: "arrows",
            keys: &[
                (Keystroke::Up, Event::Up),
                (Keystroke::Down, Event::Down),
                (Keystroke::Left, Event::Left),
                (Keystroke::Right, Event::Right),
            ],
        },
        KeySet {
            name: "WASD",
            keys: &[
                (Keystroke::Letter('w'), Event::Up),
                (Keystroke::Letter('a'), Event::Left),
                (Keystroke::Letter('s'), Event::Down),
                (Keystroke::Letter('d'), Event::Right),
            ],
        },
        // vi's.
        KeySet {
            name: "hjkl",
            keys: &[
                (Keystroke::Letter('h'), Event::Left),
                (Keystroke::Letter('j'), Event::Down),
                (Keystroke::Letter('k'), Event::Up),
                (Keystroke::Letter('l'), Event::Right),
            ],
        },
    ],
    press: &[
        KeySet { name: "Enter", keys: &[(Keystroke::Enter, Event::Press)] },
        KeySet { name: "Space", keys: &[(Keystroke::Space, Event::Press)] },
    ],
    menu: &[KeySet { name: "m", keys: &[(Keystroke::Letter('m'), Event::Hold)] }],
    undo: &[KeySet { name: "u", keys: &[(Keystroke::Letter('u'), Event::Undo)] }],
};

impl GameKeys {
    /// Every set, moves first.
    fn sets(&self) -> impl Iterator<Item = &'static KeySet> {
        self.moves.iter().chain(self.press).chain(self.menu).chain(self.undo)
    }
}

/// The event `key` gives, if the game takes it.
pub fn event_of(key: Keystroke) -> Option<Event> {
    let key = match key {
        Keystroke::Letter(c) => Keystroke::letter(c),
        other => other,
    };
    KEYS.sets().flat_map(|set| set.keys).find(|(k, _)| *k == key).map(|&(_, event)| event)
}

/// The sets' names for a help line: `arrows/WASD/hjkl`.
pub fn named(sets: &[KeySet]) -> String {
    let names: Vec<&str> = sets.iter().map(|set| set.name).collect();
    names.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_gives_one_event_and_each_set_moves_every_way() {
        let mut seen = Vec::new();
        for set in KEYS.sets() {
            for &(key, event) in set.keys {
                assert!(!seen.contains(&key), "{key:?} twice");
                seen.push(key);
                assert_eq!(event_of(key), Some(event));
            }
        }
        for set in KEYS.moves {
            let mut events: Vec<Event> = set.keys.iter().map(|&(_, e)| e).collect();
            events.sort_by_key(|e| e.name());
            assert_eq!(events, [Event::Down, Event::Left, Event::Right, Event::Up], "{}", set.name);
        }
        assert_eq!(event_of(Keystroke::Letter('W')), Some(Event::Up), "either case");
        assert_eq!(event_of(Keystroke::letter('M')), Some(Event::Hold));
        assert_eq!(event_of(Keystroke::Letter('q')), None);
        assert_eq!(event_of(Keystroke::letter('U')), Some(Event::Undo));
        assert_eq!((named(KEYS.moves), named(KEYS.press)), ("arrows/WASD/hjkl".into(), "Enter/Space".into()));
    }
}
