//! Mixed pieces on a rectangular board, no piece attacking another (the
//! Prolog paper's generalisation, seed 004). Every square's attacks for every
//! kind are precomputed as bit masks (256 bits up to 16x16, 1024 up to 32x32).
//!
//! Squares are numbered in the Prolog program's order of locations: its
//! `[X, Y]` with X the file (a = 1) and Y the rank (1 at the bottom), X
//! outermost, so a1, a2, ..., b1, .... Two searches share the masks:
//! - [`Solver::for_each`] and [`Solver::first`] list solutions in the Prolog
//!   program's order: the kinds in its argument order (knights, then bishops,
//!   rooks, queens, amazons; kings, not in the paper, come right after the
//!   knights), the kinds given first varying slowest; within a kind the last
//!   piece, on the largest location, chosen first, each next one on a smaller
//!   location, as `checkXXX` recurses on the tail before its `member`.
//! - [`Solver::count`] takes the most attacking kinds first, which prunes
//!   soonest; the count does not depend on the order. Its time is foretold,
//!   and its progress weighed, by a sample of its tree ([`Solver::estimate_count_work`]).
//!
//! Sliding pieces are treated as attacking their whole lines: a piece between
//! two others on a line would itself be attacked, so blocking never changes
//! which placements are peaceful.

use super::first;
use super::notation::{NotationError, list_words, parse_square, square_name};
use super::piece::Piece;
use super::rows::RowCount;
use super::watch::{SearchProgress, Watch};
use crate::puzzle::Square;
use crate::words::{quoted, shown};
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// The largest board side: a board of up to 32 x 32 squares fits 1024 bits.
pub const MAX_SIDE: usize = 32;

/// One piece on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placed {
    /// Which piece.
    pub piece: Piece,
    /// Where it stands.
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
    for word in list_words(text, "pieces", "Qa1,Nb3")? {
        let mut chars = word.chars();
        let letter = chars.next().expect("words are not empty");
        let rest = chars.as_str();
        // `a4` (solve's habit) reads as an amazon on `4`, `b4` as a bishop:
        // a word that is a square wants the piece's letter, whatever its first letter is.
        if parse_square(word, width, height).is_ok() && parse_square(rest, width, height).is_err() {
            return Err(NotationError(format!(
                "{} needs a piece letter before the square, like Q{} (Q R B N K A)",
                quoted(word),
                shown(word)
            )));
        }
        let piece = Piece::from_letter(letter).ok_or_else(|| {
            NotationError(format!(
                "{} is not a piece on a square: expected a letter of AQRBKN then a square, like Qa1",
                quoted(word)
            ))
        })?;
        if rest.is_empty() {
            return Err(NotationError(format!(
                "{} needs a square after the piece letter, like {}a1",
                quoted(word),
                shown(word)
            )));
        }
        let square = parse_square(rest, width, height)?;
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
    /// Squares across.
    pub width: usize,
    /// Squares down.
    pub height: usize,
    /// How many of each kind to add, indexed as [`Piece::ALL`].
    pub counts: [usize; 6],
    /// Pieces already on the board, which stay where they are.
    pub fixed: Vec<Placed>,
}

/// Why a problem cannot be asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemError {
    /// A side (width, height) outside 1 to [`MAX_SIDE`].
    BoardSize(usize, usize),
    /// Two of the pieces that stay attack each other (or share a square),
    /// on a board this many rows high (to name their squares).
    Attacking(Placed, Placed, usize),
}

impl Problem {
    /// An empty `width` x `height` board with nothing to place yet.
    pub fn new(width: usize, height: usize) -> Problem {
        Problem { width, height, counts: [0; 6], fixed: Vec::new() }
    }

    /// Adds `count` more pieces of `piece` to place.
    pub fn with(mut self, piece: Piece, count: usize) -> Problem {
        self.counts[piece.index()] += count;
        self
    }
}

/// A set of squares in `W` 64-bit words (a square's bit is its Prolog location number).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Set<const W: usize>([u64; W]);

impl<const W: usize> Default for Set<W> {
    fn default() -> Self {
        Set([0; W])
    }
}

