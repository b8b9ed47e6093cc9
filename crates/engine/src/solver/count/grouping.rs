//! Which start constellations are searched together.
//!
//! Constellations that differ only in the bottom queen share the search of
//! every row above the bottom one: a search with only the top, left and
//! right queens fixed counts them all at once, by the column its last queen
//! takes. Such a group search prunes less than a search with four fixed
//! queens but does the shared rows once, and each orbit of constellations
//! needs only one of its members searched: an orbit can be counted in any
//! group that holds one of its images, or alone.
//!
//! The choice is a weighted set cover, made greedily on estimated costs:
//! the group whose orbits, not yet counted, would cost the most alone for
//! what the group costs is taken while it costs less than they do. The rest
//! are searched alone, each in its cheapest orientation. At N = 16 this
//! visits about three quarters of the nodes of searching every orbit alone.
//! Costs are integers and ties go to the least group, so every machine
//! makes the same choice (parts depend on it).

use super::constellation::{Constellation, MIRROR, Representative, SYMMETRIES, Square};
use super::inner::Nodes;
use super::rows::Inner;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// One search of the plan and the orbits it counts.
pub(super) struct Search {
    /// The queens fixed before the search: a whole border, or a border without its bottom queen.
    pub fixed: Vec<Square>,
    /// The columns the bottom queen may take (a group), or `None` (a constellation alone).
    pub bottoms: Option<u32>,
    /// The orbits counted, each with the image of its representative this search holds.
    pub members: Vec<(Representative, Constellation)>,
    /// The estimated cost: the nodes of the first few free rows.
    pub cost: u64,
}

/// A group's fixed queens: the columns of the top row's, the rows of the left and right columns'.
type Fixed3 = (u8, u8, u8);

/// How many free rows the estimate of a constellation alone looks at (a
/// group's looks at one more, so that both count to the same depth of
/// queens): fewer on the largest boards, where planning would otherwise take
/// seconds (0.7 s at N = 26 with three rows; the last row is a popcount), and
/// more where a better cover saves more than it costs: up to N = 17 four (issue 42:
/// 3% of the count at N = 16, 2% at 17; at 15 planning's 4 ms more take most of it),
/// and five from 18 to 20 (issue 55: at 18 planning takes 0.28 s instead of 0.02 and the
/// whole count on one thread 36.5 s instead of 39.2, median of two pairs in turn on a busy
/// machine; five at 17 plans for 0.15 s more and saves about 0.1 s, and six at 18 plans for
/// over a second).
fn alone_levels(n: usize) -> usize {
    match n {
        ..=17 => 4,
        18..=20 => 5,
        21..=26 => 3,
        _ => 2,
    }
}

/// Which of the estimated rows' nodes the estimates count. The last row's alone
/// up to N = 15, every row's above: a choice of weights between groups and orbits
/// alone (a group's estimate has a row more) that the cover is sensitive to, made
/// by measurement (issue 42, `perf stat` of whole counts in turn): the last row's
/// made N = 15 4% faster, 13, 14 and 16 the same within the noise, 17 4% slower.
fn counted_nodes(n: usize) -> Nodes {
    if n <= 15 { Nodes::LastRow } else { Nodes::All }
}

/// How many free rows choose the image a constellation alone is searched in:
/// three, as before: choosing by four took about 6 ms more at N = 15, more than it saved.
fn orienting_levels(n: usize) -> usize {
    alone_levels(n).min(3)
}

