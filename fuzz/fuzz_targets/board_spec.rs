//! `pieces --board WxH --place ...`: board sizes stay in range, and pieces
//! that parse print back to the same text and land on the board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::solver::notation::parse_board_size;
use queens::solver::pieces::{MAX_SIDE, Problem, Solver, parse_pieces};

fuzz_target!(|input: (&str, &str)| {
    let (size, pieces) = input;
    let Ok((w, h)) = parse_board_size(size, MAX_SIDE) else { return };
    assert!((1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h));
    if let Ok(placed) = parse_pieces(pieces, w, h) {
        let printed: Vec<String> = placed.iter().map(|p| p.name(h)).collect();
        assert_eq!(parse_pieces(&printed.join(","), w, h), Ok(placed.clone()));
        assert!(placed.iter().all(|p| (p.square.col as usize) < w && (p.square.row as usize) < h));
        // A problem with only these fixed pieces either is refused or has exactly one answer.
        let mut problem = Problem::new(w, h);
        problem.fixed = placed;
        if let Ok(solver) = Solver::new(&problem) {
            assert_eq!(solver.count(), 1);
        }
    }
});
