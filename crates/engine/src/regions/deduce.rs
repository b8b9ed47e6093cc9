//! Solving a regions puzzle as a person does: a few deduction rules, each
//! step a queen placed or squares ruled out, with the line or region that
//! forces it. The rules a puzzle needs make its difficulty; the first step
//! that tells the player something new is the game's hint.

use super::Puzzle;
use super::solve::low_bits;
use crate::puzzle::Square;
use crate::words::quoted;
use std::fmt;

/// A deduction rule, from the easiest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A row, column or region with one square left has its queen there.
    LastSquare,
    /// A region whose squares left all lie in one row (or column) takes
    /// that row's queen, so the row's other squares are ruled out; and a row
    /// or column whose squares left all lie in one region takes that
    /// region's queen.
    Confined,
    /// A square whose queen would leave some row, column or region with no
    /// square is ruled out.
    WouldEmpty,
    /// Two or more regions whose squares left lie in as many rows (or
    /// columns) take all those rows' queens, and the other way round.
    Group,
}

/// How hard a puzzle is: the hardest rule it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// [`Rule::LastSquare`] and [`Rule::Confined`].
    Easy,
    /// Also [`Rule::WouldEmpty`].
    Medium,
    /// Also [`Rule::Group`].
    Hard,
}

impl Difficulty {
    /// Every difficulty, from the easiest.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Its name, as `--difficulty` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The hardest rule allowed at this difficulty.
    fn hardest_rule(self) -> Rule {
        match self {
            Difficulty::Easy => Rule::Confined,
            Difficulty::Medium => Rule::WouldEmpty,
            Difficulty::Hard => Rule::Group,
        }
    }

    fn of_rule(rule: Rule) -> Difficulty {
        match rule {
            Rule::LastSquare | Rule::Confined => Difficulty::Easy,
            Rule::WouldEmpty => Difficulty::Medium,
            Rule::Group => Difficulty::Hard,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| format!("unknown difficulty {}: expected easy, medium or hard", quoted(s)))
    }
}

/// A row, a column or a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, 0 at the top.
    Row(usize),
    /// A column, 0 on the left.
    Col(usize),
    /// A region by its number.
    Region(usize),
}

/// One deduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule used.
    pub rule: Rule,
    /// The queen it places, if it places one.
    pub queen: Option<Square>,
    /// The squares it rules out.
    pub ruled_out: Vec<Square>,
    /// The rows, columns or regions that force it.
    pub because: Vec<Unit>,
}

/// What deduction alone makes of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Solved, needing at most this difficulty.
    Solved(Difficulty),
    /// The rules allowed found nothing more to do.
    Stuck,
    /// Some row, column or region has no square left: a queen given was wrong.
    Broken(Unit),
}

/// The squares still open and the queens placed, as deduction sees them.
#[derive(Clone, Debug)]
pub struct Grid<'p> {
    puzzle: &'p Puzzle,
    /// Per row, a bit per column: squares that may still hold a queen.
    open: Vec<u16>,
    /// Per row, the column of its queen.
    queens: Vec<Option<u8>>,
}