/// The searches that count every orbit of `reps` once, for an `n` x `n` board
/// to be split in `parts` parts. A group estimated to cost more than a part's
/// share is not taken: no part can be smaller than its largest search, and a
/// group holds up to a dozen orbits (so `--part` splits as finely as before).
/// `check` is told how far planning is, in orbits and groups estimated, every
/// [`CHECK_EVERY`] of them; planning stops when it returns false (then `None`).
pub(super) fn plan(
    n: usize,
    reps: &[Representative],
    parts: usize,
    check: &mut dyn FnMut(Estimated) -> bool,
) -> Option<Vec<Search>> {
    // Each orbit alone: its cheapest image. An image and its mirror image (left to right)
    // cost the same, their searches being mirror images, so four of the eight are estimated.
    let mut estimated = Estimated { done: 0, of: reps.len() as u64 };
    let mut going_on = |estimated: &mut Estimated| {
        estimated.done += 1;
        !estimated.done.is_multiple_of(CHECK_EVERY) || check(*estimated)
    };
    let mut alone: Vec<(u64, Constellation)> = Vec::with_capacity(reps.len());
    for rep in reps {
        if !going_on(&mut estimated) {
            return None;
        }
        alone.push({
            let estimate = |c: &Constellation, levels| {
                1 + Inner::new(n, &c.queens(n), u32::MAX).nodes_to(levels, counted_nodes(n))
            };
            let (cost, image) = (0..SYMMETRIES / 2)
                .map(|g| rep.constellation.mapped(n, g))
                .flat_map(|c| {
                    let cost = estimate(&c, orienting_levels(n));
                    [(cost, c), (cost, c.mapped(n, MIRROR))]
                })
                .min()
                .expect("eight images");
            match alone_levels(n) {
                levels if levels == orienting_levels(n) => (cost, image),
                levels => (estimate(&image, levels), image),
            }
        });
    }

    // The groups: every (top, left, right) that an image of some orbit has, with the
    // bottom row free (not a side queen's corner). An orbit enters a group once.
    // Indexed by (top, left, right) in n^3 slots, in that order: a map's lookups were a fifth of
    // planning at N = 15.
    let index =
        |(top, left, right): Fixed3| (usize::from(top) * n + usize::from(left)) * n + usize::from(right);
    let mut members: Vec<Vec<(usize, Constellation)>> = vec![Vec::new(); n * n * n];
    let last = (n - 1) as u8;
    for (i, rep) in reps.iter().enumerate() {
        for g in 0..SYMMETRIES {
            let c = rep.constellation.mapped(n, g);
            if c.left == last || c.right == last {
                continue;
            }
            let group = &mut members[index((c.top, c.left, c.right))];
            if group.last().is_none_or(|&(j, _)| j != i) {
                group.push((i, c));
            }
        }
    }
    let groups: Vec<(Fixed3, Vec<(usize, Constellation)>)> = members
        .into_iter()
        .enumerate()
        .filter(|(_, group)| !group.is_empty())
        .map(|(i, group)| (((i / (n * n)) as u8, (i / n % n) as u8, (i % n) as u8), group))
        .collect();
    let fixed = |&(top, left, right): &Fixed3| {
        let mut queens = vec![(0, usize::from(top)), (usize::from(left), 0), (usize::from(right), n - 1)];
        queens.sort_unstable();
        queens.dedup();
        queens
    };

    // Greedy, lazily: a group's saving only falls as orbits are counted, so a
    // candidate whose saving is still what it was when it was queued is the best.
    let mut counted = vec![false; reps.len()];
    let saving = |group: &[(usize, Constellation)], counted: &[bool]| -> u64 {
        group.iter().filter(|&&(i, _)| !counted[i]).map(|&(i, _)| alone[i].0).sum()
    };
    let share = alone.iter().map(|&(cost, _)| cost).sum::<u64>() / parts.max(1) as u64;
    // A group and its mirror image (left to right) cost the same: one is estimated.
    let mut costs = vec![0u64; n * n * n]; // 0: not estimated yet (an estimate is at least 1)
    estimated.of += groups.len() as u64;
    let mut queue = BinaryHeap::new();
    for (position, (key, group)) in groups.iter().enumerate() {
        if !going_on(&mut estimated) {
            return None;
        }
        let &(top, left, right) = key;
        let cost = match costs[index((last - top, right, left))] {
            0 => 1 + Inner::new(n, &fixed(key), u32::MAX).nodes_to(alone_levels(n) + 1, counted_nodes(n)),
            cost => cost,
        };
        costs[index(*key)] = cost;
        let candidate = Candidate { saving: saving(group, &counted), cost, index: position };
        if candidate.pays() && (parts == 1 || candidate.cost <= share) {
            queue.push(candidate);
        }
    }
    let mut searches = Vec::new();
    while let Some(mut best) = queue.pop() {
        let (key, group) = &groups[best.index];
        let now = saving(group, &counted);
        if now != best.saving {
            best.saving = now;
            if best.pays() {
                queue.push(best);
            }
            continue;
        }
        let mut bottoms = 0u32;
        let mut held = Vec::new();
        for &(i, c) in group {
            if std::mem::replace(&mut counted[i], true) {
                continue;
            }
            bottoms |= 1 << c.bottom;
            held.push((reps[i], c));
        }
        searches.push(Search { fixed: fixed(key), bottoms: Some(bottoms), members: held, cost: best.cost });
    }
    for (i, rep) in reps.iter().enumerate().filter(|&(i, _)| !counted[i]) {
        let (cost, image) = alone[i];
        searches.push(Search {
            fixed: image.queens(n).to_vec(),
            bottoms: None,
            members: vec![(*rep, image)],
            cost,
        });
    }
    Some(searches)
}

