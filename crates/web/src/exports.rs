//! The module's exports, every one the page calls, and its two imports
//! (the page's clock and date): the crate's only `unsafe`, the
//! `#[unsafe(no_mangle)]` on each export and the `unsafe extern` block,
//! in this one file (`tests/unsafe_code.rs` holds the crate to that).
//!
//! The page passes numbers, and text through one buffer in each direction:
//! it writes text for a call at [`input_buffer`]; a call that gives text
//! leaves it at [`output`], [`output_len`] bytes of UTF-8. A call that can
//! be refused (a puzzle or day given, the stored state read) returns a
//! [`Status`] and its words are the output text: the page never tells a
//! result from a message by its first character.

use crate::session::{Given, Session};
use crate::{board_json, describe_json, given_day_said, given_puzzle_said, keystroke, saved};
use queens_engine::game::gesture::Key;
use queens_engine::game::keys::event_of;
use queens_engine::game::{Calendar, Event, Stopwatch, Unusable};
use queens_engine::regions::generate::FIRST_DAY;
use std::cell::RefCell;

/// What the calls that can be refused return ([`given_puzzle`],
/// [`given_day`], [`start`], [`saved()`]); the output text goes with it.
/// The page names the same numbers (`STATUS` in `web/queens.js`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Status {
    /// Done: the output is the result (a link's fragment, the JSON to
    /// store), or empty.
    Done = 0,
    /// Nothing to do: nothing changed since the progress was last stored.
    Nothing = 1,
    /// The puzzle or day cannot be played here: the output says why, in one line.
    Refused = 2,
    /// What is stored breaks a rule of the saved state: the output says
    /// which; the page sets it aside (and, storing, asks again with nothing).
    Invalid = 3,
    /// What is stored is a newer queens's: the output says so; nothing is
    /// stored from now on.
    Newer = 4,
}

impl Status {
    /// What the page is told of a stored value that was not used.
    fn of(unusable: &Unusable) -> Status {
        match unusable {
            Unusable::Invalid(_) => Status::Invalid,
            Unusable::Newer(_) => Status::Newer,
        }
    }
}

/// Everything the page's calls share: one game, and the two text buffers.
#[derive(Default)]
struct Page {
    session: Option<Session>,
    /// Text the page writes for a call (the stored JSON, a puzzle, a key's name).
    input: Vec<u8>,
    /// Text for the page to read after a call.
    output: String,
    /// The frame as RGB bytes, row-major from the top-left.
    pixels: Vec<u8>,
    /// The puzzle [`given_puzzle`] or the day [`given_day`] read, for the
    /// next [`start`] to play.
    given: Option<Given>,
}

thread_local! {
    // The module runs on the page's one thread; a thread-local keeps this safe code.
    static PAGE: RefCell<Page> = RefCell::new(Page::default());
}

fn with_session<T: Default>(f: impl FnOnce(&mut Session) -> T) -> T {
    PAGE.with_borrow_mut(|page| page.session.as_mut().map(f).unwrap_or_default())
}

/// The input buffer's text.
fn input(page: &Page) -> String {
    String::from_utf8_lossy(&page.input).into_owned()
}

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "page")]
unsafe extern "C" {
    // SAFETY: the page provides `now` as `() => performance.now()`: it takes
    // nothing, returns a number and touches no memory of the module.
    safe fn now() -> f64;
    // SAFETY: the page provides `today` as `() => Math.floor(Date.now() / 86400000)`,
    // likewise a number from nothing.
    safe fn today() -> f64;
}

/// Reads the page's clock (`performance.now()`, in milliseconds) to time
/// searches, as every backend's monotonic clock does.
#[cfg(target_arch = "wasm32")]
struct PageClock;

#[cfg(target_arch = "wasm32")]
impl Stopwatch for PageClock {
    fn nanos(&self) -> Option<u64> {
        Some((now() * 1e6) as u64)
    }
}

/// Reads the page's date (`Date.now()`, in whole days since 1970-01-01,
/// UTC) for regions mode's puzzle of the day, as every backend's calendar does.
#[cfg(target_arch = "wasm32")]
struct PageCalendar;

#[cfg(target_arch = "wasm32")]
impl Calendar for PageCalendar {
    fn today(&self) -> Option<i64> {
        let day = today();
        day.is_finite().then_some(day as i64)
    }
}

