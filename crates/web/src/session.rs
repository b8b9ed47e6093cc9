//! One game on the page: the engine, the drawn joystick's gestures and the
//! keyboard, on the page's clock. Plain Rust, so the host runs its tests.

use crate::saved;
use queens_engine::game::gesture::{Gestures, Key, Timing};
use queens_engine::game::{
    Asked, Calendar, Checkerboard, Configured, Engine, Event, Frame, Host, MAX_SIDE, Millis, OnShow,
    PuzzleInPlay, SaveBook, SavedState, Setup, Stopwatch, Unusable,
};
use queens_engine::regions::Puzzle;

/// What the page's address gives to play first, instead of the game played last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A puzzle (`#p=`, or one pasted), checked by
    /// [`check_playable`](queens_engine::regions::share::check_playable).
    Puzzle(Puzzle),
    /// The puzzle of an earlier day (`#d=YYYY-MM-DD`), checked by
    /// [`past_day_said`](queens_engine::regions::generate::past_day_said).
    Day(i64),
}

/// The game, and what the page's input is in the middle of.
pub struct Session {
    engine: Engine,
    /// The drawn joystick: holds and repeats timed as on the Sense HAT.
    stick: Gestures,
    /// `m` gave a hold whose release has not been sent yet (as in the terminal).
    keyboard_holding: bool,
    /// The page's clock when the game started: the engine's time is counted from it.
    origin: f64,
    /// What to store and when: the engine's save book, the regions puzzle
    /// in play this tab's ([`PuzzleInPlay::OnShow`]).
    book: SaveBook,
}

impl Session {
    /// A game as `saved` left it (or a first one), started at `now` on the
    /// page's clock, on the day `calendar` tells (for regions mode's puzzle
    /// of the day), with regions mode's other puzzles from `seed` (the
    /// page's randomness) unless `saved` keeps one in play at the size
    /// played. With `intro` (a first visit) the title and what the keys do
    /// in the mode scroll once, as on the Sense HAT. A puzzle or a day
    /// `given` (the address's) is played first, in regions mode; it is not
    /// the player's choice of mode and size, so what is stored keeps
    /// theirs, and a past day's puzzle is not kept in it: the address keeps
    /// it across a reload, and today's progress stays as it was.
    pub fn start(
        saved: Option<SavedState>,
        intro: bool,
        now: f64,
        seed: u64,
        given: Option<Given>,
        stopwatch: Box<dyn Stopwatch>,
        calendar: Box<dyn Calendar>,
    ) -> Session {
        let saved = saved.unwrap_or_default();
        // Boards up to 16x16, on a larger grid, as the terminal has room for.
        let page = Host {
            largest_board: MAX_SIDE,
            intro_by_default: false,
            today: calendar.today(),
            seed,
            senses_tilt: false,
        };
        let choose = |given| {
            let (puzzle, date) = match given {
                Some(Given::Puzzle(puzzle)) => (Some(puzzle), None),
                Some(Given::Day(day)) => (None, Some(day)),
                None => (None, None),
            };
            Setup::choose(
                Asked { intro, puzzle, date, ..Asked::default() },
                &Configured::default(),
                &saved,
                page,
            )
        };
        // The page gives only a puzzle or day it checked, and asks for no size, so
        // nothing is refused; were it refused, the game played last would start.
        let setup = choose(given).or_else(|_| choose(None)).unwrap_or_default();
        let engine = Engine::start(setup, &saved, stopwatch, calendar);
        let mut stick = Gestures::new(Timing::default());
        stick.set_repeat(engine.repeats_held_directions());
        // What the game starts on (a size fitted to the mode, a puzzle given) is not a choice.
        let book = SaveBook::new(&engine, &saved, false, PuzzleInPlay::OnShow);
        Session { engine, stick, keyboard_holding: false, origin: now, book }
    }

    /// Milliseconds since the game started; a clock that went back counts as no time.
    fn millis(&self, now: f64) -> Millis {
        let ms = (now - self.origin).floor();
        if ms > 0.0 { ms as Millis } else { 0 }
    }

    /// One event at `now`, after bringing the picture up to that time, as the
    /// daemon's loop does on every backend.
    fn apply(&mut self, event: Event, now: Millis) {
        self.engine.tick(now);
        self.engine.handle(event, now);
        // The mode may have changed: classic moves once per push.
        self.stick.set_repeat(self.engine.repeats_held_directions());
    }

