//! Counting every n-queens solution with bitboards: one queen per row, the
//! columns and both diagonals under attack as three masks (Somers' method),
//! halved by the board's mirror symmetry and shared among threads.
//!
//! With `unique`, solutions are also counted up to the 8 symmetries of the
//! board: a solution is counted when it is the lexicographically smallest of
//! its 8 images, checked at the leaf in O(1) for almost every solution.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The largest n the counter takes: one bit per column in a `u32`.
pub const MAX_COUNT_N: usize = 32;

/// What a count found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Every solution.
    pub total: u64,
    /// Solutions up to rotation and reflection, when asked for.
    pub unique: Option<u64>,
}

/// How far a long count has come: `done` of `of` subproblems.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub done: usize,
    pub of: usize,
    pub elapsed: Duration,
}

/// Counts the solutions for `n` (1..=32) on `threads` threads (at least one).
/// `progress`, if given, is called about once a second from the calling thread.
pub fn count(n: usize, unique: bool, threads: usize, progress: Option<&mut dyn FnMut(Progress)>) -> Counts {
    assert!((1..=MAX_COUNT_N).contains(&n), "count takes n in 1..={MAX_COUNT_N}");
    if n < 4 {
        // 1, 0, 0: too small for the two-row split below.
        let total = u64::from(n == 1);
        return Counts { total, unique: unique.then_some(total) };
    }
    let tasks = split(n, unique);
    let results = run(&tasks, threads.max(1), progress, |task| task.solve(n));
    let total = tasks.iter().zip(&results).map(|(t, r)| t.weight * r.0).sum();
    let unique = unique.then(|| results.iter().map(|r| r.1).sum());
    Counts { total, unique }
}

/// The number of solutions on one thread, without progress.
pub fn count_solutions(n: usize) -> u64 {
    count(n, false, 1, None).total
}

/// One subproblem: the queens of the first two rows placed.
struct Task {
    cols: [u32; 2],
    /// How many solutions each one found stands for (2 by mirror symmetry).
    weight: u64,
    /// Whether to check each solution for being the canonical one of its class.
    canonical: bool,
}

/// Every first-two-row start that the mirror symmetry leaves. The first
/// queen stands in the left half; for odd n, a first queen in the middle
/// column takes the second queen to the left half instead. The canonical
/// solution of a class never has its first queen in the middle (its four edge
/// queens cannot all be central), so only the left-half tasks check classes.
fn split(n: usize, unique: bool) -> Vec<Task> {
    let mut tasks = Vec::new();
    let half = n / 2;
    for c0 in 0..n.div_ceil(2) {
        let middle = c0 == half;
        for c1 in 0..n {
            if c1.abs_diff(c0) <= 1 || (middle && c1 >= half) {
                continue;
            }
            tasks.push(Task { cols: [c0 as u32, c1 as u32], weight: 2, canonical: unique && !middle });
        }
    }
    tasks
}

impl Task {
    /// (solutions found, canonical solutions found).
    fn solve(&self, n: usize) -> (u64, u64) {
        let full = (u64::MAX >> (64 - n)) as u32;
        let (b0, b1) = (1u32 << self.cols[0], 1u32 << self.cols[1]);
        let cols = b0 | b1;
        let ld = ((b0 << 1) | b1) << 1;
        let rd = ((b0 >> 1) | b1) >> 1;
        if !self.canonical {
            return (count_from(full, cols, ld, rd), 0);
        }
        let mut leaf = Leaf { n, perm: [0; MAX_COUNT_N], inv: [0; MAX_COUNT_N], found: 0, canonical: 0 };
        leaf.perm[0] = self.cols[0] as u8;
        leaf.perm[1] = self.cols[1] as u8;
        leaf.search(full, 2, cols, ld, rd);
        (leaf.found, leaf.canonical)
    }
}