impl<'p> Grid<'p> {
    /// Every square open and no queen.
    pub fn new(puzzle: &'p Puzzle) -> Grid<'p> {
        let n = puzzle.n();
        Grid { puzzle, open: vec![low_bits(n); n], queens: vec![None; n] }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// Whether every row has its queen.
    pub(crate) fn is_solved(&self) -> bool {
        self.queens.iter().all(Option::is_some)
    }

    /// The queen of each row, if placed.
    pub fn queens(&self) -> impl Iterator<Item = Square> + '_ {
        self.queens.iter().enumerate().filter_map(|(r, c)| c.map(|c| Square::new(c, r as u8)))
    }

    /// Whether `square` may still hold a queen (and has none yet).
    pub fn is_open(&self, square: Square) -> bool {
        self.open[square.row as usize] >> square.col & 1 == 1
    }

    /// Places a queen: its row, column and region and the squares touching
    /// it are ruled out. Placing one on a square already ruled out is allowed
    /// (the player may); the grid then soon shows a unit [`Outcome::Broken`].
    pub fn place(&mut self, square: Square) {
        let (c, r) = (square.col as usize, square.row as usize);
        let n = self.puzzle.n();
        let region = self.puzzle.region(square);
        for row in 0..n {
            self.open[row] &= !(1 << c) & !self.puzzle.region_mask_in_row(region, row);
        }
        self.open[r] = 0;
        let touching = ((0b111u32 << c) >> 1) as u16;
        if r > 0 {
            self.open[r - 1] &= !touching;
        }
        if r + 1 < n {
            self.open[r + 1] &= !touching;
        }
        self.queens[r] = Some(c as u8);
    }

    /// Rules `square` out.
    pub(crate) fn rule_out(&mut self, square: Square) {
        self.open[square.row as usize] &= !(1 << square.col);
    }

    /// Applies a step.
    pub fn apply(&mut self, step: &Step) {
        for &square in &step.ruled_out {
            self.rule_out(square);
        }
        if let Some(queen) = step.queen {
            self.place(queen);
        }
    }

    fn has_queen(&self, unit: Unit) -> bool {
        match unit {
            Unit::Row(r) => self.queens[r].is_some(),
            Unit::Col(c) => self.queens.contains(&Some(c as u8)),
            Unit::Region(g) => self.queens().any(|q| self.puzzle.region(q) == g),
        }
    }

    /// The open squares of `unit`, per row (a bit per column).
    fn open_in(&self, unit: Unit) -> Vec<u16> {
        let n = self.puzzle.n();
        (0..n)
            .map(|r| match unit {
                Unit::Row(row) => {
                    if r == row {
                        self.open[r]
                    } else {
                        0
                    }
                }
                Unit::Col(c) => self.open[r] & 1 << c,
                Unit::Region(g) => self.open[r] & self.puzzle.region_mask_in_row(g, r),
            })
            .collect()
    }

    /// Every unit without a queen yet, rows, then columns, then regions.
    fn units_left(&self) -> Vec<Unit> {
        let n = self.puzzle.n();
        let all = (0..n).map(Unit::Row).chain((0..n).map(Unit::Col)).chain((0..n).map(Unit::Region));
        all.filter(|&u| !self.has_queen(u)).collect()
    }

    /// The first unit left with no open square, if any.
    pub fn broken(&self) -> Option<Unit> {
        self.units_left().into_iter().find(|&u| self.open_in(u).iter().all(|&m| m == 0))
    }

    /// The next deduction, using rules no harder than `difficulty`; `None`
    /// when none applies or the grid is broken.
    pub fn next_step(&self, difficulty: Difficulty) -> Option<Step> {
        if self.broken().is_some() {
            return None;
        }
        self.step_on_a_whole_grid(difficulty)
    }

    /// [`Grid::next_step`] once the caller has seen that no unit is out of room.
    fn step_on_a_whole_grid(&self, difficulty: Difficulty) -> Option<Step> {
        let hardest = difficulty.hardest_rule();
        let rules = [Rule::LastSquare, Rule::Confined, Rule::WouldEmpty, Rule::Group];
        rules.into_iter().filter(|&rule| rule <= hardest).find_map(|rule| match rule {
            Rule::LastSquare => self.last_square(),
            Rule::Confined => self.groups(1..=1),
            Rule::WouldEmpty => self.would_empty(),
            Rule::Group => self.groups(2..=self.puzzle.n().saturating_sub(1)),
        })
    }

    fn last_square(&self) -> Option<Step> {
        self.units_left().into_iter().find_map(|unit| {
            let squares = squares_of(&self.open_in(unit));
            (squares.len() == 1).then(|| Step {
                rule: Rule::LastSquare,
                queen: Some(squares[0]),
                ruled_out: Vec::new(),
                because: vec![unit],
            })
        })
    }

    /// `k` regions whose open squares lie within `k` rows (columns) rule out
    /// the other squares of those rows (columns); `k` rows (columns) whose
    /// open squares lie within `k` regions rule out the other squares of
    /// those regions. `k` = 1 is [`Rule::Confined`], more is [`Rule::Group`].
    fn groups(&self, sizes: std::ops::RangeInclusive<usize>) -> Option<Step> {
        let rule = if *sizes.start() == 1 { Rule::Confined } else { Rule::Group };
        let left = self.units_left();
        let regions: Vec<usize> =
            left.iter().filter_map(|u| if let Unit::Region(g) = u { Some(*g) } else { None }).collect();
        let rows: Vec<usize> =
            left.iter().filter_map(|u| if let Unit::Row(r) = u { Some(*r) } else { None }).collect();
        let cols: Vec<usize> =
            left.iter().filter_map(|u| if let Unit::Col(c) = u { Some(*c) } else { None }).collect();
        for k in sizes {
            for lines_are_rows in [true, false] {
                let lines = if lines_are_rows { &rows } else { &cols };
                let line = |i: usize| if lines_are_rows { Unit::Row(i) } else { Unit::Col(i) };
                // Regions confined to as many lines: the lines' other squares go.
                for chosen in subsets(&regions, k) {
                    let squares: Vec<Square> =
                        chosen.iter().flat_map(|&g| squares_of(&self.open_in(Unit::Region(g)))).collect();
                    let mut spanned: Vec<usize> = squares
                        .iter()
                        .map(|s| if lines_are_rows { s.row as usize } else { s.col as usize })
                        .collect();
                    spanned.sort_unstable();
                    spanned.dedup();
                    if spanned.len() != k {
                        continue;
                    }
                    let ruled_out: Vec<Square> = spanned
                        .iter()
                        .flat_map(|&i| squares_of(&self.open_in(line(i))))
                        .filter(|&s| !chosen.contains(&self.puzzle.region(s)))
                        .collect();
                    if !ruled_out.is_empty() {
                        let because = chosen.iter().map(|&g| Unit::Region(g)).collect();
                        return Some(Step { rule, queen: None, ruled_out, because });
                    }
                }
                // Lines confined to as many regions: the regions' other squares go.
                for chosen in subsets(lines, k) {
                    let squares: Vec<Square> =
                        chosen.iter().flat_map(|&i| squares_of(&self.open_in(line(i)))).collect();
                    let mut spanned: Vec<usize> = squares.iter().map(|&s| self.puzzle.region(s)).collect();
                    spanned.sort_unstable();
                    spanned.dedup();
                    if spanned.len() != k {
                        continue;
                    }
                    let on_chosen = |s: Square| {
                        chosen.contains(&if lines_are_rows { s.row as usize } else { s.col as usize })
                    };
                    let ruled_out: Vec<Square> = spanned
                        .iter()
                        .flat_map(|&g| squares_of(&self.open_in(Unit::Region(g))))
                        .filter(|&s| !on_chosen(s))
                        .collect();
                    if !ruled_out.is_empty() {
                        let because = chosen.iter().map(|&i| line(i)).collect();
                        return Some(Step { rule, queen: None, ruled_out, because });
                    }
                }
            }
        }
        None
    }

    fn would_empty(&self) -> Option<Step> {
        let n = self.puzzle.n();
        let left = self.units_left();
        for r in 0..n {
            let mut open = self.open[r];
            while open != 0 {
                let c = open.trailing_zeros() as u8;
                open &= open - 1;
                let square = Square::new(c, r as u8);
                let mut after = self.clone();
                after.place(square);
                let region = self.puzzle.region(square);
                let emptied = left.iter().copied().find(|&u| {
                    u != Unit::Row(r)
                        && u != Unit::Col(c as usize)
                        && u != Unit::Region(region)
                        && after.open_in(u).iter().all(|&m| m == 0)
                });
                if let Some(unit) = emptied {
                    return Some(Step {
                        rule: Rule::WouldEmpty,
                        queen: None,
                        ruled_out: vec![square],
                        because: vec![unit],
                    });
                }
            }
        }
        None
    }

    /// Applies steps no harder than `difficulty` until solved, stuck or broken.
    pub fn solve(&mut self, difficulty: Difficulty) -> Outcome {
        let mut hardest = Difficulty::Easy;
        loop {
            if let Some(unit) = self.broken() {
                return Outcome::Broken(unit);
            }
            if self.is_solved() {
                return Outcome::Solved(hardest);
            }
            // Not broken, checked above: no need for next_step to look again.
            match self.step_on_a_whole_grid(difficulty) {
                Some(step) => {
                    hardest = hardest.max(Difficulty::of_rule(step.rule));
                    self.apply(&step);
                }
                None => return Outcome::Stuck,
            }
        }
    }
}

/// How hard `puzzle` is by deduction alone: `None` if the rules cannot solve it.
pub fn difficulty(puzzle: &Puzzle) -> Option<Difficulty> {
    match Grid::new(puzzle).solve(Difficulty::Hard) {
        Outcome::Solved(d) => Some(d),
        Outcome::Stuck | Outcome::Broken(_) => None,
    }
}

/// The squares of per-row column masks.
fn squares_of(rows: &[u16]) -> Vec<Square> {
    let mut squares = Vec::new();
    for (r, &mask) in rows.iter().enumerate() {
        let mut m = mask;
        while m != 0 {
            squares.push(Square::new(m.trailing_zeros() as u8, r as u8));
            m &= m - 1;
        }
    }
    squares
}

/// Every `k`-element subset of `items`, in lexicographic order.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    if k == 0 || k > items.len() {
        return all;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        all.push(idx.iter().map(|&i| items[i]).collect());
        let Some(i) = (0..k).rev().find(|&i| idx[i] != i + items.len() - k) else {
            return all;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_all_there() {
        assert_eq!(subsets(&[1, 2, 3], 2), vec![vec![1, 2], vec![1, 3], vec![2, 3]]);
        assert_eq!(subsets(&[1, 2, 3], 3).len(), 1);
        assert!(subsets(&[1, 2], 3).is_empty());
    }

    #[test]
    fn a_region_of_one_square_takes_its_queen_first() {
        let p = Puzzle::parse_letters("ABBBB\nAACCC\nDDDCC\nDDEEE\nDDEEE\n").unwrap();
        let grid = Grid::new(&p);
        let step = grid.next_step(Difficulty::Easy).unwrap();
        assert_eq!(step.rule, Rule::Confined, "{step:?}");
    }
}
