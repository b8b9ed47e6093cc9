//! Regions mode: the coloured-regions queens puzzle (LinkedIn's "Queens").
//! One queen in every row, column and region, none touching another. A
//! press cycles a square through empty, marked ("no queen here") and queen;
//! marks are the player's notes and never checked, queens are: a queen that
//! breaks a rule is allowed, and it and the queens it clashes with show red.
//! Hints come from the deduction rules ([`crate::regions::deduce`]), never
//! from the stored solution; before them, a search judges the player's
//! queens ([`crate::regions::solve::judge`]): queens in no solution get "a
//! queen is wrong" first, naming it when removing it alone mends the board.
//! A region may be in several pieces. The puzzle of the day comes from the
//! date alone.

use super::facts::{Facts, Press, ProgressTally};
use super::mode::{Action, Build, Counts, Mode, Now, OnBoard, PlayClock, Reaction, Start, Style};
use crate::game::animation::{Animation, Interrupt};
use crate::game::checkerboard::Checkerboard;
use crate::game::clock::{Millis, Stopwatch};
use crate::game::elapsed::play_time;
use crate::game::event::Event;
use crate::game::frame::{Frame, Rgb};
use crate::game::in_play::InPlay;
use crate::game::share::{Played, Solve};
use crate::game::text;
use crate::puzzle::Square;
use crate::regions::deduce::{Difficulty, Grid, Rule, Step, Unit};
use crate::regions::generate::{self, DAILY_SIZE, daily, generate};
use crate::regions::solve::{self, Verdict};
use crate::regions::{Puzzle, share};

/// What the menu, `--mode` and the help lines say of regions mode.
pub(super) const FACTS: Facts = Facts {
    name: "regions",
    summary: "one queen in every row, column and coloured region, none touching",
    press: Press::Cycles(&["dot", "queen", "empty"]),
    tally: ProgressTally::DailyStreak,
    sizes: generate::SIZES,
    sizes_limited_by: Some("its generator's sizes"),
    rules_first: false,
    repeats_held_directions: true,
    undoes: true,
    rules: |_| {
        "ONE QUEEN IN EVERY ROW, COLUMN AND COLOUR, NONE TOUCHING. PRESS: DOT, QUEEN, EMPTY".to_string()
    },
    build: |build| Box::new(Regions::new(build)),
};

/// What the deduction rules say next about the player's queens.
const HINT: Action = Action::new("HINT");
/// The same puzzle, emptied.
const RESTART: Action = Action::emptying("RESTART");
/// A new puzzle.
const NEW: Action = Action::emptying("NEW");
/// The puzzle of the day.
const DAILY: Action = Action::new("DAILY");
/// The last move taken back ([`Event::Undo`]): *hold, press* takes back the one before.
const UNDO: Action = Action::new("UNDO");
/// Auto-mark on or off: a queen placed marks the squares it rules out.
const AUTO_MARK: Action = Action::new("AUTO MARK");
/// The clock scrolled, on the LEDs, which show it only when asked.
const TIME: Action = Action::new("TIME");

/// The regions' colours, as the LEDs show them. Each has one channel at
/// 120 (the queen's white has all three there, so queens stand out) and the
/// others at 0 or 56: in the 256-colour terminal that puts each on its own
/// palette colour, and its marked shade on another. None is the hint's
/// yellow or grey like a queen (the terminal's render tests check all of
/// this on the LEDs' 16 bits and on the palette), and regions mode's own
/// cursor ([`Theme::regions_cursor`](crate::game::Theme::regions_cursor)) stands
/// out from them all (tests/modes.rs measures it).
pub const REGION_COLOURS: [Rgb; 12] = [
    Rgb(120, 0, 0),   // red
    Rgb(0, 120, 0),   // green
    Rgb(56, 0, 120),  // purple
    Rgb(0, 120, 120), // cyan
    Rgb(120, 56, 0),  // orange
    Rgb(120, 0, 56),  // pink
    Rgb(0, 56, 120),  // sky
    Rgb(56, 120, 0),  // lime
    Rgb(0, 120, 56),  // sea green
    Rgb(120, 0, 120), // magenta
    Rgb(120, 56, 56), // salmon
    Rgb(56, 120, 56), // mint
];