    /// A key of the drawn joystick went down or up at `now`.
    pub fn joystick(&mut self, key: Key, down: bool, now: f64) {
        let now = self.millis(now);
        self.expire(now);
        if let Some(event) = self.stick.key(key, down, now) {
            self.apply(event, now);
        }
    }

    /// A key of the keyboard, as the terminal backend takes it: every key
    /// acts at once; `m` (here [`Event::Hold`]) opens the menu, and its
    /// release is sent just before the next key's event.
    pub fn keyboard(&mut self, event: Event, now: f64) {
        let now = self.millis(now);
        self.expire(now);
        if std::mem::take(&mut self.keyboard_holding) {
            self.apply(Event::Release, now);
        }
        self.keyboard_holding = event == Event::Hold;
        self.apply(event, now);
    }

    /// A tap or click on the LED at pixel (`x`, `y`) of the frame went down
    /// at `now`: if a square of the board is drawn there, the cursor goes
    /// there ([`Event::At`]) and the middle of the joystick goes down, so
    /// that lifting it ([`Session::joystick`] with the middle) is a press,
    /// or after a second's hold the hold, timed as the drawn joystick's. A
    /// pending hold of the keyboard's `m` is released first, as before any
    /// key. Returns whether the pixel is a square: off the board (the dark
    /// edge of a board smaller than the frame) a tap does nothing.
    pub fn point(&mut self, x: u8, y: u8, now: f64) -> bool {
        let now = self.millis(now);
        self.expire(now);
        if Checkerboard::new(self.engine.setup().size().get()).square_at(x.into(), y.into()).is_none() {
            return false;
        }
        if std::mem::take(&mut self.keyboard_holding) {
            self.apply(Event::Release, now);
        }
        self.apply(Event::At { x, y }, now);
        if let Some(event) = self.stick.key(Key::Middle, true, now) {
            self.apply(event, now);
        }
        true
    }

    /// The tap [`Session::point`] started was taken back (the browser's
    /// `pointercancel`: a call coming in, the system taking the touch): the
    /// middle goes up without its press. A hold already given is let go of
    /// as usual, so that a release follows it.
    pub fn cancel_point(&mut self, now: f64) {
        let now = self.millis(now);
        self.expire(now);
        match self.stick.key(Key::Middle, false, now) {
            Some(Event::Press) | None => {}
            Some(event) => self.apply(event, now),
        }
    }

    /// The tap [`Session::point`] started on pixel `from` slid onto pixel
    /// `to` at `now`, a drag to mark: on its first move the tap presses
    /// nothing (as one taken back) and the square it started on is marked
    /// ([`Event::Mark`]: a dot if it is empty), then each square it crosses.
    /// A tap held into the menu drags nothing, and in a mode that does not
    /// drag to mark ([`ModeKind::drags_to_mark`](queens_engine::game::ModeKind::drags_to_mark))
    /// the tap stays a tap. Returns whether the drag marks.
    pub fn drag(&mut self, from: (u8, u8), to: (u8, u8), first: bool, now: f64) -> bool {
        if !self.engine.setup().mode().drags_to_mark() {
            return false;
        }
        if first {
            self.cancel_point(now);
            if self.engine.is_menu_open() {
                return false;
            }
            let now = self.millis(now);
            self.apply(Event::Mark { x: from.0, y: from.1 }, now);
        }
        let now = self.millis(now);
        self.apply(Event::Mark { x: to.0, y: to.1 }, now);
        true
    }

    /// The page hidden (`hidden`) or shown again at `now`: regions' clock
    /// stops while the page is hidden, and no tick is due for it.
    pub fn hidden(&mut self, hidden: bool, now: f64) {
        let now = self.millis(now);
        self.expire(now);
        self.engine.tick(now);
        self.engine.pause(hidden, now);
    }

    /// Regions mode's auto-mark on or off (the page's checkbox), saved as the player's choice.
    pub fn set_auto_mark(&mut self, on: bool) {
        self.engine.set_auto_mark(on);
    }

    /// Brings everything up to `now`: a hold or repeat of the joystick that
    /// is due, and the animation playing.
    pub fn tick(&mut self, now: f64) {
        let now = self.millis(now);
        self.expire(now);
        self.engine.tick(now);
    }