impl<const W: usize> Set<W> {
    fn with(mut self, i: usize) -> Self {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }
    fn or(self, o: Self) -> Self {
        Set(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    fn meets(self, o: Self) -> bool {
        (0..W).any(|k| self.0[k] & o.0[k] != 0)
    }
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    /// How many squares in `start..end` are not in the set.
    fn absent_in(self, start: usize, end: usize) -> usize {
        if start >= end {
            return 0;
        }
        (start / 64..=(end - 1) / 64)
            .map(|k| {
                let (lo, hi) = (64 * k, 64 * k + 64);
                let (a, b) = (start.clamp(lo, hi) - lo, end.clamp(lo, hi) - lo);
                let range = (u64::MAX >> (64 - (b - a))) << a;
                (!self.0[k] & range).count_ones() as usize
            })
            .sum()
    }

    /// How many files (runs of `height` locations) have a square in `start..end`
    /// that is not in the set: room for pieces that attack along files.
    fn files_open_in(self, start: usize, end: usize, height: usize) -> usize {
        (start / height..end.div_ceil(height))
            .filter(|f| self.absent_in(start.max(f * height), end.min(f * height + height)) > 0)
            .count()
    }
}

/// An estimate of the counting search's nodes, by what each costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeEstimate {
    /// Nodes that scan every square from their first one on for a place.
    pub scanned: f64,
    /// Nodes that end at the room check, and the leaves.
    pub ended: f64,
}

/// A prepared problem: attack masks and the pieces to add, in both orders.
pub struct Solver {
    width: usize,
    height: usize,
    fixed: Vec<Placed>,
    counts: [usize; 6],
    core: Core,
    /// The sample of the counting search, taken once: for its estimate and
    /// its progress.
    sample: OnceLock<Sample>,
}

/// A stratum of the counting search's nodes at one depth: the open squares
/// left to the run of pieces being placed, and either those on the whole
/// board, where other kinds follow the run, or those among the next file's
/// worth of squares (the next piece's nearest places) where none do, both
/// in steps of [`Sample::step`] squares. Nodes of one
/// stratum have subtrees of about one size, which is what the sample rests
/// on; the second count made the progress of 18 knights on 7x7 say 18%
/// after a tenth of its nodes, where the first alone said 25%.
type Stratum = (u16, u16);

/// What sampling the counting search found ([`Masks::sample`]): its nodes,
/// and for each depth the strata met there, each with the estimated nodes of
/// the subtree below one of its nodes, which weigh a node's children for
/// the progress.
struct Sample {
    nodes: NodeEstimate,
    /// Per depth, sorted by stratum.
    sizes: Vec<Vec<(Stratum, f64)>>,
    /// Squares per step of a stratum's counts.
    step: usize,
}

impl Sample {
    /// The estimated nodes below a node of `stratum` at `depth`: the nearest
    /// stratum's where the sample did not meet this one, 1 where it met none
    /// at that depth.
    fn size(&self, depth: usize, stratum: Stratum) -> f64 {
        let Some(level) = self.sizes.get(depth).filter(|l| !l.is_empty()) else { return 1.0 };
        match level.binary_search_by(|(s, _)| s.cmp(&stratum)) {
            Ok(k) => level[k].1,
            Err(_) => {
                let apart = |s: &Stratum| s.0.abs_diff(stratum.0) + s.1.abs_diff(stratum.1);
                level.iter().min_by_key(|(s, _)| apart(s)).map_or(1.0, |&(_, size)| size)
            }
        }
    }
}

/// The share of the whole count below which a node's children are no longer
/// weighed by the sample (some work a child) but share the node evenly: a
/// ten-thousandth, finer than the tenth of a percent a progress line shows.
const WEIGHED_ABOVE: f64 = 1e-4;

/// The masks in as many words as the board needs.
enum Core {
    Small(Masks<4>),
    Large(Masks<16>),
}

/// One search's plan: the kind of each piece to add, in order.
struct Plan {
    kinds: Vec<Piece>,
    /// How many pieces from this one on are of its kind and follow it without a break.
    run_left: Vec<usize>,
    /// How many pieces from this one on attack along files (rooks, queens, amazons):
    /// at most one such piece stands on a file.
    lines_left: Vec<usize>,
}

impl Plan {
    fn new(kinds: Vec<Piece>) -> Plan {
        let mut run_left = vec![0; kinds.len()];
        for d in (0..kinds.len()).rev() {
            run_left[d] = 1 + if kinds.get(d + 1) == Some(&kinds[d]) { run_left[d + 1] } else { 0 };
        }
        let mut lines_left = vec![0; kinds.len() + 1];
        for d in (0..kinds.len()).rev() {
            lines_left[d] = lines_left[d + 1] + usize::from(kinds[d].attacks_files());
        }
        Plan { kinds, run_left, lines_left }
    }

