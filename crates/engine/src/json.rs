//! The engine's one small JSON reader and writer, for the two JSON texts it
//! reads and writes: a regions puzzle ([`crate::regions::json`]) and the
//! page's saved progress ([`crate::game::SavedState::from_json`]).
//!
//! Not a general JSON library: the engine depends on nothing, and a
//! general one would cost the page's module more than this does
//! (docs/PERFORMANCE.md). A number is kept as written, so that a reader
//! judges it exactly however large ([`whole`]), where a browser's
//! `JSON.parse` rounds one past 2^53. What is wrong is one line saying where
//! ([`Fault`]).

use crate::words::quoted;
use std::fmt::{self, Write as _};

/// How deep lists and objects may nest in a [`parse`]d value: far more
/// than either text holds, and little enough that no stack runs out.
const MAX_DEPTH: usize = 32;

/// `text` as a JSON string, quotes included, its control characters
/// escaped: the one writer of JSON strings.
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

/// Why JSON text is not read: what is wrong, and where (from 1, a column
/// counting characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What is wrong.
    pub why: String,
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (line {}, column {})", self.why, self.line, self.column)
    }
}

/// What a whole number is, or why it is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whole {
    /// A whole number `u64` holds.
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
pub fn whole(number: &str) -> Whole {
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

/// A JSON value, its numbers as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number's text, its grammar checked: [`whole`] reads it.
    Number(&'a str),
    /// A string, its escapes undone.
    String(String),
    /// `[...]`.
    List(Vec<Value<'a>>),
    /// The members in their order, a key given twice kept twice.
    Object(Vec<(String, Value<'a>)>),
}

impl Value<'_> {
    /// What the value is, for a message saying it is not what was expected.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "true or false",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::List(_) => "a list",
            Value::Object(_) => "an object",
        }
    }
}

/// The JSON text `text`, whole: one value, with nothing but blanks after it.
pub fn parse(text: &str) -> Result<Value<'_>, Fault> {
    let mut reader = Reader::new(text);
    let value = reader.value(0)?;
    reader.blank();
    if reader.at < text.len() {
        return Err(reader.fault(reader.at, "something follows the value"));
    }
    Ok(value)
}

