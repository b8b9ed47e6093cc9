//! Classic mode: the rules of the Sense HAT program in seed 002, as
//! written down in `classic-rules.md`.

use super::facts::{Facts, Press, ProgressTally, SIZES};
use super::mode::{Action, Mode, Reaction, Style};
use super::position::Position;
use crate::game::answers::Answers;
use crate::game::clock::Stopwatch;
use crate::game::event::Event;
use crate::game::frame::Frame;
use crate::puzzle::{Placement, Square};

/// What the menu, `--mode` and the help lines say of classic mode.
pub(super) const FACTS: Facts = Facts {
    name: "classic",
    summary: "the seed's rules: the newest queen wins; press a queen for the closest solution",
    press: Press::Places { on_a_queen: ("the answer", "answer") },
    tally: ProgressTally::Found,
    sizes: SIZES,
    sizes_limited_by: None,
    rules_first: false,
    // Seed 002 moves once per push of the joystick.
    repeats_held_directions: false,
    undoes: false,
    rules: |n| {
        format!("PLACE {n} QUEENS, NONE ATTACKING. THE NEWEST QUEEN WINS. PRESS A QUEEN FOR A SOLUTION")
    },
    build: |build| Box::new(Classic::new(Answers::new(build.size), build.style)),
};

/// The menu's one item here: light the squares that still lead to a solution.
const HINT: Action = Action::new("HINT");

/// Place queens anywhere; the latest move wins; press a queen for the
/// closest solution.
pub struct Classic {
    pos: Position,
    screen: Screen,
}

/// What is on show besides the game in progress. While it is not
/// `Playing`, the game is already emptied (the seed's `display` flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Playing,
    /// The closest solution to the player's queens.
    Answer {
        player: Placement,
        solution: Placement,
    },
    /// A full board, after its flash.
    Solved {
        queens: Placement,
    },
}

impl Classic {
    /// A classic game on the board `answers` is for, drawn in `style`.
    pub fn new(answers: Answers, style: Style) -> Classic {
        Classic { pos: Position::new(answers, style), screen: Screen::Playing }
    }

    /// The 8x8 game with the seed's colours.
    pub fn eight() -> Classic {
        Classic::new(Answers::new(8), Style::default())
    }

    fn press(&mut self) -> Reaction {
        if self.screen != Screen::Playing {
            return Reaction::Standby;
        }
        let pos = &mut self.pos;
        if pos.game.has_queen(pos.cursor) {
            let solution = pos.answers.closest(&pos.game);
            self.screen = Screen::Answer { player: pos.game, solution };
            pos.clear();
            return Reaction::Draw;
        }
        pos.game.place_latest_wins(pos.cursor);
        if !pos.game.is_full() {
            return Reaction::Draw;
        }
        self.screen = Screen::Solved { queens: pos.game };
        pos.take_solved()
    }
}

impl Mode for Classic {
    fn cursor(&self) -> Option<Square> {
        Some(self.pos.cursor)
    }

    fn reset(&mut self) {
        self.pos.reset();
        self.screen = Screen::Playing;
    }

    fn handle(&mut self, event: Event) -> Reaction {
        self.pos.hint.clear();
        if self.pos.step(event) {
            self.screen = Screen::Playing;
            return Reaction::Draw;
        }
        match event {
            Event::Press => self.press(),
            // The seed acts on presses only.
            _ => Reaction::Draw,
        }
    }

    fn draw(&self) -> Frame {
        let pos = &self.pos;
        let theme = &pos.style.theme;
        match self.screen {
            Screen::Playing => pos.picture(&pos.game, |_| theme.queen),
            Screen::Solved { queens } => pos.picture(&queens, |_| theme.queen),
            Screen::Answer { player, solution } => {
                // Over the board: the player's queens blue, then each of the
                // solution's queens white where it is the player's, yellow where not.
                let mut frame = pos.picture(&player, |_| theme.misplaced);
                for q in solution.queens() {
                    let colour = if player.has_queen(q) { theme.queen } else { theme.needed };
                    pos.board.paint(&mut frame, q, colour);
                }
                frame
            }
        }
    }

    fn actions(&self) -> Vec<Action> {
        vec![HINT]
    }

    fn act(&mut self, action: Action, _stopwatch: &dyn Stopwatch) -> Reaction {
        if action == HINT {
            // After an answer or a solved board the game is already empty:
            // the hint is for the new game.
            self.screen = Screen::Playing;
            return self.pos.show_hint();
        }
        Reaction::Draw
    }
}
