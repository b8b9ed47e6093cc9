//! Square lists for `--place`: whatever parses prints back to the same
//! squares, and the printed list parses back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::solver::notation::{format_square_list, parse_square_list};

fuzz_target!(|input: (u8, &str)| {
    let (n, text) = input;
    let n = n as usize + 1; // 1..=256: wider than 26 files, and past a Square's 255
    if let Ok(squares) = parse_square_list(text, n, n) {
        assert!(squares.iter().all(|s| (s.col as usize) < n && (s.row as usize) < n));
        let printed = format_square_list(&squares, n);
        assert_eq!(parse_square_list(&printed, n, n), Ok(squares.clone()));
        // Each word of the input, lower-cased, is what was printed for it: words
        // are separated by commas and any whitespace (a tab too), as the parser's.
        let words: Vec<String> =
            text.split(',').flat_map(str::split_whitespace).map(str::to_ascii_lowercase).collect();
        assert_eq!(printed, words.join(","));
    }
});