/// The regions' colours in words, as hints name them.
pub(crate) const REGION_NAMES: [&str; 12] = [
    "RED",
    "GREEN",
    "PURPLE",
    "CYAN",
    "ORANGE",
    "PINK",
    "SKY BLUE",
    "LIME",
    "SEA GREEN",
    "MAGENTA",
    "SALMON",
    "MINT",
];

/// How bright a marked square is, in percent of its region's colour (and
/// the cursor on a marked square, of the cursor's).
pub const MARK_PERCENT: u8 = 40;

/// The shades of region `region`'s colour the mode draws: as it is, marked
/// ("no queen here"), and lit (by a hint, or the celebration).
pub fn region_shades(region: usize) -> [Rgb; 3] {
    let colour = REGION_COLOURS[region];
    let lit = |c: u8| c.saturating_mul(2);
    [colour, colour.scaled(MARK_PERCENT), Rgb(lit(colour.0), lit(colour.1), lit(colour.2))]
}

/// How long each half of a clash's red flash lasts.
const CLASH_MS: u32 = 150;

/// What the player put on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Empty,
    /// "No queen here": the player's note, never checked.
    Dot,
    /// A dot auto-mark placed for the queen on the square of this index
    /// (row-major): shown as any dot, and taken back with that queen.
    Auto(u16),
    Queen,
}

/// Which puzzle is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The puzzle of this day (days since 1970-01-01).
    Daily(i64),
    /// The puzzle of an earlier day, chosen to be played later: never
    /// counted in the streak, which counts a day solved on its day.
    PastDay(i64),
    /// A new puzzle from this seed.
    Seeded(u64),
    /// A puzzle from elsewhere (`queens play --puzzle`, the page's link):
    /// never the puzzle of the day, never kept across a restart.
    Given,
}

/// Regions mode (see the module's description).
pub struct Regions {
    style: Style,
    board: Checkerboard,
    puzzle: Puzzle,
    source: Source,
    marks: Vec<Mark>,
    /// The marks before each move on this puzzle, the last move's last:
    /// what undo goes back to, one move at a time, to the empty board.
    before: Vec<Vec<Mark>>,
    cursor: Square,
    /// The engine's time, as last told.
    now: Millis,
    /// Today, as the engine was last told (days since 1970-01-01).
    today: Option<i64>,
    /// When the player first pressed on this puzzle.
    started: Option<Millis>,
    /// How long the clock was paused since then (the page hidden).
    paused_for: Millis,
    /// Since when the clock is paused, while it is.
    paused_since: Option<Millis>,
    solved: bool,
    /// How long the solve took, once solved.
    took: Millis,
    /// The hints asked for on this puzzle.
    hints: u32,
    /// What the last hint lit, until the next event.
    hint: Option<Step>,
    /// The queen the last hint said is wrong, shown red until the next event.
    blamed: Option<Square>,
    /// Puzzles made so far, for the next seed.
    made: u64,
    /// Where new puzzles come from: the caller's randomness.
    seed: u64,
    /// Whether a queen placed marks the empty squares it rules out
    /// (LinkedIn's "auto-place X's"), taking them back with it.
    auto_mark: bool,
}

impl Regions {
    /// A regions game as `build` says, on its start: a puzzle given (checked
    /// by [`check_playable`](crate::regions::share::check_playable): one
    /// solution, a size regions mode plays), played and timed as any other
    /// but never the puzzle of the day, even when its grid is the same;
    /// the puzzle of a past day (on the 8x8), played as any puzzle and never
    /// counted in the streak; the puzzle a saved state kept, when it is of
    /// this size and this size is not the puzzle of the day's; else the
    /// puzzle of the day on the 8x8 when the date is known, and otherwise
    /// a new puzzle. New puzzles come from `build.seed`, which the caller
    /// draws from its randomness (the engine has none).
    pub fn new(build: Build) -> Regions {
        let Build { size: n, style, today, seed, start, auto_mark } = build;
        let daily = today.filter(|_| n == DAILY_SIZE);
        let source = match start {
            Start::Given(puzzle) => {
                let mut game = Regions::with_puzzle(puzzle, style, today, seed, Source::Given);
                game.auto_mark = auto_mark;
                return game;
            }
            Start::PastDay(day) => Source::PastDay(day),
            Start::Kept(kept) if kept.size == n && daily.is_none() => Source::Seeded(kept.seed),
            Start::New | Start::Kept(_) => match daily {
                Some(day) => Source::Daily(day),
                None => Source::Seeded(mix(seed, n as u64, 0)),
            },
        };
        let n = if let Source::PastDay(_) = source { DAILY_SIZE } else { n };
        let mut game = Regions::with_source(n, style, today, seed, source);
        game.auto_mark = auto_mark;
        game
    }

