//! The player's progress as the page keeps it in `localStorage`: the saved
//! state's fields (`src/daemon/state.rs` in the root crate) under the same
//! rules, as JSON: `{"mode":"classic","size":8,"found":[0,17]}`.
//!
//! The page parses the JSON and checks its shape (an object with exactly
//! these three keys, of these types); the values are checked here, as the
//! saved state's are: a known mode, a size some mode plays, solution
//! numbers of the 92. A value that breaks a rule is not used.

use queens_engine::game::{Engine, ModeKind, Progress, SIZES};

/// What is remembered between visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The mode played last.
    pub mode: ModeKind,
    /// The board size played last.
    pub size: usize,
    /// The solutions of the 8x8 found.
    pub progress: Progress,
}

impl Saved {
    /// What `engine` would keep now.
    pub fn of(engine: &Engine) -> Saved {
        Saved { mode: engine.setup().mode, size: engine.setup().size, progress: *engine.progress() }
    }

    /// Reads the fields the page took out of the JSON, separated by spaces:
    /// the mode, the size, then the solution numbers found (`classic 8 0 17`).
    /// The error says what is wrong, in words, as the saved state's do.
    pub fn parse(fields: &str) -> Result<Saved, String> {
        let mut words = fields.split_whitespace();
        let mode = words.next().unwrap_or_default().parse().map_err(|e| format!("is not valid: {e}"))?;
        let size = words.next().unwrap_or_default();
        let size = size.parse().ok().filter(|n| SIZES.contains(n)).ok_or_else(|| {
            format!("is not valid: size {size} is outside {}..={}", SIZES.start(), SIZES.end())
        })?;
        let above = || "is not valid: 'found' lists a solution number above 91".to_string();
        let found: Vec<usize> = words.map(|w| w.parse().map_err(|_| above())).collect::<Result<_, _>>()?;
        let progress = Progress::from_found(found).ok_or_else(above)?;
        Ok(Saved { mode, size, progress })
    }

    /// The JSON the page stores.
    pub fn to_json(&self) -> String {
        let found: Vec<String> = self.progress.found().map(|i| i.to_string()).collect();
        format!(r#"{{"mode":"{}","size":{},"found":[{}]}}"#, self.mode, self.size, found.join(","))
    }
}

impl Default for Saved {
    /// A first visit: classic on the 8x8, nothing found yet.
    fn default() -> Self {
        Saved { mode: ModeKind::Classic, size: 8, progress: Progress::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_stored_reads_back_the_same() {
        let saved =
            Saved { mode: ModeKind::Strict, size: 12, progress: Progress::from_found([0, 91]).unwrap() };
        assert_eq!(saved.to_json(), r#"{"mode":"strict","size":12,"found":[0,91]}"#);
        assert_eq!(Saved::parse("strict 12 0 91"), Ok(saved));
        assert_eq!(Saved::parse("classic 8"), Ok(Saved { size: 8, ..Saved::default() }));
    }

    #[test]
    fn values_that_break_the_saved_states_rules_are_refused_in_words() {
        let cases = [
            ("chess 8", "is not valid: unknown mode 'chess': expected one of classic, strict, cover"),
            ("classic 3", "is not valid: size 3 is outside 4..=16"),
            ("classic 17", "is not valid: size 17 is outside 4..=16"),
            ("classic 8.5", "is not valid: size 8.5 is outside 4..=16"),
            ("cover 8 92", "is not valid: 'found' lists a solution number above 91"),
            ("cover 8 -1", "is not valid: 'found' lists a solution number above 91"),
            ("", "is not valid: unknown mode '': expected one of classic, strict, cover"),
        ];
        for (fields, why) in cases {
            assert_eq!(Saved::parse(fields), Err(why.to_string()), "{fields}");
        }
    }
}
