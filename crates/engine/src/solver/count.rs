//! Counting every n-queens solution with bitboards: one queen per row, the
//! columns and both diagonals under attack as three masks (Somers' method),
//! with the search cut to about an eighth by the board's 8 symmetries, after
//! Takaken's algorithm: a solution is searched for only in the orientation
//! that makes it the smallest of its images, and counted with the size of its
//! class (2, 4 or 8). Fundamental solutions come out of the same run.
//!
//! Two cases. A queen in the top-left corner: the transposition is cut by
//! forbidding column 1 above the row-1 queen's column, and every such
//! solution's class has 8 members. Otherwise the top queen stands in the
//! left half at `bound1`, no queen above row `bound1` or below row `bound2`
//! may stand on an edge column where an image would be smaller, and the
//! survivors are compared with their rotations at the leaf.

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
        // 1, 0, 0: too small for the symmetry cases below.
        let total = u64::from(n == 1);
        return Counts { total, unique: unique.then_some(total) };
    }
    let tasks = split(n);
    let results = run(&tasks, threads.max(1), progress, |task| task.solve(n));
    let classes = results.iter().fold(Classes::default(), |a, r| Classes {
        two: a.two + r.two,
        four: a.four + r.four,
        eight: a.eight + r.eight,
    });
    Counts {
        total: 2 * classes.two + 4 * classes.four + 8 * classes.eight,
        unique: unique.then_some(classes.two + classes.four + classes.eight),
    }
}

/// The number of solutions on one thread, without progress.
pub fn count_solutions(n: usize) -> u64 {
    count(n, false, 1, None).total
}

/// Fundamental solutions found, by the size of their class.
#[derive(Debug, Clone, Copy, Default)]
struct Classes {
    two: u64,
    four: u64,
    eight: u64,
}

/// One subproblem: a symmetry case with its bounds, and the queens of the
/// first rows placed (two or three rows, so there are enough tasks to share).
#[derive(Clone, Copy)]
struct Task {
    corner: bool,
    bound1: usize,
    bound2: usize,
    last_mask: u32,
    end_bit: u32,
    board: [u32; 3],
    row: usize,
    left: u32,
    down: u32,
    right: u32,
}

/// Every task: the symmetry cases, each split on its first free row.
fn split(n: usize) -> Vec<Task> {
    let top = 1u32 << (n - 1);
    let mask = full(n);
    let mut tasks = Vec::new();
    let mut push_children = |t: Task, forbid: u32| {
        let mut free = mask & !(t.left | t.down | t.right) & !forbid;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let mut child = t;
            child.board[t.row] = bit;
            child.row += 1;
            child.left = (t.left | bit) << 1;
            child.down = t.down | bit;
            child.right = (t.right | bit) >> 1;
            tasks.push(child);
        }
    };
    // No corner (first: its tasks are the largest, and large tasks last would leave a
    // thread idle at the end): row 0 in column bound1 < bound2 = n - 1 - bound1; row 1 is split.
    let side = top | 1;
    let (mut last_mask, mut end_bit) = (side, top >> 1);
    let (mut bound1, mut bound2) = (1, n - 2);
    while bound1 < bound2 {
        let bit = 1u32 << bound1;
        let t = Task {
            corner: false,
            bound1,
            bound2,
            last_mask,
            end_bit,
            board: [bit, 0, 0],
            row: 1,
            left: bit << 1,
            down: bit,
            right: bit >> 1,
        };
        // Row 1 is above bound1 (when bound1 > 1) and never bound2 (> bound1 >= 1).
        push_children(t, if 1 < bound1 { side } else { 0 });
        last_mask |= last_mask >> 1 | last_mask << 1;
        end_bit >>= 1;
        bound1 += 1;
        bound2 -= 1;
    }
    // Corner: row 0 in column 0, row 1 in column bound1; row 2 is split.
    for bound1 in 2..n - 1 {
        let bit = 1u32 << bound1;
        let t = Task {
            corner: true,
            bound1,
            bound2: 0,
            last_mask: 0,
            end_bit: 0,
            board: [1, bit, 0],
            row: 2,
            left: (2 | bit) << 1,
            down: 1 | bit,
            right: bit >> 1,
        };
        push_children(t, if 2 < bound1 { 2 } else { 0 });
    }
    tasks
}

