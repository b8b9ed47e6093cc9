//! A puzzle as JSON, as `queens regions generate --format json` prints it:
//! `{"n":6,"regions":[[0,0,1,...],...],"solution":[...],"difficulty":"easy","seed":11}`,
//! with `"date"` in place of `"seed"` for a day's puzzle. Only `"n"` and
//! `"regions"` are needed; any other key is refused, so that a typo is
//! noticed.
//!
//! Written and read here, for the command line and the web page alike,
//! and checked here: [`PuzzleJson::puzzle`] is the one place that says
//! whether the keys agree with the grid. A reader of this one shape, not a
//! general JSON library: the engine depends on nothing, and a general one
//! would cost the page's module more than this does (docs/PERFORMANCE.md).

use super::deduce::{self, Difficulty};
use super::generate::date_said;
use super::{MAX_SIDE, Puzzle, PuzzleError};
use crate::words::{how_many, quoted, shown};
use std::fmt::Write as _;
use std::ops::RangeInclusive;

/// The keys, in the order they are written.
const KEYS: [&str; 6] = ["n", "regions", "solution", "difficulty", "seed", "date"];

/// A puzzle's JSON, key by key, as written: [`PuzzleJson::puzzle`] checks
/// that it is a puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleJson {
    /// The side, 1 to 16.
    pub n: usize,
    /// The region of each square, rows from the top.
    pub regions: Vec<Vec<usize>>,
    /// The row of the queen in each column (row 0 at the top).
    pub solution: Option<Vec<usize>>,
    /// The hardest deduction rule the puzzle needs, by its name.
    pub difficulty: Option<String>,
    /// The seed `queens regions generate` made it from.
    pub seed: Option<u64>,
    /// The day whose puzzle it is, as YYYY-MM-DD.
    pub date: Option<String>,
}

impl PuzzleJson {
    /// The JSON of `puzzle` with nothing else: `"n"` and `"regions"`.
    pub fn of(puzzle: &Puzzle) -> PuzzleJson {
        PuzzleJson { n: puzzle.n(), regions: puzzle.rows(), ..PuzzleJson::default() }
    }

