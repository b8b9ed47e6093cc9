//! Cover mode, after the Delphi program in seed 001: place queens so that
//! every square is attacked or occupied, with as few queens as possible
//! (five on the 8x8). Covered squares are lit dimly as you go.
//!
//! A press puts a queen on the cursor or takes it back; any number may
//! share a row or column, and queens may attack each other.
//!
//! The menu holds the Delphi program's own buttons. "K QUEENS" sets how many
//! queens its search may use (its `maxQueen`, at first the fewest with
//! which it finds a cover: its covers have no two queens attacking, so that
//! is the fewest independent queens that cover, 3 on the 4x4 where 2
//! attacking queens cover); the menu marks the number in force. "Go" clears the board and shows the next cover its search finds
//! (yellow), in its order; after the last it says so, until "Reset" (or a new
//! K) starts over. The cover found stays on the board, as the Delphi program
//! keeps its queens: its queens are yellow, and can be kept, taken back or
//! added to like the player's own (as strict keeps Solve's). An extra of
//! ours, "Closest", shows a minimum cover that
//! keeps as many of the player's queens as possible (kept white, added
//! yellow, the player's others blue); again, the next one.

use super::facts::{Facts, Press, ProgressTally, SIZES};
use super::mode::{Action, Mode, Reaction, Style};
use crate::game::animation::{Animation, Interrupt};
use crate::game::checkerboard::Checkerboard;
use crate::game::clock::Stopwatch;
use crate::game::event::Event;
use crate::game::flash::flash_steps;
use crate::game::frame::{Frame, Rgb};
use crate::game::text;
use crate::puzzle::Square;
use crate::solver::cover::{self, MAX_COVER_N};
use crate::solver::cover_walk::CoverWalk;
use std::cell::RefCell;
use std::rc::Rc;

/// What the menu, `--mode` and the help lines say of cover mode.
pub(super) const FACTS: Facts = Facts {
    name: "cover",
    summary: "after the Delphi program: the fewest queens that together attack every square",
    press: Press::Places { on_a_queen: ("take it back", "take back") },
    tally: ProgressTally::Nothing,
    sizes: *SIZES.start()..=MAX_COVER_N,
    sizes_limited_by: Some("its solver's limit"),
    rules_first: false,
    repeats_held_directions: true,
    undoes: false,
    rules: |_| {
        "COVER EVERY SQUARE WITH FEW QUEENS. PRESS A QUEEN TO TAKE IT BACK. GO SHOWS COVERS".to_string()
    },
    build: |build| Box::new(Cover::new(build.size, build.style)),
};

/// Cover mode (see the module's description): the player's queens, the
/// search's covers and what is on show.
pub struct Cover {
    board: Checkerboard,
    cursor: Square,
    /// The queens on the board, in the order placed: the player's, and Go's.
    queens: Vec<Square>,
    /// The queens of Go's cover still on the board: drawn yellow, and taken
    /// back by a press like any other queen.
    program: Vec<Square>,
    style: Style,
    /// The fewest queens that cover the board.
    goal: usize,
    /// The most queens Go's search may use (the seed's `maxQueen`), chosen in the menu.
    allowed: usize,
    /// Go's search since the last Reset; `None` until the first Go.
    walk: Option<CoverWalk>,
    /// How many covers Go has shown since the last Reset.
    found: usize,
    solver: Rc<cover::CoverBoard>,
    screen: Screen,
}

