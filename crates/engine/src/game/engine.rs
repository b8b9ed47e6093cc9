//! The engine: a mode, the animations playing, the menu, standby, and the
//! player's progress.

use super::animation::{Animation, Interrupt};
use super::best_times::{BestNews, BestTimes, fingerprint};
use super::checkerboard::Checkerboard;
use super::clock::{Calendar, FixedDay, Millis, StoppedWatch, Stopwatch};
use super::elapsed::play_time;
use super::event::Event;
use super::frame::Frame;
use super::in_play::InPlay;
use super::menu::{Item, Menu};
use super::modes::{Build, Counts, Mode, ModeKind, Now, PlayClock, ProgressTally, Reaction, Start};
use super::progress::Progress;
use super::saved::SavedState;
use super::setup::Setup;
use super::share::Played;
use super::size::BoardSize;
use super::text;
use super::tilt::{TILT_SAMPLE_MS, Tilt};
use crate::puzzle::{Placement, Solutions};
use crate::regions::generate::Rng;
use crate::regions::letter;
use std::collections::VecDeque;

/// What is on show, in words (see [`Engine::on_show`]): the terminal writes
/// it under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnShow {
    /// The mode being played.
    pub mode: ModeKind,
    /// The board is `size` x `size`.
    pub size: usize,
    /// The open menu's labels, and the selected one's index.
    pub menu: Option<(Vec<String>, usize)>,
    /// The message playing (not the menu's scrolling label).
    pub message: Option<String>,
    /// Whether the display is dark in standby.
    pub standby: bool,
    /// The mode's own picture, under any animation or menu.
    pub board: Frame,
    /// The pixel (x, y) of the mode's cursor on `board`, if it shows one.
    pub cursor: Option<(usize, usize)>,
    /// The player's progress that belongs to what is played, in words
    /// ([`Engine::tally`]); `None` where nothing is tallied.
    pub tally: Option<String>,
    /// The lines to share the puzzle just solved, while it is on the board
    /// ([`Engine::share_lines`]); `None` otherwise.
    pub share: Option<Vec<String>>,
    /// The region letter of each pixel of `board`, row-major
    /// ([`Engine::region_letters`]); empty outside regions mode.
    pub letters: Vec<Option<char>>,
    /// Whether auto-mark is on, in a mode that has it ([`Engine::auto_mark`]).
    pub auto_mark: Option<bool>,
    /// The time played on the puzzle, in a mode that keeps a clock
    /// ([`Engine::clock`]): `1m05s`, as `SOLVED IN` says it.
    pub clock: Option<String>,
    /// What the last event said in words that the LEDs show only by what
    /// they light, or not at all ([`Engine::take_said`]: a refusal, a hint,
    /// `nothing to undo`), until the next event: the terminal's status line
    /// says it.
    pub said: Option<String>,
}

/// Runs one [`Mode`]: feeds it events, plays its animations on the clock it
/// is given, opens the menu on a hold, and keeps the frame that should be
/// on show.
pub struct Engine {
    mode: Box<dyn Mode>,
    setup: Setup,
    shown: Frame,
    /// Animations still to play; the front one is playing.
    queue: VecDeque<Animation>,
    playing: Option<Step>,
    standby: bool,
    menu: Option<Menu>,
    last_item: Option<Item>,
    progress: Progress,
    /// Each regions puzzle's best time, and the daily's best.
    best: BestTimes,
    /// What the last solve did to the best times, for its share lines.
    best_news: Option<BestNews>,
    /// Set when the mode, the size or the progress changed (worth saving).
    changed: bool,
    /// The last puzzle in play to keep (not the day's), until it is solved:
    /// what a restart shows again at its size.
    kept: Option<InPlay>,
    /// The puzzle to keep ([`OnBoard::kept`](super::OnBoard::kept)) before
    /// the event being handled: the one a solve solved.
    solving: Option<InPlay>,
    stopwatch: Box<dyn Stopwatch>,
    calendar: Option<Box<dyn Calendar>>,
    /// The modes whose rules are still to scroll before their first game
    /// ([`ModeKind::rules_first`]); none without the start-up messages.
    rules_due: Vec<ModeKind>,
    /// What the last event said in words, until taken ([`Engine::take_said`]).
    said: Option<String>,
    /// The time last given (an event's, a tick's): what the clock is read at.
    now: Millis,
    /// Whether the front end paused the clock ([`Engine::pause`]).
    paused: bool,
    /// Tilt to play's rule, fed while tilt is on ([`Engine::tilt_sampling`]).
    tilt: Tilt,
    /// The largest board the display has room for now ([`Engine::set_room`]):
    /// the menu offers no larger one.
    room: usize,
}

/// Where the front animation is.
#[derive(Clone, Copy, Debug)]
struct Step {
    index: usize,
    ends: Millis,
}

impl Engine {
    /// An engine around one mode, with the default setup: for a mode made
    /// by hand (a test's, a benchmark's).
    pub fn new(mode: Box<dyn Mode>) -> Engine {
        Engine::with_mode(mode, Setup::default(), Progress::default())
    }