    fn with_source(n: usize, style: Style, today: Option<i64>, seed: u64, source: Source) -> Regions {
        Regions::with_puzzle(make(n, source), style, today, seed, source)
    }

    fn with_puzzle(puzzle: Puzzle, style: Style, today: Option<i64>, seed: u64, source: Source) -> Regions {
        let n = puzzle.n();
        let board = Checkerboard::new(n);
        Regions {
            style,
            board,
            puzzle,
            source,
            marks: vec![Mark::Empty; n * n],
            before: Vec::new(),
            cursor: board.start(),
            now: 0,
            today,
            started: None,
            paused_for: 0,
            paused_since: None,
            solved: false,
            took: 0,
            hints: 0,
            hint: None,
            blamed: None,
            made: 1,
            seed,
            auto_mark: false,
        }
    }

    /// The puzzle on the board when it is to be kept across a restart: one
    /// not of the day, not given, not solved yet.
    fn in_play(&self) -> Option<InPlay> {
        match self.source {
            Source::Seeded(seed) if !self.solved => Some(InPlay { size: self.n(), seed }),
            _ => None,
        }
    }

    /// The day whose puzzle is on the board, if it is a puzzle of the day.
    fn daily(&self) -> Option<i64> {
        match self.source {
            Source::Daily(day) => Some(day),
            Source::Seeded(_) | Source::PastDay(_) | Source::Given => None,
        }
    }

    /// The puzzle solved, while it is on the board.
    fn solve(&self) -> Option<Solve> {
        if !self.solved {
            return None;
        }
        let played = match self.source {
            Source::Daily(day) => Played::Daily(day),
            Source::PastDay(day) => Played::PastDay { day, on: self.today },
            Source::Seeded(_) | Source::Given => Played::Link(share::fragment(&self.puzzle)),
        };
        Some(Solve { played, n: self.n(), took: self.took, hints: self.hints })
    }

    fn n(&self) -> usize {
        self.board.n()
    }

    fn at(&self, sq: Square) -> Mark {
        self.marks[sq.row as usize * self.n() + sq.col as usize]
    }

    fn queens(&self) -> Vec<Square> {
        self.board.squares().filter(|&sq| self.at(sq) == Mark::Queen).collect()
    }

    /// The queens that break a rule with another queen.
    fn clashing(&self) -> Vec<Square> {
        let queens = self.queens();
        let p = &self.puzzle;
        queens
            .iter()
            .copied()
            .filter(|&a| {
                queens.iter().any(|&b| {
                    a != b
                        && (a.row == b.row
                            || a.col == b.col
                            || p.region(a) == p.region(b)
                            || (a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1))
                })
            })
            .collect()
    }

    fn start_puzzle(&mut self, source: Source) {
        if source != self.source {
            self.puzzle = make(self.n(), source);
            self.source = source;
            self.made += 1;
        }
        self.clear();
    }

    fn clear(&mut self) {
        self.marks.fill(Mark::Empty);
        self.before.clear();
        self.started = None;
        self.paused_for = 0;
        // Still paused (the page still hidden), from now.
        self.paused_since = self.paused_since.map(|_| self.now);
        self.solved = false;
        self.hints = 0;
        self.hint = None;
        self.blamed = None;
    }