    /// The JSON text, on one line, keys in their order; a key that is
    /// `None` is left out.
    pub fn to_json(&self) -> String {
        let numbers = |list: &[usize]| list.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        let rows: Vec<String> = self.regions.iter().map(|row| format!("[{}]", numbers(row))).collect();
        let mut text = format!(r#"{{"n":{},"regions":[{}]"#, self.n, rows.join(","));
        if let Some(solution) = &self.solution {
            let _ = write!(text, r#","solution":[{}]"#, numbers(solution));
        }
        if let Some(difficulty) = &self.difficulty {
            let _ = write!(text, r#","difficulty":{}"#, json_string(difficulty));
        }
        if let Some(seed) = self.seed {
            let _ = write!(text, r#","seed":{seed}"#);
        }
        if let Some(date) = &self.date {
            let _ = write!(text, r#","date":{}"#, json_string(date));
        }
        text + "}"
    }

    /// Reads the JSON text: an object with these keys and no other, each
    /// of its type and range (`null` for a key that may be left out is as
    /// if it were). What is wrong is said in one line, with where.
    pub fn parse(text: &str) -> Result<PuzzleJson, PuzzleError> {
        let mut reader = Reader { text, at: 0 };
        let json = reader.object()?;
        reader.blank();
        if reader.at < text.len() {
            return Err(reader.fail(reader.at, "something follows the puzzle's closing '}'"));
        }
        Ok(json)
    }

    /// The puzzle, once its keys agree: the grid is a puzzle ([`Puzzle::new`])
    /// of side `"n"`, a `"solution"` solves it, a `"difficulty"` is the
    /// one the deduction rules find, and a `"date"` is a real day (a
    /// label: it need not be that day's puzzle). A key that disagrees
    /// means the puzzle is wrong somewhere, so it is refused, not ignored.
    pub fn puzzle(&self) -> Result<Puzzle, PuzzleError> {
        let puzzle = Puzzle::new(&self.regions)?;
        let rows = puzzle.n();
        if self.n != rows {
            return Err(PuzzleError(format!(
                "\"n\" is {} but the grid has {}",
                self.n,
                how_many(rows, "row")
            )));
        }
        let remove = "remove the key to read the grid alone";
        if let Some(given) = &self.solution {
            puzzle.check_solution(given).map_err(|why| {
                PuzzleError(format!("the puzzle's \"solution\" does not solve its grid: {why} ({remove})"))
            })?;
        }
        if let Some(given) = &self.difficulty {
            let said: Difficulty =
                given.parse().map_err(|why| PuzzleError(format!("the puzzle's \"difficulty\": {why}")))?;
            let found = deduce::difficulty(&puzzle);
            if found != Some(said) {
                let found = found.map_or("not solved by the deduction rules alone", Difficulty::name);
                return Err(PuzzleError(format!(
                    "the puzzle's \"difficulty\" is {said} but its grid is {found} ({remove})"
                )));
            }
        }
        if let Some(date) = &self.date {
            date_said(date).map_err(|why| PuzzleError(format!("the puzzle's \"date\": {why}")))?;
        }
        Ok(puzzle)
    }
}

/// `text` as a JSON string, quotes included, its control characters
/// escaped: the one writer of JSON strings, for the page's JSON too.
pub fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out + "\""
}

/// What a whole number is, or why it is not one.
enum Whole {
    Is(u64),
    /// Has a fraction (`1.5`, `15e-1`).
    Fraction,
    /// Below zero (not `-0`).
    Negative,
    /// Past `u64`'s range (`1e20`).
    TooLarge,
}

/// A JSON number's text (its grammar already checked) as a whole number,
/// exactly: `2e1` is 20, `1e20` too large, `1.5` not whole.
fn whole(number: &str) -> Whole {
    let (negative, unsigned) = match number.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, number),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.trim_start_matches('+')),
        None => (unsigned, "0"),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{integer}{fraction}");
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return Whole::Is(0);
    }
    let significant = digits.trim_end_matches('0');
    // Huge exponents only say "large" or "small": clamped, they still do.
    let exponent: i64 = exponent.parse().unwrap_or(if exponent.starts_with('-') { -100 } else { 100 });
    let exponent =
        exponent.clamp(-100, 100) - fraction.len() as i64 + (digits.len() - significant.len()) as i64;
    if exponent < 0 {
        return Whole::Fraction;
    }
    if negative {
        return Whole::Negative;
    }
    // Past 20 digits is past u64; up to 20, checked arithmetic says.
    if significant.len() as i64 + exponent > 20 {
        return Whole::TooLarge;
    }
    let value =
        significant.parse::<u64>().ok().and_then(|v| v.checked_mul(10u64.checked_pow(exponent as u32)?));
    value.map_or(Whole::TooLarge, Whole::Is)
}

/// The text of a JSON string written with its quotes (`"ver\u0073ion"`),
/// its escapes undone as this module reads every string; `None` if it is
/// not one whole string. For a page that finds a key without parsing the
/// rest.
pub fn string_value(written: &str) -> Option<String> {
    let mut reader = Reader { text: written, at: 0 };
    (reader.peek()? == b'"').then_some(())?;
    let value = reader.string().ok()?;
    (reader.at == written.len()).then_some(value)
}

/// The reader: the text and where it has got to (a byte offset).
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Past JSON's blanks: space, tab, line feed, carriage return.
    fn blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// The error `why`, at byte `at`, as a line and column.
    fn fail(&self, at: usize, why: &str) -> PuzzleError {
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        PuzzleError(format!("the puzzle's JSON is not valid: {why} (line {line}, column {column})"))
    }

    /// What comes next, or the end.
    fn ended_or(&self, expected: &str) -> PuzzleError {
        match self.text[self.at..].chars().next() {
            None => self.fail(self.at, &format!("it ends where {expected} should be")),
            Some(c) => self.fail(self.at, &format!("{} where {expected} should be", quoted(&c.to_string()))),
        }
    }

    fn expect(&mut self, byte: u8, expected: &str) -> Result<(), PuzzleError> {
        self.blank();
        if self.peek() != Some(byte) {
            return Err(self.ended_or(expected));
        }
        self.at += 1;
        Ok(())
    }

