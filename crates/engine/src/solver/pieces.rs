//! Mixed pieces on a rectangular board, no piece attacking another (the
//! Prolog paper's generalisation). Every square's attacks for every kind are
//! precomputed as 256-bit masks; pieces go down kind by kind, the most
//! attacking kinds first, and pieces of one kind in increasing square order,
//! so identical pieces are never counted in two orders.
//!
//! Sliding pieces are treated as attacking their whole lines: a piece between
//! two others on a line would itself be attacked, so blocking never changes
//! which placements are peaceful.

use super::notation::{NotationError, parse_square, square_name};
use crate::puzzle::Square;
use std::fmt;

/// The largest board side: a board of up to 16 x 16 squares fits 256 bits.
pub const MAX_SIDE: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    Amazon,
    Queen,
    Rook,
    Bishop,
    King,
    Knight,
}

impl Piece {
    /// Every kind, in search order: those that attack most first.
    pub const ALL: [Piece; 6] =
        [Piece::Amazon, Piece::Queen, Piece::Rook, Piece::Bishop, Piece::King, Piece::Knight];

    pub fn name(self) -> &'static str {
        match self {
            Piece::Amazon => "amazon",
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::King => "king",
            Piece::Knight => "knight",
        }
    }

    /// The letter on boards and in `--place` (chess letters; `A` for the amazon).
    pub fn letter(self) -> char {
        match self {
            Piece::Amazon => 'A',
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::King => 'K',
            Piece::Knight => 'N',
        }
    }

    fn from_letter(c: char) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.letter() == c.to_ascii_uppercase())
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Whether this piece on a square `dc` columns and `dr` rows away from
    /// another (not both 0) attacks it, ignoring pieces in between.
    fn reaches(self, dc: usize, dr: usize) -> bool {
        let line = dc == 0 || dr == 0;
        let diagonal = dc == dr;
        let leap = (dc == 1 && dr == 2) || (dc == 2 && dr == 1);
        match self {
            Piece::Amazon => line || diagonal || leap,
            Piece::Queen => line || diagonal,
            Piece::Rook => line,
            Piece::Bishop => diagonal,
            Piece::King => dc <= 1 && dr <= 1,
            Piece::Knight => leap,
        }
    }
}

/// One piece on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placed {
    pub piece: Piece,
    pub square: Square,
}

impl Placed {
    /// `Qa1`: the piece's letter and its square on a board `height` high.
    pub fn name(self, height: usize) -> String {
        format!("{}{}", self.piece.letter(), square_name(self.square, height))
    }
}

/// Parses pieces like `Qa1,Nb3` (letters A Q R B K N, any case) on a board.
pub fn parse_pieces(text: &str, width: usize, height: usize) -> Result<Vec<Placed>, NotationError> {
    let mut placed: Vec<Placed> = Vec::new();
    for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        let letter = chars.next().expect("words are not empty");
        let piece = Piece::from_letter(letter).ok_or_else(|| {
            NotationError(format!(
                "'{word}' is not a piece on a square: expected a letter of AQRBKN then a square, like Qa1"
            ))
        })?;
        let square = parse_square(chars.as_str(), width, height)?;
        if placed.iter().any(|p| p.square == square) {
            return Err(NotationError(format!("two pieces are given on {}", square_name(square, height))));
        }
        placed.push(Placed { piece, square });
    }
    Ok(placed)
}

/// A question: a board, pieces that stay where they are, and how many of
/// each kind to add.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub width: usize,
    pub height: usize,
    /// How many of each kind to add, indexed as [`Piece::ALL`].
    pub counts: [usize; 6],
    pub fixed: Vec<Placed>,
}

/// Why a problem cannot be asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemError {
    BoardSize(usize, usize),
    Attacking(Placed, Placed),
}

impl Problem {
    pub fn new(width: usize, height: usize) -> Problem {
        Problem { width, height, counts: [0; 6], fixed: Vec::new() }
    }

    /// Adds `count` more pieces of `piece` to place.
    pub fn with(mut self, piece: Piece, count: usize) -> Problem {
        self.counts[piece.index()] += count;
        self
    }
}

