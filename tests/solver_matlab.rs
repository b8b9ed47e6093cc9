//! `queens solve N` against seed 003, the MATLAB program, ported here line by
//! line as an independent oracle: its matrices (`matrix_now`, the roll-back
//! stack `matrix_stage`, `matrix_solve`), `queenupdate` marking the row, the
//! column and the two diagonals to the right, and `queenpuzzle`'s loop. The
//! program and the port agree for every n the port reaches in test time.

use crate::common;

use queens::solver::first::{Outcome, TICK, search};
use queens::solver::{Method, first_solution, solve};

/// An n x n matrix of MATLAB numbers, 1-based like the original.
#[derive(Clone)]
struct Matrix {
    n: usize,
    cells: Vec<u8>,
}

impl Matrix {
    fn zeros(n: usize) -> Matrix {
        Matrix { n, cells: vec![0; n * n] }
    }
    fn get(&self, row: usize, column: usize) -> u8 {
        self.cells[(row - 1) * self.n + column - 1]
    }
    fn set(&mut self, row: usize, column: usize, value: u8) {
        self.cells[(row - 1) * self.n + column - 1] = value;
    }
}

/// `queensetupboard(size)`: the working board, the roll-back stack (one
/// matrix per column) and the solution board.
fn queensetupboard(size: usize) -> (Matrix, Vec<Matrix>, Matrix) {
    (Matrix::zeros(size), vec![Matrix::zeros(size); size], Matrix::zeros(size))
}

/// `queenupdate(matrix_B, row, column)`: the board with the new queen's row,
/// column and right-hand diagonals marked 1, and the board before it with the
/// queen's square marked 2 (so a roll-back looks past it).
fn queenupdate(matrix_b: &Matrix, row: usize, column: usize) -> (Matrix, Matrix) {
    let mut matrix_prev = matrix_b.clone();
    matrix_prev.set(row, column, 2);
    let n = matrix_b.n;
    let mut matrix_a = matrix_b.clone();
    for c in 1..=n {
        matrix_a.set(row, c, 1);
    }
    for r in 1..=n {
        matrix_a.set(r, column, 1);
    }
    let (mut column_temp, mut row_temp) = (column, row);
    while column_temp < n && row_temp > 1 {
        column_temp += 1;
        row_temp -= 1;
        matrix_a.set(row_temp, column_temp, 1);
    }
    let (mut column_temp, mut row_temp) = (column, row);
    while column_temp < n && row_temp < n {
        column_temp += 1;
        row_temp += 1;
        matrix_a.set(row_temp, column_temp, 1);
    }
    (matrix_a, matrix_prev)
}

/// `queenpuzzle(size)`: the solution board, all zeros when there is none.
fn queenpuzzle(size: usize) -> Matrix {
    let (mut matrix_now, mut matrix_stage, mut matrix_solve) = queensetupboard(size);
    let mut column = 1;
    while column <= size {
        // available = find(matrix_now(:,column) == 0, 1)
        let available = (1..=size).find(|&r| matrix_now.get(r, column) == 0);
        if let Some(available) = available {
            let (now, stage) = queenupdate(&matrix_now, available, column);
            matrix_now = now;
            matrix_stage[column - 1] = stage;
            matrix_solve.set(available, column, 1);
            column += 1;
        } else {
            if column == 1 {
                break;
            }
            column -= 1;
            for r in 1..=size {
                matrix_solve.set(r, column, 0);
            }
            matrix_now = matrix_stage[column - 1].clone();
        }
    }
    matrix_solve
}

/// The MATLAB answer as the program's rows (0 = top) column by column, or
/// `None` for the empty matrix of "no solution".
fn matlab(n: usize) -> Option<Vec<u32>> {
    let board = queenpuzzle(n);
    let rows: Vec<Option<u32>> =
        (1..=n).map(|c| (1..=n).find(|&r| board.get(r, c) == 1).map(|r| r as u32 - 1)).collect();
    if rows.iter().all(Option::is_none) {
        return None;
    }
    Some(rows.into_iter().map(|r| r.expect("every column has its queen")).collect())
}