    fn new_puzzle(&mut self) {
        let source = Source::Seeded(mix(self.seed, self.now, self.made));
        self.start_puzzle(source);
    }

    fn press(&mut self) -> Reaction {
        if self.solved {
            self.new_puzzle();
            return Reaction::Draw;
        }
        let i = self.cursor.row as usize * self.n() + self.cursor.col as usize;
        self.before.push(self.marks.clone());
        self.marks[i] = match self.marks[i] {
            Mark::Empty => Mark::Dot,
            Mark::Dot | Mark::Auto(_) => Mark::Queen,
            Mark::Queen => {
                self.take_back_marks_of(i);
                Mark::Empty
            }
        };
        if self.marks[i] == Mark::Queen && self.auto_mark {
            self.mark_ruled_out_by(self.cursor);
        }
        self.started.get_or_insert(self.now);
        if self.marks[i] != Mark::Queen {
            return Reaction::Draw;
        }
        let clashing = self.clashing();
        if clashing.contains(&self.cursor) {
            return Reaction::Animate(self.clash_flash(&clashing));
        }
        if self.queens().len() < self.n() {
            return Reaction::Draw;
        }
        // n queens, none clashing: one in every row, column and region.
        self.solved = true;
        let took = self.played(self.now);
        self.took = took;
        let flash = self.celebration();
        let message = Some(format!("SOLVED IN {}", play_time(took)));
        let counts = match self.source {
            Source::Daily(day) => Counts::Daily(day),
            Source::PastDay(_) | Source::Seeded(_) | Source::Given => Counts::Nothing,
        };
        Reaction::Solved { flash, message, counts }
    }

    /// A drag crossing the square at pixel (`x`, `y`): the cursor there, and
    /// a dot on it if it is empty (a move undo takes back); anything else on
    /// it stays.
    fn mark_at(&mut self, x: u8, y: u8) -> Reaction {
        let Some(sq) = self.board.square_at(x.into(), y.into()) else { return Reaction::Draw };
        self.cursor = sq;
        let i = sq.row as usize * self.n() + sq.col as usize;
        if !self.solved && self.marks[i] == Mark::Empty {
            self.before.push(self.marks.clone());
            self.marks[i] = Mark::Dot;
            self.started.get_or_insert(self.now);
        }
        Reaction::Draw
    }

    /// The time played at `now`: from the first press, less the time paused.
    fn played(&self, now: Millis) -> Millis {
        let Some(started) = self.started else { return 0 };
        let end = self.paused_since.unwrap_or(now);
        end.saturating_sub(started).saturating_sub(self.paused_for)
    }

    /// Auto-mark: a dot on every empty square the queen on `queen` rules
    /// out (its row, its column, its region and the eight squares around
    /// it), each remembered as that queen's.
    fn mark_ruled_out_by(&mut self, queen: Square) {
        let n = self.n();
        let owner = (queen.row as usize * n + queen.col as usize) as u16;
        for sq in self.board.squares() {
            let i = sq.row as usize * n + sq.col as usize;
            let rules_out = sq != queen
                && (sq.row == queen.row
                    || sq.col == queen.col
                    || self.puzzle.region(sq) == self.puzzle.region(queen)
                    || (sq.row.abs_diff(queen.row) <= 1 && sq.col.abs_diff(queen.col) <= 1));
            if rules_out && self.marks[i] == Mark::Empty {
                self.marks[i] = Mark::Auto(owner);
            }
        }
    }

    /// The dots auto-mark placed for the queen on square index `queen`
    /// taken back: exactly those, never a dot the player placed.
    fn take_back_marks_of(&mut self, queen: usize) {
        for mark in &mut self.marks {
            if *mark == Mark::Auto(queen as u16) {
                *mark = Mark::Empty;
            }
        }
    }

    /// The clock as the player sees it now: the time, and whether it runs.
    fn clock_now(&self) -> (Millis, bool) {
        let clock = Mode::clock(self, self.now).expect("regions keeps a clock");
        (clock.elapsed, clock.running)
    }

