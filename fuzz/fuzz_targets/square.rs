//! Chess squares: whatever parses prints back to the same text (lower-cased),
//! and every printed square parses back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::puzzle::Square;

fuzz_target!(|input: (u8, &str)| {
    let (n, text) = input;
    let n = (n % 26) as usize + 1;
    if let Ok(sq) = Square::parse_chess(text, n) {
        assert!((sq.col as usize) < n && (sq.row as usize) < n);
        assert_eq!(sq.chess(n), text.to_ascii_lowercase());
        assert_eq!(Square::parse_chess(&sq.chess(n), n), Ok(sq));
    }
});
