//! The Delphi program's puzzle: the fewest queens that attack or occupy every
//! square of an n x n board (queen domination), optionally with no queen
//! attacking another (independent domination).
//!
//! Exact search over 128-bit square sets. Each step takes the first square
//! not yet covered and branches on the queens that would cover it; a queen
//! tried in one branch is forbidden in the later ones, so every set of queens
//! is met exactly once (which is what makes counting correct). A branch is cut
//! when even the best remaining queens could not cover what is left.

use crate::puzzle::Square;
use std::cell::OnceCell;

/// The largest board: n * n squares must fit in 128 bits.
pub const MAX_COVER_N: usize = 11;

/// An n x n board to cover.
pub struct CoverBoard {
    n: usize,
    independent: bool,
    full: u128,
    /// cover[s]: the squares a queen on s attacks or occupies (also: the
    /// squares from which a queen covers s, as queen moves are symmetric).
    cover: Vec<u128>,
    minimum: OnceCell<usize>,
}

impl CoverBoard {
    /// # Panics
    /// If `n` is 0 or above [`MAX_COVER_N`].
    pub fn new(n: usize, independent: bool) -> CoverBoard {
        assert!((1..=MAX_COVER_N).contains(&n), "cover takes n in 1..={MAX_COVER_N}");
        let squares = n * n;
        let full = if squares == 128 { u128::MAX } else { (1u128 << squares) - 1 };
        let cover = (0..squares)
            .map(|s| {
                let (c, r) = (s % n, s / n);
                (0..squares).fold(0u128, |mask, t| {
                    let (dc, dr) = (c.abs_diff(t % n), r.abs_diff(t / n));
                    if dc == 0 || dr == 0 || dc == dr { mask | 1 << t } else { mask }
                })
            })
            .collect();
        CoverBoard { n, independent, full, cover, minimum: OnceCell::new() }
    }

    /// The board's side, in squares.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Every square, as a set (bit `row * n + column`).
    pub(super) fn full_mask(&self) -> u128 {
        self.full
    }

    /// The squares a queen on square number `s` attacks or occupies.
    pub(super) fn reach(&self, s: usize) -> u128 {
        self.cover[s]
    }

    /// The fewest queens that cover the board.
    pub fn minimum(&self) -> usize {
        *self.minimum.get_or_init(|| {
            (1..=self.n)
                .find(|&k| self.first_exact(k).is_some())
                .expect("n queens, one per row, cover any board")
        })
    }

    /// A cover with exactly `k` queens (squares in increasing order, top row
    /// first), or `None` if there is none.
    ///
    /// Any queens added to a cover leave it a cover, so without independence
    /// a minimum cover is filled up with queens on the first empty squares.
    /// With independence nothing can be added (every square is attacked, so
    /// a new queen would attack), so the search looks for exactly `k`; no
    /// more than `n` queens (one per row) can be independent.
    pub fn covers(&self, k: usize) -> Option<Vec<Square>> {
        let squares = self.n * self.n;
        if k < self.minimum() || k > squares {
            return None;
        }
        if self.independent {
            return if k > self.n { None } else { self.first_exact(k).map(|set| self.squares(set)) };
        }
        let mut set = self.first_exact(self.minimum())?;
        let mut empty = (0..squares).filter(|s| !set.contains(s)).collect::<Vec<_>>().into_iter();
        while set.len() < k {
            set.push(empty.next().expect("k is at most the number of squares"));
        }
        Some(self.squares(set))
    }

    /// How many covers with the fewest queens there are.
    pub fn count_minimum(&self) -> u64 {
        let mut count = 0;
        self.search(self.minimum(), &mut |_| {
            count += 1;
            true
        });
        count
    }

    /// Every minimum cover, those keeping the most of `given` first (then in
    /// search order): the nearest covers to a player's partial board.
    pub(crate) fn closest_covers(&self, given: &[Square]) -> Vec<Vec<Square>> {
        let mut covers: Vec<(usize, Vec<Square>)> = Vec::new();
        self.search(self.minimum(), &mut |set| {
            let squares = self.squares(set.to_vec());
            let kept = squares.iter().filter(|s| given.contains(s)).count();
            covers.push((kept, squares));
            true
        });
        covers.sort_by_key(|c| std::cmp::Reverse(c.0));
        covers.into_iter().map(|(_, squares)| squares).collect()
    }

