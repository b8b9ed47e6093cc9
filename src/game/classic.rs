//! Classic mode: the rules of the Sense HAT program in seed 002, as
//! written down in `classic-rules.md`.

use super::board::Board;
use super::mode::{Action, Animation, Interrupt, Mode, Reaction, Stopwatch, Style};
use super::{Event, Frame, Rgb};
use crate::puzzle::{Placement, Solutions, Square};
use std::sync::Arc;

/// How long each half of the solved board's flash lasts.
pub const FLASH_MS: u32 = 250;
/// How many times the solved board flashes blue.
pub const FLASHES: usize = 3;

/// Place queens anywhere; the latest move wins; press a queen for the
/// closest solution.
pub struct Classic {
    solutions: Arc<Solutions>,
    style: Style,
    board: Board,
    game: Placement,
    cursor: Square,
    screen: Screen,
    /// Squares lit by a hint, until the next event.
    hint: Vec<Square>,
}

/// What is on show besides the game in progress. While it is not
/// `Playing`, the game is already emptied (the seed's `display` flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Playing,
    /// The closest solution to the player's queens.
    Answer {
        player: Placement,
        solution: usize,
    },
    /// A full board, after its flash.
    Solved {
        queens: Placement,
    },
}

impl Classic {
    pub fn new(solutions: Arc<Solutions>, style: Style) -> Classic {
        let board = Board::new(solutions.n());
        let game = Placement::empty(board.n());
        Classic {
            solutions,
            style,
            board,
            game,
            cursor: board.start(),
            screen: Screen::Playing,
            hint: vec![],
        }
    }

    /// The 8x8 game with the seed's colours.
    pub fn eight() -> Classic {
        Classic::new(Solutions::eight_shared(), Style::default())
    }

    fn press(&mut self) -> Reaction {
        if self.screen != Screen::Playing {
            return Reaction::Standby;
        }
        if self.game.has_queen(self.cursor) {
            let closest = self.solutions.closest(&self.game);
            self.screen = Screen::Answer {
                player: self.game,
                solution: closest.index,
            };
            self.game = Placement::empty(self.board.n());
            return Reaction::Draw;
        }
        self.game.place_latest_wins(self.cursor);
        if !self.game.is_full() {
            return Reaction::Draw;
        }
        let queens = self.game;
        self.screen = Screen::Solved { queens };
        self.game = Placement::empty(self.board.n());
        let white = self.with_queens(&queens, self.style.theme.queen);
        let blue = self.with_queens(&queens, self.style.theme.misplaced);
        Reaction::Solved {
            queens,
            flash: solved_flash(white, blue),
        }
    }

    /// The checkerboard, the hint, the cursor, and `queens` in `colour` over them.
    fn with_queens(&self, queens: &Placement, colour: Rgb) -> Frame {
        let theme = &self.style.theme;
        let mut frame = self.board.checkerboard(theme);
        for &sq in &self.hint {
            self.board.paint(&mut frame, sq, theme.hint);
        }
        self.board.paint(&mut frame, self.cursor, theme.cursor);
        for q in queens.queens() {
            self.board.paint(&mut frame, q, colour);
        }
        frame
    }
}

/// Three times `white` for 0.25 s then `blue` for 0.25 s; the mode's
/// picture after it shows the white queens again.
pub(super) fn solved_flash(white: Frame, blue: Frame) -> Animation {
    let steps = (0..FLASHES)
        .flat_map(|_| [(white, FLASH_MS), (blue, FLASH_MS)])
        .collect();
    Animation {
        steps,
        interrupt: Interrupt::FinishThenApply,
    }
}

impl Mode for Classic {
    fn name(&self) -> &'static str {
        "classic"
    }

    fn reset(&mut self) {
        self.game = Placement::empty(self.board.n());
        self.cursor = self.board.start();
        self.screen = Screen::Playing;
        self.hint.clear();
    }

    fn handle(&mut self, event: Event) -> Reaction {
        self.hint.clear();
        if let Some(cursor) = self.board.step(self.cursor, event) {
            self.cursor = cursor;
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
        match self.screen {
            Screen::Playing => self.with_queens(&self.game, self.style.theme.queen),
            Screen::Solved { queens } => self.with_queens(&queens, self.style.theme.queen),
            Screen::Answer { player, solution } => {
                // Over the board: the player's queens blue, then each of the
                // solution's queens white where it is the player's, yellow where not.
                let theme = &self.style.theme;
                let mut frame = self.with_queens(&player, theme.misplaced);
                for q in self.solutions.get(solution).queens() {
                    let colour = if player.has_queen(q) {
                        theme.queen
                    } else {
                        theme.needed
                    };
                    self.board.paint(&mut frame, q, colour);
                }
                frame
            }
        }
    }

    fn actions(&self) -> &'static [Action] {
        &[Action::Hint]
    }

    fn act(&mut self, action: Action, _stopwatch: &dyn Stopwatch) -> Reaction {
        if action == Action::Hint {
            // After an answer or a solved board the game is already empty:
            // the hint is for the new game.
            self.screen = Screen::Playing;
            self.hint = self.solutions.safe_squares(&self.game);
        }
        Reaction::Draw
    }
}
