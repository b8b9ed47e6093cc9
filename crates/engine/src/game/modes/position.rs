//! What classic and strict share: the queens on an n x n board, the cursor,
//! and the squares a hint lights.

use super::mode::{Counts, Reaction, Style};
use crate::game::animation::{Animation, Interrupt};
use crate::game::answers::Answers;
use crate::game::checkerboard::Checkerboard;
use crate::game::event::Event;
use crate::game::flash::flash_steps;
use crate::game::frame::{Frame, Rgb};
use crate::puzzle::{Placement, Square};

pub(super) struct Position {
    pub answers: Answers,
    pub style: Style,
    pub board: Checkerboard,
    /// The queens of the game in progress.
    pub game: Placement,
    pub cursor: Square,
    /// Squares lit by a hint, until the next event.
    pub hint: Vec<Square>,
}

impl Position {
    pub fn new(answers: Answers, style: Style) -> Position {
        let board = Checkerboard::new(answers.n());
        let game = Placement::empty(board.n());
        Position { answers, style, board, game, cursor: board.start(), hint: vec![] }
    }

    /// A new game, cursor back at the start.
    pub fn reset(&mut self) {
        self.clear();
        self.cursor = self.board.start();
        self.hint.clear();
    }

    /// Takes every queen off.
    pub fn clear(&mut self) {
        self.game = Placement::empty(self.board.n());
    }

    /// Moves the cursor if `event` is a direction; says whether it was.
    pub fn step(&mut self, event: Event) -> bool {
        match self.board.step(self.cursor, event) {
            Some(cursor) => {
                self.cursor = cursor;
                true
            }
            None => false,
        }
    }

    /// The board is full: empties it for the next game and flashes the
    /// full board three times, blue and white.
    pub(crate) fn take_solved(&mut self) -> Reaction {
        let queens = self.game;
        self.clear();
        let flash = self.flash(&queens);
        Reaction::Solved { flash, message: None, counts: Counts::Solution(queens) }
    }

    /// A full board's flash: three times white and blue; an event ends it
    /// and is applied, as the seed applies presses queued during its sleep.
    pub fn flash(&self, queens: &Placement) -> Animation {
        let theme = self.style.theme;
        let white = self.picture(queens, |_| theme.queen);
        let blue = self.picture(queens, |_| theme.misplaced);
        let steps = flash_steps(white, blue);
        Animation { steps, interrupt: Interrupt::FinishThenApply, message: None }
    }

    /// Lights every empty square where a queen still leads to a solution,
    /// and says how many, naming them when they are few enough to hear
    /// (no more than the board's side); with none to light, the words say why.
    pub(crate) fn show_hint(&mut self) -> Reaction {
        self.hint = self.answers.safe_squares(&self.game);
        Reaction::Say { flash: None, words: self.hint_words() }
    }

    fn hint_words(&self) -> String {
        let n = self.board.n();
        match self.hint.len() {
            0 if self.game.is_full() => "no hint: the board is full".to_string(),
            0 => "no hint: no square left leads to a solution".to_string(),
            1 => format!("hint: 1 square still leads to a solution: {}", self.hint[0].chess(n)),
            count if count <= n => {
                // As the grid reads: row by row from the top.
                let mut squares = self.hint.clone();
                squares.sort_by_key(|sq| (sq.row, sq.col));
                let names: Vec<String> = squares.iter().map(|sq| sq.chess(n)).collect();
                format!("hint: {count} squares still lead to a solution: {}", names.join(", "))
            }
            count => format!("hint: {count} squares still lead to a solution"),
        }
    }

    /// The checkerboard, the hint, the cursor, and `queens` over them in the
    /// colour `colour_of` gives each (a queen on the cursor hides it).
    pub fn picture(&self, queens: &Placement, colour_of: impl Fn(Square) -> Rgb) -> Frame {
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
