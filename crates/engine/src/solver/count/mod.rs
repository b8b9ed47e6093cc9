//! Counting every n-queens solution by start constellations, the method of
//! the Q27 project and NQueensFAF: the queens on the border rows and columns
//! are fixed first, one constellation per orbit of the board's 8 symmetries
//! ([`constellation`]), and the rows between them are filled by a bitboard
//! search that knows the border queens' diagonals from the start (`rows`
//! says what each free row looks like, `inner` searches the first rows one
//! queen at a time, `batch` the last twelve breadth first). A constellation's solutions count once for each member of
//! its orbit. Constellations that differ only in the bottom queen are mostly
//! searched together, with the bottom row left to the search (`grouping`).
//!
//! Fundamental solutions come from the same run, constellation by
//! constellation (Burnside's lemma on the constellation's stabiliser): no
//! solution is its own mirror image, so only the rotations that fix a
//! constellation need the solutions they fix, counted by a small search
//! over whole orbits of queens. Because each constellation's share of both
//! counts is whole, the counts of [`Part`]s add up.

mod batch;
pub mod constellation;
mod grouping;
mod inner;
mod parts;
mod rows;

pub use grouping::Estimated;
pub use parts::{MAX_PARTS, Part, PartError};
pub use rows::MAX_COUNT_N;
pub(in crate::solver) use rows::full;

use batch::Scratch;
use constellation::{ROTATE_90, ROTATE_180, representatives};
use grouping::Search;
use inner::count_symmetric;
use rows::Inner;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// What a count found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Every solution.
    pub total: u64,
    /// Solutions up to rotation and reflection, when asked for.
    pub unique: Option<u64>,
}

/// How far a long count has come: `done` of `of`, in estimated cost (the
/// searches differ in size by orders of magnitude, and the largest go first).
#[derive(Debug, Clone, Copy)]
pub struct CountProgress {
    /// The estimated cost of the searches done so far.
    pub done: u64,
    /// The estimated cost of them all.
    pub of: u64,
    /// Time since the count started.
    pub elapsed: Duration,
}

/// Counts the solutions for `n` (1..=32) on `threads` threads (at least one).
/// `progress`, if given, is called about once a second from the calling thread.
pub fn count(
    n: usize,
    unique: bool,
    threads: usize,
    progress: Option<&mut dyn FnMut(CountProgress)>,
) -> Counts {
    let counts = Plan::new(n, Part::WHOLE).count(threads, progress);
    Counts { total: counts.total, unique: counts.unique.filter(|_| unique) }
}

/// The number of solutions on one thread, without progress.
pub fn count_solutions(n: usize) -> u64 {
    count(n, false, 1, None).total
}

/// One part of a count: its searches, ready to run.
pub struct Plan {
    n: usize,
    part: Part,
    /// This part's searches, the costliest first, so that threads end together.
    tasks: Vec<Search>,
    /// This part's estimated cost, and the whole count's.
    cost: u64,
    whole_cost: u64,
}

impl Plan {
    /// Part `part` of the count for `n` (1..=32): the searches of start
    /// constellations dealt to it by estimated cost. Every machine deals the same way.
    pub fn new(n: usize, part: Part) -> Self {
        Self::new_watched(n, part, &mut |_| true).expect("a check that never stops")
    }

    /// [`Plan::new`], with `check` told how far planning is every few milliseconds (it can
    /// take seconds for the largest boards); it stops planning by returning false (then `None`).
    pub fn new_watched(n: usize, part: Part, check: &mut dyn FnMut(Estimated) -> bool) -> Option<Self> {
        let (tasks, owner, whole_cost) = deal(n, part.of(), check)?;
        let mine = tasks.into_iter().zip(owner).filter(|&(_, o)| o + 1 == part.index()).map(|(t, _)| t);
        Some(Self::of(n, part, mine.collect(), whole_cost))
    }

    /// Every part of the count for `n` in `parts` parts (at least one), dealt once.
    pub fn split(n: usize, parts: usize) -> Result<Vec<Self>, PartError> {
        let dealt = deal(n, Part::new(1, parts)?.of(), &mut |_| true);
        let (tasks, owner, whole_cost) = dealt.expect("a check that never stops");
        let mut each: Vec<Vec<Search>> = (0..parts).map(|_| Vec::new()).collect();
        for (task, o) in tasks.into_iter().zip(owner) {
            each[o].push(task);
        }
        let plans = each.into_iter().enumerate();
        plans.map(|(i, mine)| Ok(Self::of(n, Part::new(i + 1, parts)?, mine, whole_cost))).collect()
    }

    fn of(n: usize, part: Part, mut tasks: Vec<Search>, whole_cost: u64) -> Self {
        // Ties in a fixed order too: the parts' counts are the same whatever the thread count.
        tasks.sort_by(|a, b| b.cost.cmp(&a.cost).then_with(|| a.fixed.cmp(&b.fixed)));
        Plan { n, part, cost: tasks.iter().map(|t| t.cost).sum(), whole_cost, tasks }
    }