    /// The game `setup` says ([`Setup::choose`] worked it out), with what a
    /// saved state kept: the player's progress, and the puzzle in play,
    /// which the mode plays again where it can ([`Start::Kept`]) when
    /// nothing else was chosen to start on. Searches are timed with
    /// `stopwatch` (every backend gives a monotonic clock, tests one they
    /// move by hand), and the date is read from `calendar` before every
    /// event, so that a game running for days has the puzzle of the day
    /// follow it. The one way both front ends start a game.
    pub fn start(
        setup: Setup,
        saved: &SavedState,
        stopwatch: Box<dyn Stopwatch>,
        calendar: Box<dyn Calendar>,
    ) -> Engine {
        let mut setup = setup;
        // The calendar, if it knows the date now, over the host's.
        setup.today = calendar.today().or(setup.today);
        let start = match (&setup.start, saved.regions) {
            (Start::New, Some(kept)) => Start::Kept(kept),
            (start, _) => start.clone(),
        };
        let mode = setup.mode.build(Build {
            size: setup.size.get(),
            style: setup.style,
            today: setup.today,
            seed: setup.seed,
            start,
            auto_mark: setup.auto_mark,
        });
        let (intro, mode_kind, text_style) = (setup.intro, setup.mode, setup.style.text);
        let mut engine = Engine::with_mode(mode, setup, saved.progress);
        engine.best = saved.best.clone();
        engine.stopwatch = stopwatch;
        engine.calendar = Some(calendar);
        engine.kept = engine.mode_kept().or(saved.regions);
        if intro {
            engine.rules_due = ModeKind::ALL.into_iter().filter(|m| m.rules_first()).collect();
            engine.queue.push_back(text::scroll(mode_kind.intro(), text_style, engine.shown.side()));
            let rules = engine.rules_before_first_game();
            engine.queue.extend(rules);
            engine.tick_from(0);
        }
        engine
    }

    /// [`Engine::start`] with nothing saved, searches untimed and no
    /// calendar (the date, if any, is the setup's): a first game, for
    /// tests and benchmarks.
    pub fn fresh(setup: Setup) -> Engine {
        let today = setup.today;
        Engine::start(setup, &SavedState::default(), Box::new(StoppedWatch), Box::new(FixedDay(today)))
    }

    /// The puzzle on the board to keep across a restart, if the mode plays one.
    fn mode_kept(&self) -> Option<InPlay> {
        self.mode.puzzle().and_then(|on_board| on_board.kept)
    }

    /// The mode's rules to scroll now, if they are due before its first
    /// game in this run (`rules_due`); they are then no longer due.
    fn rules_before_first_game(&mut self) -> Option<Animation> {
        let due = self.rules_due.iter().position(|&m| m == self.setup.mode)?;
        self.rules_due.remove(due);
        Some(self.rules())
    }

    /// The mode's rules, scrolled: what HELP shows.
    fn rules(&self) -> Animation {
        let rules = self.setup.mode.rules(self.setup.size.get());
        text::scroll(&rules, self.setup.style.text, self.shown.side())
    }

    fn with_mode(mode: Box<dyn Mode>, setup: Setup, progress: Progress) -> Engine {
        let shown = mode.draw();
        let tilt = Tilt::new(setup.tilt_settings.unwrap_or_default());
        let room = setup.largest;
        Engine {
            mode,
            setup,
            shown,
            queue: VecDeque::new(),
            playing: None,
            standby: false,
            menu: None,
            last_item: None,
            progress,
            best: BestTimes::default(),
            best_news: None,
            changed: false,
            kept: None,
            solving: None,
            stopwatch: Box::new(StoppedWatch),
            calendar: None,
            rules_due: Vec::new(),
            said: None,
            now: 0,
            paused: false,
            tilt,
            room,
        }
    }

    /// The display has room for boards up to `room` now, up to its largest
    /// ([`Setup::largest`]; never under the LEDs' 8x8): a terminal window
    /// resized. The menu offers only the sizes that fit, and a mode chosen in
    /// it is played at a size that fits; the board on show stays as it is
    /// (a terminal too small for it says so, and its menu still opens).
    pub fn set_room(&mut self, room: usize) {
        self.room = room.max(Frame::LED_SIDE).min(self.setup.largest);
    }

    /// Today, in days since 1970-01-01 (UTC): the calendar's, else
    /// [`Setup::today`], if any. What a saved state read now is checked on.
    pub fn today(&self) -> Option<i64> {
        self.calendar.as_ref().and_then(|c| c.today()).or(self.setup.today)
    }

    /// The frame to show now.
    pub fn frame(&self) -> &Frame {
        &self.shown
    }

    /// The mode being played.
    pub fn mode(&self) -> &dyn Mode {
        self.mode.as_ref()
    }

    /// The mode and board size being played.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The solutions of the 8x8 the player has found.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Each regions puzzle's best time, and the daily's best.
    pub fn best_times(&self) -> &BestTimes {
        &self.best
    }

    /// What the engine has to save: its mode, size, progress, the puzzle
    /// to keep in play and the best times.
    pub fn state(&self) -> SavedState {
        SavedState {
            mode: self.setup.mode,
            size: self.setup.size,
            progress: self.progress,
            regions: self.kept,
            auto_mark: self.setup.auto_mark,
            tilt: self.setup.tilt,
            best: self.best.clone(),
        }
    }