    /// Whether the pieces from `depth` on cannot all find room: the run of this
    /// kind on the open squares in `run`, and every piece left on the board.
    fn no_room<const W: usize>(
        &self,
        depth: usize,
        blocked: Set<W>,
        run: (usize, usize),
        squares: usize,
        height: usize,
    ) -> bool {
        let run_left = self.run_left[depth];
        if blocked.absent_in(run.0, run.1) < run_left
            || blocked.absent_in(0, squares) < self.kinds.len() - depth
        {
            return true;
        }
        let lines = self.lines_left[depth];
        lines > 0
            && ((self.kinds[depth].attacks_files() && blocked.files_open_in(run.0, run.1, height) < run_left)
                || blocked.files_open_in(0, squares, height) < lines)
    }
}

struct Masks<const W: usize> {
    squares: usize,
    height: usize,
    /// attacks[kind][square]
    attacks: Vec<Vec<Set<W>>>,
    start_occupied: Set<W>,
    start_attacked: Set<W>,
    counting: Plan,
    listing: Plan,
}

impl Solver {
    /// A solver for `problem`, or why it cannot be asked.
    pub fn new(problem: &Problem) -> Result<Solver, ProblemError> {
        let (w, h) = (problem.width, problem.height);
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(ProblemError::BoardSize(w, h));
        }
        for (i, a) in problem.fixed.iter().enumerate() {
            for b in &problem.fixed[i + 1..] {
                let (dc, dr) = (a.square.col.abs_diff(b.square.col), a.square.row.abs_diff(b.square.row));
                let (dc, dr) = (dc as usize, dr as usize);
                if (dc, dr) == (0, 0) || a.piece.reaches(dc, dr) || b.piece.reaches(dc, dr) {
                    return Err(ProblemError::Attacking(*a, *b, h));
                }
            }
        }
        let kinds = |order: [Piece; 6]| -> Vec<Piece> {
            order.iter().flat_map(|&p| std::iter::repeat_n(p, problem.counts[p.index()])).collect()
        };
        let (counting, listing) = (Plan::new(kinds(Piece::ALL)), Plan::new(kinds(Piece::PROLOG)));
        let core = if w * h <= 256 {
            Core::Small(Masks::new(w, h, &problem.fixed, counting, listing))
        } else {
            Core::Large(Masks::new(w, h, &problem.fixed, counting, listing))
        };
        let fixed = problem.fixed.clone();
        Ok(Solver { width: w, height: h, fixed, counts: problem.counts, core, sample: OnceLock::new() })
    }

    /// How many ways there are to add the pieces.
    pub fn count(&self) -> u64 {
        let mut go_on = |_| true;
        let mut watch = Watch::new(&mut go_on);
        match &self.core {
            Core::Small(m) => m.count(&mut watch, None),
            Core::Large(m) => m.count(&mut watch, None),
        }
        watch.found
    }

    /// [`Solver::count`], with `check` called every [`TICK`](super::watch::TICK) nodes of the
    /// search; it stops the search by returning `false` (then `None`). How far
    /// the search is ([`SearchProgress::done`]) is weighed by the sample of
    /// [`Solver::estimate_count_work`], taken first if it was not.
    pub fn count_watched(&self, check: &mut dyn FnMut(SearchProgress) -> bool) -> Option<u64> {
        let sample = self.sample();
        let mut watch = Watch::new(check);
        match &self.core {
            Core::Small(m) => m.count(&mut watch, Some(sample)),
            Core::Large(m) => m.count(&mut watch, Some(sample)),
        }
        (!watch.stopped).then_some(watch.found)
    }

    fn sample(&self) -> &Sample {
        self.sample.get_or_init(|| match &self.core {
            Core::Small(m) => m.sample(),
            Core::Large(m) => m.sample(),
        })
    }

    /// The row-by-row count ([`RowCount`]) when it covers this problem: one
    /// kind alone (kings or knights) on an otherwise empty board.
    pub fn row_count(&self) -> Option<RowCount> {
        let mut kinds = Piece::ALL.into_iter().filter(|p| self.counts[p.index()] > 0);
        let (Some(kind), None) = (kinds.next(), kinds.next()) else { return None };
        if !self.fixed.is_empty() {
            return None;
        }
        RowCount::new(kind, self.width, self.height, self.counts[kind.index()])
    }

    /// An estimate of the nodes [`Solver::count`] visits, by stratified
    /// sampling of its tree (see [`Solver::estimate_count_work`]).
    pub fn estimate_count_nodes(&self) -> f64 {
        let nodes = self.estimate_count_work();
        nodes.scanned + nodes.ended
    }