fn calendar() -> Box<dyn Calendar> {
    #[cfg(target_arch = "wasm32")]
    return Box::new(PageCalendar);
    // No date on the host (the crate's tests): no puzzle of the day.
    #[cfg(not(target_arch = "wasm32"))]
    Box::new(queens_engine::game::NoCalendar)
}

fn stopwatch() -> Box<dyn Stopwatch> {
    #[cfg(target_arch = "wasm32")]
    return Box::new(PageClock);
    #[cfg(not(target_arch = "wasm32"))]
    Box::new(queens_engine::game::StoppedWatch)
}

/// Room for `len` bytes of text from the page; returns where to write them.
// SAFETY: the name is unique in the module, and the signature is what the page calls.
#[unsafe(no_mangle)]
pub extern "C" fn input_buffer(len: usize) -> *mut u8 {
    PAGE.with_borrow_mut(|page| {
        page.input = vec![0; len];
        page.input.as_mut_ptr()
    })
}

/// Where the output text of the last call is (UTF-8).
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn output() -> *const u8 {
    PAGE.with_borrow(|page| page.output.as_ptr())
}

/// How many bytes the output text of the last call has.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn output_len() -> usize {
    PAGE.with_borrow(|page| page.output.len())
}

/// Reads the input buffer as a regions puzzle to play for the next
/// [`start`] ([`given_puzzle_said`]): [`Status::Done`] with the puzzle's
/// fragment (`#p=...`, for the address) as the output text, or
/// [`Status::Refused`] with why not.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn given_puzzle() -> Status {
    PAGE.with_borrow_mut(|page| keep_given(page, given_puzzle_said(&input(page))))
}

/// What a puzzle or a day read gives the next [`start`]: it to play and its
/// fragment as the output text, or nothing and why not.
fn keep_given(page: &mut Page, read: Result<(Given, String), String>) -> Status {
    let (given, output, status) = match read {
        Ok((given, fragment)) => (Some(given), fragment, Status::Done),
        Err(why) => (None, why, Status::Refused),
    };
    (page.given, page.output) = (given, output);
    status
}

/// Reads the input buffer as a day whose puzzle of the day to play for the
/// next [`start`] ([`given_day_said`]): [`Status::Done`] with the day's
/// fragment (`#d=YYYY-MM-DD`) as the output text, or [`Status::Refused`]
/// with why not.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn given_day() -> Status {
    let today = calendar().today();
    PAGE.with_borrow_mut(|page| keep_given(page, given_day_said(&input(page), today)))
}

/// The first day whose puzzle [`given_day`] plays, in days since
/// 1970-01-01: the page's date choice starts there.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn first_day() -> f64 {
    FIRST_DAY as f64
}

/// Starts a game at `now` on the page's clock, from the stored JSON in the
/// input buffer if `stored` is 1 (0: nothing stored), scrolling the intro if
/// `intro` is 1 (the page's first visit), with regions mode's puzzles other
/// than the day's from `seed` (the page's randomness, or the seed of a
/// shared address); first the puzzle [`given_puzzle`] or the day
/// [`given_day`] read, if any. [`Status::Done`], or, for a stored value not
/// used, [`Status::Invalid`] or [`Status::Newer`] with why as the output text.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn start(now: f64, intro: u32, seed: u64, stored: u32) -> Status {
    PAGE.with_borrow_mut(|page| {
        let (saved, unusable) = match stored {
            0 => (None, None),
            _ => match saved::read(&input(page), calendar().today()) {
                Ok(saved) => (Some(saved), None),
                Err(why) => (None, Some(why)),
            },
        };
        let given = page.given.take();
        let mut session = Session::start(saved, intro != 0, now, seed, given, stopwatch(), calendar());
        if let Some(Unusable::Newer(_)) = unusable {
            session.stop_keeping();
        }
        page.session = Some(session);
        page.output = unusable.as_ref().map(Unusable::to_string).unwrap_or_default();
        unusable.as_ref().map_or(Status::Done, Status::of)
    })
}

/// A key of the drawn joystick (0 up, 1 down, 2 left, 3 right, 4 middle)
/// went down (`down` 1) or up (0) at `now`.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn joystick(key: u32, down: u32, now: f64) {
    let keys = [Key::Up, Key::Down, Key::Left, Key::Right, Key::Middle];
    if let Some(&key) = keys.get(key as usize) {
        with_session(|s| s.joystick(key, down != 0, now));
    }
}