    fn expire(&mut self, now: Millis) {
        while let Some(due) = self.stick.deadline().filter(|&due| due <= now) {
            if let Some(event) = self.stick.expire(due) {
                self.apply(event, due);
            }
        }
    }

    /// When the page must call [`Session::tick`] next, on its own clock:
    /// `None` while nothing animates and no key is held, so an idle page
    /// schedules nothing.
    pub fn deadline(&self) -> Option<f64> {
        let next = [self.engine.next_deadline(), self.stick.deadline()].into_iter().flatten().min();
        next.map(|ms| self.origin + ms as f64)
    }

    /// When regions' clock shows its next second, on the page's clock: the
    /// page's one tick a second, apart from [`Session::deadline`]'s; `None`
    /// unless a puzzle is in play and the page shown.
    pub fn clock_deadline(&self) -> Option<f64> {
        self.engine.clock_deadline().map(|ms| self.origin + ms as f64)
    }

    /// The frame to show now.
    pub fn frame(&self) -> &Frame {
        self.engine.frame()
    }

    /// What is on show, in words.
    pub fn on_show(&self) -> OnShow {
        self.engine.on_show()
    }

    /// The board in words, a square each ([`Engine::square_words`]).
    pub fn square_words(&self) -> Vec<String> {
        self.engine.square_words()
    }

    /// What the last input did that only the LEDs show, in words, once ([`Engine::take_said`]).
    pub fn take_said(&mut self) -> Option<String> {
        self.engine.take_said()
    }

    /// How many of the 92 solutions of the 8x8 the player has found.
    pub fn found(&self) -> usize {
        self.engine.progress().count()
    }

    /// Stops keeping progress: what is stored is a newer queens's.
    pub fn stop_keeping(&mut self) {
        self.book.stop();
    }

    /// Whether progress is kept (stored) at all.
    pub fn keeps_progress(&self) -> bool {
        self.book.keeps()
    }

    /// Whether the mode, size, progress or regions puzzle in play changed
    /// since they were last stored (and progress is kept): what
    /// [`Session::take_saved`] would store.
    pub fn unsaved(&mut self) -> bool {
        self.book.due(&mut self.engine)
    }

    /// The state to store if the mode, size or progress changed since it
    /// was last stored: this game's merged with `stored`, the JSON stored
    /// now (another tab's perhaps; `None` for nothing). If
    /// `stored` cannot be used the error says why and nothing is taken: a
    /// value that breaks a rule is for the page to set aside before asking
    /// again with nothing; one from a newer queens stops the keeping.
    pub fn take_saved(&mut self, stored: Option<&str>) -> Result<Option<SavedState>, Unusable> {
        if !self.unsaved() {
            return Ok(None);
        }
        let ours = self.engine.state();
        let there = match stored.map(|json| saved::read(json, self.engine.today())) {
            None => None,
            Some(Ok(there)) => Some(there),
            Some(Err(newer @ Unusable::Newer(_))) => {
                self.stop_keeping();
                return Err(newer);
            }
            Some(Err(invalid)) => return Err(invalid),
        };
        let merged = self.book.merged(&ours, there.as_ref());
        self.book.saved(&ours);
        Ok(Some(merged))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engine::game::{BoardSize, ModeKind, NoCalendar, StoppedWatch, Theme};

    /// A first visit's session (nothing saved, the intro to play), with no clock or date.
    fn new_session() -> Session {
        Session::start(None, true, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar))
    }

    fn settled(session: &mut Session, mut now: f64) -> f64 {
        while let Some(at) = session.deadline() {
            now = now.max(at);
            session.tick(now);
        }
        now
    }

