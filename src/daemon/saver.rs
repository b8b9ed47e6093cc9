//! When the game loop saves: the state file read at start, then written
//! each time the mode, the size or the progress changes, over what another
//! game saved meanwhile only where this one chose. What to save and when
//! is the engine's save book ([`SaveBook`], the page's too); this wraps it
//! around the file.

use super::state::StateFile;
use crate::game::{Engine, PuzzleInPlay, SaveBook, SavedState};
use log::warn;

/// The state file read at start: the state in it (or the defaults), and
/// the file to save to, if this game may.
pub struct Stored {
    /// The state read, or the defaults (no file, a fresh one, one set aside).
    pub state: SavedState,
    file: Option<StateFile>,
    /// What loading said, if anything: said once, not again at a save.
    said: Option<String>,
}

impl Stored {
    /// The saved state, or the defaults, and the file to save to; a
    /// corrupt file is reported and set aside, and what is no state file at
    /// all ends the game before it starts.
    pub fn load(file: Option<StateFile>) -> Result<Stored, String> {
        let Some(file) = file else {
            return Ok(Stored { state: SavedState::default(), file: None, said: None });
        };
        let loaded = file.load()?;
        if let Some(warning) = &loaded.warning {
            warn!("{warning}");
        }
        // A file a newer queens wrote is left alone: this game does not save.
        let file = loaded.may_save.then_some(file);
        Ok(Stored { state: loaded.state.unwrap_or_default(), file, said: loaded.warning })
    }

    /// What saves `engine`, started from this state: `asked` says whether
    /// the player chose what it started on ([`SaveBook::new`]).
    pub fn saver(self, engine: &Engine, asked: bool) -> Saver {
        let mut book = SaveBook::new(engine, &self.state, asked, PuzzleInPlay::LastChosen);
        if self.file.is_none() {
            book.stop();
        }
        Saver { file: self.file, said: self.said, book }
    }
}

/// Saves the engine's mode, size and progress as they change.
pub struct Saver {
    file: Option<StateFile>,
    /// The last problem said: one that stays (a read-only file) is said once, not at every save.
    said: Option<String>,
    book: SaveBook,
}

impl Saver {
    /// Saves `engine`'s state if the book says it is due (call it when the
    /// game starts and after every event); a failure is a warning (once)
    /// and the game goes on.
    pub fn save(&mut self, engine: &mut Engine) {
        if !self.book.due(engine) {
            return;
        }
        let Some(file) = &self.file else { return };
        let ours = engine.state();
        let problem = match file.save(|there| self.book.merged(&ours, there)) {
            Ok(warning) => {
                self.book.saved(&ours);
                warning
            }
            Err(e) => {
                self.book.failed();
                Some(e.line())
            }
        };
        match &problem {
            Some(line) if self.said.as_ref() != Some(line) => warn!("{line}"),
            _ => {}
        }
        self.said = problem;
    }
}