    /// The same estimate, parted into the nodes that scan the board for their
    /// children and those the room check ends at once (and the leaves), which
    /// cost far less each.
    ///
    /// Chen's stratified sampling ("Heuristic sampling", 1992): the tree is
    /// walked depth by depth keeping one node of each stratum (the open
    /// squares left to the pieces, as `Stratum` in the source counts them),
    /// drawn at random among the nodes that fell in it with their weights,
    /// and carrying their summed weight, the nodes it stands for. Knuth's random paths, used before, missed the heavy
    /// branches of dense searches: 45 knights on 10x10 were estimated at
    /// 4x10^8 nodes, about 5 s, where the sample finds some 10^12, hours
    /// (issue 50). From a fixed seed, so the same request gets the same
    /// estimate.
    pub fn estimate_count_work(&self) -> NodeEstimate {
        self.sample().nodes
    }

    /// Whether the board takes the larger masks (more than 256 squares), which
    /// make a node of the search slower.
    pub fn large(&self) -> bool {
        matches!(self.core, Core::Large(_))
    }

    /// Calls `visit` with each solution, in the Prolog program's order, until
    /// it returns `false`. A solution lists the fixed pieces, then the added
    /// ones as the program binds its variables: kind by kind in
    /// [`Piece::PROLOG`] order, each kind's pieces from the first location on.
    pub fn for_each(&self, visit: impl FnMut(&[Placed]) -> bool) {
        self.for_each_watched(visit, &mut |_| true);
    }

    /// [`Solver::for_each`], with `check` called every [`TICK`](super::watch::TICK) nodes of the
    /// search; it stops the search by returning `false`. False when stopped
    /// so (not when `visit` stopped it).
    pub fn for_each_watched(
        &self,
        mut visit: impl FnMut(&[Placed]) -> bool,
        check: &mut dyn FnMut(SearchProgress) -> bool,
    ) -> bool {
        let (w, h) = (self.width, self.height);
        let mut shown = self.fixed.clone();
        let mut leaf = |added: &[(Piece, usize)]| {
            shown.truncate(self.fixed.len());
            // The search puts each kind's pieces down last location first.
            for kind in Piece::PROLOG {
                let of_kind = added.iter().rev().filter(|(p, _)| *p == kind);
                shown.extend(of_kind.map(|&(piece, i)| Placed { piece, square: square_at(i, w, h) }));
            }
            visit(&shown)
        };
        let mut watch = Watch::new(check);
        match &self.core {
            Core::Small(m) => m.list(&mut leaf, &mut watch),
            Core::Large(m) => m.list(&mut leaf, &mut watch),
        }
        !watch.stopped
    }

    /// The first solution in the Prolog program's order, if any.
    pub fn first(&self) -> Option<Vec<Placed>> {
        self.first_watched(&mut |_| true).expect("a check that never stops")
    }

    /// [`Solver::first`], with `check` called as the search goes (every
    /// [`TICK`](super::watch::TICK) nodes, or every [`first::TICK`] placements); it stops the
    /// search by returning `false` (then `None`).
    ///
    /// N queens alone on an N x N board take the n-queens search of
    /// [`first`]: the Prolog order's first solution (the last file's queen on
    /// the lowest rank it can take, then the file before it, ...) is the
    /// lexicographically first one (the first file's queen on the highest
    /// row, ...) turned half round, and that search is a few bit operations a
    /// placement where this one takes mask operations of the whole board (32
    /// queens: under a second instead of minutes).
    pub fn first_watched(
        &self,
        check: &mut dyn FnMut(SearchProgress) -> bool,
    ) -> Option<Option<Vec<Placed>>> {
        let n = self.counts[Piece::Queen.index()];
        let queens_alone = self.counts.iter().sum::<usize>() == n && self.fixed.is_empty();
        if queens_alone && n == self.width && n == self.height && n > 0 {
            let mut tick = |t: first::Tick| {
                check(SearchProgress { nodes: t.placements, found: 0, done: 0.0, deepest: t.deepest })
            };
            return match first::search(n, None, &mut tick).outcome {
                first::Outcome::Found(rows) => Some(Some(half_turn(&rows))),
                first::Outcome::NoSolution => Some(None),
                first::Outcome::Stopped => None,
                first::Outcome::OutOfBudget => unreachable!("the search had no budget"),
            };
        }
        let mut found = None;
        let finished = self.for_each_watched(
            |s| {
                found = Some(s.to_vec());
                false
            },
            check,
        );
        finished.then_some(found)
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pieces that stay where they are.
    pub fn fixed(&self) -> &[Placed] {
        &self.fixed
    }

    /// How many of each kind are added, indexed as [`Piece::ALL`].
    pub fn counts(&self) -> [usize; 6] {
        self.counts
    }
}

/// The queens of `rows` (the row from the top of each column's queen) turned
/// half round, listed file by file as [`Solver::for_each`] lists them.
fn half_turn(rows: &[u32]) -> Vec<Placed> {
    let n = rows.len();
    let mut placed: Vec<Placed> = (0..n)
        .map(|c| Placed {
            piece: Piece::Queen,
            square: Square::new((n - 1 - c) as u8, (n - 1) as u8 - rows[c] as u8),
        })
        .collect();
    placed.sort_by_key(|p| p.square.col);
    placed
}

/// A square's Prolog location number: files outermost, ranks from the bottom.
fn location(sq: Square, height: usize) -> usize {
    sq.col as usize * height + (height - 1 - sq.row as usize)
}

/// The square of a location number.
fn square_at(i: usize, _width: usize, height: usize) -> Square {
    Square::new((i / height) as u8, (height - 1 - i % height) as u8)
}

/// The pieces a listing search has added, each with its location.
type Added = [(Piece, usize)];

impl<const W: usize> Masks<W> {
    fn new(w: usize, h: usize, fixed: &[Placed], counting: Plan, listing: Plan) -> Self {
        let squares = w * h;
        let attacks: Vec<Vec<Set<W>>> = Piece::ALL
            .iter()
            .map(|&kind| {
                (0..squares)
                    .map(|from| {
                        let a = square_at(from, w, h);
                        (0..squares).filter(|&to| to != from).fold(Set::default(), |set, to| {
                            let b = square_at(to, w, h);
                            let (dc, dr) = (a.col.abs_diff(b.col) as usize, a.row.abs_diff(b.row) as usize);
                            if kind.reaches(dc, dr) { set.with(to) } else { set }
                        })
                    })
                    .collect()
            })
            .collect();
        let (mut start_occupied, mut start_attacked) = (Set::default(), Set::default());
        for p in fixed {
            let i = location(p.square, h);
            start_occupied = start_occupied.with(i);
            start_attacked = start_attacked.or(attacks[p.piece.index()][i]);
        }
        Masks { squares, height: h, attacks, start_occupied, start_attacked, counting, listing }
    }

