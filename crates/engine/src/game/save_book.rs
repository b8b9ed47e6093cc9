//! The bookkeeping of what to save, pure and once for both front ends: the
//! daemon's saver (the state file) and the page's storage (`localStorage`)
//! each wrap a [`SaveBook`] and do only their own reading and writing.

use super::engine::Engine;
use super::saved::{Choices, SavedState};

/// Whose the regions puzzle in play is when a game saves over another's:
/// the one intended difference between the state file and the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleInPlay {
    /// The state file's: several games share it (the service and a
    /// terminal), and a restart is a new session, so the puzzle kept is
    /// the one chosen last by any of them (as the mode and size are), and a
    /// new puzzle is saved once something is played.
    LastChosen,
    /// The page's: a reload is this tab's game going on, so the puzzle it
    /// shows is the one stored, at once (a new one too) and never another
    /// tab's.
    OnShow,
}

/// What a game has saved, and whether it has something new to save: the
/// choices (mode, size, regions puzzle) as of the last read or save, so
/// that only those changed since are saved over another game's, and the
/// changes not saved yet.
#[derive(Clone, Debug)]
pub struct SaveBook {
    /// The mode, size and regions puzzle when the state was read or last
    /// saved: only those changed since are this game's choice.
    as_of: Choices,
    /// The choices of the state read at the start ([`SaveBook::merged`]).
    read: Choices,
    /// A change not saved yet.
    unsaved: bool,
    /// Whether the game saves at all: not over what a newer build saved.
    keeps: bool,
    puzzle: PuzzleInPlay,
}

impl SaveBook {
    /// The book of `engine`, started ([`Engine::start`]) from `saved`, the
    /// state read. What it started on is its choice, to save at once, only
    /// when the player asked for it (`asked`: a mode, a size, a puzzle or a
    /// day); a mode from the config file or a size fitted to the display
    /// is not, and leaves another game's choice saved. Where the puzzle in
    /// play is the one on show ([`PuzzleInPlay::OnShow`]), a new one is
    /// saved at once too.
    pub fn new(engine: &Engine, saved: &SavedState, asked: bool, puzzle: PuzzleInPlay) -> SaveBook {
        let setup = engine.setup();
        let as_of = match asked {
            true => saved.choices(),
            // Auto-mark from `--auto-mark` or the config file is no choice either.
            false => Choices {
                mode: setup.mode(),
                size: setup.size(),
                regions: saved.regions,
                auto_mark: setup.auto_mark(),
                tilt: setup.tilt(),
            },
        };
        let unsaved = asked || (puzzle == PuzzleInPlay::OnShow && engine.in_play() != saved.regions);
        SaveBook { as_of, read: saved.choices(), unsaved, keeps: true, puzzle }
    }

    /// Whether there is something to save now: a change since the last
    /// save (the engine's, taken from it: call this after every event), and
    /// the game keeps its state.
    pub fn due(&mut self, engine: &mut Engine) -> bool {
        self.unsaved |= engine.take_changed();
        self.keeps && self.unsaved
    }

    /// What to write: `ours` (the engine's, [`Engine::state`]) over
    /// `there`, what is saved now (another game's perhaps; `None` for
    /// nothing): [`SavedState::merged`], the regions puzzle as
    /// [`PuzzleInPlay`] says. Over nothing, the choices are merged over
    /// those the game read at its start, so that what it started on
    /// without the player asking (a puzzle from a link, a size fitted) is
    /// not saved as their choice there either: a best time is the first
    /// thing a shared link's solve saves on a first visit, and the next
    /// visit still opens as the player left it, not on the link's size.
    pub fn merged(&self, ours: &SavedState, there: Option<&SavedState>) -> SavedState {
        let Choices { mode, size, regions, auto_mark, tilt } = self.read;
        let as_read = SavedState { mode, size, regions, auto_mark, tilt, ..SavedState::default() };
        let merged = ours.merged(&self.as_of, there.unwrap_or(&as_read));
        match self.puzzle {
            PuzzleInPlay::LastChosen => merged,
            PuzzleInPlay::OnShow => SavedState { regions: ours.regions, ..merged },
        }
    }

    /// `ours` was saved: its choices are the ones as of now.
    pub fn saved(&mut self, ours: &SavedState) {
        self.as_of = ours.choices();
        self.unsaved = false;
    }

    /// The save failed, and was said: the next change tries again.
    pub fn failed(&mut self) {
        self.unsaved = false;
    }

    /// Stops saving: what is saved is a newer build's.
    pub fn stop(&mut self) {
        self.keeps = false;
    }

