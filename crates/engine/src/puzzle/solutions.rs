//! Every solution of one board size, their symmetry classes, and the
//! questions the game asks about a partial placement.

use super::placement::Placement;
use super::square::Square;
use super::symmetry::Symmetry;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The largest board whose solutions are all kept in memory (14,200 for 12).
/// Bigger boards are the solver's business, which searches instead.
pub const MAX_LISTED_N: usize = 12;

/// All solutions of the n-queens puzzle for one `n`, in the seed program's
/// enumeration order: the queen of column 0 from the bottom row upwards,
/// then the other columns' rows in ascending order. (The seed's first
/// solution for 8 is `[7 1 3 0 6 4 2 5]`, the article's Figure 2.) Ties
/// between equally close solutions go to the earliest in this order, as
/// they do in the seed.
pub struct Solutions {
    n: usize,
    all: Vec<Placement>,
    /// For each solution: its class and the symmetry that takes the class's
    /// representative to it.
    class_of: Vec<(usize, Symmetry)>,
    /// Index in `all` of each class's representative: its earliest member.
    representatives: Vec<usize>,
}

fn eight_arc() -> &'static Arc<Solutions> {
    static EIGHT: OnceLock<Arc<Solutions>> = OnceLock::new();
    EIGHT.get_or_init(|| Arc::new(Solutions::new(8)))
}

/// The answer to "which solution is closest to my queens?", from the list
/// ([`Solutions::closest`]) or by search (`solver::closest`): a full
/// solution and how many of the given queens it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closest {
    /// The full solution.
    pub solution: Placement,
    /// How many of the given queens it keeps ([`Placement::shared`]).
    pub kept: usize,
}

impl Solutions {
    /// Computes every solution for an `n` x `n` board.
    ///
    /// # Panics
    /// If `n` is 0 or more than [`MAX_LISTED_N`].
    pub fn new(n: usize) -> Self {
        assert!((1..=MAX_LISTED_N).contains(&n), "listing solutions needs 1 <= n <= {MAX_LISTED_N}");
        let mut all = Vec::new();
        let mut rows = vec![0u8; n];
        enumerate(n, 0, 0, 0, 0, &mut rows, &mut all);
        // The search yields lexicographic order; the seed's differs only in
        // counting column 0 from the bottom.
        all.sort_by_cached_key(|p| {
            let first_from_bottom = n - 1 - p.get(0).unwrap_or(0) as usize;
            (first_from_bottom, p.columns().collect::<Vec<_>>())
        });
        let (class_of, representatives) = classify(&all);
        Solutions { n, all, class_of, representatives }
    }

    /// The 92 solutions of the 8 x 8 board, computed on first use.
    pub fn eight() -> &'static Solutions {
        eight_arc()
    }

    /// The same 92, shareable with a game mode.
    pub(crate) fn eight_shared() -> Arc<Solutions> {
        Arc::clone(eight_arc())
    }

    /// The board's side, in squares.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many solutions there are.
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// Whether there is no solution (2 x 2 and 3 x 3).
    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// The solution at `index`, in the list's order; panics past the end.
    pub fn get(&self, index: usize) -> &Placement {
        &self.all[index]
    }

    /// Every solution, in the list's order.
    pub fn iter(&self) -> impl Iterator<Item = &Placement> {
        self.all.iter()
    }

    /// Where a solution is found in this list, if it is one.
    pub(crate) fn index_of(&self, p: &Placement) -> Option<usize> {
        self.all.iter().position(|s| s == p)
    }

    /// How many fundamental solutions (classes under the eight symmetries) there are.
    pub fn class_count(&self) -> usize {
        self.representatives.len()
    }

    /// The representative (earliest member) of class `class`.
    pub fn representative(&self, class: usize) -> &Placement {
        &self.all[self.representatives[class]]
    }

    /// Solution `index` is `symmetry` applied to the representative of `class`.
    pub fn class_of(&self, index: usize) -> (usize, Symmetry) {
        self.class_of[index]
    }

    /// How many solutions keep every queen of `partial`.
    pub fn count_extending(&self, partial: &Placement) -> usize {
        self.extending(partial).count()
    }

    /// Whether `partial` is part of some solution.
    pub fn is_extendable(&self, partial: &Placement) -> bool {
        self.extending(partial).next().is_some()
    }

    /// The solutions that keep every queen of `partial`.
    pub fn extending<'a>(&'a self, partial: &'a Placement) -> impl Iterator<Item = &'a Placement> + 'a {
        self.all.iter().filter(move |s| partial.is_subset_of(s))
    }

    /// The solution sharing the most queens with `partial`; ties go to the
    /// earliest in this list's (the seed's) order. `None` only for the
    /// boards that have no solution at all (2 x 2 and 3 x 3).
    pub fn closest(&self, partial: &Placement) -> Option<Closest> {
        let mut best: Option<Closest> = None;
        for s in &self.all {
            let kept = partial.shared(s);
            if best.is_none_or(|best| kept > best.kept) {
                best = Some(Closest { solution: *s, kept });
            }
        }
        best
    }

    /// Every empty square, in a column without a queen, where one more queen
    /// still leads to a solution. Empty when `partial` is a dead end.
    pub fn safe_squares(&self, partial: &Placement) -> Vec<Square> {
        let mut safe = vec![false; self.n * self.n];
        for s in self.extending(partial) {
            for q in s.queens().filter(|q| partial.get(q.col as usize).is_none()) {
                safe[q.row as usize * self.n + q.col as usize] = true;
            }
        }
        (0..self.n * self.n)
            .filter(|&i| safe[i])
            .map(|i| Square::new((i % self.n) as u8, (i / self.n) as u8))
            .collect()
    }
}

/// Backtracking column by column over bit masks of the rows and of both
/// diagonal directions taken so far (`row + col` and `row - col + n - 1`);
/// rows are tried in ascending order, so solutions come out in
/// lexicographic order.
fn enumerate(
    n: usize,
    col: usize,
    rows_taken: u32,
    diag: u64,
    anti: u64,
    rows: &mut [u8],
    out: &mut Vec<Placement>,
) {
    if col == n {
        out.push(Placement::from_full_rows(rows));
        return;
    }
    for row in 0..n {
        let (r, d, a) = (1u32 << row, 1u64 << (row + col), 1u64 << (row + n - 1 - col));
        if rows_taken & r == 0 && diag & d == 0 && anti & a == 0 {
            rows[col] = row as u8;
            enumerate(n, col + 1, rows_taken | r, diag | d, anti | a, rows, out);
        }
    }
}

/// Groups solutions into classes under the eight symmetries.
fn classify(all: &[Placement]) -> (Vec<(usize, Symmetry)>, Vec<usize>) {
    let index: HashMap<&Placement, usize> = all.iter().enumerate().map(|(i, p)| (p, i)).collect();
    let mut class_of: Vec<Option<(usize, Symmetry)>> = vec![None; all.len()];
    let mut representatives = Vec::new();
    for i in 0..all.len() {
        if class_of[i].is_some() {
            continue;
        }
        let class = representatives.len();
        representatives.push(i);
        for s in Symmetry::ALL {
            let image = s.apply_placement(&all[i]).expect("a solution's image is a solution");
            let j = index[&image];
            class_of[j].get_or_insert((class, s));
        }
    }
    (class_of.into_iter().map(|c| c.expect("classified")).collect(), representatives)
}