    /// Whether regions mode's auto-mark is on: a queen placed marks the
    /// empty squares it rules out, and takes those marks back with it.
    /// Kept in the saved state; the other modes play as ever.
    pub fn auto_mark(&self) -> bool {
        self.setup.auto_mark
    }

    /// Turns auto-mark on or off (the page's checkbox; the menu's AUTO
    /// MARK and `--auto-mark` do the same), from the next queen placed.
    pub fn set_auto_mark(&mut self, on: bool) {
        self.changed |= on != self.setup.auto_mark;
        self.setup.auto_mark = on;
        self.mode.set_auto_mark(on);
    }

    /// Whether the player plays by tilting the HAT ([`Event::Tilt`]): the
    /// cursor rolls toward the low edge past the dead zone, one square at
    /// once and one more every repeat interval ([`super::tilt`]), beside
    /// the joystick. Kept in the saved state; it plays only on a display
    /// with a motion sensor ([`Setup::tilt_settings`]).
    pub fn tilt(&self) -> bool {
        self.setup.tilt
    }

    /// Turns tilt to play on or off (the menu's TILT and `--tilt` do the same).
    pub fn set_tilt(&mut self, on: bool) {
        self.changed |= on != self.setup.tilt;
        self.setup.tilt = on;
        self.tilt.level();
    }

    /// How often the backend is to read its motion sensor and give the
    /// reading as an [`Event::Tilt`]: every [`TILT_SAMPLE_MS`] while tilt
    /// is on where the display has one; `None` otherwise, when nothing is
    /// read and an idle game schedules nothing. Backends are told before
    /// every wait.
    pub fn tilt_sampling(&self) -> Option<Millis> {
        (self.setup.tilt && self.setup.tilt_settings.is_some()).then_some(TILT_SAMPLE_MS)
    }

    /// The puzzle to keep across a restart: the last one in play that is
    /// to be kept ([`OnBoard::kept`](super::OnBoard::kept): a regions
    /// puzzle not the day's), until it is solved, also while another mode
    /// or size is played.
    pub fn in_play(&self) -> Option<InPlay> {
        self.kept
    }

