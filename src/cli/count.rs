//! `queens count N [--unique] [--threads K] [--part K/M]`: how many solutions there are.

use super::output::{Format, bad_input, print_json, say};
use super::progress::{Reporter, interrupted, say_stopped};
use crate::solver::count::{CountProgress, Counts, Estimated, MAX_COUNT_N, MAX_PARTS, Part, Plan};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Duration;

/// Seconds one core of the CI machine needs for N = 16 (the CPU time of the whole
/// `queens count 16 --threads 1`, measured by scripts/count-vs-somers, see
/// docs/PERFORMANCE.md); each further queen costs about 7.1 times as much (6.9
/// from 16 to 17, 7.5 from 17 to 18, measured).
const SECONDS_AT_16: f64 = 0.84;
const GROWTH: f64 = 7.1;
/// Estimates above this are refused rather than started (and pointed to `--part`).
pub(super) const REFUSE_ABOVE: Duration = Duration::from_secs(2 * 3600);
/// A part of a count is a batch job the user asked for: refused only above a
/// week, a common limit of a cluster's job.
const REFUSE_PART_ABOVE: Duration = Duration::from_secs(7 * 24 * 3600);
/// Estimates above this are announced on standard error before starting.
pub(super) const WARN_ABOVE: Duration = Duration::from_secs(2);

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  queens count 8                  92 solutions
  queens count 8 --unique         92 solutions, 12 up to rotation and reflection
  queens count 16 --threads 2     14772512, using two threads
  queens count 12 --format json   {\"n\":12,\"count\":14200}
  queens count 12 --part 2/3 --format json
                                  {\"n\":12,\"part\":2,\"parts\":3,\"count\":4600,\"unique\":576}

Large N cost about seven times more per queen; the expected time is printed on
standard error before a long count starts, and counts that would take hours are refused:
split them with --part K/M over machines or jobs (parts 1 to M; their counts add up,
scripts/sum-parts adds the JSON lines and checks that every part is there once).
--threads above the cores counts on the cores, and says so. Ctrl-C stops a count
with one line (exit status 130).
Exit status: 0 with a count, 2 for bad input, 130 when stopped.")]
pub(crate) struct Args {
    /// The board size: N queens on an N x N board.
    n: usize,

    /// Also count the solutions distinct up to rotation and reflection: those
    /// that no rotation or reflection of the board turns into one another (12 of 8 queens' 92).
    #[arg(long)]
    unique: bool,

    /// Threads to count on, at most one a core (default: every core).
    #[arg(long, value_name = "K")]
    // u64, not usize: the same numbers are taken on a 32-bit Pi as on a 64-bit one.
    threads: Option<u64>,

    /// Count only part K of M (K from 1 to M): a fixed share of the start
    /// constellations, the same on every machine; the counts of parts 1..M add up
    /// to the whole. With --format json the line always carries "unique".
    #[arg(long, value_name = "K/M")]
    part: Option<String>,

    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// One part's counts, for scripts/sum-parts.
#[derive(Serialize)]
struct PartAnswer {
    n: usize,
    part: usize,
    parts: usize,
    count: u64,
    unique: u64,
}

#[derive(Serialize)]
struct Answer {
    n: usize,
    count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
}

/// The threads to count on: those asked for (at least one), but no more
/// than the cores (more would only share them, and thousands of threads made
/// the machine slow to answer, Ctrl-C too; [`say_capped`] says so); every
/// core when none are asked for. `Err` holds the exit status of a refusal.
fn threads(asked: Option<u64>) -> Result<usize, ExitCode> {
    match asked {
        Some(0) => Err(bad_input("--threads must be at least 1")),
        Some(k) => Ok(usize::try_from(k).map_or(cores(), |k| k.min(cores()))),
        None => Ok(cores()),
    }
}

/// The cores this process may run on.
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |c| c.get())
}

/// Says, once the count starts, that it runs on fewer threads than asked.
fn say_capped(asked: Option<u64>, threads: usize) {
    if let Some(k) = asked.filter(|&k| k > threads as u64) {
        let (cores, used) = (plural(threads as u64, "core"), plural(threads as u64, "thread"));
        crate::eprintln_lossy!(
            "{}: --threads {k} is more than the {cores} here; counting on {used}",
            super::program::name()
        );
    }
}

/// Counts `plan` on `threads` threads, with its progress when the count is
/// `long` (on a terminal every second, in a log every ten), and Ctrl-C, taken
/// over by `reporter`, stopping it: then `None`, said in one line as every
/// long command says it.
pub(super) fn count_plan(plan: &Plan, threads: usize, long: bool, mut reporter: Reporter) -> Option<Counts> {
    let counted = plan.count_watched(threads, &mut |p: CountProgress| {
        if !long {
            return reporter.going_on();
        }
        let (percent, after) = (percent(p.done, p.of), human(p.elapsed));
        reporter.check_fitted(|_| {
            vec![
                format!("{}: counting: {percent} done after {after}", super::program::name()),
                format!("counting: {percent} done after {after}"),
                format!("counting: {percent}"),
                "counting".to_string(),
            ]
        })
    });
    let took = reporter.finish();
    if counted.is_none() {
        say_stopped(took, "no count printed");
    }
    counted
}

/// `done` of `of` as a percentage, to a tenth below 10% (a part of days moves a
/// whole percent in an hour or more), else whole.
fn percent(done: u64, of: u64) -> String {
    let share = done as f64 * 100.0 / of.max(1) as f64;
    if share < 10.0 {
        format!("{:.1}%", (share * 10.0).floor() / 10.0)
    } else {
        format!("{:.0}%", share.floor())
    }
}

/// The plan of `part` of the count for `n`, with planning's progress shown as a count's is
/// (the largest boards plan for seconds) and stopped by Ctrl-C (then `None`). The progress
/// line is taken away when planning ends, so that what follows starts where it was.
fn planned(n: usize, part: Part, reporter: &mut Reporter) -> Option<Plan> {
    let plan = Plan::new_watched(n, part, &mut |p: Estimated| {
        let percent = percent(p.done, p.of);
        reporter.check_fitted(|elapsed| {
            let after = human(elapsed);
            vec![
                format!("{}: planning: {percent} done after {after}", super::program::name()),
                format!("planning: {percent} done after {after}"),
                format!("planning: {percent}"),
                "planning".to_string(),
            ]
        })
    });
    reporter.clear_line();
    plan
}

/// Says that Ctrl-C stopped the count, and gives the exit status.
fn stopped(mut reporter: Reporter) -> ExitCode {
    say_stopped(reporter.finish(), "no count printed");
    interrupted()
}

/// The expected wall time for `n` on `threads` threads.
pub(crate) fn estimate(n: usize, threads: usize) -> Duration {
    let secs = SECONDS_AT_16 * GROWTH.powi(n as i32 - 16) / threads as f64;
    capped(secs)
}

/// The longest time an estimate says, in seconds (some 31,700 years): an
/// estimate past it is that long and no longer said as a number.
const LONGEST: f64 = 1e12;

/// An estimate of `secs` seconds, no longer than [`LONGEST`].
pub(super) fn capped(secs: f64) -> Duration {
    Duration::from_secs_f64(secs.clamp(0.0, LONGEST))
}

/// The expected wall time of `plan`: its share of the whole count, on no more
/// threads than it has searches (each runs on one thread; a small part of a
/// large count is often one search).
fn plan_cost(n: usize, threads: usize, plan: &Plan) -> Duration {
    estimate(n, threads.min(plan.searches()).max(1)).mul_f64(plan.share())
}

/// "1 solution", "92 solutions".
fn plural(count: u64, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}

pub(super) fn human(d: Duration) -> String {
    const YEAR: f64 = 365.25 * 86400.0;
    let s = d.as_secs_f64();
    match s {
        s if s < 90.0 => format!("{s:.0} s"),
        s if s < 5400.0 => format!("{:.0} minutes", s / 60.0),
        // One decimal below ten hours, so that "2.4 hours" is not read as within a 2-hour limit.
        s if s < 9.95 * 3600.0 && (s / 360.0).round() % 10.0 != 0.0 => format!("{:.1} hours", s / 3600.0),
        s if s < 48.0 * 3600.0 => format!("{:.0} hours", s / 3600.0),
        s if s < 2.0 * YEAR => format!("{:.0} days", s / 86400.0),
        s => format!("{:.0} years", s / YEAR),
    }
}

/// An estimate as a sentence says it: "about 5 minutes", and past the
/// longest an estimate says ([`LONGEST`], which would read "about 11574074
/// days"), "more than 31000 years".
pub(super) fn about(d: Duration) -> String {
    const YEAR: f64 = 365.25 * 86400.0;
    match d.as_secs_f64() >= LONGEST {
        true => format!("more than {:.0} years", (LONGEST / YEAR / 1000.0).floor() * 1000.0),
        false => format!("about {}", human(d)),
    }
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let n = args.n;
    if !(1..=MAX_COUNT_N).contains(&n) {
        return Ok(bad_input(format!("N must be from 1 to {MAX_COUNT_N}, not {n}")));
    }
    let threads = match threads(args.threads) {
        Ok(threads) => threads,
        Err(refused) => return Ok(refused),
    };
    let part = match args.part.as_deref().map(str::parse::<Part>) {
        None => None,
        Some(Ok(part)) => Some(part),
        Some(Err(e)) => return Ok(bad_input(e)),
    };
    let whole = estimate(n, threads);
    if part.is_none() && whole > REFUSE_ABOVE {
        return Ok(bad_input(format!(
            "counting {n} queens would take {} on {}; refusing: split it with --part K/M \
             over several machines or jobs",
            about(whole),
            plural(threads as u64, "thread")
        )));
    }
    if whole.as_secs_f64() > REFUSE_PART_ABOVE.as_secs_f64() * MAX_PARTS as f64 {
        return Ok(bad_input(format!(
            "counting {n} queens would take {} on {}: more than a week for each of {MAX_PARTS} parts; refusing",
            about(whole),
            plural(threads as u64, "thread")
        )));
    }
    // Ctrl-C is taken over before planning, and before the announcement, which a script may wait for.
    let mut reporter = Reporter::start()?;
    say_capped(args.threads, threads);
    let Some(plan) = planned(n, part.unwrap_or(Part::WHOLE), &mut reporter) else {
        return Ok(stopped(reporter));
    };
    let cost = plan_cost(n, threads, &plan);
    // Each search runs on one thread: a part of fewer searches than threads uses fewer.
    let working = threads.min(plan.searches()).max(1);
    if let Some(part) = part
        && cost > REFUSE_PART_ABOVE
    {
        let more =
            ((whole.as_secs_f64() / REFUSE_PART_ABOVE.as_secs_f64()).ceil() as usize + 1).min(MAX_PARTS);
        // Part 1 gets the costliest search: if it is over a week alone, no M helps.
        let finest = Part::new(1, more).expect("1 of at most MAX_PARTS");
        let Some(finest) = planned(n, finest, &mut reporter) else { return Ok(stopped(reporter)) };
        if plan.searches() == 1 || (finest.searches() == 1 && plan_cost(n, 1, &finest) > REFUSE_PART_ABOVE) {
            let largest = if plan.searches() == 1 { cost } else { plan_cost(n, 1, &finest) };
            return Ok(bad_input(format!(
                "counting {n} queens cannot be split into parts of under a week: its largest search \
                 alone takes {} on one thread; refusing",
                about(largest)
            )));
        }
        return Ok(bad_input(format!(
            "part {part} of the count for {n} queens would take {} on {}; refusing: use more parts (M of {more} or more)",
            about(cost),
            plural(working as u64, "thread")
        )));
    }
    let long = cost > WARN_ABOVE;
    if long {
        let what = part.map_or(String::new(), |p| format!("part {p} of "));
        crate::eprintln_lossy!(
            "{}: counting {what}{n} queens takes {} on {}",
            super::program::name(),
            about(cost),
            plural(working as u64, "thread")
        );
    }
    let Some(counts) = count_plan(&plan, threads, long, reporter) else { return Ok(interrupted()) };
    let unique = counts.unique.filter(|_| args.unique);
    match (args.format, part) {
        (Format::Json, Some(part)) => print_json(&PartAnswer {
            n,
            part: part.index(),
            parts: part.of(),
            count: counts.total,
            unique: counts.unique.unwrap_or_default(),
        })?,
        (Format::Json, None) => print_json(&Answer { n, count: counts.total, unique })?,
        (Format::Human, _) => {
            let of_part = part.map_or(String::new(), |p| format!(" in part {p}"));
            let (solutions, queens) = (plural(counts.total, "solution"), plural(n as u64, "queen"));
            match unique {
                None => say!("{solutions} for {queens}{of_part}")?,
                Some(u) => say!(
                    "{solutions} for {queens}{of_part}, {u} of them distinct up to rotation and reflection"
                )?,
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_counts_are_announced_and_counts_of_hours_refused() {
        assert!(estimate(16, 2) < WARN_ABOVE, "16 answers at once");
        assert!(estimate(17, 2) > WARN_ABOVE, "17 is announced");
        assert!(estimate(20, 2) < REFUSE_ABOVE, "20 runs, for about half an hour");
        assert!(estimate(21, 2) > REFUSE_ABOVE, "21 is refused on two cores");
        assert_eq!(human(Duration::from_secs(45)), "45 s");
    }

    #[test]
    fn a_part_of_one_search_is_estimated_on_one_thread() {
        // count 21 --part 1/1000000: one search, run on one thread for
        // seconds (release build), was once estimated at a fraction of that on two.
        let plan = Plan::new(21, Part::new(1, 1_000_000).unwrap());
        assert_eq!(plan.searches(), 1);
        assert!(plan_cost(21, 2, &plan) > WARN_ABOVE, "it takes about 10 s (release build): announced");
        assert_eq!(plan_cost(21, 2, &plan), plan_cost(21, 1, &plan));
        assert_eq!(human(Duration::from_secs(40 * 60)), "40 minutes");
        assert_eq!(human(Duration::from_secs(5 * 3600)), "5 hours");
        assert_eq!(human(Duration::from_secs(8640)), "2.4 hours", "not read as within a limit of 2");
        assert_eq!(human(Duration::from_secs(30 * 3600)), "30 hours");
        assert_eq!(human(Duration::from_secs(400 * 86400)), "400 days");
        assert_eq!(human(Duration::from_secs(3 * 366 * 86400)), "3 years");
    }

    #[test]
    fn an_estimate_past_the_longest_says_so_not_a_number_of_days() {
        assert_eq!(about(Duration::from_secs(45)), "about 45 s");
        assert_eq!(about(capped(1e30)), "more than 31000 years");
        assert_eq!(about(capped(0.99e12)), "about 31371 years");
    }
}