/// A 256-bit set of squares (`row * width + col`).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Set([u64; 4]);

impl Set {
    fn with(mut self, i: usize) -> Set {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }
    fn or(self, o: Set) -> Set {
        Set(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    fn meets(self, o: Set) -> bool {
        (0..4).any(|k| self.0[k] & o.0[k] != 0)
    }
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    /// How many squares in `start..end` are not in the set.
    fn absent_in(self, start: usize, end: usize) -> usize {
        (0..4)
            .map(|k| {
                let (lo, hi) = (64 * k, 64 * k + 64);
                let (a, b) = (start.clamp(lo, hi) - lo, end.clamp(lo, hi) - lo);
                if a >= b {
                    return 0;
                }
                let range = (u64::MAX >> (64 - (b - a))) << a;
                (!self.0[k] & range).count_ones() as usize
            })
            .sum()
    }
}

/// A prepared problem: attack masks and the pieces to add, in search order.
pub struct Solver {
    width: usize,
    height: usize,
    squares: usize,
    /// attacks[kind][square]
    attacks: Vec<Vec<Set>>,
    /// The kinds still to place, one entry per piece, in search order.
    order: Vec<Piece>,
    /// same_kind_from[d]: every piece from `order[d]` on is of one kind.
    same_kind_from: Vec<bool>,
    fixed: Vec<Placed>,
}

impl Solver {
    pub fn new(problem: &Problem) -> Result<Solver, ProblemError> {
        let (w, h) = (problem.width, problem.height);
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(ProblemError::BoardSize(w, h));
        }
        let attacks = Piece::ALL
            .iter()
            .map(|&kind| {
                (0..w * h)
                    .map(|from| {
                        (0..w * h).filter(|&to| to != from).fold(Set::default(), |set, to| {
                            let (dc, dr) = ((from % w).abs_diff(to % w), (from / w).abs_diff(to / w));
                            if kind.reaches(dc, dr) { set.with(to) } else { set }
                        })
                    })
                    .collect()
            })
            .collect();
        let order: Vec<Piece> =
            Piece::ALL.iter().flat_map(|&p| std::iter::repeat_n(p, problem.counts[p.index()])).collect();
        let same_kind_from = (0..order.len()).map(|d| order[d..].iter().all(|&p| p == order[d])).collect();
        let fixed = problem.fixed.clone();
        let solver = Solver { width: w, height: h, squares: w * h, attacks, order, same_kind_from, fixed };
        for (i, a) in problem.fixed.iter().enumerate() {
            for b in &problem.fixed[i + 1..] {
                let (ia, ib) = (solver.index(a.square), solver.index(b.square));
                if ia == ib
                    || solver.attacks[a.piece.index()][ia].has(ib)
                    || solver.attacks[b.piece.index()][ib].has(ia)
                {
                    return Err(ProblemError::Attacking(*a, *b));
                }
            }
        }
        Ok(solver)
    }

    fn index(&self, sq: Square) -> usize {
        sq.row as usize * self.width + sq.col as usize
    }

    fn square(&self, i: usize) -> Square {
        Square::new((i % self.width) as u8, (i / self.width) as u8)
    }

    /// The occupied and attacked squares of the fixed pieces.
    fn start(&self) -> (Set, Set) {
        self.fixed.iter().fold((Set::default(), Set::default()), |(occ, att), p| {
            let i = self.index(p.square);
            (occ.with(i), att.or(self.attacks[p.piece.index()][i]))
        })
    }

    /// How many ways there are to add the pieces.
    pub fn count(&self) -> u64 {
        let (occ, att) = self.start();
        self.count_from(0, 0, occ, att)
    }

    fn count_from(&self, depth: usize, from: usize, occ: Set, att: Set) -> u64 {
        let Some(&kind) = self.order.get(depth) else { return 1 };
        let blocked = occ.or(att);
        // The pieces left need as many open squares; when they are all of this
        // kind, only squares from `from` on are theirs.
        let start = if self.same_kind_from[depth] { from } else { 0 };
        if blocked.absent_in(start, self.squares) < self.order.len() - depth {
            return 0;
        }
        let masks = &self.attacks[kind.index()];
        let last = depth + 1 == self.order.len();
        let mut total = 0;
        for (i, &mask) in masks.iter().enumerate().skip(from) {
            if blocked.has(i) || mask.meets(occ) {
                continue;
            }
            if last {
                total += 1;
            } else {
                let next_from = if self.order[depth + 1] == kind { i + 1 } else { 0 };
                total += self.count_from(depth + 1, next_from, occ.with(i), att.or(mask));
            }
        }
        total
    }

    /// Calls `visit` with each solution (fixed pieces first, then the added ones
    /// in search order) until it returns `false`.
    pub fn for_each(&self, mut visit: impl FnMut(&[Placed]) -> bool) {
        let (occ, att) = self.start();
        let mut placed = self.fixed.clone();
        self.visit_from(0, 0, occ, att, &mut placed, &mut visit);
    }

    fn visit_from(
        &self,
        depth: usize,
        from: usize,
        occ: Set,
        att: Set,
        placed: &mut Vec<Placed>,
        visit: &mut dyn FnMut(&[Placed]) -> bool,
    ) -> bool {
        let Some(&kind) = self.order.get(depth) else { return visit(placed) };
        let blocked = occ.or(att);
        let masks = &self.attacks[kind.index()];
        for (i, &mask) in masks.iter().enumerate().skip(from) {
            if blocked.has(i) || mask.meets(occ) {
                continue;
            }
            placed.push(Placed { piece: kind, square: self.square(i) });
            let next_from = if self.order.get(depth + 1) == Some(&kind) { i + 1 } else { 0 };
            let go_on = self.visit_from(depth + 1, next_from, occ.with(i), att.or(mask), placed, visit);
            placed.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// The first solution in search order, if any.
    pub fn first(&self) -> Option<Vec<Placed>> {
        let mut found = None;
        self.for_each(|s| {
            found = Some(s.to_vec());
            false
        });
        found
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::BoardSize(w, h) => write!(f, "board {w}x{h}: each side must be 1 to {MAX_SIDE}"),
            ProblemError::Attacking(a, b) => {
                write!(
                    f,
                    "the {} and the {} given attack each other (or share a square)",
                    a.piece.name(),
                    b.piece.name()
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_queens_and_the_prolog_papers_five_pieces() {
        let queens = Solver::new(&Problem::new(8, 8).with(Piece::Queen, 8)).unwrap();
        assert_eq!(queens.count(), 92);
        let five = Problem::new(5, 5)
            .with(Piece::Knight, 1)
            .with(Piece::Bishop, 1)
            .with(Piece::Rook, 1)
            .with(Piece::Queen, 1)
            .with(Piece::Amazon, 1);
        assert_eq!(Solver::new(&five).unwrap().count(), 96);
    }

    #[test]
    fn identical_pieces_are_not_counted_twice() {
        // Two rooks on 2x2: the two diagonals.
        assert_eq!(Solver::new(&Problem::new(2, 2).with(Piece::Rook, 2)).unwrap().count(), 2);
        let mut seen = 0;
        Solver::new(&Problem::new(2, 2).with(Piece::Rook, 2)).unwrap().for_each(|s| {
            assert_eq!(s.len(), 2);
            seen += 1;
            true
        });
        assert_eq!(seen, 2);
    }

    #[test]
    fn fixed_pieces_stay_and_must_be_at_peace() {
        let mut p = Problem::new(4, 4).with(Piece::Queen, 3);
        p.fixed = parse_pieces("Qb4", 4, 4).unwrap();
        let s = Solver::new(&p).unwrap();
        assert_eq!(s.count(), 1);
        assert_eq!(s.first().unwrap()[0], p.fixed[0]);
        p.fixed = parse_pieces("Qa1,Nb3", 4, 4).unwrap();
        assert!(matches!(Solver::new(&p), Err(ProblemError::Attacking(..))));
        assert!(parse_pieces("Xa1", 4, 4).is_err());
        assert!(parse_pieces("Qa1,ka1", 4, 4).is_err());
    }
}