    #[test]
    fn the_title_plays_on_the_pages_clock_then_the_page_may_sleep() {
        let mut s = Session::start(None, true, 5000.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        let first = s.deadline().expect("the title scrolls");
        assert!(first > 5000.0);
        let now = settled(&mut s, 5000.0);
        assert!(now > 10_000.0, "the title takes seconds");
        assert_eq!(s.deadline(), None);
        assert_eq!(s.frame().get(3, 4), Theme::default().cursor);
    }

    #[test]
    fn without_the_intro_the_board_is_on_show_at_once_and_nothing_is_due() {
        let s = Session::start(None, false, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        assert_eq!(s.deadline(), None, "nothing scrolls");
        assert_eq!(s.on_show().message, None);
        assert_eq!(s.frame().get(3, 4), Theme::default().cursor);
    }

    #[test]
    fn a_held_direction_moves_once_in_classic_as_its_seed_does() {
        let mut s = new_session();
        let now = settled(&mut s, 0.0);
        s.joystick(Key::Down, true, now);
        assert_eq!(s.deadline(), None, "nothing to repeat: the page may sleep while it is held");
        s.tick(now + 1200.0);
        s.joystick(Key::Down, false, now + 1200.0);
        assert_eq!(s.on_show().cursor, Some((3, 5)), "row 4 + 1");
    }

    #[test]
    fn the_joystick_holds_for_the_menu_and_repeats_directions() {
        // Strict, whose held directions repeat (classic's move once).
        let saved = SavedState { mode: ModeKind::Strict, ..SavedState::default() };
        let mut s =
            Session::start(Some(saved), true, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        let now = settled(&mut s, 0.0);
        s.joystick(Key::Middle, true, now);
        assert_eq!(s.deadline(), Some(now + 1000.0), "the hold is due a second later");
        s.tick(now + 1000.0);
        assert!(s.on_show().menu.is_some());
        s.joystick(Key::Middle, false, now + 1200.0);
        s.joystick(Key::Down, true, now + 1300.0);
        assert!(s.on_show().menu.is_none(), "down leaves the menu, with nothing to animate");
        // (Never settled while a direction is held: it repeats until let go.)
        let now = now + 1300.0;
        // Down at once (it left the menu), then again at 500 ms and every 150 ms: two moves by 650 ms.
        s.tick(now + 650.0);
        s.joystick(Key::Down, false, now + 700.0);
        assert_eq!(s.on_show().cursor, Some((3, 6)), "row 4 + 2 repeated downs");
        assert_eq!(s.deadline(), None);
    }

    #[test]
    fn a_tap_on_a_square_is_the_cursor_there_and_a_press_and_a_long_one_the_hold() {
        let (mut tapped, mut moved) = (new_session(), new_session());
        let now = settled(&mut tapped, 0.0);
        settled(&mut moved, 0.0);
        assert!(tapped.point(6, 1, now), "(6, 1) is a square of the 8x8");
        assert_eq!(
            tapped.deadline(),
            Some(now + 1000.0),
            "the middle is down: its hold is due, as the joystick's"
        );
        tapped.joystick(Key::Middle, false, now + 100.0);
        // The same game by the keys: from (3, 4) three right, three up, and a press.
        for event in [Event::Right, Event::Right, Event::Right, Event::Up, Event::Up, Event::Up, Event::Press]
        {
            moved.keyboard(event, now + 100.0);
        }
        let now = settled(&mut tapped, now + 100.0);
        settled(&mut moved, now);
        assert_eq!(tapped.on_show().cursor, Some((6, 1)));
        assert!(tapped.frame() == moved.frame(), "a short tap is the moves there and a press");
        assert_eq!(tapped.found(), 0);
        // Held a second: the menu; let go, and it stays open.
        assert!(tapped.point(2, 5, now));
        tapped.tick(now + 1000.0);
        assert!(tapped.on_show().menu.is_some(), "a long press is the hold");
        tapped.joystick(Key::Middle, false, now + 1300.0);
        assert!(tapped.on_show().menu.is_some(), "letting go is the release: the menu stays");
    }

    #[test]
    fn a_tap_on_a_square_during_the_intro_ends_it_and_acts_there() {
        let (mut tapped, mut waited) = (new_session(), new_session());
        assert!(tapped.on_show().message.is_some(), "the intro plays");
        assert!(tapped.point(2, 5, 100.0));
        tapped.joystick(Key::Middle, false, 200.0);
        let now = settled(&mut waited, 0.0);
        assert!(waited.point(2, 5, now));
        waited.joystick(Key::Middle, false, now + 100.0);
        assert_eq!(tapped.on_show().message, None);
        assert!(tapped.frame() == waited.frame(), "a queen on (2, 5), as on a board with no intro");
    }

    #[test]
    fn a_tap_off_a_smaller_board_does_nothing() {
        let saved = SavedState { size: BoardSize::try_from(5).unwrap(), ..SavedState::default() };
        let mut s =
            Session::start(Some(saved), false, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        let before = *s.frame();
        // The 5x5 is drawn on pixels 1 to 5 of the 8x8: 0 and 6 are off it.
        for (x, y) in [(0, 0), (6, 3), (3, 7), (200, 200)] {
            assert!(!s.point(x, y, 10.0), "({x}, {y})");
            assert_eq!(s.deadline(), None, "no middle down after ({x}, {y})");
        }
        assert!(s.frame() == &before);
        assert!(s.point(1, 1, 20.0));
        s.joystick(Key::Middle, false, 50.0);
        assert_eq!(s.on_show().cursor, Some((1, 1)), "the 5x5's top-left square");
    }

    #[test]
    fn a_tap_taken_back_presses_nothing() {
        let (mut cancelled, mut moved) = (new_session(), new_session());
        let now = settled(&mut cancelled, 0.0);
        settled(&mut moved, 0.0);
        assert!(cancelled.point(3, 3, now));
        cancelled.cancel_point(now + 100.0);
        moved.keyboard(Event::Up, now + 100.0);
        assert_eq!(cancelled.deadline(), None, "the middle is up: no hold due");
        assert!(cancelled.frame() == moved.frame(), "the cursor went there, and no queen");
        // Held past the hold: the menu, then its release.
        assert!(cancelled.point(2, 2, now + 200.0));
        cancelled.tick(now + 1200.0);
        assert!(cancelled.on_show().menu.is_some());
        cancelled.cancel_point(now + 1300.0);
        assert!(cancelled.on_show().menu.is_some(), "the release leaves the menu open");
    }

    #[test]
    fn the_keyboards_hold_is_released_before_a_tap_as_before_a_key() {
        let mut s = new_session();
        let now = settled(&mut s, 0.0);
        s.keyboard(Event::Hold, now);
        assert!(s.keyboard_holding);
        assert!(s.point(0, 0, now));
        assert!(!s.keyboard_holding, "the release went before the tap");
        assert!(s.on_show().menu.is_none(), "pointing closed the menu");
    }

    #[test]
    fn the_keyboards_hold_is_released_before_the_next_key() {
        let mut s = new_session();
        let now = settled(&mut s, 0.0);
        s.keyboard(Event::Hold, now);
        let now = settled(&mut s, now);
        assert_eq!(s.on_show().menu.as_ref().map(|m| m.1), Some(0));
        s.keyboard(Event::Right, now);
        assert_eq!(s.on_show().menu.as_ref().map(|m| m.1), Some(1), "the release did not leave the menu");
    }

    #[test]
    fn a_saved_game_starts_where_it_was_and_changes_are_offered_for_saving() {
        let saved = SavedState {
            mode: ModeKind::Cover,
            size: BoardSize::try_from(14).unwrap(),
            ..SavedState::default()
        };
        let mut s =
            Session::start(Some(saved), true, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        assert_eq!((s.on_show().mode, s.on_show().size), (ModeKind::Cover, 11), "cover plays up to 11x11");
        assert_eq!(s.take_saved(None), Ok(None));
        assert!(!s.unsaved());
        let now = settled(&mut s, 0.0);
        s.keyboard(Event::Hold, now);
        let items = s.on_show().menu.expect("the menu").0;
        let classic = items.iter().position(|i| i == "CLASSIC").unwrap();
        for _ in 0..classic {
            s.keyboard(Event::Right, now);
        }
        s.keyboard(Event::Press, now);
        assert!(s.unsaved());
        let saved = s.take_saved(None).unwrap().expect("a new mode is saved");
        assert_eq!((saved.mode, saved.size.get()), (ModeKind::Classic, 11));
    }

    /// Solves the 8x8 with queens in rows `rows` (column by column), from the cursor's start (3,4).
    fn solve(s: &mut Session, rows: [usize; 8], now: f64) {
        let mut at = (3, 4);
        for (x, &y) in rows.iter().enumerate() {
            for _ in 0..(x + 8 - at.0) % 8 {
                s.keyboard(Event::Right, now);
            }
            for _ in 0..(y + 8 - at.1) % 8 {
                s.keyboard(Event::Down, now);
            }
            s.keyboard(Event::Press, now);
            at = (x, y);
        }
    }

    #[test]
    fn what_another_tab_stored_is_kept_when_this_one_stores() {
        let mut s = new_session();
        let now = settled(&mut s, 0.0);
        solve(&mut s, [7, 1, 3, 0, 6, 4, 2, 5], now);
        assert_eq!(s.found(), 1, "solved");
        // Another tab stored ten solutions since this one started.
        let other_tab = Some(r#"{"version":1,"mode":"strict","size":6,"found":[1,2,3,4,5,6,7,8,9,10]}"#);
        let stored = s.take_saved(other_tab).unwrap().expect("a solution to store");
        assert_eq!(
            saved::to_json(&stored),
            r#"{"version":1,"mode":"strict","size":6,"found":[0,1,2,3,4,5,6,7,8,9,10]}"#,
            "this tab's solution with the other's, and the other's mode and size: this tab chose none"
        );
        assert_eq!(s.take_saved(other_tab), Ok(None), "stored once");
        // This tab chooses cover: its choice is stored over the other's, and then kept.
        let now = settled(&mut s, now);
        choose(&mut s, "COVER", now);
        let stored = s.take_saved(other_tab).unwrap().expect("a mode to store");
        assert_eq!((stored.mode, stored.size.get()), (ModeKind::Cover, 8), "the mode chosen last");
    }

    #[test]
    fn what_cannot_be_merged_is_said_and_a_newer_queens_stops_the_keeping() {
        let mut s = new_session();
        let now = settled(&mut s, 0.0);
        solve(&mut s, [7, 1, 3, 0, 6, 4, 2, 5], now);
        let broken = s.take_saved(Some(r#"{"mode":"chess","size":8,"found":[]}"#)).unwrap_err();
        assert!(broken.to_string().starts_with("is not valid"), "{broken}");
        // Set aside by the page, then asked again with nothing stored: the change is still there to store.
        assert!(s.take_saved(None).unwrap().is_some());
        let now = settled(&mut s, now);
        choose(&mut s, "STRICT", now);
        assert!(matches!(s.take_saved(Some(r#"{"version":6}"#)), Err(Unusable::Newer(v)) if v == "6"));
        assert!(!s.keeps_progress());
        let now = settled(&mut s, now);
        choose(&mut s, "CLASSIC", now);
        assert_eq!(s.take_saved(None), Ok(None), "nothing is stored any more");
    }

    #[test]
    fn a_regions_puzzle_is_new_at_each_start_and_one_in_play_comes_back() {
        let regions = SavedState {
            mode: ModeKind::Regions,
            size: BoardSize::try_from(7).unwrap(),
            ..SavedState::default()
        };
        let start = |saved: SavedState, seed| {
            Session::start(Some(saved), false, 0.0, seed, None, Box::new(StoppedWatch), Box::new(NoCalendar))
        };
        let mut first = start(regions.clone(), 1);
        let second = start(regions, 2);
        assert!(first.frame() != second.frame(), "another seed, another 7x7");
        // Stored at once, without a move: a reload before the first one shows it again.
        let stored = first.take_saved(None).unwrap().expect("the new puzzle to store");
        let in_play = stored.regions.expect("the puzzle in play");
        assert!(saved::to_json(&stored).contains(&format!(r#""regions_puzzle":"{}""#, in_play.to_text())));
        let mut reloaded = start(stored.clone(), 2);
        assert!(reloaded.frame() == first.frame(), "the puzzle in play, not the seed's");
        assert_eq!(reloaded.take_saved(None), Ok(None), "nothing new to store");
        // Another mode is played: the 7x7 is still kept, for when regions starts at 7x7 again.
        let mut classic = start(SavedState { mode: ModeKind::Classic, ..stored }, 3);
        assert_eq!(classic.take_saved(None), Ok(None));
        choose(&mut classic, "STRICT", 0.0);
        let strict = classic.take_saved(None).unwrap().expect("a new mode to store");
        assert_eq!((strict.mode, strict.regions), (ModeKind::Strict, Some(in_play)));
    }

    /// Opens the menu and picks `item`.
    fn choose(s: &mut Session, item: &str, now: f64) {
        s.keyboard(Event::Hold, now);
        let items = s.on_show().menu.expect("the menu").0;
        for _ in 0..items.iter().position(|i| i == item).expect(item) {
            s.keyboard(Event::Right, now);
        }
        s.keyboard(Event::Press, now);
    }
}