    /// Takes back the last move (a press, a restart), back to the puzzle's
    /// empty board; the clock runs on, as it does on LinkedIn. A solved
    /// board is done: its time is said, and a press brings the next.
    fn undo(&mut self) -> Reaction {
        if self.solved {
            // Said, as "nothing to undo" is: a key that changes nothing on the board must say
            // why (a stranger's find: `u` on a solved board did nothing and said nothing).
            return Reaction::Say { flash: None, words: "solved: nothing to undo".into() };
        }
        let Some(marks) = self.before.pop() else {
            return Reaction::Say { flash: None, words: "nothing to undo".into() };
        };
        self.marks = marks;
        Reaction::Draw
    }

    /// Empties the board as a move the player may take back.
    fn restart(&mut self) {
        if self.solved || self.marks.iter().all(|&m| m == Mark::Empty) {
            return self.clear();
        }
        self.before.push(self.marks.clone());
        self.marks.fill(Mark::Empty);
    }

    /// The clashing queens red, twice, around the picture.
    fn clash_flash(&self, clashing: &[Square]) -> Animation {
        let normal = self.draw();
        let mut red = normal;
        for &sq in clashing {
            self.board.paint(&mut red, sq, self.style.theme.refused);
        }
        let mut white = normal;
        for &sq in clashing {
            self.board.paint(&mut white, sq, self.style.theme.queen);
        }
        let steps = vec![(red, CLASH_MS), (white, CLASH_MS), (red, CLASH_MS)];
        Animation { steps, interrupt: Interrupt::FinishThenApply, message: None }
    }

    /// Each region lit in turn from its queen, then the whole board bright.
    fn celebration(&self) -> Animation {
        let mut steps = Vec::new();
        let mut frame = self.draw();
        let queens = self.queens();
        for &q in &queens {
            let region = self.puzzle.region(q);
            for sq in self.board.squares().filter(|&sq| self.puzzle.region(sq) == region) {
                self.board.paint(&mut frame, sq, region_shades(region)[2]);
            }
            steps.push((frame, 80));
        }
        let last = frame;
        let mut white = last;
        for &q in &queens {
            self.board.paint(&mut white, q, self.style.theme.needed);
        }
        steps.extend([(white, 200), (last, 200), (white, 200)]);
        Animation { steps, interrupt: Interrupt::FinishThenApply, message: None }
    }

    /// The next thing the player is told, from their queens (marks are
    /// theirs and not trusted): first whether their queens can be right at
    /// all, then the deduction rules' next step; the squares to light and
    /// what to say.
    fn hint(&mut self) -> Reaction {
        self.hint = None;
        self.blamed = None;
        let clashing = self.clashing();
        if !clashing.is_empty() {
            return self.say(Some(self.clash_flash(&clashing)), "QUEENS CLASH");
        }
        let queens = self.queens();
        let mut grid = Grid::new(&self.puzzle);
        for &q in &queens {
            grid.place(q);
        }
        match solve::judge(&self.puzzle, &queens) {
            Verdict::InASolution => {}
            Verdict::Wrong(queen) => {
                self.blamed = Some(queen);
                let words = format!("THE QUEEN ON {} IS WRONG", square_words(queen, self.n()));
                return self.say(Some(self.clash_flash(&[queen])), &words);
            }
            Verdict::SomeWrong => {
                // Shown only when it is there to see now, before any deduction: a
                // unit emptied by steps that assumed the wrong queens would not be.
                let Some(unit) = grid.broken() else {
                    return self.say(None, "A QUEEN IS WRONG");
                };
                let words = format!("NO ROOM IN {} - A QUEEN IS WRONG", unit_name(unit, self.n()));
                // Nothing to place or rule out: the unit with no room left is lit.
                self.hint = Some(Step {
                    rule: Rule::LastSquare,
                    queen: None,
                    ruled_out: vec![],
                    because: vec![unit],
                });
                return self.say(None, &words);
            }
        }
        // The queens are in a solution, and the rules are sound: every step
        // from here holds in each solution that keeps them.
        let words = loop {
            if grid.is_solved() {
                break "NO HINT".to_string();
            }
            let Some(mut step) = grid.next_step(Difficulty::Hard) else {
                // Beyond the rules (a puzzle from elsewhere may be).
                break "NO HINT".to_string();
            };
            let new_queen = step.queen.filter(|&q| self.at(q) != Mark::Queen);
            let unmarked: Vec<Square> =
                step.ruled_out.iter().copied().filter(|&sq| self.at(sq) == Mark::Empty).collect();
            if new_queen.is_some() || !unmarked.is_empty() {
                let because: Vec<String> = step.because.iter().map(|&u| unit_name(u, self.n())).collect();
                // "ROW 3 RULES OUT", "ROW 3 AND ROW 4 RULE OUT".
                let s = if because.len() == 1 { "S" } else { "" };
                let words = match new_queen {
                    Some(q) => {
                        format!("{} NEED{s} A QUEEN AT {}", because.join(" AND "), square_words(q, self.n()))
                    }
                    None => {
                        format!(
                            "{} RULE{s} OUT {}",
                            because.join(" AND "),
                            squares_words(&unmarked, self.n())
                        )
                    }
                };
                step.ruled_out = unmarked;
                self.hint = Some(step);
                break words;
            }
            grid.apply(&step);
        };
        self.say(None, &words)
    }

