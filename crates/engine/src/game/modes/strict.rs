//! Strict mode, after the Scratch program in seed 000: a queen that would
//! attack another is refused, pressing a queen takes it back, Solve
//! completes the board as the seed's own search does without moving any
//! queen, and Restart empties the board. Whatever Solve adds stays on the
//! board, marked as the program's, and play goes on from there.

use super::facts::{Facts, Press, ProgressTally, SIZES};
use super::mode::{Action, Counts, Mode, Now, Reaction, Style};
use super::position::Position;
use crate::game::animation::{Animation, Interrupt};
use crate::game::answers::Answers;
use crate::game::clock::{Millis, Stopwatch};
use crate::game::elapsed::{play_time, search_time};
use crate::game::event::Event;
use crate::game::frame::{Frame, Rgb};
use crate::game::scratch::solve_like_scratch;
use crate::game::text;
use crate::puzzle::{Placement, Square};

/// What the menu, `--mode` and the help lines say of strict mode.
pub(super) const FACTS: Facts = Facts {
    name: "strict",
    summary: "after the Scratch program: a queen that would attack is refused; solve completes the board",
    press: Press::Places { on_a_queen: ("take it back", "take back") },
    tally: ProgressTally::Found,
    sizes: SIZES,
    sizes_limited_by: None,
    // As the Scratch program shows its instructions page before play.
    rules_first: true,
    repeats_held_directions: true,
    undoes: false,
    // The Scratch program's instructions page, in our words.
    rules: |n| {
        format!(
            "PLACE {n} QUEENS, NONE ATTACKING. ATTACKS ARE REFUSED. PRESS A QUEEN TO TAKE IT BACK. \
             SOLVE ADDS THE MISSING QUEENS WITHOUT MOVING YOURS AND SAYS HOW LONG IT TOOK, \
             OR NO SOLUTION IF THERE IS NONE. RESTART EMPTIES THE BOARD"
        )
    },
    build: |build| Box::new(Strict::new(Answers::new(build.size), build.style)),
};

/// Light the squares that still lead to a solution.
const HINT: Action = Action::new("HINT");
/// Complete the player's board as the Scratch program's search does.
const SOLVE: Action = Action::new("SOLVE");
/// The Scratch program's Restart, back to the empty board.
const RESTART: Action = Action::emptying("RESTART");

/// How long each half of the refusal's red flash lasts.
pub const REFUSED_MS: u32 = 150;

/// Strict mode (see the module's description): the board, the queens
/// Solve placed, and what is on show.
pub struct Strict {
    pos: Position,
    /// The queens Solve placed that are still on the board: drawn yellow,
    /// and taken back by a press like any other queen.
    program: Placement,
    screen: Screen,
    /// The engine's time, as last told.
    now: Millis,
    /// When the board last went from empty to holding a queen; `None`
    /// while it is empty.
    started: Option<Millis>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Playing,
    /// "Solve" found no completion; these queens stand in the way (the
    /// fewest whose removal leaves a board that can be completed).
    Blocked {
        blockers: Placement,
    },
}

impl Strict {
    /// A strict game on the board `answers` is for, drawn in `style`.
    pub fn new(answers: Answers, style: Style) -> Strict {
        let n = answers.n();
        let pos = Position::new(answers, style);
        Strict { pos, program: Placement::empty(n), screen: Screen::Playing, now: 0, started: None }
    }

    fn press(&mut self) -> Reaction {
        let pos = &mut self.pos;
        let col = pos.cursor.col as usize;
        if pos.game.has_queen(pos.cursor) {
            pos.game.set(col, None);
            self.program.set(col, None);
            if pos.game.is_empty() {
                self.started = None;
            }
            return Reaction::Draw;
        }
        let attackers: Vec<Square> = pos.game.queens().filter(|q| q.queen_attacks(pos.cursor)).collect();
        if !attackers.is_empty() {
            let why = refusal_words(pos.cursor, &attackers, pos.board.n());
            return Reaction::Say { flash: Some(self.refusal()), words: why };
        }
        pos.game.set(col, Some(pos.cursor.row));
        self.started.get_or_insert(self.now);
        if !pos.game.is_full() {
            return Reaction::Draw;
        }
        // Solved by this press: the queens stay, as in the seed.
        let took = self.now.saturating_sub(self.started.unwrap_or(self.now));
        Reaction::Solved {
            flash: pos.flash(&pos.game),
            message: Some(format!("SOLVED IN {}", play_time(took))),
            // Only a board of the player's own queens counts as found.
            counts: if self.program.is_empty() { Counts::Solution(pos.game) } else { Counts::Nothing },
        }
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

    /// The seed's Solve: its search, timed; the board completed, or "no solution".
    fn solve(&mut self, stopwatch: &dyn Stopwatch) -> Reaction {
        let pos = &mut self.pos;
        let before = stopwatch.nanos();
        let found = solve_like_scratch(&pos.game);
        let after = stopwatch.nanos();
        let message = match found {
            Some(solution) => {
                for q in solution.queens().filter(|&q| !pos.game.has_queen(q)) {
                    self.program.set(q.col as usize, Some(q.row));
                }
                pos.game = solution;
                self.started.get_or_insert(self.now);
                match before.zip(after) {
                    Some((before, after)) => {
                        format!("SOLVED IN {}", search_time(after.saturating_sub(before)))
                    }
                    None => "SOLVED".to_string(),
                }
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

    /// A queen's colour: yellow if Solve placed it, white if the player did.
    fn colour_of(&self, q: Square) -> Rgb {
        let theme = &self.pos.style.theme;
        if self.program.has_queen(q) { theme.needed } else { theme.queen }
    }
}

/// Why a queen on `refused` is refused, in words: `"e4 refused: the queen
/// on d4 attacks it"`, or `"the queens on d4 and e7 attack it"`.
fn refusal_words(refused: Square, attackers: &[Square], n: usize) -> String {
    let names: Vec<String> = attackers.iter().map(|q| q.chess(n)).collect();
    let (queens, attack) = if names.len() == 1 { ("queen", "attacks") } else { ("queens", "attack") };
    let names = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    format!("{} refused: the {queens} on {names} {attack} it", refused.chess(n))
}

impl Mode for Strict {
    fn cursor(&self) -> Option<Square> {
        Some(self.pos.cursor)
    }

    fn reset(&mut self) {
        self.pos.reset();
        self.program = Placement::empty(self.pos.board.n());
        self.screen = Screen::Playing;
        self.started = None;
    }

    fn handle(&mut self, event: Event) -> Reaction {
        // The hint and the queens in the way are lit until the next event,
        // which acts as on the board (the seed's next click acts at once).
        self.pos.hint.clear();
        self.screen = Screen::Playing;
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
        match self.screen {
            Screen::Playing => pos.picture(&pos.game, |q| self.colour_of(q)),
            Screen::Blocked { blockers } => pos.picture(&pos.game, |q| {
                if blockers.has_queen(q) { pos.style.theme.refused } else { self.colour_of(q) }
            }),
        }
    }

    fn actions(&self) -> Vec<Action> {
        vec![HINT, SOLVE, RESTART]
    }

    fn act(&mut self, action: Action, stopwatch: &dyn Stopwatch) -> Reaction {
        self.screen = Screen::Playing;
        match action {
            HINT => self.pos.show_hint(),
            SOLVE => self.solve(stopwatch),
            RESTART => {
                self.reset();
                Reaction::Draw
            }
            _ => Reaction::Draw,
        }
    }

    fn tell(&mut self, now: Now) {
        self.now = now.ms;
    }
}