/// The reader: the text and where it has got to (a byte offset). Its steps
/// are public so that a reader of one shape (a puzzle's keys) walks the text
/// itself and says what is wrong as it goes.
pub struct Reader<'a> {
    text: &'a str,
    /// Where it has got to, a byte offset.
    pub at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader { text, at: 0 }
    }

    /// The byte here, or `None` at the end.
    pub fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Whether the text here starts with `word`.
    pub fn at_word(&self, word: &str) -> bool {
        self.text[self.at..].starts_with(word)
    }

    /// Past JSON's blanks: space, tab, line feed, carriage return.
    pub fn blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// The fault `why`, at byte `at`, as a line and column.
    pub fn fault(&self, at: usize, why: &str) -> Fault {
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Fault { why: why.to_string(), line, column }
    }

    /// What comes next, or the end, where `expected` should be.
    pub fn ended_or(&self, expected: &str) -> Fault {
        match self.text[self.at..].chars().next() {
            None => self.fault(self.at, &format!("it ends where {expected} should be")),
            Some(c) => self.fault(self.at, &format!("{} where {expected} should be", quoted(&c.to_string()))),
        }
    }

    /// Past `byte` (after any blanks), or the fault that `expected` is not there.
    pub fn expect(&mut self, byte: u8, expected: &str) -> Result<(), Fault> {
        self.blank();
        if self.peek() != Some(byte) {
            return Err(self.ended_or(expected));
        }
        self.at += 1;
        Ok(())
    }

    /// What the value here is, for a message saying it is not what was expected.
    pub fn kind(&self) -> Result<&'static str, Fault> {
        Ok(match self.peek() {
            Some(b'"') => "a string",
            Some(b'[') => "a list",
            Some(b'{') => "an object",
            Some(b'-' | b'0'..=b'9') => "a number",
            _ if self.at_word("true") || self.at_word("false") => "true or false",
            _ if self.at_word("null") => "null",
            _ => return Err(self.ended_or("a value")),
        })
    }

    /// `[item, ...]` (at its `[`), each read by `item` with its index.
    pub fn items<E: From<Fault>>(
        &mut self,
        item: &mut dyn FnMut(&mut Self, usize) -> Result<(), E>,
    ) -> Result<(), E> {
        self.expect(b'[', "'['")?;
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
                _ => return Err(self.ended_or("',' or ']'").into()),
            }
        }
        self.at += 1;
        Ok(())
    }

    /// `{"key": value, ...}` (at its `{`), each value read by `member` with
    /// its key and where the key starts.
    pub fn members<E: From<Fault>>(
        &mut self,
        member: &mut dyn FnMut(&mut Self, String, usize) -> Result<(), E>,
    ) -> Result<(), E> {
        self.expect(b'{', "'{'")?;
        self.blank();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(());
        }
        loop {
            self.blank();
            let start = self.at;
            if self.peek() != Some(b'"') {
                return Err(self.ended_or("a key in double quotes").into());
            }
            let key = self.string()?;
            self.expect(b':', "':' after the key")?;
            self.blank();
            member(self, key, start)?;
            self.blank();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return Err(self.ended_or("',' or '}'").into()),
            }
        }
    }

    /// Any value here, lists and objects nested at most [`MAX_DEPTH`] deep.
    fn value(&mut self, depth: usize) -> Result<Value<'a>, Fault> {
        self.blank();
        if depth > MAX_DEPTH {
            return Err(self.fault(self.at, &format!("lists and objects nested more than {MAX_DEPTH} deep")));
        }
        let value = match self.kind()? {
            "a string" => Value::String(self.string()?),
            "a number" => Value::Number(self.number_text()?),
            "a list" => {
                let mut list = Vec::new();
                self.items(&mut |reader: &mut Self, _| {
                    list.push(reader.value(depth + 1)?);
                    Ok::<_, Fault>(())
                })?;
                Value::List(list)
            }
            "an object" => {
                let mut members = Vec::new();
                self.members(&mut |reader: &mut Self, key, _| {
                    members.push((key, reader.value(depth + 1)?));
                    Ok::<_, Fault>(())
                })?;
                Value::Object(members)
            }
            _ => {
                let (value, word) =
                    [(Value::Null, "null"), (Value::Bool(true), "true"), (Value::Bool(false), "false")]
                        .into_iter()
                        .find(|(_, word)| self.at_word(word))
                        .ok_or_else(|| self.ended_or("a value"))?;
                self.at += word.len();
                value
            }
        };
        Ok(value)
    }

    /// The text of the JSON number here (at its `-` or first digit), past it.
    pub fn number_text(&mut self) -> Result<&'a str, Fault> {
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
            return Err(self.fault(start, "a number that is not written as JSON writes numbers"));
        }
        self.at = at;
        Ok(&self.text[start..at])
    }

    /// The string here (at its opening quote), its escapes undone.
    pub fn string(&mut self) -> Result<String, Fault> {
        let open = self.at;
        self.at += 1;
        let mut out = String::new();
        loop {
            let rest = &self.text[self.at..];
            let Some(c) = rest.chars().next() else {
                return Err(self.fault(open, "a string that does not end"));
            };
            self.at += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => out.push(self.escape()?),
                c if u32::from(c) < 0x20 => {
                    return Err(self
                        .fault(self.at - 1, "a control character in a string: JSON writes it as an escape"));
                }
                c => out.push(c),
            }
        }
    }

    /// The character an escape stands for (after its `\`).
    fn escape(&mut self) -> Result<char, Fault> {
        let start = self.at - 1;
        let bad = |reader: &Self| reader.fault(start, "an escape JSON does not have");
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
                let code = if (0xd800..0xdc00).contains(&high) && self.at_word("\\u") {
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

    #[test]
    fn a_value_is_read_whole_its_numbers_as_written() {
        let text =
            " {\"\\u0076ersion\": 9007199254740993, \"l\": [1, \"a\\\"b\", null, true, {}], \"v\": 2.5e0 }\n";
        assert_eq!(
            parse(text),
            Ok(Value::Object(vec![
                ("version".into(), Value::Number("9007199254740993")),
                (
                    "l".into(),
                    Value::List(vec![
                        Value::Number("1"),
                        Value::String("a\"b".into()),
                        Value::Null,
                        Value::Bool(true),
                        Value::Object(vec![])
                    ])
                ),
                ("v".into(), Value::Number("2.5e0")),
            ]))
        );
        assert_eq!(parse(r#""\ud83d\ude00\n""#), Ok(Value::String("😀\n".into())));
        assert_eq!(json_string("a\"b\\c\n"), r#""a\"b\\c\u000a""#);
    }

    #[test]
    fn what_is_not_json_is_one_line_saying_where() {
        for (text, why) in [
            ("{not json", "'n' where a key in double quotes should be (line 1, column 2)"),
            ("[1, 2", "it ends where ',' or ']' should be (line 1, column 6)"),
            ("{\"a\": 1}\n x", "something follows the value (line 2, column 2)"),
            ("03", "a number that is not written as JSON writes numbers (line 1, column 1)"),
            ("\"\\x\"", "an escape JSON does not have (line 1, column 2)"),
            ("nul", "'n' where a value should be (line 1, column 1)"),
            ("", "it ends where a value should be (line 1, column 1)"),
        ] {
            assert_eq!(parse(text).map_err(|f| f.to_string()), Err(why.to_string()), "{text}");
        }
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(parse(&deep).unwrap_err().why.starts_with("lists and objects nested more than 32 deep"));
        assert!(parse(&format!("{}{}", "[".repeat(32), "]".repeat(32))).is_ok());
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
        assert_eq!(whole("18446744073709551616"), Whole::TooLarge);
        assert_eq!(whole("1e20"), Whole::TooLarge);
        assert_eq!(whole("1e999999999999999999999"), Whole::TooLarge);
        assert_eq!(whole("1e-999999999999999999999"), Whole::Fraction);
        assert_eq!(whole("1.5"), Whole::Fraction);
        assert_eq!(whole("-1"), Whole::Negative);
    }
}