    /// The part searched.
    pub fn part(&self) -> Part {
        self.part
    }

    /// How many searches this part runs (one thread each).
    pub fn searches(&self) -> usize {
        self.tasks.len()
    }

    /// How many orbits of start constellations this part counts.
    pub fn constellations(&self) -> usize {
        self.tasks.iter().map(|t| t.members.len()).sum()
    }

    /// This part's share of the whole count's estimated cost, 0 to 1.
    pub fn share(&self) -> f64 {
        if self.whole_cost == 0 {
            1.0 / self.part.of() as f64
        } else {
            self.cost as f64 / self.whole_cost as f64
        }
    }

    /// The part's solutions and fundamental solutions (always both: they come
    /// from the same search), on `threads` threads (at least one).
    /// `progress`, if given, is called about once a second from the calling thread.
    pub fn count(&self, threads: usize, mut progress: Option<&mut dyn FnMut(CountProgress)>) -> Counts {
        let mut next_report = Duration::from_secs(1);
        let mut check = |p: CountProgress| {
            if let Some(report) = progress.as_deref_mut()
                && p.elapsed >= next_report
            {
                next_report = p.elapsed + Duration::from_secs(1);
                report(p);
            }
            true
        };
        self.count_watched(threads, &mut check).expect("a check that never stops")
    }

    /// [`Plan::count`], with `check` called from the calling thread about ten
    /// times a second; it stops the count by returning `false` (then `None`):
    /// the searches under way stop at their next look (see `Inner::count_watched`),
    /// within a millisecond, and no other starts. The progress counts the searches
    /// under way by how far through their trees they are.
    pub fn count_watched(
        &self,
        threads: usize,
        check: &mut dyn FnMut(CountProgress) -> bool,
    ) -> Option<Counts> {
        if self.n == 1 {
            // One square: its one solution is symmetric under reflections too, unlike any other.
            let one = u64::from(self.part.index() == 1);
            return Some(Counts { total: one, unique: Some(one) });
        }
        let n = self.n;
        let solve = |t: &Search, watch: &Watch<'_>, scratch: &mut Scratch| t.solve(n, watch, scratch);
        let results = run(&self.tasks, threads.max(1), check, |t| t.cost, solve)?;
        let (total, unique) = results.iter().fold((0, 0), |(t, u), &(dt, du)| (t + dt, u + du));
        Some(Counts { total, unique: Some(unique) })
    }
}

/// Every search, the part (from 0) each goes to, and the whole cost; `None` once `check`
/// said stop.
fn deal(
    n: usize,
    parts: usize,
    check: &mut dyn FnMut(Estimated) -> bool,
) -> Option<(Vec<Search>, Vec<usize>, u64)> {
    assert!((1..=MAX_COUNT_N).contains(&n), "count takes n in 1..={MAX_COUNT_N}");
    let tasks = if n < 2 { Vec::new() } else { grouping::plan(n, &representatives(n), parts, check)? };
    let costs: Vec<u64> = tasks.iter().map(|t| t.cost).collect();
    let owner = parts::deal(&costs, parts);
    Some((tasks, owner, costs.iter().sum()))
}

impl Search {
    /// The share of its orbits: their solutions, and the classes of solutions
    /// up to symmetry whose border lies in them; `None` once the watch says stop.
    fn solve(&self, n: usize, watch: &Watch<'_>, scratch: &mut Scratch) -> Option<(u64, u64)> {
        let inner = Inner::new(n, &self.fixed, self.bottoms.unwrap_or(u32::MAX));
        let by_bottom = inner.count_watched(scratch, watch.stop, &mut |place| watch.at(place, self.cost))?;
        let (mut total, mut classes) = (0, 0);
        for (rep, image) in &self.members {
            let own = match self.bottoms {
                Some(_) => by_bottom[usize::from(image.bottom)],
                None => by_bottom.iter().sum(),
            };
            // Burnside over the stabiliser: classes = (sum over its members g of the
            // solutions g fixes) / its size. Reflections fix none (for n > 1). The
            // searched image's stabiliser is a conjugate of the representative's: it
            // has the same size and holds the same rotations.
            let border = image.queens(n);
            let fixed_by_rotations = if rep.fixed_by(ROTATE_90) {
                2 * count_symmetric(n, &border, &[0, 1, 2, 3]) + count_symmetric(n, &border, &[0, 2])
            } else if rep.fixed_by(ROTATE_180) {
                count_symmetric(n, &border, &[0, 2])
            } else {
                0
            };
            let size = u64::from(rep.stabiliser.count_ones());
            let sum = own + fixed_by_rotations;
            debug_assert_eq!(sum % size, 0, "Burnside's sum for {rep:?} is not a multiple of its stabiliser");
            total += rep.orbit() * own;
            classes += sum / size;
        }
        Some((total, classes))
    }
}

/// How often the calling thread calls a count's check.
const CHECK_EVERY: Duration = Duration::from_millis(100);