    /// Whether the mode, size, progress or the puzzle in play changed since the last call.
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }

    /// Whether a direction held down should repeat in the mode played (see
    /// [`ModeKind::repeats_held_directions`]): backends with a joystick ask
    /// before every wait.
    pub fn repeats_held_directions(&self) -> bool {
        self.setup.mode.repeats_held_directions()
    }

    /// Whether the LEDs are dark, waiting for any event to start a new game.
    pub fn is_standby(&self) -> bool {
        self.standby
    }

    /// Whether the menu a hold opens is on show.
    pub fn is_menu_open(&self) -> bool {
        self.menu.is_some()
    }

    /// What is on show, in words, for a display with room for them.
    pub fn on_show(&self) -> OnShow {
        let menu = self.menu.as_ref().map(|m| (m.labels(), m.items().1));
        let playing = self.playing.and(self.queue.front());
        let board = self.mode.draw();
        // Where the board paints the cursor: centred on a frame larger than the board.
        let offset = board.side().saturating_sub(self.setup.size.get()) / 2;
        OnShow {
            mode: self.setup.mode,
            size: self.setup.size.get(),
            message: playing.and_then(|a| a.message.clone()).filter(|_| menu.is_none()),
            menu,
            standby: self.standby,
            board,
            cursor: self.mode.cursor().map(|sq| (offset + sq.col as usize, offset + sq.row as usize)),
            tally: self.tally(),
            share: self.share_lines(),
            letters: self.region_letters(),
            auto_mark: self.mode.auto_mark(),
            clock: self.clock().map(|clock| play_time(clock.elapsed)),
            said: self.said.clone(),
        }
    }

    /// The board in words, a square each, row by row from the top: its
    /// name in chess notation, then what it shows ([`Mode::square_words`],
    /// else its colour named by [`Theme::words`](super::Theme::words)):
    /// `"c4, queen"`, `"a1, region red, dot"`, `"h8"`. What a screen reader
    /// says of the page's grid; the cursor is where [`OnShow::cursor`] is.
    pub fn square_words(&self) -> Vec<String> {
        let n = self.setup.size.get();
        let board = self.mode.draw();
        let offset = board.side().saturating_sub(n) / 2;
        let cursor = self.mode.cursor();
        Checkerboard::new(n)
            .squares()
            .map(|sq| {
                let name = sq.chess(n);
                let colour = board.get(offset + sq.col as usize, offset + sq.row as usize);
                let words = self
                    .mode
                    .square_words(sq)
                    .or_else(|| self.setup.style.theme.words(colour, cursor == Some(sq)).map(str::to_string));
                match words {
                    Some(words) => format!("{name}, {words}"),
                    None => name,
                }
            })
            .collect()
    }

    /// What the last event did that only the LEDs show, in the mode's words
    /// ([`Reaction::Say`]), once: then `None` until another event says
    /// something. Why a press was refused (`"e4 refused: the queen on d4
    /// attacks it"`), what a hint lit (`"hint: 64 squares still lead to a
    /// solution"`) or why it lit nothing (`"no hint: no square left leads to
    /// a solution"`). The LEDs say it with a flash, or by what they light;
    /// these words are for a player who cannot see them (the page's screen
    /// reader says them after the press).
    pub fn take_said(&mut self) -> Option<String> {
        self.said.take()
    }

    /// The lines a player shares for the puzzle just solved
    /// ([`Solve::lines`](super::share::Solve::lines)), while it is on the
    /// board: the page's Share button and the terminal both show these.
    pub fn share_lines(&self) -> Option<Vec<String>> {
        let solved = self.mode.puzzle()?.solved?;
        Some(solved.lines(self.setup.mode.name(), self.best_news.as_ref()))
    }

    /// The letter of the region (A, B, ..., as a puzzle's text form writes
    /// them) of the square each pixel of the mode's picture draws,
    /// row-major, `None` off the board; empty when the mode plays no
    /// regions puzzle. For players who cannot tell the colours apart.
    pub fn region_letters(&self) -> Vec<Option<char>> {
        let Some(on_board) = self.mode.puzzle() else { return Vec::new() };
        let puzzle = on_board.puzzle;
        let board = Checkerboard::new(puzzle.n());
        let side = board.side();
        (0..side * side)
            .map(|i| board.square_at(i % side, i / side).map(|sq| letter(puzzle.region(sq))))
            .collect()
    }

    /// The player's progress that belongs to what is played, in words: how
    /// many of the 92 solutions were found (`37/92 found`) on the 8x8 in the
    /// modes that count them (classic, and strict's boards solved by hand);
    /// the streak of puzzles of the day (`daily streak 3 days`) while regions
    /// plays one; `None` for every other mode and size, which keep no tally.
    pub fn tally(&self) -> Option<String> {
        let eight = Solutions::eight();
        match self.setup.mode.tally() {
            ProgressTally::Found if self.setup.size.get() == eight.n() => {
                Some(format!("{}/{} found", self.progress.count(), eight.len()))
            }
            ProgressTally::DailyStreak => {
                let days = self.progress.streak_on(self.mode.puzzle()?.day?);
                Some(format!("daily streak {days} {}", if days == 1 { "day" } else { "days" }))
            }
            ProgressTally::Found | ProgressTally::Nothing => None,
        }
    }

    /// When the frame changes next by itself (an animation step ends);
    /// `None` while the picture is settled and only an event changes it.
    pub fn next_deadline(&self) -> Option<Millis> {
        self.playing.map(|s| s.ends)
    }

    /// The player's clock on the puzzle in play, as of the last event or
    /// tick, in a mode that keeps one (regions: from the first press; the
    /// final `SOLVED IN` is its time at the solve).
    pub fn clock(&self) -> Option<PlayClock> {
        self.mode.clock(self.now)
    }

    /// When the clock next shows another second, while it runs: for a front
    /// end that shows it (the page, the terminal) to wake then. `None`
    /// while it stands (before the first press, solved, paused), and in
    /// modes without one, so that an idle game schedules nothing. Not in
    /// [`Engine::next_deadline`]: the LEDs show the clock only when asked.
    pub fn clock_deadline(&self) -> Option<Millis> {
        let clock = self.clock().filter(|clock| clock.running)?;
        Some(self.now + 1000 - clock.elapsed % 1000)
    }

    /// Stops (`paused`) or restarts the clock at `now`: the page hidden
    /// or shown again. Time paused is no time played.
    pub fn pause(&mut self, paused: bool, now: Millis) {
        self.now = now;
        if paused != self.paused {
            self.paused = paused;
            self.mode.pause_clock(paused, now);
        }
    }

    /// Brings the picture up to time `now`, and the cursor too while the HAT
    /// is held tilted (the moves due by then).
    pub fn tick(&mut self, now: Millis) {
        self.animate(now);
        self.tilt_moves(now);
    }

    /// Plays the animations up to `now`.
    fn animate(&mut self, now: Millis) {
        self.now = self.now.max(now);
        while let Some(mut step) = self.playing {
            if now < step.ends {
                return;
            }
            step.index += 1;
            match self.queue[0].steps.get(step.index) {
                Some(&(frame, ms)) => {
                    step.ends += ms as Millis;
                    self.playing = Some(step);
                    self.shown = frame;
                }
                // This animation is over: the next one starts when it ended.
                None => {
                    self.queue.pop_front();
                    self.tick_from(step.ends);
                }
            }
        }
    }

    /// A tilt sample at `now` ([`Event::Tilt`]), where tilt plays.
    fn tilted(&mut self, pitch: i8, roll: i8, now: Millis) {
        if self.tilt_sampling().is_none() {
            return;
        }
        self.animate(now);
        self.tilt.sample(pitch, roll, now);
        self.tilt_moves(now);
    }

    /// The tilt's moves due by `now`, each as the joystick's push that way.
    /// They move the cursor on the board only: with the menu open, the
    /// board dark or an animation playing (a message, a flash), a move due
    /// is dropped, so that a HAT held tilted neither cuts a message short
    /// nor leaves the menu.
    fn tilt_moves(&mut self, now: Millis) {
        if self.tilt_sampling().is_none() {
            return;
        }
        while let Some(direction) = self.tilt.due(now) {
            if !self.standby && self.menu.is_none() && self.playing.is_none() {
                self.handle(direction, now);
            }
        }
    }

    /// Starts the front animation at `start`, or settles if there is none.
    fn tick_from(&mut self, start: Millis) {
        while let Some(front) = self.queue.front() {
            if let Some(&(frame, ms)) = front.steps.first() {
                self.shown = frame;
                self.playing = Some(Step { index: 0, ends: start + ms as Millis });
                return;
            }
            self.queue.pop_front();
        }
        self.playing = None;
        self.shown = self.settled();
    }

    /// The picture when nothing plays: the menu's, or the mode's.
    fn settled(&self) -> Frame {
        match &self.menu {
            Some(menu) => menu.picture(self.setup.style.text, self.shown.side()),
            None => self.mode.draw(),
        }
    }

    /// Applies one event at time `now`.
    ///
    /// Pointing ([`Event::At`]) moves the cursor where the joystick's moves
    /// would, and a press after it is the joystick's press there. Pointing
    /// is not a key, so it does little more: it does not wake the dark
    /// board, nor choose in the menu (it closes the menu, as up and down do,
    /// so that the press after it acts on the square). A tap on a square is
    /// never used up: a message that a press would only cut short (the
    /// intro, *Help*) ends, so that the press after it acts on the square;
    /// any other animation plays on, the cursor moving under it, and the
    /// press that follows ends it and acts, as a press does then. Otherwise
    /// pointing at the cursor's square changes nothing, and pointing off the
    /// board nothing at all: front ends send a pointer's press only on a
    /// square ([`Checkerboard::square_at`] of the board on show).
    pub fn handle(&mut self, event: Event, now: Millis) {
        if let Event::Tilt { pitch, roll } = event {
            return self.tilted(pitch, roll, now);
        }
        let kept = self.kept;
        self.said = None;
        self.solving = self.mode_kept();
        self.apply(event, now);
        if let Some(playing) = self.mode_kept() {
            self.kept = Some(playing);
        }
        // A new puzzle, or one solved, is worth saving; queens and dots are not kept.
        self.changed |= self.kept != kept;
    }

    fn apply(&mut self, event: Event, now: Millis) {
        self.now = now;
        if let Some(day) = self.calendar.as_ref().and_then(|c| c.today()) {
            self.setup.today = Some(day);
        }
        self.mode.tell(Now { ms: now, today: self.setup.today });
        if let Event::At { x, y } = event {
            return self.point(x as usize, y as usize, now);
        }
        if let Event::Mark { x, y } = event {
            return self.drag(x, y, now);
        }
        if self.standby {
            self.standby = false;
            self.mode.reset();
            self.shown = self.mode.draw();
            return;
        }
        if self.playing.is_some() {
            let interrupt = self.queue[0].interrupt;
            self.queue.clear();
            self.playing = None;
            self.shown = self.settled();
            if interrupt == Interrupt::Skip {
                return;
            }
        }
        let reaction = if self.menu.is_some() {
            self.in_menu(event)
        } else if event == Event::Hold {
            self.open_menu()
        } else {
            self.mode.handle(event)
        };
        self.react(reaction, now);
    }

    /// Pointing at pixel (`x`, `y`): see [`Engine::handle`].
    fn point(&mut self, x: usize, y: usize, now: Millis) {
        let square = Checkerboard::new(self.setup.size.get()).square_at(x, y);
        if self.standby || square.is_none() {
            return;
        }
        if self.playing.is_some() && self.queue[0].interrupt == Interrupt::Skip {
            // What the press after this would only skip: the press acts on the square instead.
            self.queue.clear();
            self.playing = None;
        }
        let reaction = if self.mode.cursor() == square {
            Reaction::Draw
        } else {
            self.mode.handle(Event::At { x: x as u8, y: y as u8 })
        };
        if self.menu.take().is_some() {
            // The menu's scroll is the one animation there can be.
            self.queue.clear();
            self.playing = None;
        }
        if self.playing.is_none() {
            self.react(reaction, now);
        }
    }

    /// A drag crossing pixel (`x`, `y`) ([`Event::Mark`]): as pointing, it
    /// wakes nothing and closes the menu; what plays ends, as a tap ends it.
    fn drag(&mut self, x: u8, y: u8, now: Millis) {
        let square = Checkerboard::new(self.setup.size.get()).square_at(x.into(), y.into());
        if self.standby || square.is_none() {
            return;
        }
        self.queue.clear();
        self.playing = None;
        self.menu = None;
        self.shown = self.mode.draw();
        let reaction = self.mode.handle(Event::Mark { x, y });
        self.react(reaction, now);
    }

    fn react(&mut self, reaction: Reaction, now: Millis) {
        match reaction {
            Reaction::Draw => {}
            Reaction::Standby => {
                self.standby = true;
                self.shown = Frame::dark(self.shown.side());
                return;
            }
            Reaction::Animate(animation) => self.queue.push_back(animation),
            Reaction::Say { flash, words } => {
                self.queue.extend(flash);
                self.said = Some(words);
            }
            Reaction::Solved { flash, message, counts } => {
                if self.solving.is_some() {
                    // The kept puzzle solved: the next start brings a new one. (A given
                    // puzzle is never kept, and solving it leaves the one kept as it is.)
                    self.kept = None;
                }
                self.solved(flash, message, counts)
            }
        }
        self.tick_from(now);
    }

    /// A solved board: the flash, then what the mode says and what the
    /// solve counts in the player's progress (a solution of the 8x8 found,
    /// the daily streak). Any event during the message ends it and acts on
    /// the board at once, as the seed acts on the first press after its
    /// flash.
    fn solved(&mut self, flash: Animation, said: Option<String>, counts: Counts) {
        self.queue.push_back(flash);
        self.best_news = self.mode.puzzle().and_then(|on_board| {
            let solve = on_board.solved?;
            let daily = matches!(solve.played, Played::Daily(_));
            Some(self.best.record(fingerprint(on_board.puzzle), solve.took, daily))
        });
        // A best time recorded is worth saving (every first solve of a puzzle is one).
        self.changed |= self.best_news.is_some();
        let best = self.best_news.map(|news| news.words()).unwrap_or_default();
        let progress = match counts {
            Counts::Solution(queens) => self.found(&queens),
            Counts::Daily(day) => {
                let (streak, new) = self.progress.record_daily(day);
                self.changed |= new;
                let days =
                    if streak.days == 1 { "1 DAY".to_string() } else { format!("{} DAYS", streak.days) };
                Some(format!("DAILY STREAK {days}"))
            }
            Counts::Nothing => None,
        };
        let message: Vec<String> = said.into_iter().chain(best).chain(progress).collect();
        if !message.is_empty() {
            let mut scroll = text::scroll(&message.join(" - "), self.setup.style.text, self.shown.side());
            scroll.interrupt = Interrupt::FinishThenApply;
            self.queue.push_back(scroll);
        }
    }

    /// `queens` in the player's progress, if it is a solution of the 8x8:
    /// what to say of it.
    fn found(&mut self, queens: &Placement) -> Option<String> {
        let record = self.progress.record(queens)?;
        self.changed |= record.new;
        Some(self.progress.message(&record))
    }

    fn open_menu(&mut self) -> Reaction {
        let mut items: Vec<Item> = self.mode.actions().into_iter().map(Item::Action).collect();
        items.extend(ModeKind::ALL.map(Item::Mode));
        // Between the modes and the sizes: the items before it keep their places.
        items.push(Item::Help);
        let sizes = self.setup.mode.sizes();
        let sizes = *sizes.start()..=self.room.min(*sizes.end());
        items.extend(sizes.filter_map(|n| BoardSize::try_from(n).ok()).map(Item::Size));
        // Last, where the display senses a tilt: the items before it keep their places.
        if self.setup.tilt_settings.is_some() {
            items.push(Item::Tilt);
        }
        let menu = Menu::new(items, self.last_item, self.mode.in_force().map(Item::Action));
        let scroll = menu.scroll(self.setup.style.text, self.shown.side());
        self.menu = Some(menu);
        Reaction::Animate(scroll)
    }

    fn in_menu(&mut self, event: Event) -> Reaction {
        let menu = self.menu.as_mut().expect("the menu is open");
        match event {
            Event::Left | Event::Right => {
                menu.step(if event == Event::Left { -1 } else { 1 });
                Reaction::Animate(menu.scroll(self.setup.style.text, self.shown.side()))
            }
            Event::Press => {
                let item = menu.selected();
                self.menu = None;
                // Only what is safe to do again is offered again by *hold, press*.
                self.last_item = item.is_safe_to_repeat().then_some(item);
                self.choose(item)
            }
            // Letting go of the hold that opened the menu.
            Event::Release => Reaction::Draw,
            // Up, down or another hold: back to the game, unchanged.
            Event::Up
            | Event::Down
            | Event::Hold
            | Event::Undo
            | Event::At { .. }
            | Event::Mark { .. }
            | Event::Tilt { .. } => {
                self.menu = None;
                Reaction::Draw
            }
        }
    }

    fn choose(&mut self, item: Item) -> Reaction {
        let was = (self.setup.mode, self.setup.size);
        match item {
            Item::Action(action) => {
                let reaction = self.mode.act(action, self.stopwatch.as_ref());
                // An option the mode's menu set (auto-mark) is the player's, kept and saved.
                if let Some(on) = self.mode.auto_mark() {
                    self.changed |= on != self.setup.auto_mark;
                    self.setup.auto_mark = on;
                }
                return reaction;
            }
            Item::Help => return Reaction::Animate(self.rules()),
            Item::Tilt => {
                self.set_tilt(!self.setup.tilt);
                let words = if self.setup.tilt { "TILT ON" } else { "TILT OFF" };
                return Reaction::Animate(text::scroll(words, self.setup.style.text, self.shown.side()));
            }
            Item::Mode(kind) => {
                // A board larger than the new mode plays, or than the display has room for now,
                // becomes the largest that fits (cover: 11x11).
                self.setup.mode = kind;
                self.setup.size = self.setup.size.fitted(kind, self.room);
            }
            Item::Size(size) => self.setup.size = size,
        }
        self.changed = true;
        // The mode and size already played: the board stays as it is.
        if (self.setup.mode, self.setup.size) != was {
            // A new seed for each board built, so that going back to a size brings a new puzzle.
            self.setup.seed = Rng::new(self.setup.seed).next_u64();
            let setup = &self.setup;
            self.mode = setup.mode.build(Build {
                size: setup.size.get(),
                style: setup.style,
                today: setup.today,
                seed: setup.seed,
                start: Start::New,
                auto_mark: setup.auto_mark,
            });
            if self.paused {
                self.mode.pause_clock(true, self.now);
            }
        }
        // A mode first played now, chosen in the menu, may say its rules first.
        match self.setup.mode != was.0 {
            true => self.rules_before_first_game().map_or(Reaction::Draw, Reaction::Animate),
            false => Reaction::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rgb;
    use crate::puzzle::Square;

    /// A mode that counts presses and animates two steps on `Release`,
    /// and sleeps on `Down`.
    struct Counter(u8);

    fn solid(v: u8) -> Frame {
        let mut f = Frame::dark(8);
        f.fill(Rgb(v, v, v));
        f
    }

    impl Mode for Counter {
        fn reset(&mut self) {
            self.0 = 0;
        }
        fn handle(&mut self, event: Event) -> Reaction {
            match event {
                Event::Press => self.0 += 1,
                Event::Release => {
                    let steps = vec![(solid(200), 100), (solid(201), 50)];
                    return Reaction::Animate(Animation { steps, interrupt: Interrupt::Skip, message: None });
                }
                Event::Down => return Reaction::Standby,
                _ => {}
            }
            Reaction::Draw
        }
        fn draw(&self) -> Frame {
            solid(self.0)
        }
    }

    #[test]
    fn animations_follow_the_clock_and_settle_on_the_modes_picture() {
        let mut e = Engine::new(Box::new(Counter(1)));
        e.handle(Event::Release, 1000);
        assert_eq!(*e.frame(), solid(200));
        assert_eq!(e.next_deadline(), Some(1100));
        e.tick(1099);
        assert_eq!(*e.frame(), solid(200));
        e.tick(1100);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(201), Some(1150)));
        e.tick(5000);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(1), None));
    }

    #[test]
    fn a_skippable_animation_swallows_the_event_that_skips_it() {
        let mut e = Engine::new(Box::new(Counter(1)));
        e.handle(Event::Release, 0);
        e.handle(Event::Press, 10);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(1), None));
        e.handle(Event::Press, 20);
        assert_eq!(*e.frame(), solid(2));
    }

    #[test]
    fn standby_is_dark_and_the_next_event_only_wakes_a_new_game() {
        let mut e = Engine::new(Box::new(Counter(5)));
        e.handle(Event::Down, 0);
        assert!(e.is_standby() && e.frame().is_dark());
        e.handle(Event::Press, 1);
        assert!(!e.is_standby());
        assert_eq!(*e.frame(), solid(0), "reset, and the press was not applied");
    }

    #[test]
    fn pointing_moves_the_cursor_ends_only_what_a_press_would_skip_and_leaves_the_dark_board_alone() {
        let at = |x, y| Event::At { x, y };
        let mut e = Engine::fresh(Setup::default());
        e.handle(at(6, 1), 0);
        assert_eq!(e.on_show().cursor, Some((6, 1)));
        assert_eq!(*e.frame(), e.mode.draw());
        // The menu closes, as up and down close it, and the cursor moves.
        e.handle(Event::Hold, 10);
        e.handle(at(2, 2), 20);
        assert!(!e.is_menu_open());
        assert_eq!((e.on_show().cursor, e.next_deadline()), (Some((2, 2)), None));
        // Also on the cursor's square: the press after it is on the board.
        e.handle(Event::Hold, 21);
        e.handle(at(2, 2), 22);
        assert!(!e.is_menu_open());
        assert_eq!((*e.frame(), e.next_deadline()), (e.mode.draw(), None));
        // An animation a press ends and acts after plays on, the cursor moving under it.
        e.queue.push_back(Animation {
            steps: vec![(solid(9), 100)],
            interrupt: Interrupt::FinishThenApply,
            message: None,
        });
        e.tick_from(30);
        e.handle(at(5, 5), 40);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(9), Some(130)));
        e.tick(130);
        assert_eq!(e.on_show().cursor, Some((5, 5)));
        // One a press would only skip (a message) ends, so that the press after it acts on the square.
        e.queue.push_back(Animation {
            steps: vec![(solid(9), 100)],
            interrupt: Interrupt::Skip,
            message: Some("HELP".into()),
        });
        e.tick_from(140);
        e.handle(at(4, 4), 150);
        assert_eq!((e.on_show().cursor, e.on_show().message, e.next_deadline()), (Some((4, 4)), None, None));
        assert_eq!(*e.frame(), e.mode.draw());
        // Off a 6x6 board (the LEDs' rim) nothing at all: the menu stays open.
        let mut six = Engine::fresh(Setup::of(ModeKind::Classic, 6).setup());
        six.handle(Event::Hold, 0);
        six.handle(at(0, 3), 1);
        assert!(six.is_menu_open());
        assert_eq!(
            (Checkerboard::new(6).square_at(0, 3), Checkerboard::new(6).square_at(1, 6)),
            (None, Some(Square::new(0, 5)))
        );
        // The dark board stays dark.
        e.react(Reaction::Standby, 200);
        e.handle(at(1, 1), 210);
        assert!(e.is_standby() && e.frame().is_dark());
    }

    fn tilting(settings: super::super::TiltSettings) -> Engine {
        Engine::fresh(Setup::of(ModeKind::Classic, 8).tilt(settings).setup())
    }

    fn tilt(pitch: i8, roll: i8) -> Event {
        Event::Tilt { pitch, roll }
    }

    #[test]
    fn with_tilt_off_or_no_motion_sensor_nothing_is_read_and_a_tilt_moves_nothing() {
        let mut e = Engine::fresh(Setup::default());
        let start = e.on_show().cursor;
        assert_eq!(e.tilt_sampling(), None, "no sensor: nothing read");
        e.handle(tilt(45, 0), 0);
        e.tick(5000);
        assert_eq!((e.on_show().cursor, e.next_deadline()), (start, None));
        let mut off = tilting(Default::default());
        off.set_tilt(false);
        assert_eq!(off.tilt_sampling(), None, "tilt off: nothing read");
        off.handle(tilt(45, 0), 0);
        assert_eq!(off.on_show().cursor, start);
        // Without a sensor the menu offers no TILT; with one, last.
        e.handle(Event::Hold, 10);
        assert!(!e.on_show().menu.unwrap().0.contains(&"TILT".to_string()));
        off.handle(Event::Hold, 10);
        assert_eq!(off.on_show().menu.unwrap().0.last().map(String::as_str), Some("TILT"));
    }

    #[test]
    fn a_tilt_moves_the_cursor_as_the_joystick_and_repeats_until_level() {
        let mut e = tilting(Default::default());
        let mut stick = tilting(Default::default());
        assert_eq!(e.tilt_sampling(), Some(TILT_SAMPLE_MS));
        e.handle(tilt(0, 20), 1000);
        stick.handle(Event::Down, 1000);
        assert_eq!(*e.frame(), *stick.frame(), "one square down, as the joystick's down");
        e.tick(1299);
        assert_eq!(*e.frame(), *stick.frame(), "not again before the repeat");
        e.tick(1300);
        stick.handle(Event::Down, 1300);
        assert_eq!(*e.frame(), *stick.frame(), "again at 300 ms");
        // The joystick beside it: a push right, and the middle places where the cursor is.
        e.handle(Event::Right, 1400);
        stick.handle(Event::Right, 1400);
        e.handle(tilt(1, 3), 1500);
        e.tick(3000);
        assert_eq!(*e.frame(), *stick.frame(), "level: it stops");
        e.handle(Event::Press, 3100);
        stick.handle(Event::Press, 3100);
        assert_eq!(*e.frame(), *stick.frame());
        assert_eq!(e.on_show().cursor, Some((4, 6)));
    }

    #[test]
    fn a_tilt_held_leaves_the_menu_and_messages_alone_and_the_menu_turns_it_off() {
        let mut e = tilting(Default::default());
        e.handle(Event::Hold, 0);
        e.handle(tilt(-30, 0), 10);
        e.tick(2000);
        assert!(e.is_menu_open(), "the menu stays open while tilted");
        // TILT is last: one step left from the first item, then press.
        e.handle(Event::Left, 2010);
        e.handle(Event::Press, 2020);
        assert!(!e.tilt() && !e.state().tilt && e.take_changed());
        assert_eq!(e.on_show().message.as_deref(), Some("TILT OFF"));
        let cursor = e.on_show().cursor;
        e.tick(60_000);
        e.handle(tilt(-30, 0), 60_010);
        assert_eq!(e.on_show().cursor, cursor, "off: a tilt moves nothing");
        // The menu opens again on what was chosen last: hold, press turns it back on.
        e.handle(Event::Hold, 60_020);
        e.handle(Event::Press, 60_040);
        assert!(e.tilt() && e.state().tilt);
        e.tick(120_000);
        e.handle(tilt(-30, 0), 120_010);
        assert_eq!(e.on_show().cursor, cursor.map(|(x, y)| (x + 1, y)), "on again: right, the low edge");
    }

    #[test]
    fn a_tilt_turns_with_the_hat_as_its_joystick_does() {
        use super::super::TiltSettings;
        for (quarter_turns, toward) in [(0, Event::Up), (1, Event::Left), (2, Event::Down), (3, Event::Right)]
        {
            let mut e = tilting(TiltSettings { quarter_turns, ..TiltSettings::default() });
            let mut stick = Engine::fresh(Setup::default());
            // The device's top edge lowered.
            e.handle(tilt(0, -20), 0);
            stick.handle(toward, 0);
            assert_eq!(*e.frame(), *stick.frame(), "{quarter_turns} quarter turns");
        }
    }

    #[test]
    fn queued_animations_play_back_to_back() {
        let mut e = Engine::new(Box::new(Counter(1)));
        e.queue.push_back(Animation {
            steps: vec![(solid(7), 10)],
            interrupt: Interrupt::Skip,
            message: None,
        });
        e.queue.push_back(Animation {
            steps: vec![(solid(8), 10)],
            interrupt: Interrupt::Skip,
            message: None,
        });
        e.tick_from(0);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(7), Some(10)));
        e.tick(15);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(8), Some(20)));
        e.tick(20);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(1), None));
    }
}