    /// `words` scrolled, after `before` if given; then the settled picture
    /// shows what the hint lit.
    fn say(&self, before: Option<Animation>, words: &str) -> Reaction {
        let mut scroll = text::scroll(words, self.style.text, self.board.side());
        if let Some(before) = before {
            scroll.steps.splice(0..0, before.steps);
        }
        Reaction::Animate(scroll)
    }
}

/// A seed from a few numbers, spread so that near inputs share nothing.
fn mix(a: u64, b: u64, c: u64) -> u64 {
    let mut rng = generate::Rng::new(a ^ b.rotate_left(21) ^ c.rotate_left(42));
    rng.next_u64()
}

fn make(n: usize, source: Source) -> Puzzle {
    match source {
        Source::Daily(day) | Source::PastDay(day) => daily(day).puzzle,
        Source::Seeded(seed) => {
            generate(n, seed, None).expect("regions mode plays the generator's sizes").puzzle
        }
        // Only the day's and new puzzles are made: a given one comes with its source (`Regions::new`).
        Source::Given => unreachable!("a given puzzle is not made"),
    }
}

/// A unit as the scroll says it: `ROW 3` by its rank (from the bottom, as
/// squares are named), `COLUMN C` by its file, `THE RED REGION` by its colour.
fn unit_name(unit: Unit, n: usize) -> String {
    match unit {
        // Ranks and files, as the squares are named: row 1 at the bottom, column A on the left.
        Unit::Row(r) => format!("ROW {}", n - r),
        Unit::Col(c) => format!("COLUMN {}", (b'A' + c as u8) as char),
        // By the colour the player sees.
        Unit::Region(g) => format!("THE {} REGION", REGION_NAMES[g]),
    }
}

/// A square as the scroll says it: `D3`.
fn square_words(square: Square, n: usize) -> String {
    square.chess(n).to_ascii_uppercase()
}

fn squares_words(squares: &[Square], n: usize) -> String {
    let names: Vec<String> = squares.iter().map(|&sq| square_words(sq, n)).collect();
    names.join(" ")
}

impl Mode for Regions {
    fn reset(&mut self) {
        self.clear();
        self.cursor = self.board.start();
    }

    fn handle(&mut self, event: Event) -> Reaction {
        self.hint = None;
        self.blamed = None;
        if let Some(cursor) = self.board.step(self.cursor, event) {
            self.cursor = cursor;
            return Reaction::Draw;
        }
        match event {
            Event::Press => self.press(),
            Event::Undo => self.undo(),
            Event::Mark { x, y } => self.mark_at(x, y),
            _ => Reaction::Draw,
        }
    }