    /// Every minimum cover, in the Delphi program's field order: the covers'
    /// squares read as numbers (top row first, left to right), smallest first.
    pub fn minimum_covers_in_order(&self) -> Vec<Vec<Square>> {
        let mut covers = Vec::new();
        self.search(self.minimum(), &mut |set| {
            let mut set = set.to_vec();
            set.sort_unstable();
            covers.push(set);
            true
        });
        covers.sort_unstable();
        covers.into_iter().map(|set| self.squares(set)).collect()
    }

    fn squares(&self, mut set: Vec<usize>) -> Vec<Square> {
        set.sort_unstable();
        set.into_iter().map(|s| Square::new((s % self.n) as u8, (s / self.n) as u8)).collect()
    }

    fn first_exact(&self, k: usize) -> Option<Vec<usize>> {
        let mut found = None;
        self.search(k, &mut |set| {
            found = Some(set.to_vec());
            false
        });
        found
    }

    /// Calls `visit` with every set of exactly `k` queens that covers the
    /// board (each set once) until it returns `false`.
    fn search(&self, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
        let mut chosen = Vec::with_capacity(k);
        self.go(k, 0, 0, 0, &mut chosen, visit);
    }

    /// `covered`: squares covered; `blocked`: squares a new queen may not take
    /// (attacked, for independent covers); `forbidden`: queens excluded by earlier branches.
    fn go(
        &self,
        k: usize,
        covered: u128,
        blocked: u128,
        forbidden: u128,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        let left = k - chosen.len();
        let uncovered = self.full & !covered;
        if uncovered == 0 {
            // Extra queens beyond a cover would make the set larger than needed;
            // only exact-size sets are visited, so covers with fewer queens are skipped.
            return if left == 0 { visit(chosen) } else { true };
        }
        if left == 0 || !self.could_cover(left, uncovered, blocked | forbidden) {
            return true;
        }
        let target = uncovered.trailing_zeros() as usize;
        let mut candidates = self.cover[target] & !blocked & !forbidden;
        let mut forbidden = forbidden;
        while candidates != 0 {
            let q = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            chosen.push(q);
            let blocked_next = if self.independent { blocked | self.cover[q] } else { blocked | 1 << q };
            let go_on = self.go(k, covered | self.cover[q], blocked_next, forbidden, chosen, visit);
            chosen.pop();
            if !go_on {
                return false;
            }
            forbidden |= 1 << q;
        }
        true
    }

    /// Whether `left` queens, off the `excluded` squares, could still cover
    /// `uncovered`: the best `left` gains must add up to it.
    fn could_cover(&self, left: usize, uncovered: u128, excluded: u128) -> bool {
        let need = uncovered.count_ones();
        let mut best = [0u32; MAX_COVER_N];
        let best = &mut best[..left.min(MAX_COVER_N)];
        let mut candidates = self.full & !excluded;
        while candidates != 0 {
            let s = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let gain = (self.cover[s] & uncovered).count_ones();
            // Keep `best` sorted, largest first.
            if let Some(pos) = best.iter().position(|&b| gain > b) {
                best.copy_within(pos..best.len() - 1, pos + 1);
                best[pos] = gain;
            }
        }
        best.iter().sum::<u32>() >= need
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_by_eight_needs_five_queens_in_4860_ways() {
        let board = CoverBoard::new(8, false);
        assert_eq!(board.minimum(), 5);
        assert_eq!(board.count_minimum(), 4860);
        assert!(board.covers(4).is_none());
        assert_eq!(board.covers(6).unwrap().len(), 6);
        assert_eq!(board.covers(64).unwrap().len(), 64);
        assert!(board.covers(65).is_none());
        let independent = CoverBoard::new(8, true);
        assert_eq!(independent.covers(8).unwrap().len(), 8, "a solution of the eight queens");
        assert!(independent.covers(9).is_none());
        for (board, independent) in [(&board, false), (&CoverBoard::new(8, true), true)] {
            for k in 1..=12 {
                if let Some(squares) = board.covers(k) {
                    let cells: Vec<(usize, usize)> =
                        squares.iter().map(|s| (s.col as usize, s.row as usize)).collect();
                    assert_eq!(cells.len(), k);
                    assert!(crate::solver::validate::queens_cover(8, &cells, independent), "k = {k}");
                }
            }
        }
    }

    #[test]
    fn closest_covers_keep_the_given_queens_first() {
        let board = CoverBoard::new(5, false);
        let covers = board.closest_covers(&[]);
        assert_eq!(covers.len() as u64, board.count_minimum());
        let given = covers[covers.len() - 1].clone();
        let closest = board.closest_covers(&given);
        assert_eq!(closest[0], given);
    }
}
