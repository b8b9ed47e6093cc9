//! Classic mode: the rules of the Sense HAT program in seed 002, as
//! written down in `classic-rules.md`.

use super::mode::{Animation, Interrupt, Mode, Reaction};
use super::{Event, Frame, Rgb, Theme};
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
    theme: Theme,
    game: Placement,
    cursor: Square,
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
        solution: usize,
    },
    /// A full board, after its flash.
    Solved {
        queens: Placement,
    },
}

impl Classic {
    pub fn new(solutions: Arc<Solutions>, theme: Theme) -> Classic {
        let n = solutions.n();
        Classic {
            solutions,
            theme,
            game: Placement::empty(n),
            cursor: start(n),
            screen: Screen::Playing,
        }
    }

    /// The 8x8 game with the seed's colours.
    pub fn eight() -> Classic {
        Classic::new(Solutions::eight_shared(), Theme::default())
    }

    /// The queens of the game in progress.
    pub fn queens(&self) -> &Placement {
        &self.game
    }

    pub fn cursor(&self) -> Square {
        self.cursor
    }

    fn n(&self) -> usize {
        self.solutions.n()
    }

    fn step(&mut self, dx: i32, dy: i32) {
        let n = self.n() as i32;
        let wrap = |v: u8, d: i32| (v as i32 + d).rem_euclid(n) as u8;
        self.cursor = Square::new(wrap(self.cursor.col, dx), wrap(self.cursor.row, dy));
        self.screen = Screen::Playing;
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
            self.game = Placement::empty(self.n());
            return Reaction::Draw;
        }
        self.game.place_latest_wins(self.cursor);
        if !self.game.is_full() {
            return Reaction::Draw;
        }
        let queens = self.game;
        self.screen = Screen::Solved { queens };
        self.game = Placement::empty(self.n());
        let white = self.board_with(&queens, self.theme.queen);
        let blue = self.board_with(&queens, self.theme.misplaced);
        let steps = (0..FLASHES)
            .flat_map(|_| [(white, FLASH_MS), (blue, FLASH_MS)])
            .collect();
        Reaction::Animate(Animation {
            steps,
            interrupt: Interrupt::FinishThenApply,
        })
    }

    /// The checkerboard, the cursor, and `queens` in `colour` over both.
    fn board_with(&self, queens: &Placement, colour: Rgb) -> Frame {
        let mut frame = self.checkerboard();
        self.paint(&mut frame, self.cursor, self.theme.cursor);
        for q in queens.queens() {
            self.paint(&mut frame, q, colour);
        }
        frame
    }

    fn checkerboard(&self) -> Frame {
        let mut frame = Frame::dark(self.n().max(Frame::LED_SIDE));
        for col in 0..self.n() as u8 {
            for row in 0..self.n() as u8 {
                let t = &self.theme;
                let colour = if (col + row) % 2 == 0 {
                    t.dark_square
                } else {
                    t.light_square
                };
                self.paint(&mut frame, Square::new(col, row), colour);
            }
        }
        frame
    }

    /// Boards smaller than the frame are drawn centred.
    fn paint(&self, frame: &mut Frame, sq: Square, colour: Rgb) {
        let offset = (frame.side() - self.n()) / 2;
        frame.set(offset + sq.col as usize, offset + sq.row as usize, colour);
    }
}

/// The cursor's starting square: (3, 4) on the 8x8, as in the seed.
fn start(n: usize) -> Square {
    Square::new(((n - 1) / 2) as u8, (n / 2) as u8)
}

impl Mode for Classic {
    fn name(&self) -> &'static str {
        "classic"
    }

    fn reset(&mut self) {
        self.game = Placement::empty(self.n());
        self.cursor = start(self.n());
        self.screen = Screen::Playing;
    }

    fn handle(&mut self, event: Event) -> Reaction {
        match event {
            Event::Up => self.step(0, -1),
            Event::Down => self.step(0, 1),
            Event::Left => self.step(-1, 0),
            Event::Right => self.step(1, 0),
            Event::Press => return self.press(),
            // The seed acts on presses only.
            Event::Hold | Event::Release => {}
        }
        Reaction::Draw
    }

    fn draw(&self) -> Frame {
        match self.screen {
            Screen::Playing => self.board_with(&self.game, self.theme.queen),
            Screen::Solved { queens } => self.board_with(&queens, self.theme.queen),
            Screen::Answer { player, solution } => {
                // Over the board: the player's queens blue, then each of the
                // solution's queens white where it is the player's, yellow where not.
                let mut frame = self.board_with(&player, self.theme.misplaced);
                let solution = self.solutions.get(solution);
                for q in solution.queens() {
                    let colour = if player.has_queen(q) {
                        self.theme.queen
                    } else {
                        self.theme.needed
                    };
                    self.paint(&mut frame, q, colour);
                }
                frame
            }
        }
    }
}