    fn draw(&self) -> Frame {
        let theme = &self.style.theme;
        let mut frame = Frame::dark(self.board.side());
        let clashing = self.clashing();
        for sq in self.board.squares() {
            let [plain, marked, _] = region_shades(self.puzzle.region(sq));
            let colour = match self.at(sq) {
                Mark::Empty => plain,
                Mark::Dot | Mark::Auto(_) => marked,
                Mark::Queen if clashing.contains(&sq) => theme.refused,
                Mark::Queen => theme.queen,
            };
            self.board.paint(&mut frame, sq, colour);
        }
        if let Some(hint) = &self.hint {
            for &unit in &hint.because {
                for sq in self
                    .board
                    .squares()
                    .filter(|&sq| in_unit(&self.puzzle, unit, sq) && self.at(sq) == Mark::Empty)
                {
                    self.board.paint(&mut frame, sq, region_shades(self.puzzle.region(sq))[2]);
                }
            }
        }
        // The cursor: dimmed on a marked square, so that the mark shows; hidden by a queen.
        match self.at(self.cursor) {
            Mark::Empty => self.board.paint(&mut frame, self.cursor, theme.regions_cursor),
            Mark::Dot | Mark::Auto(_) => {
                self.board.paint(&mut frame, self.cursor, theme.regions_cursor.scaled(MARK_PERCENT))
            }
            Mark::Queen => {}
        }
        // A hint's squares over everything, the cursor too: what was asked for shows.
        if let Some(hint) = &self.hint {
            // Squares ruled out go dark: nothing is there.
            for &sq in &hint.ruled_out {
                self.board.paint(&mut frame, sq, Rgb::BLACK);
            }
            if let Some(q) = hint.queen {
                self.board.paint(&mut frame, q, theme.needed);
            }
        }
        if let Some(q) = self.blamed {
            self.board.paint(&mut frame, q, theme.refused);
        }
        frame
    }

    fn actions(&self) -> Vec<Action> {
        vec![HINT, RESTART, NEW, DAILY, UNDO, AUTO_MARK, TIME]
    }

    fn act(&mut self, action: Action, _stopwatch: &dyn Stopwatch) -> Reaction {
        match action {
            HINT => {
                // A hint on a solved board helps with nothing: not counted.
                if !self.solved {
                    self.hints = self.hints.saturating_add(1);
                }
                return self.hint();
            }
            RESTART => self.restart(),
            TIME => {
                let (time, _) = self.clock_now();
                let words = format!("TIME {}", play_time(time));
                return Reaction::Animate(text::scroll(&words, self.style.text, self.board.side()));
            }
            AUTO_MARK => {
                self.auto_mark = !self.auto_mark;
                let words = if self.auto_mark { "AUTO MARK ON" } else { "AUTO MARK OFF" };
                return Reaction::Animate(text::scroll(words, self.style.text, self.board.side()));
            }
            // On the LEDs, said where the player looks.
            UNDO => {
                return match self.undo() {
                    Reaction::Say { words, .. } => Reaction::Animate(text::scroll(
                        &words.to_ascii_uppercase(),
                        self.style.text,
                        self.board.side(),
                    )),
                    reaction => reaction,
                };
            }
            NEW => self.new_puzzle(),
            DAILY => {
                let Some(day) = self.today else {
                    return Reaction::Animate(text::scroll(
                        "NO DATE: NO DAILY PUZZLE",
                        self.style.text,
                        self.board.side(),
                    ));
                };
                if self.n() != DAILY_SIZE {
                    return Reaction::Animate(text::scroll(
                        "THE DAILY PUZZLE IS 8X8",
                        self.style.text,
                        self.board.side(),
                    ));
                }
                if self.source != Source::Daily(day) {
                    self.start_puzzle(Source::Daily(day));
                }
            }
            _ => {}
        }
        Reaction::Draw
    }

    fn tell(&mut self, now: Now) {
        self.now = now.ms;
        self.today = now.today.or(self.today);
    }

    fn cursor(&self) -> Option<Square> {
        Some(self.cursor)
    }

    fn auto_mark(&self) -> Option<bool> {
        Some(self.auto_mark)
    }

    fn set_auto_mark(&mut self, on: bool) {
        self.auto_mark = on;
    }

    fn clock(&self, now: Millis) -> Option<PlayClock> {
        let running = self.started.is_some() && !self.solved && self.paused_since.is_none();
        let elapsed = if self.solved { self.took } else { self.played(now) };
        Some(PlayClock { elapsed, running })
    }

