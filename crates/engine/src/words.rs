//! How a message puts what it was given, and how many of something: one
//! rule for every message, the engine's and those of the program around it
//! (the command line's usage errors, the script backend's refused lines).
//!
//! Input echoed back is cut: an argument of 100 KB in an error would be a
//! line of 100 KB. And it is escaped: a control character in it must not
//! move the cursor or recolour the terminal the message is read on, and an
//! invisible one (a byte-order mark, a right-to-left override) should be
//! seen.

/// How much of an input a message shows, in characters.
pub const QUOTED: usize = 80;

/// `text` as a message shows it: at most [`QUOTED`] characters, then
/// `...` if there were more, with every character [`escaped`] does.
pub fn shown(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((at, _)) => format!("{}...", escaped(&text[..at])),
        None => escaped(text),
    }
}

/// `text` in single quotes, [`shown`]: how a message quotes its input
/// (`unknown mode 'chess'`).
pub fn quoted(text: &str) -> String {
    format!("'{}'", shown(text))
}

/// `bytes` as a message shows them: as [`shown`] shows text, with each byte
/// that is not part of UTF-8 text written as Rust writes it in a byte
/// string (`\xff`), counted as one character: a line that is not text is
/// echoed as its bytes, not as replacement characters that say nothing.
pub fn shown_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut taken = 0;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().chars().map(Ok);
        for piece in valid.chain(chunk.invalid().iter().map(|&b| Err(b))) {
            if taken == QUOTED {
                out.push_str("...");
                return out;
            }
            match piece {
                Ok(c) if hidden(c) => out.extend(c.escape_default()),
                Ok(c) => out.push(c),
                Err(byte) => out.push_str(&format!("\\x{byte:02x}")),
            }
            taken += 1;
        }
    }
    out
}

/// `bytes` in single quotes, [`shown_bytes`].
pub fn quoted_bytes(bytes: &[u8]) -> String {
    format!("'{}'", shown_bytes(bytes))
}

/// `text` with its control characters and invisible ones written as
/// Rust's escapes (`\u{1b}`, `\u{feff}`), whole: for a line that holds
/// input already [`shown`], or none.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hidden(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c` would act on the terminal or not be seen: control
/// characters, blanks other than the space, and the zero-width and
/// direction marks (the general category Cf's that text meets).
fn hidden(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// `1 row`, `2 rows`, `0 rows`: how many, and the noun (made plural with
/// an `s`) but for one.
pub(crate) fn how_many(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        _ => format!("{count} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_input_is_cut_to_80_characters_not_bytes() {
        let long = "é".repeat(100_000);
        assert_eq!(quoted(&long), format!("'{}...'", "é".repeat(80)));
        assert_eq!(quoted(&"x".repeat(80)), format!("'{}'", "x".repeat(80)));
        assert_eq!(shown("chess"), "chess");
    }

    #[test]
    fn control_and_invisible_characters_are_escaped() {
        assert_eq!(quoted("\u{1b}[31mred\n"), "'\\u{1b}[31mred\\n'");
        assert_eq!(escaped("\u{feff}A\u{202e}B\u{a0}C D"), "\\u{feff}A\\u{202e}B\\u{a0}C D");
        assert_eq!(escaped("ｔé'\"\\"), "ｔé'\"\\");
    }

    #[test]
    fn bytes_that_are_not_text_are_shown_as_bytes() {
        assert_eq!(quoted_bytes(b"\xff\xfe"), "'\\xff\\xfe'");
        assert_eq!(quoted_bytes("up é\u{1b}".as_bytes()), "'up é\\u{1b}'");
        assert_eq!(quoted_bytes(b"a\xc3"), "'a\\xc3'", "a character cut short");
        let long = [b"\xff".repeat(100), b"x".to_vec()].concat();
        assert_eq!(shown_bytes(&long), format!("{}...", "\\xff".repeat(80)));
        assert_eq!(shown_bytes("é".repeat(90).as_bytes()), shown("é".repeat(90).as_str()));
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(how_many(1, "row"), "1 row");
        assert_eq!(how_many(0, "row"), "0 rows");
        assert_eq!(how_many(32, "character"), "32 characters");
    }
}