/// What a task under way looks at: whether to stop, and where to say how far it has come.
struct Watch<'a> {
    stop: &'a AtomicBool,
    /// The estimated cost of the task done so far.
    done: &'a AtomicU64,
}

impl Watch<'_> {
    /// Says that a task of estimated cost `cost` is `place` (0 to 1) of the way through.
    fn at(&self, place: f64, cost: u64) {
        self.done.store((place.clamp(0.0, 1.0) * cost as f64) as u64, Ordering::Relaxed);
    }
}

/// Runs `solve` on every task, `threads` at a time, in the order given
/// (each thread takes the next task when done), calling `check` with the
/// progress by each task's `cost` every [`CHECK_EVERY`]: the tasks done, and
/// the share of each under way that its `Watch` was told. Results are in task
/// order; `None` once `check` said stop: no task starts after that, and
/// `solve`'s `Watch` says so, to end its task early with `None`.
#[expect(
    clippy::disallowed_methods,
    clippy::disallowed_types,
    reason = "the engine's one use of threads and the clock (crates/engine/clippy.toml): a count's workers and its progress reports"
)]
fn run<T: Sync, R: Send + Default + Copy>(
    tasks: &[T],
    threads: usize,
    check: &mut dyn FnMut(CountProgress) -> bool,
    cost: impl Fn(&T) -> u64 + Sync,
    solve: impl Fn(&T, &Watch<'_>, &mut Scratch) -> Option<R> + Sync,
) -> Option<Vec<R>> {
    use std::time::Instant;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The cost of the tasks done: read at each check, so that the calling thread sleeps
    // until a check is due or a worker ends (waking it for each task's result cost a
    // tenth of the CPU time at N = 15, in switches between the threads).
    let done = AtomicU64::new(0);
    // Each worker's share of the task it is on, in the same units.
    let under_way: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let start = Instant::now();
    let of = tasks.iter().map(&cost).sum();
    let mut results = vec![R::default(); tasks.len()];
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for slot in under_way.iter().take(tasks.len()) {
            let tx = tx.clone();
            let (next, stop, done, solve, cost) = (&next, &stop, &done, &solve, &cost);
            scope.spawn(move || {
                let mut mine = Vec::new();
                let watch = Watch { stop, done: slot };
                let mut scratch = Scratch::new();
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(result) = tasks.get(i).and_then(|task| solve(task, &watch, &mut scratch)) else {
                        break;
                    };
                    mine.push((i, result));
                    slot.store(0, Ordering::Relaxed);
                    done.fetch_add(cost(&tasks[i]), Ordering::Relaxed);
                }
                // The receiver waits for every worker, so this cannot fail.
                let _ = tx.send(mine);
            });
        }
        drop(tx);
        let mut last_check = start;
        // What the checks were told, never less than before: a worker between two tasks
        // may be read after its slot is cleared and before the task's cost is added.
        let mut told = 0;
        loop {
            match rx.recv_timeout(CHECK_EVERY) {
                Ok(theirs) => theirs.into_iter().for_each(|(i, r)| results[i] = r),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if !stop.load(Ordering::Relaxed) && last_check.elapsed() >= CHECK_EVERY {
                last_check = Instant::now();
                let going = under_way.iter().map(|slot| slot.load(Ordering::Relaxed)).sum::<u64>();
                told = (done.load(Ordering::Relaxed) + going).min(of).max(told);
                let going_on = check(CountProgress { done: told, of, elapsed: start.elapsed() });
                stop.store(!going_on, Ordering::Relaxed);
            }
        }
    });
    (!stop.into_inner()).then_some(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_by_hand() {
        assert_eq!(count(1, true, 1, None), Counts { total: 1, unique: Some(1) });
        assert_eq!(count(2, true, 1, None), Counts { total: 0, unique: Some(0) });
        assert_eq!(count(3, true, 1, None), Counts { total: 0, unique: Some(0) });
        assert_eq!(count(4, true, 1, None), Counts { total: 2, unique: Some(1) });
        assert_eq!(count(5, true, 2, None), Counts { total: 10, unique: Some(2) });
        assert_eq!(count(8, true, 3, None), Counts { total: 92, unique: Some(12) });
        assert_eq!(count(8, false, 1, None), Counts { total: 92, unique: None });
    }

    #[test]
    fn planning_says_how_far_it_is_and_stops_when_told() {
        let mut seen = Vec::new();
        let plan = Plan::new_watched(14, Part::WHOLE, &mut |p| {
            seen.push((p.done, p.of));
            true
        });
        assert_eq!(plan.map(|p| p.searches()), Some(Plan::new(14, Part::WHOLE).searches()));
        assert!(seen.len() > 3, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0 && w[1].0 <= w[1].1), "{seen:?}");
        let mut checks = 0;
        let stopped = Plan::new_watched(14, Part::WHOLE, &mut |_| {
            checks += 1;
            checks < 3
        });
        assert!(stopped.is_none() && checks == 3, "stops at the check that says so");
    }
}