/// A tap or click went down on the LED in column `x`, row `y` of the frame
/// (from 0 at the top left) at `now`: if a square of the board is drawn
/// there, the cursor goes there and the joystick's middle goes down (the
/// page sends its going up with [`joystick`], key 4, when the tap is
/// lifted). Returns 1 if so, 0 for a pixel off the board (nothing done).
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn point(x: u32, y: u32, now: f64) -> u32 {
    let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else { return 0 };
    with_session(|s| u32::from(s.point(x, y, now)))
}

/// The tap [`point`] started on the LED (`from_x`, `from_y`) slid onto
/// (`x`, `y`) at `now`, `first` 1 on its first move: a drag, which marks
/// the empty squares it crosses and presses nothing. Returns 1 if so, 0
/// where the mode does not drag to mark (the tap stays a tap).
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn drag(from_x: u32, from_y: u32, x: u32, y: u32, first: u32, now: f64) -> u32 {
    let pixel = |v: u32| u8::try_from(v).ok();
    let (Some(fx), Some(fy), Some(x), Some(y)) = (pixel(from_x), pixel(from_y), pixel(x), pixel(y)) else {
        return 0;
    };
    with_session(|s| u32::from(s.drag((fx, fy), (x, y), first != 0, now)))
}

/// The tap [`point`] started was taken back by the browser
/// (`pointercancel`) at `now`: no press.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn cancel_point(now: f64) {
    with_session(|s| s.cancel_point(now));
}

/// A key of the keyboard went down at `now`: its name as the browser
/// gives it (`KeyboardEvent.key`: `ArrowUp`, `Enter`, ` `, `w`) in the input
/// buffer, `repeat` 1 for the browser's repeat of a key held down. The
/// game's keys are the engine's table ([`queens_engine::game::keys`]): a
/// held direction repeats, as the terminal's does; Enter and `m` act once
/// per press. Returns 1 if the key is the game's (the page then keeps it
/// from the browser), 0 if not.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn key(now: f64, repeat: u32) -> u32 {
    let name = PAGE.with_borrow(input);
    let Some(event) = keystroke(&name).and_then(event_of) else { return 0 };
    let direction = matches!(event, Event::Up | Event::Down | Event::Left | Event::Right);
    if repeat == 0 || direction {
        with_session(|s| s.keyboard(event, now));
    }
    1
}

/// The page hidden (`hidden` 1: `document.hidden`) or shown again (0) at `now`.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn hidden(hidden: u32, now: f64) {
    with_session(|s| s.hidden(hidden != 0, now));
}

/// Regions mode's auto-mark on (`on` 1) or off (0): the page's checkbox.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn set_auto_mark(on: u32) {
    with_session(|s| s.set_auto_mark(on != 0));
}

/// Brings the game up to `now`.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn tick(now: f64) {
    with_session(|s| s.tick(now));
}

/// When to call [`tick`] next, on the page's clock; -1 for never (idle).
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn deadline() -> f64 {
    with_session(|s| s.deadline()).unwrap_or(-1.0)
}

/// When regions' clock shows its next second, on the page's clock; -1
/// for never (no puzzle in play, or the page hidden).
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn clock_deadline() -> f64 {
    with_session(|s| s.clock_deadline()).unwrap_or(-1.0)
}

/// The frame's side in pixels (8, or the board's up to 16); [`pixels`]
/// returns where its RGB bytes are.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn frame_side() -> usize {
    PAGE.with_borrow_mut(|page| {
        let Some(session) = &page.session else { return 0 };
        let frame = session.frame();
        page.pixels = frame.pixels().iter().flat_map(|p| [p.0, p.1, p.2]).collect();
        frame.side()
    })
}

/// Where the bytes of the frame [`frame_side`] last measured are.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn pixels() -> *const u8 {
    PAGE.with_borrow(|page| page.pixels.as_ptr())
}

/// What is on show in words, as JSON in the output text ([`describe_json`]);
/// returns its length.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn describe() -> usize {
    PAGE.with_borrow_mut(|page| {
        page.output = page.session.as_ref().map(|s| describe_json(&s.on_show())).unwrap_or_default();
        page.output.len()
    })
}

/// The board in words for the page's grid, which a screen reader reads and
/// plays, as JSON in the output text ([`board_json`]); returns its length.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn board_words() -> usize {
    PAGE.with_borrow_mut(|page| {
        page.output = page.session.as_ref().map(board_json).unwrap_or_default();
        page.output.len()
    })
}

