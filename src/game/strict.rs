//! Strict mode, after the Scratch program in seed 000: a queen that would
//! attack another is refused, pressing a queen takes it back, and "solve"
//! completes the board without moving any of the player's queens.

use super::mode::{Action, Animation, Interrupt, Mode, Reaction, Stopwatch, Style};
use super::position::Position;
use super::{Event, Frame, text};
use crate::puzzle::{Answers, Placement, Square};

/// How long each half of the refusal's red flash lasts.
pub const REFUSED_MS: u32 = 150;

pub struct Strict {
    pos: Position,
    screen: Screen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Playing,
    /// A full board, after its flash; the game is emptied.
    Solved {
        queens: Placement,
    },
    /// "Solve" found this completion of the player's queens.
    Completed {
        solution: Placement,
    },
    /// "Solve" found none; these queens of the player's stand in the way
    /// (the fewest whose removal leaves a board that can be completed).
    Blocked {
        blockers: Placement,
    },
}

impl Strict {
    pub fn new(answers: Answers, style: Style) -> Strict {
        Strict { pos: Position::new(answers, style), screen: Screen::Playing }
    }

    fn press(&mut self) -> Reaction {
        let pos = &mut self.pos;
        if pos.game.has_queen(pos.cursor) {
            pos.game.set(pos.cursor.col as usize, None);
            return Reaction::Draw;
        }
        if pos.game.queens().any(|q| q.queen_attacks(pos.cursor)) {
            return Reaction::Animate(self.refusal());
        }
        pos.game.set(pos.cursor.col as usize, Some(pos.cursor.row));
        if !pos.game.is_full() {
            return Reaction::Draw;
        }
        self.screen = Screen::Solved { queens: pos.game };
        pos.take_solved()
    }

    /// The whole board red, twice, around the unchanged picture.
    fn refusal(&self) -> Animation {
        let pos = &self.pos;
        let normal = self.draw();
        let mut red = normal;
        for sq in pos.board.squares().filter(|&sq| !pos.game.has_queen(sq)) {
            pos.board.paint(&mut red, sq, pos.style.theme.refused);
        }
        let steps = vec![(red, REFUSED_MS), (normal, REFUSED_MS), (red, REFUSED_MS)];
        Animation { steps, interrupt: Interrupt::FinishThenApply, message: None }
    }

    fn solve(&mut self, stopwatch: &dyn Stopwatch) -> Reaction {
        let pos = &self.pos;
        let started = stopwatch.micros();
        let found = pos.answers.completion(&pos.game);
        let took = stopwatch.micros().saturating_sub(started);
        let message = match found {
            Some(solution) => {
                self.screen = Screen::Completed { solution };
                format!("SOLVED IN {took}us")
            }
            None => {
                let closest = pos.answers.closest(&pos.game);
                let blockers: Vec<Square> = pos.game.queens().filter(|&q| !closest.has_queen(q)).collect();
                let blockers =
                    Placement::from_squares(pos.board.n(), &blockers).expect("queens of one board");
                self.screen = Screen::Blocked { blockers };
                "NO SOLUTION".to_string()
            }
        };
        Reaction::Animate(text::scroll(&message, pos.style.text, pos.board.side()))
    }
}

impl Mode for Strict {
    fn name(&self) -> &'static str {
        "strict"
    }

    fn cursor(&self) -> Option<Square> {
        Some(self.pos.cursor)
    }

    fn reset(&mut self) {
        self.pos.reset();
        self.screen = Screen::Playing;
    }

    fn handle(&mut self, event: Event) -> Reaction {
        self.pos.hint.clear();
        match self.screen {
            Screen::Playing => {}
            // A solved board: directions start a new game, the middle sleeps (as in classic).
            Screen::Solved { .. } if event == Event::Press => return Reaction::Standby,
            Screen::Solved { .. } => self.screen = Screen::Playing,
            // A completion or the blockers on show: any event goes back to the game as it was.
            Screen::Completed { .. } | Screen::Blocked { .. } => {
                self.screen = Screen::Playing;
                return Reaction::Draw;
            }
        }
        if self.pos.step(event) {
            return Reaction::Draw;
        }
        match event {
            Event::Press => self.press(),
            _ => Reaction::Draw,
        }
    }

    fn draw(&self) -> Frame {
        let pos = &self.pos;
        let theme = &pos.style.theme;
        match self.screen {
            Screen::Playing => pos.picture(&pos.game, |_| theme.queen),
            Screen::Solved { queens } => pos.picture(&queens, |_| theme.queen),
            Screen::Completed { solution } => {
                pos.picture(&solution, |q| if pos.game.has_queen(q) { theme.queen } else { theme.needed })
            }
            Screen::Blocked { blockers } => {
                pos.picture(&pos.game, |q| if blockers.has_queen(q) { theme.refused } else { theme.queen })
            }
        }
    }

    fn actions(&self) -> &'static [Action] {
        &[Action::Hint, Action::Solve]
    }

    fn act(&mut self, action: Action, stopwatch: &dyn Stopwatch) -> Reaction {
        // After a solved board the game is already empty: act on the new game.
        self.screen = Screen::Playing;
        match action {
            Action::Hint => {
                self.pos.show_hint();
                Reaction::Draw
            }
            Action::Solve => self.solve(stopwatch),
            // Cover's own actions: never in this mode's menu.
            Action::Go | Action::Reset | Action::Closest | Action::Queens(_) => Reaction::Draw,
        }
    }
}