    /// The count; `sample`, where given, weighs the progress.
    fn count(&self, watch: &mut Watch, sample: Option<&Sample>) {
        let start = (0, 0, self.start_occupied, self.start_attacked);
        self.count_from(start, (0.0, 1.0), watch, sample);
    }

    /// Pieces of one kind go on increasing locations, from `from` on; the
    /// solutions are added to `watch.found`. `share` is where this node's
    /// subtree starts in the whole search and how much of it it is: the
    /// node's share parted among its children by the sizes `sample` gives
    /// their strata, and evenly among its open squares below
    /// [`WEIGHED_ABOVE`] or without a sample. False once the caller's check
    /// stopped it.
    fn count_from(
        &self,
        (depth, from, occ, att): (usize, usize, Set<W>, Set<W>),
        share: (f64, f64),
        watch: &mut Watch,
        sample: Option<&Sample>,
    ) -> bool {
        let plan = &self.counting;
        let Some(&kind) = plan.kinds.get(depth) else {
            watch.found += 1;
            return true;
        };
        if !watch.visit(depth, share.0) {
            return false;
        }
        let blocked = occ.or(att);
        let left = plan.kinds.len() - depth;
        // The pieces left need room; those of this run, from `from` on.
        if plan.no_room(depth, blocked, (from, self.squares), self.squares, self.height) {
            return true;
        }
        let masks = &self.attacks[kind.index()];
        if left == 1 {
            let places = masks.iter().enumerate().skip(from);
            watch.found += places.filter(|&(i, mask)| !blocked.has(i) && !mask.meets(occ)).count() as u64;
            return true;
        }
        let next_from = |i: usize| if plan.kinds[depth + 1] == kind { i + 1 } else { 0 };
        let child = |i: usize, mask: Set<W>| (depth + 1, next_from(i), occ.with(i), att.or(mask));
        if let Some(sample) = sample.filter(|_| share.1 > WEIGHED_ABOVE) {
            let children: Vec<_> = (from..self.squares)
                .filter(|&i| !blocked.has(i) && !masks[i].meets(occ))
                .map(|i| {
                    let node = child(i, masks[i]);
                    (node, self.subtree(node, sample))
                })
                .collect();
            let all: f64 = children.iter().map(|(_, size)| size).sum();
            let mut start = share.0;
            for (node, size) in children {
                let part = share.1 * size / all;
                if !self.count_from(node, (start, part), watch, Some(sample)) {
                    return false;
                }
                start += part;
            }
            return true;
        }
        let open = blocked.absent_in(from, self.squares) as f64;
        let mut passed = 0.0;
        for (i, &mask) in masks.iter().enumerate().skip(from) {
            if blocked.has(i) {
                continue;
            }
            passed += 1.0;
            if mask.meets(occ) {
                continue;
            }
            let part = (share.0 + share.1 * (passed - 1.0) / open, share.1 / open);
            if !self.count_from(child(i, mask), part, watch, sample) {
                return false;
            }
        }
        true
    }

