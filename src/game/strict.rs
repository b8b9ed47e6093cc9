//! Strict mode, after the Scratch program in seed 000: a queen that would
//! attack another is refused, pressing a queen takes it back, and "solve"
//! completes the board without moving any of the player's queens.

use super::board::Board;
use super::classic::solved_flash;
use super::mode::{Action, Animation, Interrupt, Mode, Reaction, Stopwatch, Style};
use super::{Event, Frame, text};
use crate::puzzle::{Placement, Solutions, Square};
use std::sync::Arc;

/// How long each half of the refusal's red flash lasts.
pub const REFUSED_MS: u32 = 150;

pub struct Strict {
    solutions: Arc<Solutions>,
    style: Style,
    board: Board,
    game: Placement,
    cursor: Square,
    screen: Screen,
    hint: Vec<Square>,
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
    pub fn new(solutions: Arc<Solutions>, style: Style) -> Strict {
        let board = Board::new(solutions.n());
        let game = Placement::empty(board.n());
        Strict {
            solutions,
            style,
            board,
            game,
            cursor: board.start(),
            screen: Screen::Playing,
            hint: vec![],
        }
    }

    fn press(&mut self) -> Reaction {
        if self.game.has_queen(self.cursor) {
            self.game.set(self.cursor.col as usize, None);
            return Reaction::Draw;
        }
        if self.game.queens().any(|q| q.queen_attacks(self.cursor)) {
            return Reaction::Animate(self.refusal());
        }
        self.game.set(self.cursor.col as usize, Some(self.cursor.row));
        if !self.game.is_full() {
            return Reaction::Draw;
        }
        let queens = self.game;
        self.screen = Screen::Solved { queens };
        self.game = Placement::empty(self.board.n());
        let theme = &self.style.theme;
        let white = self.picture(&queens, |_| theme.queen);
        let blue = self.picture(&queens, |_| theme.misplaced);
        Reaction::Solved {
            queens,
            flash: solved_flash(white, blue),
        }
    }

    /// The whole board red, twice, around the unchanged picture.
    fn refusal(&self) -> Animation {
        let mut red = self.draw();
        for sq in self.board.squares().filter(|&sq| !self.game.has_queen(sq)) {
            self.board.paint(&mut red, sq, self.style.theme.refused);
        }
        let normal = self.draw();
        let steps = vec![(red, REFUSED_MS), (normal, REFUSED_MS), (red, REFUSED_MS)];
        Animation {
            steps,
            interrupt: Interrupt::FinishThenApply,
        }
    }

    fn solve(&mut self, stopwatch: &dyn Stopwatch) -> Reaction {
        let started = stopwatch.micros();
        let found = self.solutions.extending(&self.game).next().copied();
        let took = stopwatch.micros().saturating_sub(started);
        let message = match found {
            Some(solution) => {
                self.screen = Screen::Completed { solution };
                format!("SOLVED IN {took}us")
            }
            None => {
                let closest = self.solutions.get(self.solutions.closest(&self.game).index);
                let blockers: Vec<Square> = self.game.queens().filter(|&q| !closest.has_queen(q)).collect();
                let blockers =
                    Placement::from_squares(self.board.n(), &blockers).expect("queens of one placement");
                self.screen = Screen::Blocked { blockers };
                "NO SOLUTION".to_string()
            }
        };
        Reaction::Animate(text::scroll(&message, self.style.text, self.board.side()))
    }

    /// The checkerboard, the hint and the cursor, with `queens` in the
    /// colour `colour_of` gives each.
    fn picture(&self, queens: &Placement, colour_of: impl Fn(Square) -> super::Rgb) -> Frame {
        let theme = &self.style.theme;
        let mut frame = self.board.checkerboard(theme);
        for &sq in &self.hint {
            self.board.paint(&mut frame, sq, theme.hint);
        }
        self.board.paint(&mut frame, self.cursor, theme.cursor);
        for q in queens.queens() {
            self.board.paint(&mut frame, q, colour_of(q));
        }
        frame
    }
}

impl Mode for Strict {
    fn name(&self) -> &'static str {
        "strict"
    }

    fn reset(&mut self) {
        self.game = Placement::empty(self.board.n());
        self.cursor = self.board.start();
        self.screen = Screen::Playing;
        self.hint.clear();
    }

    fn handle(&mut self, event: Event) -> Reaction {
        self.hint.clear();
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
        if let Some(cursor) = self.board.step(self.cursor, event) {
            self.cursor = cursor;
            return Reaction::Draw;
        }
        match event {
            Event::Press => self.press(),
            _ => Reaction::Draw,
        }
    }

    fn draw(&self) -> Frame {
        let theme = &self.style.theme;
        match self.screen {
            Screen::Playing => self.picture(&self.game, |_| theme.queen),
            Screen::Solved { queens } => self.picture(&queens, |_| theme.queen),
            Screen::Completed { solution } => self.picture(&solution, |q| {
                if self.game.has_queen(q) {
                    theme.queen
                } else {
                    theme.needed
                }
            }),
            Screen::Blocked { blockers } => self.picture(&self.game, |q| {
                if blockers.has_queen(q) {
                    theme.refused
                } else {
                    theme.queen
                }
            }),
        }
    }

    fn actions(&self) -> &'static [Action] {
        &[Action::Hint, Action::Solve]
    }

    fn act(&mut self, action: Action, stopwatch: &dyn Stopwatch) -> Reaction {
        if let Screen::Solved { .. } = self.screen {
            self.screen = Screen::Playing;
        }
        match action {
            Action::Hint => {
                self.screen = Screen::Playing;
                self.hint = self.solutions.safe_squares(&self.game);
                Reaction::Draw
            }
            Action::Solve => self.solve(stopwatch),
        }
    }
}
