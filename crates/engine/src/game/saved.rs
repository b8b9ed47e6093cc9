//! What every saved state (the state file, the page's storage) shares: the
//! version of its format, and what to say about one this build cannot use.

use std::fmt;

/// The version of the saved state's format this build writes and reads. A
/// saved state without a version is version 1 (what was written before
/// versions were). Raise it when what is saved changes, so that an older
/// build leaves a newer state alone instead of judging it corrupt.
pub const STATE_VERSION: u32 = 1;

/// Why a saved state was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// It breaks a rule of the format (the text says which, beginning
    /// "is not valid"): it is set aside, and the game starts afresh.
    Invalid(String),
    /// A newer build wrote it, in a format of this version: it is neither
    /// set aside nor replaced, and the game is played without saving.
    Newer(i64),
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unusable::Invalid(why) => f.write_str(why),
            Unusable::Newer(version) => write!(
                f,
                "was written by a newer queens (format version {version}, this one reads up to {STATE_VERSION}); progress will not be saved"
            ),
        }
    }
}

impl Unusable {
    /// An [`Unusable::Invalid`] saying `why` the state is not valid.
    pub fn invalid(why: impl fmt::Display) -> Unusable {
        Unusable::Invalid(format!("is not valid: {why}"))
    }
}

/// Whether a saved state of format `version` can be read by this build.
pub fn check_version(version: i64) -> Result<(), Unusable> {
    match version {
        ..=0 => Err(Unusable::invalid(format!("version {version} is not a version (1 or more)"))),
        v if v > i64::from(STATE_VERSION) => Err(Unusable::Newer(v)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_version_above_this_builds_is_newer() {
        assert_eq!(check_version(1), Ok(()));
        assert_eq!(check_version(2), Err(Unusable::Newer(2)));
        let newer = Unusable::Newer(2).to_string();
        assert!(newer.contains("newer queens") && newer.ends_with("progress will not be saved"), "{newer}");
        assert_eq!(
            check_version(0).unwrap_err().to_string(),
            "is not valid: version 0 is not a version (1 or more)"
        );
    }
}