/// What the last input did that only the LEDs show (strict: why a queen
/// was refused; a hint: what it lit, or why nothing), in the engine's words
/// ([`queens_engine::game::Engine::take_said`]), as the output text, once:
/// the page's live region says it after the press. Returns its length (0:
/// nothing to say since).
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn said() -> usize {
    PAGE.with_borrow_mut(|page| {
        page.output = page.session.as_mut().and_then(Session::take_said).unwrap_or_default();
        page.output.len()
    })
}

/// Whether there is progress to store (1) or not (0): a change since it
/// was last stored, and progress is kept. Only then does the page read
/// what is stored for [`saved()`].
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn unsaved() -> u32 {
    with_session(|s| u32::from(s.unsaved()))
}

/// The progress to store if it changed since it was last stored, merged
/// with what is stored now (the stored JSON in the input buffer if
/// `stored` is 1, as for [`start`]: another tab may have stored progress
/// since): [`Status::Done`] with the JSON to store as the output text,
/// [`Status::Nothing`], or, for a stored value that cannot be merged,
/// [`Status::Invalid`] (the page sets it aside and asks again with
/// nothing) or [`Status::Newer`] (nothing is stored from now on), with why.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn saved(stored: u32) -> Status {
    PAGE.with_borrow_mut(|page| {
        let input = input(page);
        let stored = (stored != 0).then_some(input.as_str());
        let (status, output) = match page.session.as_mut().map(|s| s.take_saved(stored)) {
            Some(Ok(Some(saved))) => (Status::Done, saved::to_json(&saved)),
            Some(Err(why)) => (Status::of(&why), why.to_string()),
            Some(Ok(None)) | None => (Status::Nothing, String::new()),
        };
        page.output = output;
        status
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engine::game::{ModeKind, NoCalendar, SavedState, StoppedWatch};
    use queens_engine::regions::generate::date_string;

    /// The text of the last call's output.
    fn output_text() -> String {
        PAGE.with_borrow(|page| {
            assert_eq!(page.output.len(), output_len());
            page.output.clone()
        })
    }

    /// `text` in the input buffer, as the page writes it.
    fn give(text: &str) {
        let at = input_buffer(text.len());
        PAGE.with_borrow_mut(|page| {
            assert_eq!(page.input.as_mut_ptr(), at);
            page.input.copy_from_slice(text.as_bytes());
        });
    }

    fn on_show() -> queens_engine::game::OnShow {
        PAGE.with_borrow(|page| page.session.as_ref().unwrap().on_show())
    }

    #[test]
    fn a_puzzle_given_is_played_next_and_one_that_cannot_be_is_said_in_one_line() {
        use queens_engine::regions::generate;
        let made = generate::generate(7, 30, None).unwrap().puzzle;
        let link = queens_engine::regions::share::fragment(&made);
        // Letters as `queens regions generate` prints them: the page answers with the link.
        give(&format!("# 7x7, seed 30\n{}", made.letters()));
        assert_eq!(given_puzzle(), Status::Done);
        assert_eq!(output_text(), link);
        assert_eq!(start(0.0, 0, 1, 0), Status::Done);
        let said = on_show();
        assert_eq!((said.mode, said.size, said.tally), (ModeKind::Regions, 7, None));
        // Played once: the next start is the stored game's again.
        start(0.0, 0, 1, 0);
        assert_eq!(on_show().mode, ModeKind::Classic);
        for (text, expected) in [
            (
                "AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n",
                "the puzzle has 14 solutions: a puzzle to play has exactly one",
            ),
            (
                &link[..link.len() - 2],
                "the link has 23 characters of regions where 7x7 takes 25: is the link whole?",
            ),
        ] {
            give(text);
            assert_eq!(given_puzzle(), Status::Refused);
            assert_eq!(output_text(), expected);
            assert!(PAGE.with_borrow(|page| page.given.is_none()));
        }
    }

    /// Issue 43: why strict refused a queen is the output text once, after the press.
    #[test]
    fn a_refusal_is_said_once_with_its_why() {
        let saved = SavedState { mode: ModeKind::Strict, ..SavedState::default() };
        let session =
            Session::start(Some(saved), false, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        PAGE.with_borrow_mut(|page| page.session = Some(session));
        let press = |name: &str, now| {
            give(name);
            assert_eq!(key(now, 0), 1, "{name:?} is the game's");
        };
        press(" ", 1.0);
        assert_eq!(said(), 0, "d4 is free");
        press("ArrowRight", 2.0);
        press("Enter", 3.0);
        assert_eq!(said(), "e4 refused: the queen on d4 attacks it".len());
        assert_eq!(output_text(), "e4 refused: the queen on d4 attacks it");
        assert_eq!(said(), 0, "said once");
    }

    #[test]
    fn the_keyboards_keys_are_the_engines_and_a_held_one_repeats_only_a_direction() {
        let session = Session::start(None, false, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        PAGE.with_borrow_mut(|page| page.session = Some(session));
        let key_at = |name: &str, repeat| {
            give(name);
            key(1.0, repeat)
        };
        for not_ours in ["q", "Escape", "Tab", "", "ArrowUpX", "é"] {
            assert_eq!(key_at(not_ours, 0), 0, "{not_ours:?}");
        }
        assert_eq!(key_at("L", 0), 1);
        assert_eq!(key_at("l", 1), 1, "a held direction repeats");
        assert_eq!(on_show().cursor, Some((5, 4)), "two to the right of d4");
        assert_eq!(key_at("M", 0), 1);
        assert!(on_show().menu.is_some(), "m opens the menu");
        assert_eq!(key_at("m", 1), 1, "the game's key, held");
        assert!(on_show().menu.is_some(), "a held m does not close it again");
    }

    /// Issue 43: the address's `#d=` (or the date choice's value) plays
    /// that day's puzzle; a day that cannot be played is said in the
    /// command line's words (`queens play --date`, `regions daily --date`).
    #[test]
    fn a_past_day_given_is_played_next_and_one_that_cannot_be_is_said_in_one_line() {
        use queens_engine::regions::generate::{self, FIRST_DAY};
        let day = FIRST_DAY + 1;
        for given in [format!("#d={}", date_string(day)), date_string(day)] {
            give(&given);
            assert_eq!(given_day(), Status::Done);
            assert_eq!(output_text(), format!("#d={}", date_string(day)), "{given}");
        }
        start(0.0, 0, 1, 0);
        let on_show = on_show();
        assert_eq!(
            (on_show.mode, on_show.size, on_show.tally),
            (ModeKind::Regions, 8, None),
            "no streak shown"
        );
        let letters: String = on_show.letters.into_iter().flatten().collect();
        assert_eq!(letters, generate::daily(day).puzzle.letters().replace('\n', ""), "that day's puzzle");
        give("2026-11-25");
        assert_eq!(given_day(), Status::Refused);
        assert_eq!(
            output_text(),
            "'2026-11-25' is before 2026-11-26, the first day with a puzzle of the day"
        );
        assert!(PAGE.with_borrow(|page| page.given.is_none()));
    }

    #[test]
    fn a_stored_value_not_used_is_a_status_with_its_words() {
        give(r#"{"mode":"chess","size":8,"found":[]}"#);
        assert_eq!(start(0.0, 0, 1, 1), Status::Invalid);
        assert!(output_text().starts_with("is not valid: unknown mode 'chess'"), "{}", output_text());
        assert_eq!(saved(0), Status::Nothing, "nothing changed");
        give(r#"{"version":6}"#);
        assert_eq!(start(0.0, 0, 1, 1), Status::Newer);
        assert!(output_text().contains("newer queens"), "{}", output_text());
        assert_eq!(unsaved(), 0, "nothing is kept");
        give("");
        assert_eq!(start(0.0, 0, 1, 0), Status::Done);
        assert_eq!(output_text(), "");
        give("l");
        key(1.0, 0);
        give(" ");
        key(2.0, 0);
        assert_eq!(unsaved(), 0, "a queen alone is not progress");
        give("m");
        key(3.0, 0);
        for _ in 0..2 {
            give("ArrowRight");
            key(4.0, 0);
        }
        give("Enter");
        key(5.0, 0);
        assert_eq!(on_show().mode, ModeKind::Strict, "the menu's third item: hint, classic, strict");
        assert_eq!(unsaved(), 1);
        give(r#"{"mode":"cover","size":8,"found":[3]}"#);
        assert_eq!(saved(1), Status::Done);
        assert_eq!(output_text(), r#"{"version":1,"mode":"strict","size":8,"found":[3]}"#);
        give("[]");
        assert_eq!(saved(1), Status::Nothing, "stored once");
    }
}