/// Every row of an `n` x `n` board as a bit mask (the `n` low bits).
pub(super) fn full(n: usize) -> u32 {
    (u64::MAX >> (64 - n)) as u32
}

impl Task {
    fn solve(&self, n: usize) -> Classes {
        let top = 1u32 << (n - 1);
        let mut search = Search {
            last: n - 1,
            mask: full(n),
            top,
            side: top | 1,
            last_mask: self.last_mask,
            end_bit: self.end_bit,
            bound1: self.bound1,
            bound2: self.bound2,
            board: [0; MAX_COUNT_N],
            found: Classes::default(),
        };
        search.board[..3].copy_from_slice(&self.board);
        if self.corner {
            search.corner(self.row, self.left, self.down, self.right);
        } else {
            search.edge(self.row, self.left, self.down, self.right);
        }
        search.found
    }
}

/// One task's search state; `board[row]` is the bit of the queen in `row`.
struct Search {
    last: usize,
    mask: u32,
    top: u32,
    side: u32,
    last_mask: u32,
    end_bit: u32,
    bound1: usize,
    bound2: usize,
    board: [u32; MAX_COUNT_N],
    found: Classes,
}

impl Search {
    /// The corner case: every solution is the least of a class of 8.
    fn corner(&mut self, row: usize, left: u32, down: u32, right: u32) {
        let mut free = self.mask & !(left | down | right);
        if row == self.last {
            self.found.eight += u64::from(free != 0);
            return;
        }
        if row < self.bound1 {
            free &= !2; // column 1 above the row-1 queen's column: the transposed solution
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.corner(row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
    }

    /// The case with no corner queen.
    fn edge(&mut self, row: usize, left: u32, down: u32, right: u32) {
        let mut free = self.mask & !(left | down | right);
        if row == self.last {
            if free != 0 && free & self.last_mask == 0 {
                self.board[row] = free;
                self.classify();
            }
            return;
        }
        if row < self.bound1 {
            free &= !self.side;
        } else if row == self.bound2 {
            if down & self.side == 0 {
                return;
            }
            if down & self.side != self.side {
                free &= self.side;
            }
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.board[row] = bit;
            self.edge(row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
    }

    /// Compares the board with its rotations by 90, 180 and 270 degrees:
    /// drops it if one is smaller, else counts it in a class of 2, 4 or 8.
    fn classify(&mut self) {
        let (b, last) = (&self.board, self.last);
        if b[self.bound2] == 1 {
            let (mut own, mut ptn) = (1, 2u32);
            while own <= last {
                let (mut bit, mut you) = (1u32, last);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you -= 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn <<= 1;
            }
            if own > last {
                self.found.two += 1;
                return;
            }
        }
        if b[last] == self.end_bit {
            let (mut own, mut you) = (1, last - 1);
            while own <= last {
                let (mut bit, mut ptn) = (1u32, self.top);
                while ptn != b[you] && b[own] >= bit {
                    bit <<= 1;
                    ptn >>= 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                you = you.wrapping_sub(1);
            }
            if own > last {
                self.found.four += 1;
                return;
            }
        }
        if b[self.bound1] == self.top {
            let (mut own, mut ptn) = (1, self.top >> 1);
            while own <= last {
                let (mut bit, mut you) = (1u32, 0);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you += 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn >>= 1;
            }
        }
        self.found.eight += 1;
    }
}

/// Runs `solve` on every task, `threads` at a time, in the order given
/// (each thread takes the next task when done). Results are in task order.
fn run<R: Send + Default + Copy>(
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
