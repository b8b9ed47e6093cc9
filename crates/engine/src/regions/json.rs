//! A puzzle as JSON, as `queens regions generate --format json` prints it:
//! `{"n":6,"regions":[[0,0,1,...],...],"solution":[...],"difficulty":"easy","seed":11}`,
//! with `"date"` in place of `"seed"` for a day's puzzle. Only `"n"` and
//! `"regions"` are needed; any other key is refused, so that a typo is
//! noticed.
//!
//! Written and read here, for the command line and the web page alike,
//! and checked here: [`PuzzleJson::puzzle`] is the one place that says
//! whether the keys agree with the grid. Read with the engine's small JSON
//! reader ([`crate::json`]), a key at a time, so that what is wrong is said
//! with the key's name and where.

use super::deduce::{self, Difficulty};
use super::generate::date_said;
use super::{MAX_SIDE, Puzzle, PuzzleError};
use crate::json::{Fault, Reader, Whole, json_string, whole};
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
        let mut reader = Reader::new(text);
        let json = object(&mut reader)?;
        reader.blank();
        if reader.at < text.len() {
            return Err(reader.fault(reader.at, "something follows the puzzle's closing '}'").into());
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

impl From<Fault> for PuzzleError {
    fn from(fault: Fault) -> PuzzleError {
        PuzzleError(format!("the puzzle's JSON is not valid: {fault}"))
    }
}

/// The object, key by key.
fn object(reader: &mut Reader<'_>) -> Result<PuzzleJson, PuzzleError> {
    reader.blank();
    if reader.peek() != Some(b'{') {
        return Err(reader.ended_or("the puzzle's opening '{'").into());
    }
    let mut json = PuzzleJson::default();
    let mut seen = [false; KEYS.len()];
    reader.members(&mut |reader, key, start| {
        let Some(index) = KEYS.iter().position(|&k| k == key) else {
            let why = format!("unknown key {}: the keys are {}", quoted(&key), KEYS.join(", "));
            return Err(reader.fault(start, &why).into());
        };
        if std::mem::replace(&mut seen[index], true) {
            return Err(reader.fault(start, &format!("\"{key}\" is given twice")).into());
        }
        value(reader, &mut json, KEYS[index])
    })?;
    // KEYS starts with the two a puzzle needs.
    if let Some(missing) = KEYS[..2].iter().zip(seen).find_map(|(key, seen)| (!seen).then_some(key)) {
        let why = format!("there is no \"{missing}\": a puzzle needs \"n\" and \"regions\"");
        return Err(reader.fault(reader.at, &why).into());
    }
    Ok(json)
}

/// The value of `key`, into `json`.
fn value(reader: &mut Reader<'_>, json: &mut PuzzleJson, key: &str) -> Result<(), PuzzleError> {
    let place = format!("\"{key}\"");
    let optional = key != "n" && key != "regions";
    if optional && reader.at_word("null") {
        reader.at += 4;
        return Ok(());
    }
    let last = MAX_SIDE as u64 - 1;
    match key {
        "n" => json.n = number(reader, &place, 1..=MAX_SIDE as u64, "a whole number")? as usize,
        "regions" => {
            let mut rows = Vec::new();
            list(reader, &place, "a list of rows", &mut |reader, row| {
                let place = format!("{place} row {}", row + 1);
                let mut squares = Vec::new();
                list(reader, &place, "a list of region numbers", &mut |reader, col| {
                    let place = format!("{place}, square {}", col + 1);
                    squares.push(number(reader, &place, 0..=last, "a region number")? as usize);
                    Ok(())
                })?;
                rows.push(squares);
                Ok(())
            })?;
            json.regions = rows;
        }
        "solution" => {
            let mut rows = Vec::new();
            list(reader, &place, "a list of rows", &mut |reader, col| {
                rows.push(number(reader, &format!("{place} item {}", col + 1), 0..=last, "a row")? as usize);
                Ok(())
            })?;
            json.solution = Some(rows);
        }
        "seed" => json.seed = Some(number(reader, &place, 0..=u64::MAX, "a whole number")?),
        "difficulty" => json.difficulty = Some(text_value(reader, &place)?),
        _ => json.date = Some(text_value(reader, &place)?),
    }
    Ok(())
}

/// `[item, ...]`, each read by `item` with its index, named `place` in a
/// message saying it is not `expected` (a list of ...).
fn list(
    reader: &mut Reader<'_>,
    place: &str,
    expected: &str,
    item: &mut dyn FnMut(&mut Reader<'_>, usize) -> Result<(), PuzzleError>,
) -> Result<(), PuzzleError> {
    reader.blank();
    if reader.peek() != Some(b'[') {
        let kind = reader.kind()?;
        return Err(reader.fault(reader.at, &format!("{place} is {kind}: expected {expected}")).into());
    }
    reader.items(item)
}

/// A whole number in `range`, named `place` in a message, which says
/// what was expected (`a whole number`) and the range.
fn number(
    reader: &mut Reader<'_>,
    place: &str,
    range: RangeInclusive<u64>,
    expected: &str,
) -> Result<u64, PuzzleError> {
    reader.blank();
    let start = reader.at;
    let expected = format!("expected {expected} from {} to {}", range.start(), range.end());
    if !matches!(reader.peek(), Some(b'-' | b'0'..=b'9')) {
        let kind = reader.kind()?;
        return Err(reader.fault(start, &format!("{place} is {kind}: {expected}")).into());
    }
    let text = reader.number_text()?;
    let why = match whole(text) {
        Whole::Is(value) if range.contains(&value) => return Ok(value),
        Whole::Is(value) if value < *range.start() => "too small",
        Whole::Negative => "too small",
        Whole::Fraction => "not a whole number",
        Whole::Is(_) | Whole::TooLarge => "too large",
    };
    Err(reader.fault(start, &format!("{place} is {}, {why}: {expected}", shown(text))).into())
}

/// A string value, named `place` in a message.
fn text_value(reader: &mut Reader<'_>, place: &str) -> Result<String, PuzzleError> {
    if reader.peek() != Some(b'"') {
        let kind = reader.kind()?;
        return Err(reader.fault(reader.at, &format!("{place} is {kind}: expected a string")).into());
    }
    Ok(reader.string()?)
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
