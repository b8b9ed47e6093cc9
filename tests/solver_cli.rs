//! The solver subcommands through the built binary: output people and
//! scripts read, and exit status (0 answer, 1 none, 2 bad input).
//!
//! What it proves, in full (with the tests of `script_backend`): the built binary end to end:
//! frames, exit codes, JSON; "there are none" by one rule in every command (a count of 0 is status
//! 0, no solution status 1); a script line that is not UTF-8 shown as its bytes; every JSON example
//! of `count --help` against what that command prints; dense knights counted at once and a dense
//! search's progress moving (issue 50)

use crate::common;

use common::delphi::{Delphi, chess_name};
use common::is_solution;
use std::process::Output;

fn queens(args: &[&str]) -> Output {
    common::bin::queens().args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

fn rows(v: &serde_json::Value) -> Vec<usize> {
    v["rows"].as_array().expect("rows").iter().map(|r| r.as_u64().unwrap() as usize).collect()
}

#[test]
fn solve_8_prints_the_matlab_programs_board() {
    let o = queens(&["solve", "8"]);
    assert_eq!(o.status.code(), Some(0));
    let grid = "\
8 Q . . . . . . .
7 . . . . . . Q .
6 . . . . Q . . .
5 . . . . . . . Q
4 . Q . . . . . .
3 . . . Q . . . .
2 . . . . . Q . .
1 . . Q . . . . .
  a b c d e f g h
";
    assert!(stdout(&o).ends_with(grid), "{}", stdout(&o));
}

#[test]
fn solve_json_gives_rows_or_null() {
    let v = json(&queens(&["solve", "10", "--format", "json"]));
    assert_eq!(v["n"], 10);
    assert_eq!(rows(&v), vec![0, 2, 5, 7, 9, 4, 8, 1, 3, 6]);
    let o = queens(&["solve", "3", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o), serde_json::json!({"n": 3, "rows": null}));
}

#[test]
fn solve_builds_large_boards_and_prints_every_row_in_json() {
    let o = queens(&["solve", "100000", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let r = rows(&json(&o));
    assert_eq!(r.len(), 100_000);
    // The tests' common validator is O(n^2); at this size, check each row
    // and each diagonal is used once with a set instead.
    let mut seen = std::collections::HashSet::new();
    for (c, &row) in r.iter().enumerate() {
        assert!(seen.insert(('r', row as i64)) && seen.insert(('d', (row + c) as i64)));
        assert!(seen.insert(('u', row as i64 - c as i64)));
    }
    let human = stdout(&queens(&["solve", "100000"]));
    assert!(human.lines().count() < 5 && human.contains("explicit construction"), "{human}");
}

#[test]
fn place_completes_keeps_the_queens_or_says_no() {
    let o = queens(&["solve", "8", "--place", "a8,c1", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let r = rows(&json(&o));
    assert!(is_solution(&r));
    assert_eq!((r[0], r[2]), (0, 7), "a8 is column 0, row 0; c1 is column 2, row 7");

    let o = queens(&["solve", "8", "--place", "a1,c2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("cannot be completed"), "{}", stdout(&o));

    let o = queens(&["solve", "60", "--place", "a1,ba7,bh59", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let r = rows(&json(&o));
    assert!(is_solution(&r) && r[0] == 59 && r[52] == 53 && r[59] == 1);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for args in [
        &["solve", "0"][..],
        &["solve", "8", "--place", "a1,b2"],
        &["solve", "8", "--place", "a9"],
        &["solve", "8", "--place", "zz"],
        &["solve", "200", "--place", "a1"],
        &["count", "40"],
        &["count", "26"],
        &["pieces", "--board", "33x3", "--queens", "1"],
        &["pieces", "--board", "3x3", "--place", "Qa1,Kb2"],
        &["cover", "12"],
        &["cover", "8", "--queens", "0"],
        &["cover", "8", "--queens", "9"],
        &["cover", "8", "--queens", "9", "--independent", "--count"],
        &["cover", "8", "--queens", "6", "--count"],
        &["cover", "0", "--all"],
        &["cover", "8", "--all", "--count"],
    ] {
        let o = queens(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

/// One rule for "there are none" (docs/solver.md): a count is an answer, 0
/// too (status 0, and JSON when asked); a solution asked for and not found
/// is status 1 with a line saying so (or JSON holding none); status 2 only
/// for a command line that is wrong.
#[test]
fn there_are_none_is_said_the_same_way_by_every_command() {
    let counts: &[(&[&str], &str, serde_json::Value)] = &[
        (&["count", "2"], "0 solutions for 2 queens\n", serde_json::json!({"n": 2, "count": 0})),
        (
            &["pieces", "--board", "2x2", "--kings", "4", "--count"],
            "0 solutions on the 2x2 board: 4 kings cannot share the 2x2 board in peace: at most 1 can\n",
            serde_json::json!({"width": 2, "height": 2, "count": 0}),
        ),
        (
            // More pieces than squares is a question whose answer is 0, not a wrong command line.
            &["pieces", "--board", "2x2", "--kings", "5", "--count"],
            "0 solutions on the 2x2 board: 5 pieces cannot fit on the 4 squares of the 2x2 board\n",
            serde_json::json!({"width": 2, "height": 2, "count": 0}),
        ),
        (
            &["cover", "8", "--queens", "4", "--count"],
            "0 covers of the 8x8 board with 4 queens (the fewest is 5)\n",
            serde_json::json!({"n": 8, "queens": 4, "count": 0}),
        ),
        (
            &["cover", "8", "--queens", "4", "--independent", "--count"],
            "0 covers of the 8x8 board with at most 4 queens, none attacking another\n",
            serde_json::json!({"n": 8, "queens": 4, "count": 0}),
        ),
    ];
    for (args, human, value) in counts {
        let o = queens(args);
        assert_eq!(
            (o.status.code(), stdout(&o).as_str(), stderr(&o).as_str()),
            (Some(0), *human, ""),
            "{args:?}"
        );
        let o = queens(&[*args, &["--format", "json"][..]].concat());
        assert_eq!((o.status.code(), json(&o)), (Some(0), value.clone()), "{args:?} --format json");
    }
    let none: &[(&[&str], serde_json::Value)] = &[
        (&["solve", "3"], serde_json::json!({"n": 3, "rows": null})),
        (&["solve", "8", "--place", "a1,c2"], serde_json::json!({"n": 8, "rows": null})),
        (
            &["pieces", "--board", "2x2", "--kings", "2"],
            serde_json::json!({"width": 2, "height": 2, "solutions": []}),
        ),
        (
            &["pieces", "--board", "2x2", "--kings", "5"],
            serde_json::json!({"width": 2, "height": 2, "solutions": []}),
        ),
        (
            &["pieces", "--board", "2x2", "--kings", "5", "--all"],
            serde_json::json!({"width": 2, "height": 2, "solutions": []}),
        ),
        (&["cover", "8", "--queens", "4"], serde_json::json!({"n": 8, "queens": 4, "squares": null})),
        (&["cover", "8", "--queens", "4", "--all"], serde_json::json!({"n": 8, "queens": 4, "covers": []})),
        (
            &["cover", "8", "--queens", "4", "--independent"],
            serde_json::json!({"n": 8, "queens": 4, "squares": null}),
        ),
    ];
    for (args, value) in none {
        let o = queens(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            stdout(&o).starts_with("no solution: ") && stdout(&o).lines().count() == 1,
            "{args:?}: {}",
            stdout(&o)
        );
        assert_eq!(stderr(&o), "", "{args:?}");
        let o = queens(&[*args, &["--format", "json"][..]].concat());
        assert_eq!((o.status.code(), json(&o)), (Some(1), value.clone()), "{args:?} --format json");
    }
    // regions solve: a grid with no solution.
    let grid = "ACCCC\nBCCCC\nDDDDD\nEEEEE\nEEEEE\n";
    let regions = |args: &[&str]| common::bin::with_input(["regions", "solve"].iter().chain(args), grid);
    let o = regions(&["--count"]);
    assert_eq!(
        (o.status.code(), stdout(&o).as_str()),
        (Some(0), "0 solutions\n"),
        "a count of 0 is an answer"
    );
    let o = regions(&["--count", "--format", "json"]);
    assert_eq!((o.status.code(), json(&o)), (Some(0), serde_json::json!({"n": 5, "solutions": 0})));
    let o = regions(&[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("no solution: ") && stdout(&o).lines().count() == 1, "{}", stdout(&o));
    let o = regions(&["--format", "json"]);
    assert_eq!((o.status.code(), json(&o)), (Some(1), serde_json::json!({"n": 5, "solutions": 0})));
}

/// Issue 26: a square left out of `--place` (`a1,,b3`, an empty shell
/// variable) was a smaller board, silently; now it is one line and status 2.
#[test]
fn place_lists_with_an_empty_item_or_nothing_are_refused() {
    for (args, why) in [
        (&["solve", "8", "--place", "a1,,b3"][..], "'a1,,b3' has an empty item"),
        (&["solve", "8", "--place", "a1,"], "'a1,' has an empty item"),
        (&["solve", "8", "--place", ""], "the list of squares is empty"),
        (&["solve", "8", "--place", " "], "the list of squares is empty"),
        (
            &["pieces", "--board", "4x4", "--queens", "1", "--place", "Qa1,,Nc4"],
            "'Qa1,,Nc4' has an empty item",
        ),
        (&["pieces", "--board", "4x4", "--queens", "1", "--place", ""], "the list of pieces is empty"),
    ] {
        let o = queens(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
    }
    // Commas and spaces still separate, together or alone.
    for list in ["a8,c1", "a8 c1", "a8, c1"] {
        let o = queens(&["solve", "8", "--place", list, "--format", "json"]);
        assert_eq!(o.status.code(), Some(0), "{list:?}: {}", stderr(&o));
    }
}

/// Issue 26: `pieces --place a4` (solve's habit) said `'4' is not a square` (`a` read as an
/// amazon), `'Q a4'` said `'' is not a square`, and two placed pieces that attack each other
/// were not named by their squares. Each says what is wanted.
#[test]
fn pieces_place_words_without_a_letter_or_a_square_say_which_is_missing() {
    let board = ["pieces", "--board", "8x8", "--queens", "8", "--place"];
    for (place, why) in [
        ("a4", "'a4' needs a piece letter before the square, like Qa4 (Q R B N K A)"),
        ("b4", "'b4' needs a piece letter before the square, like Qb4 (Q R B N K A)"),
        ("c4", "'c4' needs a piece letter before the square, like Qc4 (Q R B N K A)"),
        ("Q a4", "'Q' needs a square after the piece letter, like Qa1"),
        ("Q,a4", "'Q' needs a square after the piece letter, like Qa1"),
        ("Q", "'Q' needs a square after the piece letter, like Qa1"),
        ("Ra1,Bh8", "the rook on a1 and the bishop on h8 attack each other"),
    ] {
        let o = queens(&[&board[..], &[place]].concat());
        assert_eq!(o.status.code(), Some(2), "{place:?}: {}", stdout(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{place:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{place:?}: {}", stderr(&o));
    }
    // An amazon on a4 is still `Aa4`.
    let o = queens(&["pieces", "--board", "8x8", "--place", "Aa4", "--count"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Issue 26: `--queens 8 --place Qa4` added eight queens to the placed one
/// (and said nine cannot share the board); now, as in `solve 8 --place a4`,
/// a kind's number is its total on the board, the placed pieces included.
#[test]
fn pieces_counts_include_the_placed_pieces_as_solve_does() {
    let a4 = queens::puzzle::Square::new(0, 8 - 4);
    let with_a4 = queens::puzzle::Solutions::eight().iter().filter(|s| s.get(0) == Some(a4.row)).count();
    let o = queens(&["pieces", "--board", "8x8", "--queens", "8", "--place", "Qa4", "--count"]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), format!("{with_a4} solutions on the 8x8 board\n")));
    let o = queens(&["pieces", "--board", "8x8", "--queens", "8", "--place", "Qa4", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let board = &json(&o)["solutions"][0];
    assert_eq!(board.as_array().unwrap().len(), 8, "{board}");
    assert!(board.as_array().unwrap().iter().any(|p| p["col"] == 0 && p["row"] == a4.row), "{board}");
    // Every kind alike: two knights in all, one of them placed, is one knight more.
    let o = queens(&[
        "pieces",
        "--board",
        "3x3",
        "--knights",
        "2",
        "--place",
        "Nb2",
        "--all",
        "--format",
        "json",
    ]);
    let solutions = json(&o)["solutions"].as_array().unwrap().clone();
    assert_eq!(solutions.len(), 8, "b2's knight attacks no square: any other of the 8 will do");
    assert!(solutions.iter().all(|s| s.as_array().unwrap().len() == 2));
    // A kind not given keeps its placed pieces and adds none; fewer than placed is refused.
    let o = queens(&["pieces", "--board", "6x4", "--rooks", "3", "--place", "Qa1", "--count"]);
    assert_eq!(o.status.code(), Some(0));
    let o = queens(&["pieces", "--board", "8x8", "--queens", "1", "--place", "Qa1,Qc2"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "queens pieces: --queens 1 is too few: --place puts 2 queens on the board, and --queens counts them too (see 'queens pieces --help')\n"
    );
}

#[test]
fn count_and_unique_in_both_formats() {
    let o = queens(&["count", "8", "--unique"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("92 solutions for 8 queens, 12 of them"), "{}", stdout(&o));
    assert_eq!(
        json(&queens(&["count", "10", "--format", "json"])),
        serde_json::json!({"n": 10, "count": 724})
    );
    assert_eq!(
        json(&queens(&["count", "9", "--unique", "--threads", "2", "--format", "json"])),
        serde_json::json!({"n": 9, "count": 352, "unique": 46})
    );
}

/// "1 core", "2 threads".
fn plural(count: usize, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}

/// More threads than cores count on the cores, said in one line, and the
/// announcement names the threads used: `--threads 99999` started thousands
/// of threads and `--threads 4294967297` was taken without a word (issue 39).
#[test]
fn count_runs_on_at_most_the_cores_and_says_so() {
    use std::time::Duration;
    let cores = std::thread::available_parallelism().unwrap().get();
    let capped = |asked: &str| {
        format!(
            "queens count: --threads {asked} is more than the {} here; counting on {}",
            plural(cores, "core"),
            plural(cores, "thread")
        )
    };
    let o = queens(&["count", "8", "--threads", "4294967297"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), "92 solutions for 8 queens\n"));
    assert_eq!(stderr(&o), capped("4294967297") + "\n");
    // 19 queens take minutes, announced, and are stopped once they are.
    let args = ["count", "19", "--threads", "99999"];
    let run = common::bin::interrupt_when(&args, "", Duration::from_secs(30), |line| {
        line.starts_with("queens count: counting 19 queens takes about ")
    });
    let announced = run.matched.unwrap_or_else(|| panic!("no announcement within 30 s: {}", run.stderr));
    assert!(announced.ends_with(&format!(" on {}", plural(cores, "thread"))), "{announced}");
    assert_eq!(run.stderr.lines().next(), Some(capped("99999").as_str()), "{}", run.stderr);
    let o = queens(&["count", "8", "--threads", &cores.to_string()]);
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""), "as many as the cores: nothing to say");
}

/// Issue 50's follow-up: a count stopped half a second in said "stopped
/// after 1 s". Under ten seconds the time is said in tenths, and never as
/// more than the process ran.
#[test]
fn a_count_stopped_within_seconds_says_its_time_in_tenths_never_rounded_up() {
    let started = std::time::Instant::now();
    let run = common::bin::interrupt_when(&["count", "19"], "", std::time::Duration::from_secs(30), |line| {
        line.starts_with("queens count: counting 19 queens takes about ")
    });
    let ran = started.elapsed().as_secs_f64();
    let last = run.stderr.lines().last().unwrap();
    let said = last
        .strip_prefix("queens count: stopped after ")
        .and_then(|rest| rest.strip_suffix(" s; no count printed"))
        .unwrap_or_else(|| panic!("{}", run.stderr));
    let seconds: f64 = said.parse().unwrap_or_else(|_| panic!("{last}"));
    assert!(seconds <= ran + 0.05, "{last}: the process ran {ran:.2} s");
    if ran < 9.9 {
        assert!(said.contains('.') && said.split('.').nth(1).unwrap().len() == 1, "tenths: {last}");
    }
}

/// `count`, and `pieces --count` of N queens (which takes `count`'s
/// counter), stop on Ctrl-C as every long command does: one line, status
/// 130, nothing on standard output. `count` died by the signal, without a
/// line (issue 39).
#[test]
fn count_stops_on_ctrl_c_with_one_line_and_status_130() {
    use std::time::Duration;
    for (args, announced) in [
        (&["count", "19"][..], "queens count: counting 19 queens takes about "),
        (
            &["count", "21", "--part", "1/40"][..],
            "queens count: counting part 1/40 of 21 queens takes about ",
        ),
        (
            &["pieces", "--board", "19x19", "--queens", "19", "--count"][..],
            "queens pieces: counting these pieces on the 19x19 board takes about ",
        ),
    ] {
        let what = args.join(" ");
        let run = common::bin::interrupt_when(args, "", Duration::from_secs(30), |line| {
            line.starts_with(announced)
        });
        assert!(run.matched.is_some(), "{what}: no announcement within 30 s: {}", run.stderr);
        assert_eq!(run.status, Some(130), "{what}: {}", run.stderr);
        let command = args[0];
        let last = run.stderr.lines().last().unwrap();
        assert!(
            last.starts_with(&format!("queens {command}: stopped after "))
                && last.ends_with(" s; no count printed"),
            "{what}: {last}"
        );
        // The announcement, the line, and between them perhaps progress (planning's included).
        let progress = |line: &&str| {
            line.starts_with(&format!("queens {command}: counting: "))
                || line.starts_with(&format!("queens {command}: planning: "))
        };
        assert!(run.stderr.lines().filter(|l| !progress(l)).count() == 2, "{what}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{what}");
    }
}

/// Issue 50: the parts docs/solver.md tells users to run, of counts of days, ignored Ctrl-C
/// for minutes (a search looked at it only between the queens of its first two free rows,
/// and one such subtree at N = 23 takes minutes), and in a log showed no progress at all.
/// Now: a progress line (a log gets one after a second, then every ten), and Ctrl-C ends
/// the count with one line and status 130. The bound on the stop is a minute, generous
/// (it takes milliseconds): it is there so that a count that ignores the signal fails the
/// test instead of hanging it.
#[test]
fn a_part_of_days_shows_progress_in_a_log_and_stops_on_ctrl_c() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    for args in [["count", "28", "--part", "1/1000000"], ["count", "24", "--part", "1/500"]] {
        let what = args.join(" ");
        let mut child = common::bin::queens()
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let (lines, receive) = std::sync::mpsc::channel();
        let err = BufReader::new(child.stderr.take().unwrap());
        std::thread::spawn(move || err.lines().map_while(Result::ok).try_for_each(|line| lines.send(line)));
        // SAFETY: kill(2) on the child's pid, which has not been waited for yet.
        let signal = |child: &std::process::Child, signal| unsafe { libc::kill(child.id() as i32, signal) };
        let mut stderr = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(120);
        let progress = loop {
            let Ok(line) = receive.recv_timeout(deadline.saturating_duration_since(Instant::now())) else {
                signal(&child, libc::SIGKILL);
                panic!("{what}: no progress line within 120 s: {stderr:?}");
            };
            stderr.push(line.clone());
            if line.starts_with("queens count: counting: ") {
                break line;
            }
        };
        assert!(progress.contains("% done after "), "{what}: {progress}");
        let announcement = format!("queens count: counting part {} of ", args[3]);
        assert!(stderr.iter().any(|l| l.starts_with(&announcement)), "{what}: announced first: {stderr:?}");
        assert_eq!(signal(&child, libc::SIGINT), 0);
        let stopping = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if stopping.elapsed() > Duration::from_secs(60) {
                signal(&child, libc::SIGKILL);
                panic!("{what}: still counting 60 s after Ctrl-C: {stderr:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        stderr.extend(receive.iter());
        assert_eq!(status.code(), Some(130), "{what}: {stderr:?}");
        let last = stderr.last().unwrap();
        assert!(
            last.starts_with("queens count: stopped after ") && last.ends_with(" s; no count printed"),
            "{what}: {stderr:?}"
        );
        let mut out = String::new();
        std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
        assert_eq!(out, "", "{what}");
    }
}

#[test]
fn count_refuses_what_would_take_hours() {
    let o = queens(&["count", "22"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("hours") || stderr(&o).contains("days"), "{}", stderr(&o));
}

/// Issue 50: an estimate past the longest one says (some 31,700 years) is
/// said as "more than 31000 years", where every such estimate read "about
/// 11574074 days".
#[test]
fn an_estimate_past_the_longest_is_said_as_more_than_years() {
    for args in [
        &["pieces", "--board", "32x32", "--knights", "100", "--count"][..],
        &["pieces", "--board", "32x32", "--queens", "20", "--count"],
    ] {
        let o = queens(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let said = stderr(&o);
        assert!(said.contains(" would take more than 31000 years; refusing"), "{args:?}: {said}");
        assert!(!said.contains("days"), "{said}");
    }
}

#[test]
fn pieces_count_first_and_all() {
    let o = queens(&[
        "pieces",
        "--board",
        "5x5",
        "--knights",
        "1",
        "--bishops",
        "1",
        "--rooks",
        "1",
        "--queens",
        "1",
        "--amazons",
        "1",
        "--count",
        "--format",
        "json",
    ]);
    assert_eq!(json(&o), serde_json::json!({"width": 5, "height": 5, "count": 96}));

    let o = queens(&["pieces", "--board", "6x4", "--rooks", "3", "--place", "Qa1"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert_eq!(text.matches('R').count(), 3, "{text}");
    assert!(text.contains("1 Q"), "the queen stays on a1: {text}");

    let v = json(&queens(&["pieces", "--board", "4x4", "--queens", "4", "--all", "--format", "json"]));
    let solutions = v["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 2);
    for s in solutions {
        let s = s.as_array().unwrap();
        assert_eq!(s.len(), 4);
        assert!(s.iter().all(|p| p["piece"] == "queen" && p["col"].is_u64() && p["row"].is_u64()));
    }

    let o = queens(&["pieces", "--board", "3x3", "--queens", "3", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["solutions"], serde_json::json!([]));
    let lines = stdout(&queens(&["pieces", "--board", "5x5", "--rooks", "5", "--all"])).lines().count();
    assert_eq!(lines, 120);
}

#[test]
fn cover_shows_counts_and_refuses_too_few_queens() {
    let o = queens(&["cover", "8", "--count", "--format", "json"]);
    assert_eq!(json(&o), serde_json::json!({"n": 8, "queens": 5, "count": 4860}));
    let v = json(&queens(&["cover", "8", "--independent", "--format", "json"]));
    assert_eq!(v["queens"], 5);
    assert_eq!(v["squares"].as_array().unwrap().len(), 5);
    let o = queens(&["cover", "8", "--queens", "4"]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&queens(&["cover", "5"]));
    assert!(text.starts_with("3 queens cover the 5x5 board:"), "{text}");
    assert_eq!(text.matches('Q').count(), 3, "{text}");
}

#[test]
fn every_solver_command_has_examples_in_its_help() {
    for cmd in ["solve", "count", "pieces", "cover"] {
        let o = queens(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0));
        assert!(stdout(&o).contains("Examples:"), "{cmd}");
        assert!(stdout(&o).contains(&format!("queens {cmd} ")), "{cmd}");
    }
}

#[test]
fn cover_independent_lists_and_counts_the_delphi_programs_covers_in_its_order() {
    for n in 4..=8 {
        for k in 1..=n {
            let oracle: Vec<String> = Delphi::all(n, k)
                .iter()
                .map(|cover| cover.iter().map(|&f| chess_name(n, f)).collect::<Vec<_>>().join(" "))
                .collect();
            let (n_arg, k_arg) = (n.to_string(), k.to_string());
            let args = ["cover", &n_arg, "--independent", "--queens", &k_arg];
            let all = queens(&[&args[..], &["--all"]].concat());
            let count = json(&queens(&[&args[..], &["--count", "--format", "json"]].concat()));
            assert_eq!(count["count"], oracle.len(), "{n}x{n}, {k} queens");
            let first = queens(&args);
            if oracle.is_empty() {
                assert_eq!((all.status.code(), first.status.code()), (Some(1), Some(1)), "{n}x{n}, {k}");
                assert!(stdout(&all).starts_with("no solution: "), "{}", stdout(&all));
                assert_eq!(stdout(&all).lines().count(), 1);
                assert!(stdout(&first).starts_with("no solution: "), "{}", stdout(&first));
                continue;
            }
            assert_eq!(all.status.code(), Some(0));
            assert_eq!(stdout(&all).lines().collect::<Vec<_>>(), oracle, "{n}x{n}, {k} queens");
            // Without --all: Go's first cover.
            assert!(stdout(&first).lines().next().unwrap().ends_with(&format!("board: {}", oracle[0])));
        }
    }
}

#[test]
fn cover_all_in_json_and_the_words_for_one() {
    let v = json(&queens(&["cover", "4", "--independent", "--all", "--format", "json"]));
    let oracle = Delphi::all(4, 3);
    assert_eq!((v["n"].clone(), v["queens"].clone()), (4.into(), 3.into()));
    let covers = v["covers"].as_array().unwrap();
    assert_eq!(covers.len(), oracle.len());
    for (got, want) in covers.iter().zip(&oracle) {
        let want: Vec<String> = want.iter().map(|&f| chess_name(4, f)).collect();
        assert_eq!(got, &serde_json::json!(want));
    }
    // Without --independent, --all lists the minimum covers (queens may attack), in the same
    // field order: exactly the ones --count counts, each once.
    let lines: Vec<String> = stdout(&queens(&["cover", "5", "--all"])).lines().map(String::from).collect();
    let count = json(&queens(&["cover", "5", "--count", "--format", "json"]));
    assert_eq!(count["count"], lines.len());
    // Each cover as the seed's field numbers (a5 = 0, b5 = 1, ..., e1 = 24): increasing in
    // each line, and the lines strictly increasing.
    let fields: Vec<Vec<usize>> = lines
        .iter()
        .map(|line| {
            line.split(' ')
                .map(|sq| (5 - (sq.as_bytes()[1] - b'0') as usize) * 5 + (sq.as_bytes()[0] - b'a') as usize)
                .collect()
        })
        .collect();
    assert!(fields.iter().all(|f| f.len() == 3 && f.is_sorted()), "{lines:?}");
    assert!(fields.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
    for args in [&["cover", "1"][..], &["cover", "1", "--count"], &["cover", "3", "--independent", "--count"]]
    {
        let text = stdout(&queens(args));
        assert!(!text.contains("1 queens") && !text.contains("1 covers"), "{args:?}: {text}");
    }
    let help = stdout(&queens(&["cover", "--help"]));
    assert!(help.contains("--independent is the Delphi program's search"), "{help}");
}

/// Issue 15: requests that bounds rule out are answered at once (a search
/// would try every placement: 48 s for 17 kings, hours for 33 knights), and
/// counts of hours are refused. None of these finishes in test time without
/// the bounds or the estimate.
#[test]
fn pieces_answers_impossible_requests_at_once_and_refuses_hours() {
    let o = queens(&["pieces", "--board", "8x8", "--kings", "17"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "no solution: 17 kings cannot share the 8x8 board in peace: at most 16 can\n");
    let o = queens(&["pieces", "--board", "8x8", "--knights", "33", "--count", "--format", "json"]);
    assert_eq!(
        (o.status.code(), json(&o)),
        (Some(0), serde_json::json!({"width": 8, "height": 8, "count": 0}))
    );
    let o = queens(&["pieces", "--board", "8x8", "--knights", "33", "--all"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("no solution: 33 knights"), "{}", stdout(&o));
    let o = queens(&["pieces", "--board", "9x6", "--rooks", "4", "--queens", "3", "--first"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("each needs a file and a rank of its own, and there are 6"),
        "{}",
        stdout(&o)
    );
    let o = queens(&["pieces", "--board", "32x32", "--knights", "100", "--count"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("refusing") && stderr(&o).lines().count() == 1, "{}", stderr(&o));
    // Queens alone on a square board: the n-queens counter, same answer.
    let v = json(&queens(&["pieces", "--board", "11x11", "--queens", "11", "--count", "--format", "json"]));
    assert_eq!(v["count"], 2680);
    // One solution, one queen: in the singular.
    assert_eq!(stdout(&queens(&["count", "1"])), "1 solution for 1 queen\n");
    assert_eq!(
        stdout(&queens(&["count", "1", "--unique"])).split(',').next(),
        Some("1 solution for 1 queen")
    );
    assert!(stdout(&queens(&["solve", "1"])).starts_with("1 queen: "));
    let o = queens(&["pieces", "--board", "1x1", "--queens", "1", "--count"]);
    assert_eq!(stdout(&o), "1 solution on the 1x1 board\n");
}

/// Issue 15, the stranger's rooks and mixed requests: a count of months is
/// refused, one of minutes announced, and a kind at its bound beside any other
/// piece answered at once. Without the fixed estimate 16 rooks were "about 35
/// minutes" and 12 rooks silent; without the bound 50 knights and a king on
/// 10x10 searched for hours.
#[test]
fn pieces_estimates_rooks_and_refuses_a_full_kind_beside_another_piece() {
    let o = queens(&["pieces", "--board", "16x16", "--rooks", "16", "--count"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("days; refusing") && stderr(&o).lines().count() == 1, "{}", stderr(&o));
    for request in [["10x10", "--knights", "50", "--kings"], ["32x32", "--kings", "256", "--knights"]] {
        let (board, kind, many, other) = (request[0], request[1], request[2], request[3]);
        let o = queens(&["pieces", "--board", board, kind, many, other, "1"]);
        assert_eq!(o.status.code(), Some(1), "{request:?}");
        assert!(stdout(&o).contains("leave no square"), "{}", stdout(&o));
    }
}

/// Issue 26: kings or knights alone are counted row by row, at once and
/// without a notice; the search took minutes (9x9 with 25 kings, announced as
/// 9 s, was still searching after 5 minutes; 20 knights took ten).
#[test]
fn pieces_counts_kings_and_knights_alone_at_once() {
    use std::time::Duration;
    for (args, answer) in [
        (["--board", "9x9", "--kings", "25"], "1 solution on the 9x9 board\n"),
        (["--board", "8x8", "--knights", "20"], "1830733371 solutions on the 8x8 board\n"),
        (["--board", "8x8", "--kings", "14"], "25952226 solutions on the 8x8 board\n"),
    ] {
        let args: Vec<&str> = ["pieces"].into_iter().chain(args).chain(["--count"]).collect();
        let run = common::bin::interrupt_when(&args, "", Duration::from_secs(20), |_| false);
        assert_eq!(run.status, Some(0), "{args:?} did not finish within 20 s: {}", run.stderr);
        assert_eq!((run.stdout.as_str(), run.stderr.as_str()), (answer, ""), "{args:?}");
    }
}

/// Issue 50: knights alone on boards 9 and 10 across are counted square by
/// square, at once; the search ran past 300 s on the first two ("about 5 s"
/// and "about 3 s") and for hours on the others. The counts are checked
/// against OEIS A201540 (N knights on N x N) where it has them, the two
/// ways 50 knights fill 10x10 (one colour each), and the search itself on
/// the same boards with few knights (`solver_pieces`).
#[test]
fn pieces_counts_dense_knights_on_boards_ten_across_at_once() {
    use std::time::Duration;
    let answers = [
        ("10x10", "45", None),
        ("9x10", "35", None),
        ("10x10", "30", None),
        ("10x10", "40", None),
        ("8x8", "8", Some("379978716")),
        ("9x9", "9", Some("19206532478")),
        ("10x10", "50", Some("2")),
    ];
    for (board, knights, published) in answers {
        let args = ["pieces", "--board", board, "--knights", knights, "--count"];
        let run = common::bin::interrupt_when(&args, "", Duration::from_secs(20), |_| false);
        assert_eq!(run.status, Some(0), "{args:?} did not finish within 20 s: {}", run.stderr);
        assert_eq!(run.stderr, "", "{args:?}: at once, so nothing to announce");
        let count = run.stdout.strip_suffix(&format!(" solutions on the {board} board\n"));
        let count = count.unwrap_or_else(|| panic!("{args:?}: {}", run.stdout));
        assert!(count.parse::<u64>().is_ok_and(|c| c > 1), "{args:?}: {count}");
        if let Some(published) = published {
            assert_eq!(count, published, "{args:?}");
        }
    }
}

/// Issue 50: a dense search's progress moves from its first line on; it
/// said "100% of the search tree" from the first second to the end (27
/// knights beside one on a1 is by the search: the row by row count takes
/// no piece that stays).
#[test]
fn pieces_progress_on_a_dense_search_moves() {
    use std::time::Duration;
    let count = ["pieces", "--board", "8x8", "--knights", "28", "--place", "Na1", "--count"];
    let run = common::bin::interrupt_when(&count, "", Duration::from_secs(30), |line| {
        line.starts_with("queens pieces: counting: ")
    });
    let progress = run.matched.unwrap_or_else(|| panic!("no progress within 30 s: {}", run.stderr));
    let percent = progress.split(" found, ").nth(1).and_then(|rest| rest.split('%').next());
    let percent: f64 = percent.and_then(|p| p.parse().ok()).unwrap_or_else(|| panic!("{progress}"));
    assert!(percent > 0.0 && percent < 90.0, "after a second: {progress}");
    assert_eq!(run.status, Some(130), "{}", run.stderr);
}

/// Issue 26: a count by the pieces search says what it expects and how wide
/// that estimate is, shows progress, and Ctrl-C ends it with one line; the
/// default `--first` (and `--all`) show progress too, where they said nothing
/// for minutes. N queens alone take the n-queens search: 32 on 32x32 printed
/// nothing in 60 s.
#[test]
fn pieces_searches_show_progress_and_stop_on_ctrl_c() {
    use std::time::Duration;
    let count = ["pieces", "--board", "8x8", "--kings", "10", "--knights", "4", "--count"];
    let run = common::bin::interrupt_when(&count, "", Duration::from_secs(30), |line| {
        line.starts_with("queens pieces: counting: ")
    });
    let progress = run.matched.unwrap_or_else(|| panic!("no progress within 30 s: {}", run.stderr));
    assert!(progress.contains(" found, ") && progress.contains("% of the search tree, "), "{progress}");
    let first = run.stderr.lines().next().unwrap();
    assert!(
        first.starts_with("queens pieces: counting these pieces on the 8x8 board takes about ")
            && first.ends_with(" (the estimate samples the search: from half that to twice)"),
        "{first}"
    );
    assert_eq!(run.status, Some(130), "{}", run.stderr);
    let last = run.stderr.lines().last().unwrap();
    assert!(
        last.starts_with("queens pieces: stopped after ") && last.ends_with(" s; no count printed"),
        "{last}"
    );
    assert_eq!(run.stdout, "");
    for (args, stopped) in [
        (["--board", "24x24", "--queens", "23", "--knights", "1", "--first"], "; no solution printed"),
        (["--board", "32x32", "--queens", "32", "--all", "", ""], ", with 0 solutions printed"),
    ] {
        let what = args[4..].join(" ");
        let args: Vec<&str> = ["pieces"].into_iter().chain(args).filter(|a| !a.is_empty()).collect();
        let run = common::bin::interrupt_when(&args, "", Duration::from_secs(30), |line| {
            line.starts_with("queens pieces: searching: ") || line.starts_with("queens pieces: listing: ")
        });
        let progress =
            run.matched.unwrap_or_else(|| panic!("{what}: no progress within 30 s: {}", run.stderr));
        assert!(progress.contains(" nodes, ") || progress.contains(" found, "), "{progress}");
        assert_eq!(run.status, Some(130), "{what}: {}", run.stderr);
        let last = run.stderr.lines().last().unwrap();
        assert!(
            last.starts_with("queens pieces: stopped after ") && last.ends_with(stopped),
            "{what}: {last}"
        );
        assert_eq!(run.stdout, "", "{what}");
    }
    let args = ["pieces", "--board", "32x32", "--queens", "32", "--format", "json"];
    // About a second optimised, 9 s unoptimised; before, over a minute.
    let run = common::bin::interrupt_when(&args, "", Duration::from_secs(45), |_| false);
    assert_eq!(run.status, Some(0), "32 queens did not finish within 45 s: {}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let mut rows = vec![0; 32];
    for q in v["solutions"][0].as_array().unwrap() {
        rows[q["col"].as_u64().unwrap() as usize] = q["row"].as_u64().unwrap() as usize;
    }
    assert!(is_solution(&rows), "{rows:?}");
}

/// Issue 50: every JSON answer `count --help` shows (and so queens-count(1),
/// made from the same definition) is what that command prints: the example
/// of `count 12 --part 2/3` showed another dealing's counts, 5152 and 649. A
/// command's answer is shown after it on its line, or alone on the next.
#[test]
fn count_helps_json_examples_are_what_the_commands_print() {
    let (_, help, _) = common::bin::run(&["count", "--help"]);
    let lines: Vec<&str> = help.lines().map(str::trim).collect();
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(command) = line.strip_prefix("queens count ") else { continue };
        let (command, shown) = match command.split_once("   ") {
            Some((command, shown)) => (command, shown.trim()),
            None => (command, lines.get(i + 1).copied().unwrap_or_default()),
        };
        if !shown.starts_with('{') {
            continue;
        }
        let args: Vec<&str> = ["count"].into_iter().chain(command.split_whitespace()).collect();
        let (code, stdout, stderr) = common::bin::run(&args);
        assert_eq!((code, stderr.as_str()), (Some(0), ""), "{args:?}");
        assert_eq!(stdout.trim_end(), shown, "`queens {}` in count --help", args.join(" "));
        checked += 1;
    }
    assert_eq!(checked, 2, "the whole count's and a part's: {help}");
}