/// How far planning is: the orbits and groups estimated so far, of how many.
#[derive(Debug, Clone, Copy)]
pub struct Estimated {
    /// Estimated so far.
    pub done: u64,
    /// To estimate in all (the groups are known once the orbits are done).
    pub of: u64,
}

/// How many estimates planning makes between two checks: a few milliseconds' worth at N = 26.
const CHECK_EVERY: u64 = 256;

/// A group waiting in the greedy's queue, best first.
struct Candidate {
    /// The estimated cost of its orbits not yet counted, each alone.
    saving: u64,
    /// Its own estimated cost.
    cost: u64,
    /// Where it is in the groups, which are in order of (top, left, right).
    index: usize,
}

impl Candidate {
    /// Whether searching the group costs less than searching its orbits alone.
    fn pays(&self) -> bool {
        self.saving > self.cost
    }
}

impl Ord for Candidate {
    fn cmp(&self, other: &Self) -> Ordering {
        // saving / cost against the other's, without division; then the least group.
        let mine = u128::from(self.saving) * u128::from(other.cost);
        let theirs = u128::from(other.saving) * u128::from(self.cost);
        mine.cmp(&theirs).then(other.index.cmp(&self.index))
    }
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Candidate {}

impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::count::batch::Scratch;
    use crate::solver::count::constellation::representatives;
    use std::collections::BTreeMap;

    /// Every solution for `n` by plain backtracking, no bitboards, tallied by its border.
    fn by_border(n: usize) -> BTreeMap<Constellation, u64> {
        fn place(n: usize, cols: &mut Vec<usize>, tally: &mut BTreeMap<Constellation, u64>) {
            let row = cols.len();
            if row == n {
                let line =
                    |col: usize| cols.iter().position(|&c| c == col).expect("a queen in every column") as u8;
                let border = Constellation {
                    top: cols[0] as u8,
                    bottom: cols[n - 1] as u8,
                    left: line(0),
                    right: line(n - 1),
                };
                *tally.entry(border).or_default() += 1;
                return;
            }
            for col in 0..n {
                let safe = cols.iter().enumerate().all(|(r, &c)| c != col && row - r != col.abs_diff(c));
                if safe {
                    cols.push(col);
                    place(n, cols, tally);
                    cols.pop();
                }
            }
        }
        let mut tally = BTreeMap::new();
        place(n, &mut Vec::new(), &mut tally);
        tally
    }

    #[test]
    fn every_orbit_is_counted_once_as_plain_backtracking_counts_it() {
        for n in 4..=10 {
            let reps = representatives(n);
            let searches = plan(n, &reps, 1, &mut |_| true).expect("a check that never stops");
            let truth = by_border(n);
            let mut counted: Vec<Constellation> =
                searches.iter().flat_map(|s| s.members.iter().map(|(rep, _)| rep.constellation)).collect();
            counted.sort_unstable();
            let every: Vec<Constellation> = reps.iter().map(|rep| rep.constellation).collect();
            assert_eq!(counted, every, "n = {n}: each orbit in exactly one search");
            let scratch = &mut Scratch::new();
            for search in &searches {
                let by_bottom =
                    Inner::new(n, &search.fixed, search.bottoms.unwrap_or(u32::MAX)).count(scratch);
                for (rep, image) in &search.members {
                    assert!(
                        (0..SYMMETRIES).any(|g| rep.constellation.mapped(n, g) == *image),
                        "n = {n}: {image:?}"
                    );
                    let own = match search.bottoms {
                        Some(_) => by_bottom[usize::from(image.bottom)],
                        None => by_bottom.iter().sum(),
                    };
                    let expected = truth.get(image).copied().unwrap_or(0);
                    assert_eq!(own, expected, "n = {n}: {image:?} searched with {:?}", search.fixed);
                }
                if let Some(bottoms) = search.bottoms {
                    let outside: u64 =
                        (0..n).filter(|&b| bottoms & (1 << b) == 0).map(|b| by_bottom[b]).sum();
                    assert_eq!(outside, 0, "n = {n}: a group counts only the bottoms it holds");
                }
            }
            if n >= 8 {
                let groups = searches.iter().filter(|s| s.bottoms.is_some()).count();
                assert!(groups > 0 && groups < searches.len(), "n = {n}: groups and orbits alone both pay");
            }
        }
    }
}