    /// A node's stratum ([`Stratum`]), in steps of `step` squares.
    fn stratum(&self, (depth, from, occ, att): (usize, usize, Set<W>, Set<W>), step: usize) -> Stratum {
        let plan = &self.counting;
        let blocked = occ.or(att);
        let run = blocked.absent_in(from, self.squares);
        let others_follow = depth + plan.run_left[depth] < plan.kinds.len();
        let second = match others_follow {
            true => blocked.absent_in(0, self.squares),
            false => blocked.absent_in(from, (from + self.height).min(self.squares)),
        };
        ((run / step) as u16, (second / step) as u16)
    }

    /// The nodes the sample expects below a node (itself included): one for
    /// a leaf and for a node the room check ends.
    fn subtree(&self, node: (usize, usize, Set<W>, Set<W>), sample: &Sample) -> f64 {
        let (depth, from, occ, att) = node;
        let plan = &self.counting;
        if depth >= plan.kinds.len()
            || plan.no_room(depth, occ.or(att), (from, self.squares), self.squares, self.height)
        {
            return 1.0;
        }
        sample.size(depth, self.stratum(node, sample.step))
    }

    /// The counting search sampled by strata (see [`Solver::estimate_count_work`]),
    /// as many times as some tens of millions of word operations allow (at
    /// most 16), the strata coarser on larger boards and deeper searches so
    /// that one pass stays within a fraction of that. The children that the
    /// room check ends at once are counted there, each one node, and only the
    /// others are kept.
    fn sample(&self) -> Sample {
        let plan = &self.counting;
        let depths = plan.kinds.len();
        let two_counts = (0..depths).any(|d| d + plan.run_left[d] < depths);
        // A pass looks at every square of every stratum kept, a few passes of
        // W words each: kept within 2x10^7 word operations, by the step
        // that leaves no more strata than that (both counts in steps of it).
        let per_stratum = (depths.max(1) * self.squares * W * 4) as f64;
        let strata = (2e7 / per_stratum).max(16.0);
        let second = if two_counts { self.squares + 1 } else { self.height + 1 };
        let step = (((self.squares + 1) * second) as f64 / strata).sqrt().ceil().max(1.0) as usize;
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let (mut nodes, mut sizes) =
            (NodeEstimate { scanned: 0.0, ended: 0.0 }, vec![HashMap::new(); depths]);
        let (mut passes, mut work) = (0, 0.0);
        while passes < 16 && (passes == 0 || work * (passes + 1) as f64 / passes as f64 <= 5e7) {
            work += self.sample_pass(step, &mut rng, &mut nodes, &mut sizes) * (W * 4) as f64;
            passes += 1;
        }
        let sizes = sizes
            .into_iter()
            .map(|level: HashMap<Stratum, (f64, f64)>| {
                let mut level: Vec<(Stratum, f64)> =
                    level.into_iter().map(|(s, (weighed, weight))| (s, weighed / weight)).collect();
                level.sort_by_key(|&(s, _)| s);
                level
            })
            .collect();
        let passes = passes as f64;
        Sample {
            nodes: NodeEstimate { scanned: nodes.scanned / passes, ended: nodes.ended / passes },
            sizes,
            step,
        }
    }