/// The sizes the port reaches in a few seconds (an unoptimised build copies n x n
/// matrices per placement; 22 and from 28 on take millions of placements).
const REACHED: &[usize] = &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 23, 25];

#[test]
fn the_port_prints_the_papers_boards() {
    // The grids printed in the paper for 8, 9 and 10, column by column.
    assert_eq!(matlab(8), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
    assert_eq!(matlab(9), Some(vec![0, 2, 5, 7, 1, 3, 8, 6, 4]));
    assert_eq!(matlab(10), Some(vec![0, 2, 5, 7, 9, 4, 8, 1, 3, 6]));
}

#[test]
fn solve_is_the_matlab_programs_answer_wherever_the_port_reaches() {
    for &n in REACHED {
        let oracle = matlab(n);
        assert_eq!(first_solution(n), oracle, "n = {n}");
        match solve(n) {
            Some((rows, method, _)) => {
                assert_eq!(Some(rows), oracle, "n = {n}");
                assert_eq!(method, Method::First, "n = {n}");
            }
            None => assert_eq!(oracle, None, "n = {n}"),
        }
        let o = common::bin::queens().args(["solve", &n.to_string(), "--format", "json"]).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let rows: Option<Vec<u32>> = serde_json::from_value(v["rows"].clone()).unwrap();
        assert_eq!(rows, oracle, "queens solve {n}");
        if oracle.is_some() {
            assert_eq!(v["method"], "first", "queens solve {n}");
        }
    }
}

#[test]
fn beyond_the_port_solve_still_answers_by_search_while_it_is_cheap() {
    for n in [20, 22, 24, 26, 27, 28, 29] {
        let (rows, method, placements) = solve(n).expect("a solution");
        assert_eq!(method, Method::First, "n = {n}");
        assert!(placements > 0);
        assert!(common::is_solution(&rows.iter().map(|&r| r as usize).collect::<Vec<_>>()), "n = {n}");
    }
}

#[test]
fn backtrack_reports_progress_and_ctrl_c_stops_it_cleanly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = common::bin::queens()
        .args(["solve", "40", "--backtrack"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.starts_with("queens solve: searching for the first solution for 40 queens: "), "{line}");
    assert!(line.contains(" placements in ") && line.contains(" of 40 columns reached"), "{line}");
    // SAFETY: kill(2) on the child's pid, which has not been waited for yet.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    let last = rest.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("queens solve: stopped after ") && last.ends_with("; no solution printed"),
        "{rest}"
    );
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    assert!(out.is_empty(), "{out}");
}

/// Without --backtrack the search has a budget of about a second here, longer on a small Pi:
/// Ctrl-C in it ends it with one line and status 130, as with --backtrack (a stranger's find:
/// `solve 36` died by the signal, saying nothing). Its 150,000,000 placements took 2.4 s here
/// (release build): the Ctrl-C comes half a second in, well after the handler is installed even
/// on a loaded machine and well before the search could end on a fast one.
#[test]
fn ctrl_c_in_the_budgeted_search_stops_it_with_one_line() {
    use std::process::Stdio;
    let child = common::bin::queens()
        .args(["solve", "36"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    // SAFETY: kill(2) on the child's pid, which has not been waited for yet.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("queens solve: stopped after ") && err.trim_end().ends_with("; no solution printed"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn where_the_search_is_dear_solve_says_constructed_and_backtrack_insists() {
    let o = common::bin::queens().args(["solve", "40", "--format", "json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["method"], "constructed");
    let text =
        String::from_utf8(common::bin::queens().args(["solve", "200"]).output().unwrap().stdout).unwrap();
    assert!(text.starts_with("200 queens: a solution by explicit construction"), "{text}");
    let text =
        String::from_utf8(common::bin::queens().args(["solve", "8"]).output().unwrap().stdout).unwrap();
    assert!(text.starts_with("8 queens: the first solution by backtracking"), "{text}");
    // A stopped search says so: the check is asked every TICK placements.
    let mut asked = 0;
    let stopped = search(40, None, &mut |_| {
        asked += 1;
        false
    });
    assert_eq!((stopped.outcome, stopped.placements, asked), (Outcome::Stopped, TICK, 1));
}
