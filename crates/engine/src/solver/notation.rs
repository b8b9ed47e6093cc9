//! Text for squares, square lists and board sizes, as the command line reads
//! and prints them. Files run `a`..`z`, then `aa`, `ab`, ... (as spreadsheet
//! columns do) so boards wider than 26 have names too; ranks count from 1 at
//! the bottom. On boards up to 26 wide this is exactly [`Square::parse_chess`].

use crate::puzzle::Square;
use crate::words::quoted;
use std::fmt;

/// Text that does not name what was asked for, with the reason as its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

/// The largest board side that squares can name (a [`Square`] holds a `u8`).
pub const MAX_SIDE: usize = 255;

/// The file name of column `col`: 0 = `a`, 25 = `z`, 26 = `aa`.
pub fn file_name(col: usize) -> String {
    let mut letters = Vec::new();
    let mut rest = col + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(b'a' + (rest % 26) as u8);
        rest /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The square's name on a board `height` rows high: `a1` is the bottom-left.
pub fn square_name(sq: Square, height: usize) -> String {
    format!("{}{}", file_name(sq.col as usize), height - sq.row as usize)
}

/// Parses one square of a `width` x `height` board, case-insensitively.
pub(crate) fn parse_square(text: &str, width: usize, height: usize) -> Result<Square, NotationError> {
    let malformed =
        || NotationError(format!("{} is not a square: expected letters then a rank, like a1", quoted(text)));
    let split = text.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(text.len());
    let (letters, digits) = text.split_at(split);
    if letters.is_empty() || letters.len() > 2 || digits.is_empty() || digits.starts_with('0') {
        return Err(malformed());
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
        return Err(malformed());
    }
    let col =
        letters.bytes().fold(0usize, |acc, b| acc * 26 + (b.to_ascii_lowercase() - b'a') as usize + 1) - 1;
    let rank: usize = digits.parse().map_err(|_| malformed())?;
    if col >= width || rank > height {
        return Err(NotationError(format!("square {} is off the {width}x{height} board", quoted(text))));
    }
    Ok(Square::new(col as u8, (height - rank) as u8))
}

/// Parses a list of squares separated by commas and/or spaces (`a1,c3`,
/// `a1 c3`, `a1, c3`); each square once, at least one: an empty list or an
/// empty item (`a1,,c3`, a comma at either end) is refused.
pub fn parse_square_list(text: &str, width: usize, height: usize) -> Result<Vec<Square>, NotationError> {
    let mut squares: Vec<Square> = Vec::new();
    for word in list_words(text, "squares", "a1,c3")? {
        let sq = parse_square(word, width, height)?;
        if squares.contains(&sq) {
            return Err(NotationError(format!("square {} is given twice", quoted(word))));
        }
        squares.push(sq);
    }
    Ok(squares)
}

/// The words of a list separated by commas and/or spaces, naming `what`
/// (`like` is an example). An empty list, and an empty item (`a1,,c3`, a
/// comma at either end), are refused: a square left out by mistake (a shell
/// variable that was empty, say) must not pass for a smaller board.
pub(crate) fn list_words<'a>(text: &'a str, what: &str, like: &str) -> Result<Vec<&'a str>, NotationError> {
    if text.trim().is_empty() {
        return Err(NotationError(format!("the list of {what} is empty: give at least one, like {like}")));
    }
    let mut words = Vec::new();
    for item in text.split(',') {
        let before = words.len();
        words.extend(item.split_whitespace());
        if words.len() == before {
            return Err(NotationError(format!(
                "{} has an empty item: each comma stands between two {what}, like {like}",
                quoted(text)
            )));
        }
    }
    Ok(words)
}

/// The squares as `parse_square_list` reads them: names joined by commas.
pub fn format_square_list(squares: &[Square], height: usize) -> String {
    squares.iter().map(|&sq| square_name(sq, height)).collect::<Vec<_>>().join(",")
}

/// Parses a board size `WxH` (or a single `N` for N x N), each side in `1..=max`.
pub fn parse_board_size(text: &str, max: usize) -> Result<(usize, usize), NotationError> {
    let bad =
        || NotationError(format!("{} is not a board size: expected WIDTHxHEIGHT, like 8x8", quoted(text)));
    let side = |s: &str| -> Result<usize, NotationError> {
        if s.is_empty() || s.len() > 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let v: usize = s.parse().map_err(|_| bad())?;
        if !(1..=max).contains(&v) {
            return Err(NotationError(format!("a board side is 1 to {max}, not {v}")));
        }
        Ok(v)
    };
    match text.to_ascii_lowercase().split_once('x') {
        Some((w, h)) => Ok((side(w)?, side(h)?)),
        None => side(text).map(|n| (n, n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_chess_notation_up_to_26_files() {
        for n in [1usize, 8, 26] {
            for col in 0..n as u8 {
                for row in 0..n as u8 {
                    let sq = Square::new(col, row);
                    assert_eq!(square_name(sq, n), sq.chess(n));
                    assert_eq!(parse_square(&sq.chess(n), n, n), Ok(sq));
                }
            }
        }
    }

    #[test]
    fn wide_boards_name_files_like_spreadsheet_columns() {
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(27), "ab");
        assert_eq!(file_name(52), "ba");
        assert_eq!(parse_square("aa1", 100, 100), Ok(Square::new(26, 99)));
        assert_eq!(parse_square("CV100", 100, 100), Ok(Square::new(99, 0)));
        assert!(parse_square("cw1", 100, 100).is_err());
        for col in 0..=254u8 {
            let sq = Square::new(col, 3);
            assert_eq!(parse_square(&square_name(sq, 255), 255, 255), Ok(sq));
        }
    }

    #[test]
    fn lists_and_sizes() {
        let list = parse_square_list("a1, c2,e3", 8, 8).unwrap();
        assert_eq!(list, vec![Square::new(0, 7), Square::new(2, 6), Square::new(4, 5)]);
        assert_eq!(format_square_list(&list, 8), "a1,c2,e3");
        assert_eq!(parse_square_list("a1 c2", 8, 8), parse_square_list("a1,c2", 8, 8));
        for empty in ["", " ", "a1,,c2", "a1,", ",a1", "a1, ,c2"] {
            assert!(parse_square_list(empty, 8, 8).is_err(), "{empty:?}");
        }
        assert!(parse_square_list("a1,a1", 8, 8).is_err());
        assert!(parse_square_list("a1;b2", 8, 8).is_err());
        assert_eq!(parse_board_size("7x5", 16), Ok((7, 5)));
        assert_eq!(parse_board_size("9", 16), Ok((9, 9)));
        for bad in ["", "x", "0x3", "17x2", "3x", "-3x3", "3x3x3", "+3x3"] {
            assert!(parse_board_size(bad, 16).is_err(), "{bad}");
        }
    }
}