    /// One pass of the sample: the nodes it finds added to `nodes`, and to
    /// `sizes`, for each depth and stratum, the subtree of the node kept
    /// there times its weight, and the weight. Returns the squares it
    /// looked at.
    fn sample_pass(
        &self,
        step: usize,
        rng: &mut u64,
        nodes: &mut NodeEstimate,
        sizes: &mut [HashMap<Stratum, (f64, f64)>],
    ) -> f64 {
        /// A node kept for its stratum: where it is, the nodes it stands for,
        /// and what it was found to hold.
        struct Kept<const W: usize> {
            node: (usize, usize, Set<W>, Set<W>),
            weight: f64,
            /// Its children the room check ended (the count visits each).
            ended: f64,
            /// The strata its other children fell in, at the next depth.
            children: Vec<usize>,
        }
        let plan = &self.counting;
        let root = (0, 0, self.start_occupied, self.start_attacked);
        if plan.kinds.is_empty()
            || plan.no_room(0, root.2.or(root.3), (0, self.squares), self.squares, self.height)
        {
            nodes.ended += 1.0;
            return 1.0;
        }
        let mut looked = 0.0;
        let mut levels: Vec<Vec<Kept<W>>> =
            vec![vec![Kept { node: root, weight: 1.0, ended: 0.0, children: Vec::new() }]];
        for depth in 0..plan.kinds.len() {
            let kind = plan.kinds[depth];
            let masks = &self.attacks[kind.index()];
            let next_kind = plan.kinds.get(depth + 1);
            let (mut next, mut index): (Vec<Kept<W>>, HashMap<Stratum, usize>) = (Vec::new(), HashMap::new());
            for kept in levels.last_mut().expect("the level walked") {
                let (_, from, occ, att) = kept.node;
                let weight = kept.weight;
                nodes.scanned += weight;
                looked += (self.squares - from) as f64;
                let blocked = occ.or(att);
                for i in (from..self.squares).filter(|&i| !blocked.has(i) && !masks[i].meets(occ)) {
                    let next_from = if next_kind == Some(&kind) { i + 1 } else { 0 };
                    let child = (depth + 1, next_from, occ.with(i), att.or(masks[i]));
                    let ends = next_kind.is_none()
                        || plan.no_room(
                            depth + 1,
                            child.2.or(child.3),
                            (next_from, self.squares),
                            self.squares,
                            self.height,
                        );
                    if ends {
                        // Every child is a node; these end there. The leaves
                        // the count adds up without visiting them cost time,
                        // but are no nodes of its progress.
                        nodes.ended += weight;
                        kept.ended += if next_kind.is_some() { 1.0 } else { 0.0 };
                        continue;
                    }
                    let stratum = self.stratum(child, step);
                    let k = *index.entry(stratum).or_insert_with(|| {
                        next.push(Kept { node: child, weight: 0.0, ended: 0.0, children: Vec::new() });
                        next.len() - 1
                    });
                    // The node kept stands for them all, drawn in proportion to their weights.
                    next[k].weight += weight;
                    // xorshift64: a fixed, dependency-free sequence.
                    *rng ^= *rng << 13;
                    *rng ^= *rng >> 7;
                    *rng ^= *rng << 17;
                    if (*rng >> 11) as f64 / (1u64 << 53) as f64 * next[k].weight < weight {
                        next[k].node = child;
                    }
                    kept.children.push(k);
                }
            }
            if next.is_empty() {
                break;
            }
            levels.push(next);
        }
        // The subtrees from the deepest level up: a node, its ended children,
        // and the subtrees of its strata's nodes.
        let mut below: Vec<f64> = Vec::new();
        for (depth, level) in levels.iter().enumerate().rev() {
            let here: Vec<f64> = level
                .iter()
                .map(|k| 1.0 + k.ended + k.children.iter().map(|&c| below[c]).sum::<f64>())
                .collect();
            for (kept, &size) in level.iter().zip(&here) {
                let entry = sizes[depth].entry(self.stratum(kept.node, step)).or_insert((0.0, 0.0));
                entry.0 += size * kept.weight;
                entry.1 += kept.weight;
            }
            below = here;
        }
        looked
    }

    /// The Prolog program's order: each kind's pieces from the last one, every
    /// location tried in increasing order, each next piece of the kind on a
    /// location below the one before it.
    fn list(&self, leaf: &mut dyn FnMut(&Added) -> bool, watch: &mut Watch) {
        let mut added = Vec::with_capacity(self.listing.kinds.len());
        let (occ, att) = (self.start_occupied, self.start_attacked);
        self.list_from(0, self.squares, occ, att, (0.0, 1.0), &mut added, leaf, watch);
    }

