//! Issue 30's table: what the regions of 200 generated 8x8 puzzles look like
//! (seeds 1 to 200, as `queens regions generate --size 8 --seed S`) beside
//! LinkedIn's own 8x8 puzzles (`tests/fixtures/regions/linkedin-8x8.txt`),
//! and the difficulty the deduction rules give each; then the time the puzzle
//! of the day takes over every day of 2027, and its slowest day.
//!
//! `cargo run --release --example regions-stats` (figures in
//! docs/PERFORMANCE.md)
//!
//! With `--labels DIR`, only the grades the deduction rules give LinkedIn's
//! puzzles against LinkedIn's own label, from a copy of
//! [Loukis-13/linkedin-games-archive](https://github.com/Loukis-13/linkedin-games-archive)'s
//! `outputs/` folder (`DIR/YYYY-MM-DD/queens.json`, each with its `board`
//! and the `difficulty` LinkedIn's page showed: `"HARD"`, or `null` on the
//! days it shows none). The archive states no licence, so its grids are
//! read where they are, not copied here.

use queens::regions::Puzzle;
use queens::regions::deduce::{self, Difficulty, Grid, Rule};
use queens::regions::generate::{self, date_string, days_from_civil, generate};
use queens::regions::shapes::{ShapeTotals, shapes};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

/// LinkedIn's puzzles, in the letter format, one a block.
const LINKEDIN: &str = include_str!("../tests/fixtures/regions/linkedin-8x8.txt");
const SEEDS: std::ops::RangeInclusive<u64> = 1..=200;

/// The puzzles of the fixture, each with its name line.
fn linkedin() -> Vec<(String, Puzzle)> {
    let mut puzzles = Vec::new();
    for block in LINKEDIN.split("\n\n") {
        let name = block.lines().find(|l| l.starts_with("# LinkedIn")).unwrap_or("").to_string();
        let grid: String = block.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
        if grid.trim().is_empty() {
            continue;
        }
        match Puzzle::parse_letters(&grid) {
            Ok(p) => puzzles.push((name, p)),
            Err(e) => queens::eprintln_lossy!("regions-stats: skipped {name}: {e}"),
        }
    }
    puzzles
}

/// How many puzzles the rules grade easy, medium and hard, and how many
/// they cannot solve.
#[derive(Default)]
struct Grades([usize; 4]);

impl Grades {
    fn add(&mut self, d: Option<Difficulty>) {
        self.0[d.map_or(3, |d| d as usize)] += 1;
    }
    fn text(&self) -> String {
        format!("{}/{}/{}/{}", self.0[0], self.0[1], self.0[2], self.0[3])
    }
}

/// How many of the steps that solve `puzzle` (the easiest rule that applies
/// taken each time, as a hint would) use each rule, in [`Rule`]'s order.
fn steps_by_rule(puzzle: &Puzzle) -> [usize; 4] {
    let mut grid = Grid::new(puzzle);
    let mut steps = [0; 4];
    while let Some(step) = grid.next_step(Difficulty::Hard) {
        steps[step.rule as usize] += 1;
        grid.apply(&step);
    }
    steps
}

/// For each grade, the puzzles and the steps they take with the rule that
/// grades them (the hardest they need): how much of the hard work a player
/// does, not only whether they do any.
#[derive(Default)]
struct HardestSteps([(usize, usize); 3]);

impl HardestSteps {
    fn add(&mut self, puzzle: &Puzzle) {
        let Some(d) = deduce::difficulty(puzzle) else { return };
        let hardest = match d {
            Difficulty::Easy => Rule::Confined,
            Difficulty::Medium => Rule::WouldEmpty,
            Difficulty::Hard => Rule::Group,
        };
        let slot = &mut self.0[d as usize];
        slot.0 += 1;
        slot.1 += steps_by_rule(puzzle)[hardest as usize];
    }
    fn text(&self, d: Difficulty) -> String {
        let (puzzles, steps) = self.0[d as usize];
        if puzzles == 0 { "-".to_string() } else { format!("{:.1}", steps as f64 / puzzles as f64) }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => stats(),
        ["--labels", dir] => labels(Path::new(dir)),
        _ => {
            queens::eprintln_lossy!("usage: regions-stats [--labels ARCHIVE/outputs]");
            std::process::exit(2);
        }
    }
}

/// LinkedIn's label for a day: its page shows "Difficulty HARD" on some
/// days and nothing on the others.
const LABELS: [&str; 2] = ["HARD", "no label"];