    /// The object, key by key.
    fn object(&mut self) -> Result<PuzzleJson, PuzzleError> {
        self.expect(b'{', "the puzzle's opening '{'")?;
        let mut json = PuzzleJson::default();
        let mut seen = [false; KEYS.len()];
        self.blank();
        if self.peek() == Some(b'}') {
            self.at += 1;
        } else {
            loop {
                self.blank();
                let start = self.at;
                if self.peek() != Some(b'"') {
                    return Err(self.ended_or("a key in double quotes"));
                }
                let key = self.string()?;
                let Some(index) = KEYS.iter().position(|&k| k == key) else {
                    return Err(self.fail(
                        start,
                        &format!("unknown key {}: the keys are {}", quoted(&key), KEYS.join(", ")),
                    ));
                };
                if std::mem::replace(&mut seen[index], true) {
                    return Err(self.fail(start, &format!("\"{key}\" is given twice")));
                }
                self.expect(b':', "':' after the key")?;
                self.value(&mut json, KEYS[index])?;
                self.blank();
                match self.peek() {
                    Some(b',') => self.at += 1,
                    Some(b'}') => {
                        self.at += 1;
                        break;
                    }
                    _ => return Err(self.ended_or("',' or '}'")),
                }
            }
        }
        // KEYS starts with the two a puzzle needs.
        if let Some(missing) = KEYS[..2].iter().zip(seen).find_map(|(key, seen)| (!seen).then_some(key)) {
            let why = format!("there is no \"{missing}\": a puzzle needs \"n\" and \"regions\"");
            return Err(self.fail(self.at, &why));
        }
        Ok(json)
    }

    /// The value of `key`, into `json`.
    fn value(&mut self, json: &mut PuzzleJson, key: &str) -> Result<(), PuzzleError> {
        self.blank();
        let place = format!("\"{key}\"");
        let optional = key != "n" && key != "regions";
        if optional && self.text[self.at..].starts_with("null") {
            self.at += 4;
            return Ok(());
        }
        let last = MAX_SIDE as u64 - 1;
        match key {
            "n" => json.n = self.number(&place, 1..=MAX_SIDE as u64, "a whole number")? as usize,
            "regions" => {
                let mut rows = Vec::new();
                self.list(&place, "a list of rows", &mut |reader, row| {
                    let place = format!("{place} row {}", row + 1);
                    let mut squares = Vec::new();
                    reader.list(&place, "a list of region numbers", &mut |reader, col| {
                        let place = format!("{place}, square {}", col + 1);
                        squares.push(reader.number(&place, 0..=last, "a region number")? as usize);
                        Ok(())
                    })?;
                    rows.push(squares);
                    Ok(())
                })?;
                json.regions = rows;
            }
            "solution" => {
                let mut rows = Vec::new();
                self.list(&place, "a list of rows", &mut |reader, col| {
                    rows.push(
                        reader.number(&format!("{place} item {}", col + 1), 0..=last, "a row")? as usize
                    );
                    Ok(())
                })?;
                json.solution = Some(rows);
            }
            "seed" => json.seed = Some(self.number(&place, 0..=u64::MAX, "a whole number")?),
            "difficulty" => json.difficulty = Some(self.text_value(&place)?),
            _ => json.date = Some(self.text_value(&place)?),
        }
        Ok(())
    }