    fn pause_clock(&mut self, paused: bool, now: Millis) {
        match (paused, self.paused_since) {
            (true, None) => self.paused_since = Some(now),
            (false, Some(since)) => {
                // Time paused before the first press is no time played.
                if self.started.is_some_and(|started| started <= since) {
                    self.paused_for += now.saturating_sub(since);
                }
                self.paused_since = None;
            }
            _ => {}
        }
    }

    fn square_words(&self, sq: Square) -> Option<String> {
        let region = REGION_NAMES[self.puzzle.region(sq)].to_ascii_lowercase();
        let mut words = vec![format!("region {region}")];
        match self.at(sq) {
            Mark::Empty => {}
            Mark::Dot | Mark::Auto(_) => words.push("dot".into()),
            Mark::Queen if self.clashing().contains(&sq) => words.push("queen, clashing".into()),
            Mark::Queen => words.push("queen".into()),
        }
        if let Some(hint) = &self.hint {
            if hint.queen == Some(sq) {
                words.push("hint: a queen here".into());
            } else if hint.ruled_out.contains(&sq) {
                words.push("hint: no queen here".into());
            }
        }
        if self.blamed == Some(sq) {
            words.push("hint: this queen is wrong".into());
        }
        Some(words.join(", "))
    }

    fn puzzle(&self) -> Option<OnBoard<'_>> {
        Some(OnBoard { puzzle: &self.puzzle, day: self.daily(), kept: self.in_play(), solved: self.solve() })
    }
}

fn in_unit(puzzle: &Puzzle, unit: Unit, sq: Square) -> bool {
    match unit {
        Unit::Row(r) => sq.row as usize == r,
        Unit::Col(c) => sq.col as usize == c,
        Unit::Region(g) => puzzle.region(sq) == g,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_named_as_the_squares_on_them_are() {
        // c8 is on row 0 from the top of the 8x8: rank 8, file C.
        assert_eq!(Square::new(2, 0).chess(8).to_ascii_uppercase(), "C8");
        assert_eq!(unit_name(Unit::Row(0), 8), "ROW 8");
        assert_eq!(unit_name(Unit::Row(7), 8), "ROW 1");
        assert_eq!(unit_name(Unit::Row(0), 5), "ROW 5");
        assert_eq!(unit_name(Unit::Col(2), 8), "COLUMN C");
        assert_eq!(unit_name(Unit::Region(0), 8), "THE RED REGION");
        assert_eq!(REGION_NAMES.len(), REGION_COLOURS.len());
    }

    /// Issue 30: a puzzle whose regions B and E are each in two pieces (a
    /// LinkedIn puzzle has such regions) plays as any other: hints to the
    /// end, each in its one solution, and solved.
    #[test]
    fn a_puzzle_with_regions_in_pieces_plays_to_its_end() {
        let puzzle = Puzzle::parse_letters(
            "FFFFFHHH\nDEEFFHHH\nEEEFHHHG\nBEEBHHGG\nBEEBHCGG\nBEGGGGGG\nBBEEEGAG\nBEEEGGAG\n",
        )
        .unwrap();
        let mut solutions = solve::solutions(&puzzle, 2);
        assert_eq!(solutions.len(), 1);
        let solution = solutions.remove(0);
        let in_solution = |sq: Square| solution.queens().any(|q| q == sq);
        let start = Start::Given(puzzle);
        let build = Build { size: 8, style: Style::default(), today: None, seed: 0, start, auto_mark: false };
        let mut game = Regions::new(build);
        for _ in 0..100 {
            game.hint();
            let step = game.hint.clone().expect("a hint until solved");
            for &sq in &step.ruled_out {
                assert!(!in_solution(sq), "{sq} ruled out");
                game.cursor = sq;
                game.press();
            }
            if let Some(q) = step.queen {
                assert!(in_solution(q), "a queen on {q}");
                game.cursor = q;
                game.press();
                game.press();
            }
            if game.solved {
                break;
            }
        }
        assert!(game.solved, "the hints led to the solution");
    }
}