    #[allow(clippy::too_many_arguments)]
    fn list_from(
        &self,
        depth: usize,
        below: usize,
        occ: Set<W>,
        att: Set<W>,
        share: (f64, f64),
        added: &mut Vec<(Piece, usize)>,
        leaf: &mut dyn FnMut(&Added) -> bool,
        watch: &mut Watch,
    ) -> bool {
        let plan = &self.listing;
        let Some(&kind) = plan.kinds.get(depth) else {
            watch.found += 1;
            return leaf(added);
        };
        if !watch.visit(depth, share.0) {
            return false;
        }
        let blocked = occ.or(att);
        // The pieces left need room; those of this run, below the last one placed.
        if plan.no_room(depth, blocked, (0, below), self.squares, self.height) {
            return true;
        }
        let masks = &self.attacks[kind.index()];
        // Each next piece of the run goes below this one: a child on
        // location i leaves the i locations below it to the rest of its run.
        let run = plan.run_left[depth] as i32;
        let before = |i: usize| (i as f64 / below as f64).powi(run);
        for (i, &mask) in masks.iter().enumerate().take(below) {
            if blocked.has(i) || mask.meets(occ) {
                continue;
            }
            added.push((kind, i));
            let next_below = if plan.kinds.get(depth + 1) == Some(&kind) { i } else { self.squares };
            let (start, end) = (before(i), before(i + 1));
            let child = (share.0 + share.1 * start, share.1 * (end - start));
            let go_on =
                self.list_from(depth + 1, next_below, occ.with(i), att.or(mask), child, added, leaf, watch);
            added.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::BoardSize(w, h) => write!(f, "board {w}x{h}: each side must be 1 to {MAX_SIDE}"),
            ProblemError::Attacking(a, b, height) => {
                let (on_a, on_b) = (square_name(a.square, *height), square_name(b.square, *height));
                let (a, b) = (a.piece.name(), b.piece.name());
                if on_a == on_b {
                    write!(f, "the {a} and the {b} given are both on {on_a}")
                } else {
                    write!(f, "the {a} on {on_a} and the {b} on {on_b} attack each other")
                }
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
    fn n_queens_first_by_the_n_queens_search_is_the_prolog_orders_first() {
        // Up to 18 in ordinary test time; 19 to 22 were checked once by this
        // test optimised, 23 to 28 against the binary from before the
        // shortcut (issue 26).
        for n in 1..=18 {
            let solver = Solver::new(&Problem::new(n, n).with(Piece::Queen, n)).unwrap();
            let mut by_masks = None;
            solver.for_each(|s| {
                by_masks = Some(s.to_vec());
                false
            });
            assert_eq!(solver.first(), by_masks, "{n} queens");
        }
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

    /// The nodes the counting search visits, counted by running it.
    fn visited<const W: usize>(m: &Masks<W>, depth: usize, from: usize, occ: Set<W>, att: Set<W>) -> f64 {
        let plan = &m.counting;
        let Some(&kind) = plan.kinds.get(depth) else { return 1.0 };
        let blocked = occ.or(att);
        if plan.no_room(depth, blocked, (from, m.squares), m.squares, m.height) {
            return 1.0;
        }
        let masks = &m.attacks[kind.index()];
        let mut nodes = 1.0;
        for (i, &mask) in masks.iter().enumerate().skip(from) {
            if blocked.has(i) || mask.meets(occ) {
                continue;
            }
            let next_from = if plan.kinds.get(depth + 1) == Some(&kind) { i + 1 } else { 0 };
            nodes += visited(m, depth + 1, next_from, occ.with(i), att.or(mask));
        }
        nodes
    }

    #[test]
    fn the_node_estimate_is_near_the_nodes_the_count_visits() {
        // Rooks alone were the stranger's case: most random paths die at once
        // (a rook off the first open file leaves a file empty), so paths that
        // reach the leaves were never drawn and 12! leaves went unseen.
        let cases = [
            // Dense knights: random paths estimated a quarter of the nodes
            // here, and a thousandth of those of 45 knights on 10x10 (issue 50).
            Problem::new(7, 7).with(Piece::Knight, 18),
            Problem::new(8, 8).with(Piece::Rook, 8),
            Problem::new(7, 7).with(Piece::Rook, 7),
            Problem::new(8, 8).with(Piece::Queen, 8),
            Problem::new(6, 6).with(Piece::Knight, 6).with(Piece::King, 2),
            Problem::new(6, 6).with(Piece::Bishop, 4).with(Piece::Rook, 2).with(Piece::Knight, 2),
            Problem::new(5, 5)
                .with(Piece::Knight, 1)
                .with(Piece::Bishop, 1)
                .with(Piece::Rook, 1)
                .with(Piece::Queen, 1),
        ];
        for problem in cases {
            let solver = Solver::new(&problem).unwrap();
            let Core::Small(m) = &solver.core else { unreachable!("small boards") };
            let actual = visited(m, 0, 0, m.start_occupied, m.start_attacked);
            let estimate = solver.estimate_count_nodes();
            let ratio = estimate / actual;
            assert!((0.5..2.0).contains(&ratio), "{problem:?}: estimated {estimate} nodes, visited {actual}");
        }
        // 12 rooks: at least one node per solution, 12! of them.
        let rooks = Solver::new(&Problem::new(12, 12).with(Piece::Rook, 12)).unwrap();
        assert!(rooks.estimate_count_nodes() >= 479_001_600.0);
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
        assert!(parse_pieces("Qa1,,Nb3", 4, 4).is_err());
        assert!(parse_pieces("", 4, 4).is_err());
    }
}