    /// What the value here is, for a message saying it is not what was expected.
    fn kind(&self) -> Result<&'static str, PuzzleError> {
        let rest = &self.text[self.at..];
        Ok(match self.peek() {
            Some(b'"') => "a string",
            Some(b'[') => "a list",
            Some(b'{') => "an object",
            Some(b'-' | b'0'..=b'9') => "a number",
            _ if rest.starts_with("true") || rest.starts_with("false") => "true or false",
            _ if rest.starts_with("null") => "null",
            _ => return Err(self.ended_or("a value")),
        })
    }

    /// `[item, ...]`, each read by `item` with its index (a `dyn`, so that
    /// the page's module holds the list's code once).
    fn list(
        &mut self,
        place: &str,
        expected: &str,
        item: &mut dyn FnMut(&mut Self, usize) -> Result<(), PuzzleError>,
    ) -> Result<(), PuzzleError> {
        self.blank();
        if self.peek() != Some(b'[') {
            let kind = self.kind()?;
            return Err(self.fail(self.at, &format!("{place} is {kind}: expected {expected}")));
        }
        self.at += 1;
        self.blank();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(());
        }
        for index in 0.. {
            item(self, index)?;
            self.blank();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => break,
                _ => return Err(self.ended_or("',' or ']'")),
            }
        }
        self.at += 1;
        Ok(())
    }

    /// A whole number in `range`, named `place` in a message, which says
    /// what was expected (`a whole number`) and the range.
    fn number(
        &mut self,
        place: &str,
        range: RangeInclusive<u64>,
        expected: &str,
    ) -> Result<u64, PuzzleError> {
        self.blank();
        let start = self.at;
        let expected = format!("expected {expected} from {} to {}", range.start(), range.end());
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            let kind = self.kind()?;
            return Err(self.fail(start, &format!("{place} is {kind}: {expected}")));
        }
        let text = self.number_text()?;
        let why = match whole(text) {
            Whole::Is(value) if range.contains(&value) => return Ok(value),
            Whole::Is(value) if value < *range.start() => "too small",
            Whole::Negative => "too small",
            Whole::Fraction => "not a whole number",
            Whole::Is(_) | Whole::TooLarge => "too large",
        };
        Err(self.fail(start, &format!("{place} is {}, {why}: {expected}", shown(text))))
    }

    /// The text of the JSON number here (at its `-` or first digit), past it.
    fn number_text(&mut self) -> Result<&'a str, PuzzleError> {
        let start = self.at;
        let bytes = self.text.as_bytes();
        let mut at = start;
        // JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
        let digits = |at: &mut usize| {
            let from = *at;
            while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
                *at += 1;
            }
            *at - from
        };
        if bytes.get(at) == Some(&b'-') {
            at += 1;
        }
        let first = bytes.get(at).copied();
        let integer = digits(&mut at);
        let mut grammatical = integer == 1 || (integer > 1 && first != Some(b'0'));
        if grammatical && bytes.get(at) == Some(&b'.') {
            at += 1;
            grammatical = digits(&mut at) > 0;
        }
        if grammatical && matches!(bytes.get(at), Some(b'e' | b'E')) {
            at += 1;
            if matches!(bytes.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            grammatical = digits(&mut at) > 0;
        }
        if !grammatical {
            return Err(self.fail(start, "a number that is not written as JSON writes numbers"));
        }
        self.at = at;
        Ok(&self.text[start..at])
    }

    /// A string value, named `place` in a message.
    fn text_value(&mut self, place: &str) -> Result<String, PuzzleError> {
        if self.peek() != Some(b'"') {
            let kind = self.kind()?;
            return Err(self.fail(self.at, &format!("{place} is {kind}: expected a string")));
        }
        self.string()
    }

    /// The string here (at its opening quote), its escapes undone.
    fn string(&mut self) -> Result<String, PuzzleError> {
        let open = self.at;
        self.at += 1;
        let mut out = String::new();
        loop {
            let rest = &self.text[self.at..];
            let Some(c) = rest.chars().next() else {
                return Err(self.fail(open, "a string that does not end"));
            };
            self.at += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => out.push(self.escape()?),
                c if u32::from(c) < 0x20 => {
                    return Err(self
                        .fail(self.at - 1, "a control character in a string: JSON writes it as an escape"));
                }
                c => out.push(c),
            }
        }
    }

    /// The character an escape stands for (after its `\`).
    fn escape(&mut self) -> Result<char, PuzzleError> {
        let start = self.at - 1;
        let bad = |reader: &Self| reader.fail(start, "an escape JSON does not have");
        let Some(kind) = self.peek() else { return Err(bad(self)) };
        self.at += 1;
        Ok(match kind {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let high = self.hex4().ok_or_else(|| bad(self))?;
                let code = if (0xd800..0xdc00).contains(&high) && self.text[self.at..].starts_with("\\u") {
                    self.at += 2;
                    let low =
                        self.hex4().filter(|low| (0xdc00..0xe000).contains(low)).ok_or_else(|| bad(self))?;
                    0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)
                } else {
                    high
                };
                // A lone surrogate is no character: a replacement character stands for it.
                char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            _ => return Err(bad(self)),
        })
    }

    /// Four hex digits, past them.
    fn hex4(&mut self) -> Option<u32> {
        let digits = self.text.get(self.at..self.at + 4)?;
        let value =
            u32::from_str_radix(digits, 16).ok().filter(|_| digits.bytes().all(|b| b.is_ascii_hexdigit()))?;
        self.at += 4;
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regions::generate;

    #[test]
    fn what_is_written_reads_back() {
        let made = generate::generate(6, 11, None).unwrap();
        let json = PuzzleJson {
            solution: Some(made.solution.columns().map(|r| r.map_or(0, usize::from)).collect()),
            difficulty: Some(made.difficulty.name().into()),
            seed: Some(11),
            ..PuzzleJson::of(&made.puzzle)
        };
        let text = json.to_json();
        assert!(text.starts_with(r#"{"n":6,"regions":[["#), "{text}");
        assert!(text.ends_with(r#""difficulty":"easy","seed":11}"#), "{text}");
        assert_eq!(PuzzleJson::parse(&text), Ok(json.clone()));
        assert_eq!(json.puzzle(), Ok(made.puzzle));
        let dated = PuzzleJson { seed: None, date: Some("2026-11-25".into()), ..json };
        assert!(dated.to_json().ends_with(r#""difficulty":"easy","date":"2026-11-25"}"#));
        assert_eq!(json_string("a\"b\\c\n"), r#""a\"b\\c\u000a""#);
    }

    #[test]
    fn json_written_by_hand_reads_too() {
        let text = " {\r\n \"regions\" : [ [0, 0, 1], [0, 2, 1], [2, 2, 1] ],\n\t\"n\": 3e0,\
                    \"solution\": null, \"d\\u0061te\": \"2024-02-29\", \"seed\": 1.0E1 }\n";
        let json = PuzzleJson::parse(text).unwrap();
        assert_eq!((json.n, json.seed, json.solution), (3, Some(10), None));
        assert_eq!(json.date.as_deref(), Some("2024-02-29"));
        assert_eq!(json.regions, [[0, 0, 1], [0, 2, 1], [2, 2, 1]]);
        assert_eq!(
            PuzzleJson::parse(r#"{"n":1,"regions":[[0]],"date":"\ud83d\ude00\n"}"#).unwrap().date.unwrap(),
            "😀\n"
        );
    }

    #[test]
    fn a_string_as_written_is_read_with_its_escapes_undone() {
        assert_eq!(string_value(r#""ver\u0073ion""#).as_deref(), Some("version"));
        assert_eq!(string_value(r#""a\"b""#).as_deref(), Some("a\"b"));
        for not_one in [r#""open"#, r#""two" "#, "plain", r#""bad \x""#] {
            assert_eq!(string_value(not_one), None, "{not_one}");
        }
    }

    #[test]
    fn whole_numbers_are_exact() {
        for (text, value) in [
            ("0", Some(0)),
            ("-0", Some(0)),
            ("20", Some(20)),
            ("2e1", Some(20)),
            ("2.5e0", None),
            ("2.50e1", Some(25)),
            ("1500e-2", Some(15)),
            ("0.0e-7", Some(0)),
            ("18446744073709551615", Some(u64::MAX)),
        ] {
            let got = match whole(text) {
                Whole::Is(v) => Some(v),
                _ => None,
            };
            assert_eq!(got, value, "{text}");
        }
        assert!(matches!(whole("18446744073709551616"), Whole::TooLarge));
        assert!(matches!(whole("1e20"), Whole::TooLarge));
        assert!(matches!(whole("1e999999999999999999999"), Whole::TooLarge));
        assert!(matches!(whole("1e-999999999999999999999"), Whole::Fraction));
        assert!(matches!(whole("1.5"), Whole::Fraction));
        assert!(matches!(whole("-1"), Whole::Negative));
    }

    #[test]
    fn what_is_wrong_is_one_line_saying_where() {
        let rows = r#""regions":[[0,0,1],[0,2,1],[2,2,1]]"#;
        let cases = [
            (
                format!(r#"{{"n":1e20,{rows}}}"#),
                r#""n" is 1e20, too large: expected a whole number from 1 to 16 (line 1, column 6)"#,
            ),
            (format!(r#"{{"n":0,{rows}}}"#), r#""n" is 0, too small: expected a whole number from 1 to 16"#),
            (format!(r#"{{"n":-1,{rows}}}"#), r#""n" is -1, too small"#),
            (format!(r#"{{"n":1.5,{rows}}}"#), r#""n" is 1.5, not a whole number"#),
            (format!(r#"{{"n":"3",{rows}}}"#), r#""n" is a string: expected a whole number from 1 to 16"#),
            (
                format!("{{\"n\":3,{rows},\n\"seed\":99999999999999999999}}"),
                r#""seed" is 99999999999999999999, too large: expected a whole number from 0 to 18446744073709551615 (line 2, column 8)"#,
            ),
            (
                r#"{"n":3,"regions":[[0,0,1],[0,2,1],[2,2,1e9]]}"#.into(),
                r#""regions" row 3, square 3 is 1e9, too large: expected a region number from 0 to 15"#,
            ),
            (
                r#"{"n":3,"regions":[[0,0,1],7]}"#.into(),
                r#""regions" row 2 is a number: expected a list of region numbers"#,
            ),
            (
                format!(r#"{{"n":3,{rows},"solution":[0,2,-1]}}"#),
                r#""solution" item 3 is -1, too small: expected a row from 0 to 15"#,
            ),
            (
                format!(r#"{{"n":3,{rows},"colour":1}}"#),
                "unknown key 'colour': the keys are n, regions, solution, difficulty, seed, date",
            ),
            (format!(r#"{{"n":3,{rows},"n":3}}"#), r#""n" is given twice"#),
            (r#"{"n":3}"#.into(), r#"there is no "regions": a puzzle needs "n" and "regions""#),
            (format!(r#"{{"n":3,{rows}}} x"#), "something follows the puzzle's closing '}'"),
            (r#"{"n": 3"#.into(), "it ends where ',' or '}' should be (line 1, column 8)"),
            (format!(r#"{{"n":3,{rows},}}"#), "'}' where a key in double quotes should be"),
            (format!(r#"{{"n":03,{rows}}}"#), "a number that is not written as JSON writes numbers"),
            (format!(r#"{{"n":3,{rows},"date":"\x"}}"#), "an escape JSON does not have"),
            (format!(r#"{{"n":3,{rows},"date":"a"#), "a string that does not end"),
            (format!("{{\"n\":3,{rows},\"date\":\"a\tb\"}}"), "a control character in a string"),
            (format!(r#"{{"n":3,{rows},"date":3}}"#), r#""date" is a number: expected a string"#),
            (
                format!(r#"{{"n":3,{rows},"{}":1}}"#, "k".repeat(1000)),
                &format!("unknown key '{}...'", "k".repeat(80)),
            ),
        ];
        for (text, expected) in &cases {
            let why = PuzzleJson::parse(text).unwrap_err().to_string();
            assert!(why.starts_with("the puzzle's JSON is not valid: "), "{text}: {why}");
            assert!(why.contains(expected), "{text}: {why}");
            assert!(!why.contains('\n') && why.len() < 300, "{why}");
        }
    }

    #[test]
    fn the_keys_must_agree_with_the_grid() {
        let made = generate::generate(6, 11, None).unwrap();
        let right = PuzzleJson {
            solution: Some(made.solution.columns().map(|r| r.map_or(0, usize::from)).collect()),
            difficulty: Some("easy".into()),
            date: Some("2024-02-29".into()),
            ..PuzzleJson::of(&made.puzzle)
        };
        assert_eq!(right.puzzle(), Ok(made.puzzle.clone()));
        let mut swapped = right.solution.clone().unwrap();
        swapped.swap(0, 5);
        let cases = [
            (PuzzleJson { n: 5, ..right.clone() }, "\"n\" is 5 but the grid has 6 rows"),
            (
                PuzzleJson { n: 2, regions: vec![vec![0]], ..PuzzleJson::default() },
                "\"n\" is 2 but the grid has 1 row",
            ),
            (
                PuzzleJson { solution: Some(swapped), ..right.clone() },
                "the puzzle's \"solution\" does not solve its grid: the queens on",
            ),
            (
                PuzzleJson { difficulty: Some("hard".into()), ..right.clone() },
                "the puzzle's \"difficulty\" is hard but its grid is easy",
            ),
            (
                PuzzleJson { difficulty: Some("trivial".into()), ..right.clone() },
                "the puzzle's \"difficulty\": unknown difficulty 'trivial'",
            ),
            (
                PuzzleJson { date: Some("2023-02-29".into()), ..right.clone() },
                "the puzzle's \"date\": '2023-02-29' is not a real date",
            ),
            (
                PuzzleJson { date: Some("soon".into()), ..right.clone() },
                "the puzzle's \"date\": 'soon' is not a date as YYYY-MM-DD",
            ),
        ];
        for (json, expected) in cases {
            let why = json.puzzle().unwrap_err().to_string();
            assert!(why.starts_with(expected), "{why}");
        }
    }
}