    /// Whether the game saves at all.
    pub fn keeps(&self) -> bool {
        self.keeps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::in_play::InPlay;
    use crate::game::modes::ModeKind;
    use crate::game::progress::Progress;
    use crate::game::setup::Setup;
    use crate::game::size::BoardSize;

    fn size(n: usize) -> BoardSize {
        BoardSize::try_from(n).unwrap()
    }

    fn engine(mode: ModeKind, n: usize) -> Engine {
        Engine::fresh(Setup::of(mode, n).largest(16).setup())
    }

    #[test]
    fn only_what_the_player_asked_for_is_saved_at_the_start_and_a_change_after_it() {
        let saved = SavedState { mode: ModeKind::Cover, size: size(6), ..SavedState::default() };
        let mut strict = engine(ModeKind::Strict, 8);
        // What is saved now: cover 6x6, and another game's solution.
        let there = SavedState { progress: Progress::from_found([5]).unwrap(), ..saved.clone() };
        let mut asked = SaveBook::new(&strict, &saved, true, PuzzleInPlay::LastChosen);
        assert!(asked.due(&mut strict), "asked for: saved at once");
        let merged = asked.merged(&strict.state(), Some(&there));
        assert_eq!(
            (merged.mode, merged.size, merged.progress.count()),
            (ModeKind::Strict, size(8), 1),
            "chosen"
        );
        asked.saved(&strict.state());
        assert!(!asked.due(&mut strict), "saved once");
        assert_eq!(
            asked.merged(&strict.state(), Some(&there)).mode,
            ModeKind::Cover,
            "not chosen again since"
        );
        let mut config = SaveBook::new(&strict, &saved, false, PuzzleInPlay::LastChosen);
        assert!(!config.due(&mut strict), "the config file's mode is no choice");
        let merged = config.merged(&strict.state(), Some(&there));
        assert_eq!((merged.mode, merged.size, merged.progress.count()), (ModeKind::Cover, size(6), 1));
        config.stop();
        assert!(!config.due(&mut strict) && !config.keeps());
    }

    #[test]
    fn the_puzzle_in_play_is_the_last_chosen_in_the_file_and_the_one_on_show_on_the_page() {
        let mut regions = engine(ModeKind::Regions, 7);
        let ours = regions.state();
        let kept = ours.regions.expect("a new 7x7 to keep");
        let saved = SavedState { mode: ModeKind::Regions, size: size(7), ..SavedState::default() };
        let mut file = SaveBook::new(&regions, &saved, false, PuzzleInPlay::LastChosen);
        let mut page = SaveBook::new(&regions, &saved, false, PuzzleInPlay::OnShow);
        assert!(!file.due(&mut regions), "a restart of the game is a new session");
        assert!(page.due(&mut regions), "a reload shows the new puzzle again: stored at once");
        // Another game (tab) saved its own puzzle since.
        let other = SavedState { regions: Some(InPlay { size: 9, seed: 1 }), ..saved };
        assert_eq!(page.merged(&ours, Some(&other)).regions, Some(kept), "the page's own");
        assert_eq!(file.merged(&ours, Some(&other)).regions, Some(kept), "changed from what was read: ours");
        file.saved(&ours);
        page.saved(&ours);
        // Neither game played its puzzle since it saved it: the file takes the other's, the page keeps its own.
        assert_eq!(file.merged(&ours, Some(&other)).regions, other.regions);
        assert_eq!(page.merged(&ours, Some(&other)).regions, Some(kept));
        let none = SavedState { regions: None, ..ours };
        assert_eq!(page.merged(&none, Some(&other)).regions, None, "none on show, none stored");
    }

    #[test]
    fn over_nothing_saved_a_linked_puzzles_size_is_not_saved_as_the_players_choice() {
        // A first visit opened on a shared 7x7 (not asked for: the page's start), solved: its best
        // time is saved, and the mode and size stay the first run's.
        let link = engine(ModeKind::Regions, 7);
        let book = SaveBook::new(&link, &SavedState::default(), false, PuzzleInPlay::OnShow);
        let best = crate::game::BestTimes::from_saved([(0xfeed, 34_000)], None);
        let ours = SavedState { best: best.clone(), ..link.state() };
        let saved = book.merged(&ours, None);
        assert_eq!((saved.mode, saved.size, saved.best), (ModeKind::Classic, size(8), best));
        // Started from a stored regions 7x7, which is gone when it saves: it is written back.
        let stored = SavedState { mode: ModeKind::Regions, size: size(7), ..SavedState::default() };
        let book = SaveBook::new(&link, &stored, false, PuzzleInPlay::OnShow);
        assert_eq!(
            (book.merged(&ours, None).mode, book.merged(&ours, None).size),
            (ModeKind::Regions, size(7))
        );
    }
}