/// The menu's "K QUEENS" items, 1 to the largest cover board: how many
/// queens Go's search may use (the Delphi program's `maxQueen`).
const QUEENS: [Action; MAX_COVER_N] = [
    Action::new("1 QUEEN"),
    Action::new("2 QUEENS"),
    Action::new("3 QUEENS"),
    Action::new("4 QUEENS"),
    Action::new("5 QUEENS"),
    Action::new("6 QUEENS"),
    Action::new("7 QUEENS"),
    Action::new("8 QUEENS"),
    Action::new("9 QUEENS"),
    Action::new("10 QUEENS"),
    Action::new("11 QUEENS"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
enum Screen {
    Playing,
    /// Covered with no more queens than the target: after the flash, a
    /// press sleeps and a direction starts again.
    Covered,
    /// "Closest": the `index`th of `covers`, nearest first.
    Answer {
        covers: Rc<Vec<Vec<Square>>>,
        index: usize,
    },
}

/// One solver per board size, built once: finding the minimum of the 8x8
/// is a few milliseconds, and switching modes should not repeat it.
fn solver(n: usize) -> Rc<cover::CoverBoard> {
    thread_local! {
        static SOLVERS: RefCell<Vec<Option<Rc<cover::CoverBoard>>>> = RefCell::new(vec![None; MAX_COVER_N + 1]);
    }
    SOLVERS.with_borrow_mut(|solvers| {
        solvers[n].get_or_insert_with(|| Rc::new(cover::CoverBoard::new(n, false))).clone()
    })
}

/// The fewest queens with which Go's search finds a cover of the n x n
/// board. Go only finds covers with no two queens attacking, so this is the
/// fewest independent queens that cover (the independent domination
/// number), worked out once per size by the solver.
fn fewest_for_go(n: usize) -> usize {
    thread_local! {
        static FEWEST: RefCell<[Option<usize>; MAX_COVER_N + 1]> = const { RefCell::new([None; MAX_COVER_N + 1]) };
    }
    FEWEST
        .with_borrow_mut(|fewest| *fewest[n].get_or_insert_with(|| cover::CoverBoard::new(n, true).minimum()))
}

impl Cover {
    /// The Delphi program's Go: the next cover its own search finds.
    pub const GO: Action = Action::new("GO");
    /// The Delphi program's RESET: an empty board, and Go starts over.
    pub const RESET: Action = Action::emptying("RESET");
    /// The cover with the fewest queens closest to the player's queens.
    pub const CLOSEST: Action = Action::new("CLOSEST");

    /// The menu's item that allows `k` queens (1 to the board's side).
    pub fn queens(k: usize) -> Action {
        QUEENS[k - 1]
    }

    /// # Panics
    /// If `n` is above the cover solver's [`MAX_COVER_N`] (the LED matrix
    /// holds boards up to 8).
    pub fn new(n: usize, style: Style) -> Cover {
        let solver = solver(n);
        let board = Checkerboard::new(n);
        Cover {
            cursor: board.start(),
            board,
            queens: Vec::new(),
            program: Vec::new(),
            style,
            goal: solver.minimum(),
            allowed: fewest_for_go(n),
            walk: None,
            found: 0,
            solver,
            screen: Screen::Playing,
        }
    }

    /// The fewest queens that cover this board.
    pub fn goal(&self) -> usize {
        self.goal
    }

    /// The most queens Go may use (the menu's "K QUEENS").
    pub fn allowed(&self) -> usize {
        self.allowed
    }

    /// The covers a player's own queens are cheered for: up to the queens
    /// allowed, and never fewer than can cover.
    fn target(&self) -> usize {
        self.allowed.max(self.goal)
    }

    fn covered_by(queens: &[Square], sq: Square) -> bool {
        queens.iter().any(|&q| q == sq || q.queen_attacks(sq))
    }

    fn all_covered(&self) -> bool {
        self.board.squares().all(|sq| Cover::covered_by(&self.queens, sq))
    }

    fn press(&mut self) -> Reaction {
        if let Some(at) = self.queens.iter().position(|&q| q == self.cursor) {
            self.queens.remove(at);
            self.program.retain(|&q| q != self.cursor);
            return Reaction::Draw;
        }
        self.queens.push(self.cursor);
        if !self.all_covered() {
            return Reaction::Draw;
        }
        let k = self.queens.len();
        if k > self.target() {
            let message = format!("COVERED WITH {k} - NOW TRY {}", self.target());
            return Reaction::Animate(text::scroll(&message, self.style.text, self.board.side()));
        }
        let mut steps = self.flash();
        let cheer = text::scroll(&format!("COVERED WITH {k}!"), self.style.text, self.board.side());
        steps.extend(cheer.steps);
        self.screen = Screen::Covered;
        Reaction::Animate(Animation { steps, interrupt: Interrupt::Skip, message: cheer.message })
    }

    /// The covering queens flash white and blue, as a solved board does.
    fn flash(&self) -> Vec<(Frame, u32)> {
        let theme = self.style.theme;
        let white = self.picture(&self.queens, |_| theme.queen);
        let blue = self.picture(&self.queens, |_| theme.misplaced);
        flash_steps(white, blue)
    }

    /// The seed's Go: the board cleared and the next cover of its search
    /// placed on it, to keep or change; when there is none, "NO SOLUTION"
    /// (or how many there were) on an empty board.
    fn go(&mut self) -> Reaction {
        let (solver, allowed) = (&self.solver, self.allowed);
        let walk = self.walk.get_or_insert_with(|| CoverWalk::new(solver, allowed));
        self.screen = Screen::Playing;
        self.queens.clear();
        self.program.clear();
        if let Some(cover) = walk.next() {
            self.found += 1;
            self.queens.clone_from(&cover);
            self.program = cover;
            return Reaction::Draw;
        }
        let message = match self.found {
            0 => "NO SOLUTION".to_string(),
            1 => "NO MORE - 1 COVER".to_string(),
            found => format!("NO MORE - {found} COVERS"),
        };
        Reaction::Animate(text::scroll(&message, self.style.text, self.board.side()))
    }

    fn closest(&mut self) -> Reaction {
        let (covers, index) = match &self.screen {
            Screen::Answer { covers, index } => (covers.clone(), (index + 1) % covers.len()),
            _ => (Rc::new(self.solver.closest_covers(&self.queens)), 0),
        };
        self.screen = Screen::Answer { covers, index };
        Reaction::Draw
    }

    /// A queen's colour: yellow if Go placed it, white if the player did.
    fn colour_of(&self, q: Square) -> Rgb {
        let theme = &self.style.theme;
        if self.program.contains(&q) { theme.needed } else { theme.queen }
    }

    /// The board with covered squares dimmed, the cursor, and `queens`.
    fn picture(&self, queens: &[Square], colour_of: impl Fn(Square) -> Rgb) -> Frame {
        let theme = &self.style.theme;
        let mut frame = self.board.checkerboard(theme);
        for sq in self.board.squares().filter(|&sq| Cover::covered_by(queens, sq)) {
            self.board.paint(&mut frame, sq, theme.attacked);
        }
        self.board.paint(&mut frame, self.cursor, theme.cursor);
        for &q in queens {
            self.board.paint(&mut frame, q, colour_of(q));
        }
        frame
    }
}

impl Mode for Cover {
    fn cursor(&self) -> Option<Square> {
        Some(self.cursor)
    }

    /// A new game: the board empty, and Go's search back at its start (the
    /// queens allowed stay as chosen).
    fn reset(&mut self) {
        self.queens.clear();
        self.program.clear();
        self.cursor = self.board.start();
        self.screen = Screen::Playing;
        self.walk = None;
        self.found = 0;
    }

    fn handle(&mut self, event: Event) -> Reaction {
        match self.screen {
            Screen::Playing => {}
            Screen::Covered if event == Event::Press => return Reaction::Standby,
            Screen::Covered => self.reset(),
            // An answer on show: any event goes back to the game as it was. Pointing is
            // all the moves to a square at once: the first ends the answer, the rest move.
            Screen::Answer { .. } => {
                self.screen = Screen::Playing;
                if !matches!(event, Event::At { .. }) {
                    return Reaction::Draw;
                }
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
        match &self.screen {
            Screen::Playing | Screen::Covered => self.picture(&self.queens, |q| self.colour_of(q)),
            Screen::Answer { covers, index } => {
                let cover = &covers[*index];
                let mut frame = self
                    .picture(cover, |q| if self.queens.contains(&q) { theme.queen } else { theme.needed });
                for &q in self.queens.iter().filter(|q| !cover.contains(q)) {
                    self.board.paint(&mut frame, q, theme.misplaced);
                }
                frame
            }
        }
    }

    fn actions(&self) -> Vec<Action> {
        [Cover::GO, Cover::RESET, Cover::CLOSEST]
            .into_iter()
            .chain(QUEENS[..self.board.n()].iter().copied())
            .collect()
    }

    fn in_force(&self) -> Option<Action> {
        Some(Cover::queens(self.allowed))
    }

    fn act(&mut self, action: Action, _stopwatch: &dyn Stopwatch) -> Reaction {
        if self.screen == Screen::Covered {
            self.reset();
        }
        match action {
            Cover::GO => self.go(),
            Cover::RESET => {
                self.reset();
                Reaction::Draw
            }
            Cover::CLOSEST => self.closest(),
            _ => {
                let Some(k) = QUEENS.iter().position(|&q| q == action) else { return Reaction::Draw };
                // A new K is a new search, as after a Reset; the player's queens stay.
                self.allowed = k + 1;
                self.walk = None;
                self.found = 0;
                self.screen = Screen::Playing;
                Reaction::Draw
            }
        }
    }
}