/// The plain counter, Somers' recursion: `cols` the columns taken, `ld`/`rd`
/// the squares of the next row attacked along the two diagonals (bits pushed
/// past the board fall off or are masked by `full`). An explicit stack and
/// counting the last row without descending were both measured slower here.
fn count_from(full: u32, cols: u32, ld: u32, rd: u32) -> u64 {
    if cols == full {
        return 1;
    }
    let mut free = full & !(cols | ld | rd);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += count_from(full, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    total
}

/// The counter that keeps the permutation, to test each solution's class.
struct Leaf {
    n: usize,
    perm: [u8; MAX_COUNT_N],
    inv: [u8; MAX_COUNT_N],
    found: u64,
    canonical: u64,
}

impl Leaf {
    fn search(&mut self, full: u32, row: usize, cols: u32, ld: u32, rd: u32) {
        let mut free = full & !(cols | ld | rd);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.perm[row] = bit.trailing_zeros() as u8;
            if row + 1 == self.n {
                self.found += 1;
                if self.is_canonical() {
                    self.canonical += 1;
                }
                return;
            }
            self.search(full, row + 1, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
        }
    }

    /// Whether `perm` is no greater than any of its 7 other images. Each image's
    /// entries are read straight from `perm` and its inverse, so most images are
    /// dismissed after comparing one entry.
    fn is_canonical(&mut self) -> bool {
        let n = self.n;
        for (row, &col) in self.perm[..n].iter().enumerate() {
            self.inv[col as usize] = row as u8;
        }
        let (p, q, m) = (&self.perm, &self.inv, n - 1);
        (1..8).all(|t| {
            for j in 0..n {
                let image = match t {
                    1 => m - q[j] as usize,     // rotate 90
                    2 => m - p[m - j] as usize, // rotate 180
                    3 => q[m - j] as usize,     // rotate 270
                    4 => m - p[j] as usize,     // mirror left-right
                    5 => p[m - j] as usize,     // mirror top-bottom
                    6 => q[j] as usize,         // transpose
                    _ => m - q[m - j] as usize, // anti-transpose
                };
                match image.cmp(&(p[j] as usize)) {
                    std::cmp::Ordering::Less => return false,
                    std::cmp::Ordering::Greater => return true,
                    std::cmp::Ordering::Equal => {}
                }
            }
            true // a symmetric solution equals this image
        })
    }
}

/// Runs `solve` on every task, `threads` at a time, in the order given
/// (each thread takes the next task when done). Results are in task order.
fn run<R: Send + Default + Clone>(
    tasks: &[Task],
    threads: usize,
    mut progress: Option<&mut dyn FnMut(Progress)>,
    solve: impl Fn(&Task) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let mut results = vec![R::default(); tasks.len()];
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..threads.min(tasks.len()) {
            let tx = tx.clone();
            let (next, solve) = (&next, &solve);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(task) = tasks.get(i) else { break };
                    if tx.send((i, solve(task))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // The calling thread sleeps in the channel until a result or the next report is due.
        let mut done = 0;
        let mut last_report = start;
        loop {
            match rx.recv_timeout(Duration::from_secs(1)) {
                Ok((i, r)) => {
                    results[i] = r;
                    done += 1;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if let Some(report) = progress.as_deref_mut()
                && last_report.elapsed() >= Duration::from_secs(1)
            {
                last_report = Instant::now();
                report(Progress { done, of: tasks.len(), elapsed: start.elapsed() });
            }
        }
    });
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_by_hand() {
        assert_eq!(count(1, true, 1, None), Counts { total: 1, unique: Some(1) });
        assert_eq!(count(3, true, 1, None), Counts { total: 0, unique: Some(0) });
        assert_eq!(count(4, true, 1, None), Counts { total: 2, unique: Some(1) });
        assert_eq!(count(5, true, 2, None), Counts { total: 10, unique: Some(2) });
        assert_eq!(count(8, true, 3, None), Counts { total: 92, unique: Some(12) });
    }
}
