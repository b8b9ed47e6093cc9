//! When the game loop saves: the state file read at start, then written
//! each time the mode, the size or the progress changes, over what another
//! game saved meanwhile only where this one chose.

use super::state::StateFile;
use crate::game::{Choices, Engine, SavedState};
use log::warn;

/// Saves the engine's mode, size and progress as they change.
pub struct Saver {
    file: Option<StateFile>,
    /// The last problem said: one that stays (a read-only file) is said once, not at every save.
    said: Option<String>,
    /// The mode, size and regions puzzle when the state was read or last
    /// saved: only those changed since are this game's choice, saved over
    /// another game's.
    as_of: Choices,
    /// The game started on is to be saved once the loop runs ([`Saver::started`]).
    due: bool,
}

impl Default for Saver {
    /// No file: nothing is saved.
    fn default() -> Self {
        Saver { file: None, said: None, as_of: SavedState::default().choices(), due: false }
    }
}

impl Saver {
    /// The saved state, or the defaults, and what saves it; a corrupt file
    /// is reported and set aside, and what is no state file at all ends
    /// the game before it starts.
    pub fn load(file: Option<StateFile>) -> Result<(SavedState, Saver), String> {
        let Some(file) = file else { return Ok((SavedState::default(), Saver::default())) };
        let loaded = file.load()?;
        if let Some(warning) = &loaded.warning {
            warn!("{warning}");
        }
        // A file a newer queens wrote is left alone: this game does not save.
        let state = loaded.state.unwrap_or_default();
        let file = loaded.may_save.then_some(file);
        let saver = Saver { file, said: loaded.warning, as_of: state.choices(), due: false };
        Ok((state, saver))
    }

    /// The game `engine` starts on, `asked` for or not. What it starts on
    /// is its choice only when the player asked for it (the command line,
    /// a puzzle given): saved as soon as the game loop runs (its warnings
    /// held back as the loop's are), as a choice in the menu is. The
    /// config file's mode or a size fitted to the display is not, and
    /// leaves another game's choice in the file.
    pub fn started(&mut self, engine: &Engine, asked: bool) {
        if asked {
            self.due = true;
        } else {
            self.as_of.mode = engine.setup().mode;
            self.as_of.size = engine.setup().size;
        }
    }

    /// Saves the game started on, if [`Saver::started`] said it is due.
    pub(super) fn save_due(&mut self, engine: &Engine) {
        if std::mem::take(&mut self.due) {
            self.save(engine);
        }
    }

    /// Saves `engine`'s state; a failure is a warning (once) and the game goes on.
    pub fn save(&mut self, engine: &Engine) {
        let Some(file) = &self.file else { return };
        let state = SavedState::of(engine);
        let problem = match file.save(&state, &self.as_of) {
            Ok(warning) => {
                self.as_of = state.choices();
                warning
            }
            Err(e) => Some(e.line()),
        };
        match &problem {
            Some(line) if self.said.as_ref() != Some(line) => warn!("{line}"),
            _ => {}
        }
        self.said = problem;
    }
}