/// Our grade of each labelled puzzle in `dir`, tallied against LinkedIn's
/// label: all sizes, then each size.
fn labels(dir: &Path) {
    let mut days: Vec<_> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path().join("queens.json"))).collect(),
        Err(e) => {
            queens::eprintln_lossy!("regions-stats: {}: {e}", dir.display());
            std::process::exit(1);
        }
    };
    days.sort();
    // (size, label) -> our grades; size 0 for all sizes.
    let mut tally: BTreeMap<(usize, &str), Grades> = BTreeMap::new();
    let (mut first, mut last) = (None, None);
    for file in days {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let Ok(day) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
        // Days captured before the archive kept the label have no "difficulty" at all.
        let label = match day.get("difficulty") {
            Some(serde_json::Value::Null) => LABELS[1],
            Some(serde_json::Value::String(s)) if s == "HARD" => LABELS[0],
            _ => continue,
        };
        let name = format!("No. {} ({})", day["number"], day["date"].as_str().unwrap_or("?"));
        let rows: Option<Vec<Vec<usize>>> = day["board"].as_array().map(|rows| {
            rows.iter()
                .map(|row| {
                    row.as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|v| v.as_u64())
                        .map(|v| v as usize)
                        .collect()
                })
                .collect()
        });
        let puzzle = match rows.map(|rows| Puzzle::new(&rows)) {
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                queens::eprintln_lossy!("regions-stats: skipped {name}: {e}");
                continue;
            }
            None => continue,
        };
        let grade = deduce::difficulty(&puzzle);
        for size in [0, puzzle.n()] {
            tally.entry((size, label)).or_default().add(grade);
        }
        first = first.or(Some(name.clone()));
        last = Some(name);
    }
    println!(
        "LinkedIn's puzzles {} to {}: our grade (easy/medium/hard/not solved by the rules) against LinkedIn's label",
        first.unwrap_or_default(),
        last.unwrap_or_default()
    );
    println!("| size | LinkedIn's label | puzzles | easy | medium | hard | not solved by the rules |");
    println!("|---|---|---|---|---|---|---|");
    for ((size, label), grades) in &tally {
        let size = if *size == 0 { "all".to_string() } else { format!("{size}x{size}") };
        let [easy, medium, hard, unsolved] = grades.0;
        println!(
            "| {size} | {label} | {} | {easy} | {medium} | {hard} | {unsolved} |",
            grades.0.iter().sum::<usize>()
        );
    }
}

/// Issue 30's table and the puzzle of the day's times.
fn stats() {
    let started = Instant::now();
    let (mut made, mut made_grades, mut slowest) = (ShapeTotals::default(), Grades::default(), (0.0f64, 0));
    let mut made_steps = HardestSteps::default();
    for seed in SEEDS {
        let t = Instant::now();
        let g = match generate(8, seed, None) {
            Ok(g) => g,
            Err(e) => {
                queens::eprintln_lossy!("regions-stats: seed {seed}: {e}");
                std::process::exit(1);
            }
        };
        let ms = t.elapsed().as_secs_f64() * 1e3;
        if ms > slowest.0 {
            slowest = (ms, seed);
        }
        made.add(shapes(&g.puzzle));
        made_grades.add(Some(g.difficulty));
        made_steps.add(&g.puzzle);
    }
    let making = started.elapsed().as_secs_f64();

    let (mut theirs, mut their_grades, mut their_steps) =
        (ShapeTotals::default(), Grades::default(), HardestSteps::default());
    for (_, p) in linkedin() {
        theirs.add(shapes(&p));
        their_grades.add(deduce::difficulty(&p));
        their_steps.add(&p);
    }

    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let rows: [(&str, String, String); 11] = [
        ("puzzles", made.puzzles.to_string(), theirs.puzzles.to_string()),
        ("one-square regions", format!("{:.2}", made.one_square()), format!("{:.2}", theirs.one_square())),
        ("puzzles with at least one", pct(made.with_one_square()), pct(theirs.with_one_square())),
        (
            "regions of at most two squares",
            format!("{:.2}", made.at_most_two()),
            format!("{:.2}", theirs.at_most_two()),
        ),
        ("path-shaped regions", format!("{:.2}", made.paths()), format!("{:.2}", theirs.paths())),
        ("the largest region's share", pct(made.largest_share()), pct(theirs.largest_share())),
        ("easy/medium/hard/unsolved by the rules", made_grades.text(), their_grades.text()),
        (
            "steps with the confined rule, easy ones",
            made_steps.text(Difficulty::Easy),
            their_steps.text(Difficulty::Easy),
        ),
        (
            "steps with the would-empty rule, medium ones",
            made_steps.text(Difficulty::Medium),
            their_steps.text(Difficulty::Medium),
        ),
        (
            "steps with the group rule, hard ones",
            made_steps.text(Difficulty::Hard),
            their_steps.text(Difficulty::Hard),
        ),
        ("time to make them", format!("{making:.2} s"), "-".to_string()),
    ];
    println!("| per puzzle | generated 8x8 (seeds 1-200) | LinkedIn 8x8 |");
    println!("|---|---|---|");
    for (what, ours, linkedin) in rows {
        println!("| {what} | {ours} | {linkedin} |");
    }
    println!("slowest of the 200: seed {} in {:.1} ms", slowest.1, slowest.0);

    // The puzzle of the day (8x8, medium) for every day of 2027: the
    // slowest is what a Pi Zero must manage at midnight.
    let days = days_from_civil(2027, 1, 1).unwrap_or(0)..days_from_civil(2028, 1, 1).unwrap_or(0);
    let (mut total, mut worst) = (0.0f64, (0.0f64, 0i64, 0u64));
    for day in days.clone() {
        let t = Instant::now();
        let made = generate::daily(day);
        let ms = t.elapsed().as_secs_f64() * 1e3;
        total += ms;
        if ms > worst.0 {
            worst = (ms, day, made.attempts);
        }
    }
    println!(
        "puzzles of the day of 2027: {:.0} ms for {} days, {:.1} ms on average; slowest {} in {:.1} ms ({} candidates)",
        total,
        days.end - days.start,
        total / (days.end - days.start) as f64,
        date_string(worst.1),
        worst.0,
        worst.2
    );
}
