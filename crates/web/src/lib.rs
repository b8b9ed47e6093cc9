//! # queens-web
//!
//! The queens engine as a WebAssembly module for the page in `web/`
//! (`scripts/build-web` builds both into `target/web/`). The page owns the
//! clock, the drawing and `localStorage`; this crate owns the game:
//! [`session::Session`] is the engine with the drawn joystick's gestures and
//! the keyboard, [`mod@saved`] the stored progress as JSON.
//!
//! The module exports plain functions (below) rather than going through
//! `wasm-bindgen`: the page passes numbers, and text through one buffer in
//! each direction, so no generated glue and no tool to install are needed.
//! Those exports are the only `unsafe` here: `#[unsafe(no_mangle)]` on each.
//! On the host the crate builds as an ordinary library, for its tests.

pub mod saved;
pub mod session;

use queens_engine::game::gesture::Key;
use queens_engine::game::{Calendar, Event, MAX_SIDE, OnShow, Press, Stopwatch, Unusable};
use queens_engine::json::json_string;
use queens_engine::regions::generate::{FIRST_DAY, date_string, past_day_said};
use queens_engine::regions::share;
use session::{Given, Session};
use std::cell::RefCell;

/// Everything the page's calls share: one game, and the two text buffers.
#[derive(Default)]
struct Page {
    session: Option<Session>,
    /// Text the page writes for a call (the stored JSON, a puzzle).
    input: Vec<u8>,
    /// Text for the page to read after a call that returns its length.
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

/// Reads the page's clock (`performance.now()`, in milliseconds) to time
/// searches, as every backend's monotonic clock does.
#[cfg(target_arch = "wasm32")]
struct PageClock;

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

#[cfg(target_arch = "wasm32")]
impl Stopwatch for PageClock {
    fn nanos(&self) -> Option<u64> {
        Some((now() * 1e6) as u64)
    }
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

/// Reads the input buffer as a regions puzzle to play, in any form `queens
/// regions solve` reads ([`share::read`]: a link, its `#p=...` fragment,
/// rows of region letters with `#` comments, or JSON) for the next
/// [`start`], if regions mode can play it here; a link read as written
/// (percent-decoded, as the address keeps it). The output text is then
/// the puzzle's fragment (`#p=...`, for the address), or else why not, in
/// one line; returns its length.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn given_puzzle() -> usize {
    PAGE.with_borrow_mut(|page| {
        let text = String::from_utf8_lossy(&page.input);
        let read = share::read(&text).map_err(|e| e.to_string()).and_then(|puzzle| {
            share::check_playable(&puzzle, MAX_SIDE).map(|()| puzzle).map_err(|e| e.to_string())
        });
        (page.given, page.output) = match read {
            Ok(puzzle) => {
                let link = share::fragment(&puzzle);
                (Some(Given::Puzzle(puzzle)), link)
            }
            Err(why) => (None, why),
        };
        page.output.len()
    })
}

/// Reads the input buffer as a day whose puzzle of the day to play
/// (`YYYY-MM-DD`: the date choice's value, or the address's `#d=` and the
/// day), for the next [`start`], if it is from the first day to today.
/// The address is read as a link is ([`share::percent_decoded`], blanks
/// around it dropped), so `#d=2026-11-27%20` is that day, and a `%` that
/// starts no escape (`#d=%`) is said to be no date, as any other. The
/// output text is then the day's fragment (`#d=YYYY-MM-DD`, for the
/// address), or else why not, in one line: the words `queens play --date`
/// says it in, or, for an empty date choice (nothing chosen, or a date
/// typed in part), to choose a day first. Returns its length.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn given_day() -> usize {
    let today = calendar().today();
    PAGE.with_borrow_mut(|page| {
        let text = share::percent_decoded(&String::from_utf8_lossy(&page.input));
        let text = text.trim();
        let said = match text.strip_prefix(DAY_KEY) {
            Some(date) => past_day_said(date.trim(), today),
            None if text.is_empty() => Err("choose a day first".to_string()),
            None => past_day_said(text, today),
        };
        (page.given, page.output) = match said {
            Ok(day) => (Some(Given::Day(day)), format!("{DAY_KEY}{}", date_string(day))),
            Err(why) => (None, why),
        };
        page.output.len()
    })
}

/// The first day whose puzzle [`given_day`] plays, in days since
/// 1970-01-01: the page's date choice starts there.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn first_day() -> f64 {
    FIRST_DAY as f64
}

/// Where the address names a past day to play: `#d=YYYY-MM-DD`.
pub const DAY_KEY: &str = "#d=";

/// Starts a game at `now` on the page's clock, from the stored JSON in the
/// input buffer if `stored` is 1 (0: nothing stored), scrolling the intro if
/// `intro` is 1 (the page's first visit), with regions mode's puzzles other
/// than the day's from `seed` (the page's randomness, or the seed of a
/// shared address); first the puzzle [`given_puzzle`] or the day
/// [`given_day`] read, if any. Returns the length of the output text: empty, or why
/// the saved state was not used.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn start(now: f64, intro: u32, seed: u64, stored: u32) -> usize {
    PAGE.with_borrow_mut(|page| {
        let (saved, unusable) = match stored {
            0 => (None, None),
            _ => match saved::read(&String::from_utf8_lossy(&page.input), calendar().today()) {
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
        page.output = unusable.map(|why| why.to_string()).unwrap_or_default();
        page.output.len()
    })
}

/// Whether the progress is kept (1) or not (0: a newer queens stored it):
/// after a warning from [`start`] or [`saved()`], the page sets the stored
/// value aside only if it is kept.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn keeps_progress() -> u32 {
    with_session(|s| u32::from(s.keeps_progress()))
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

/// The tap [`point`] started was taken back by the browser
/// (`pointercancel`) at `now`: no press.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn cancel_point(now: f64) {
    with_session(|s| s.cancel_point(now));
}

/// A key of the keyboard, as an event (its index in [`Event::JOYSTICK`]; the
/// hold stands for `m`), at `now`.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn keyboard(event: u32, now: f64) {
    if let Some(&event) = Event::JOYSTICK.get(event as usize) {
        with_session(|s| s.keyboard(event, now));
    }
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

/// What is on show in words, as JSON in the output text; returns its length.
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn describe() -> usize {
    PAGE.with_borrow_mut(|page| {
        page.output = page.session.as_ref().map(|s| describe_json(&s.on_show())).unwrap_or_default();
        page.output.len()
    })
}

/// The board in words for the page's grid, which a screen reader reads and
/// plays, as JSON in the output text; returns its length. See [`board_json`].
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn board_words() -> usize {
    PAGE.with_borrow_mut(|page| {
        page.output = page.session.as_ref().map(board_json).unwrap_or_default();
        page.output.len()
    })
}

/// The board in words as JSON: `size` (the board is size x size), `offset`
/// (where its top-left square is on the frame, in LEDs from the top and the
/// left), `squares` (a square's name and what it shows, row by row from the
/// top: [`queens_engine::game::Engine::square_words`]) and `cursor` (the
/// index of the cursor's square in `squares`, or null).
pub fn board_json(session: &Session) -> String {
    let on_show = session.on_show();
    let offset = on_show.board.side().saturating_sub(on_show.size) / 2;
    let cursor = on_show
        .cursor
        .map_or("null".into(), |(x, y)| ((y - offset) * on_show.size + (x - offset)).to_string());
    let squares: Vec<String> = session.square_words().iter().map(|w| json_string(w)).collect();
    format!(
        r#"{{"size":{},"offset":{offset},"squares":[{}],"cursor":{cursor}}}"#,
        on_show.size,
        squares.join(",")
    )
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
/// since), as JSON in the
/// output text; returns its length (0: nothing to store). If what is
/// stored cannot be used, the output is instead why, in one line (not
/// JSON): see [`keeps_progress`].
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn saved(stored: u32) -> usize {
    PAGE.with_borrow_mut(|page| {
        let input = String::from_utf8_lossy(&page.input).into_owned();
        let stored = (stored != 0).then_some(input.as_str());
        page.output = match page.session.as_mut().map(|s| s.take_saved(stored)) {
            Some(Ok(Some(saved))) => saved::to_json(&saved),
            Some(Err(why)) => why.to_string(),
            Some(Ok(None)) | None => String::new(),
        };
        page.output.len()
    })
}

/// Where the output text of the last call is (UTF-8).
// SAFETY: as for `input_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn output() -> *const u8 {
    PAGE.with_borrow(|page| page.output.as_ptr())
}

/// What the keys, the joystick and the LEDs do now, one item each: the
/// terminal's help line with the page's joystick beside the keys, and a
/// tap on a square. Items, not one line:
/// the page sets them apart itself (the terminal's double spaces would
/// collapse in HTML).
pub fn help(on_show: &OnShow) -> Vec<String> {
    let items: &[&str] = if on_show.standby {
        &["asleep: any key, joystick move or tap on the board starts a new game"]
    } else if on_show.menu.is_some() {
        &["left/right: choose", "Enter/Space or a click of the middle: pick", "m, up or down: leave"]
    } else {
        // The mode says what a press does; these items only name the keys.
        let press = match on_show.mode.press() {
            Press::Cycles(states) => states.join(", "),
            Press::Places { on_a_queen: (long, _) } => format!("place; on a queen: {long}"),
        };
        return vec![
            "arrows/WASD/hjkl or the joystick: move".into(),
            format!("Enter/Space or a click of the middle: {press}"),
            "tap or click a square: press there".into(),
            "m, or holding the middle or a square: menu".into(),
        ];
    };
    items.iter().map(|i| i.to_string()).collect()
}

/// [`OnShow`]'s words as JSON: mode, size, menu (items and the selected
/// one's index, or null), message, standby, the help items, and the
/// `tally` of the player's progress that belongs to what is played (or
/// null: [`queens_engine::game::Engine::tally`]), the `share` lines of a
/// puzzle just solved (or null), and the region `letters` of the board's
/// pixels, row-major, a space off the board (empty outside regions mode).
pub fn describe_json(on_show: &OnShow) -> String {
    let menu = match &on_show.menu {
        Some((items, selected)) => {
            let items: Vec<String> = items.iter().map(|i| json_string(i)).collect();
            format!(r#"{{"items":[{}],"selected":{selected}}}"#, items.join(","))
        }
        None => "null".into(),
    };
    let message = on_show.message.as_deref().map_or("null".into(), json_string);
    let help: Vec<String> = help(on_show).iter().map(|i| json_string(i)).collect();
    let tally = on_show.tally.as_deref().map_or("null".into(), json_string);
    let share = match &on_show.share {
        Some(lines) => format!("[{}]", lines.iter().map(|l| json_string(l)).collect::<Vec<_>>().join(",")),
        None => "null".into(),
    };
    let letters: String = on_show.letters.iter().map(|l| l.unwrap_or(' ')).collect();
    format!(
        r#"{{"mode":"{}","size":{},"menu":{menu},"message":{message},"standby":{},"help":[{}],"share":{share},"letters":{},"tally":{tally}}}"#,
        on_show.mode,
        on_show.size,
        on_show.standby,
        help.join(","),
        json_string(&letters)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engine::game::{ModeKind, NoCalendar, SavedState, StoppedWatch};

    #[test]
    fn the_description_is_json_with_the_menu_and_messages_in_words() {
        let mut session =
            Session::start(None, true, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        let intro = describe_json(&session.on_show());
        assert!(
            intro.starts_with(r#"{"mode":"classic","size":8,"menu":null,"message":"EIGHT QUEENS - "#),
            "{intro}"
        );
        while let Some(at) = session.deadline() {
            session.tick(at);
        }
        session.keyboard(Event::Hold, 60_000.0);
        let menu = describe_json(&session.on_show());
        assert!(menu.contains(r#""menu":{"items":["HINT","#), "{menu}");
        assert!(menu.contains(r#""selected":0}"#), "{menu}");
        assert_eq!(json_string("a\"b\\c\n"), r#""a\"b\\c\u000a""#);
    }

    /// The text of the last call's output.
    fn output_text() -> String {
        PAGE.with_borrow(|page| page.output.clone())
    }

    /// `text` in the input buffer, as the page writes it.
    fn give(text: &str) {
        let at = input_buffer(text.len());
        PAGE.with_borrow_mut(|page| {
            assert_eq!(page.input.as_mut_ptr(), at);
            page.input.copy_from_slice(text.as_bytes());
        });
    }

    #[test]
    fn a_puzzle_given_is_played_next_and_one_that_cannot_be_is_said_in_one_line() {
        use queens_engine::regions::generate;
        let made = generate::generate(7, 30, None).unwrap().puzzle;
        let link = queens_engine::regions::share::fragment(&made);
        // Letters as `queens regions generate` prints them: the page answers with the link.
        give(&format!("# 7x7, seed 30\n{}", made.letters()));
        assert_eq!(given_puzzle(), link.len());
        assert_eq!(output_text(), link);
        start(0.0, 0, 1, 0);
        let said = PAGE.with_borrow(|page| page.session.as_ref().unwrap().on_show());
        assert_eq!((said.mode, said.size, said.tally), (ModeKind::Regions, 7, None));
        // Played once: the next start is the stored game's again.
        start(0.0, 0, 1, 0);
        assert_eq!(PAGE.with_borrow(|page| page.session.as_ref().unwrap().on_show().mode), ModeKind::Classic);
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
            given_puzzle();
            assert_eq!(output_text(), expected);
            assert!(PAGE.with_borrow(|page| page.given.is_none()));
        }
    }

    /// Issue 39: the paste box asked for "rows of region letters, or JSON"
    /// and refused JSON (`'{' is not a region letter`).
    #[test]
    fn a_puzzle_pasted_as_json_is_played_as_the_command_line_reads_it() {
        use queens_engine::regions::generate;
        let made = generate::generate(7, 30, None).unwrap();
        let link = queens_engine::regions::share::fragment(&made.puzzle);
        let numbers = |list: &[usize]| list.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        let rows: Vec<String> = made.puzzle.rows().iter().map(|row| format!("[{}]", numbers(row))).collect();
        let solution: Vec<usize> = made.solution.columns().map(|r| r.map_or(0, usize::from)).collect();
        let json = |n: usize, solution: &[usize]| {
            format!(
                r#"{{"n": {n}, "regions": [{}], "solution": [{}], "difficulty": "{}", "seed": 30}}"#,
                rows.join(",\n  "),
                numbers(solution),
                made.difficulty
            )
        };
        give(&format!("\n{}\n", json(7, &solution)));
        assert_eq!(given_puzzle(), link.len(), "{}", output_text());
        assert_eq!(output_text(), link);
        // Its keys are checked here as on the command line, in the same words.
        let mut wrong = solution.clone();
        wrong.swap(0, 1);
        for (json, expected) in [
            (json(7, &wrong), "the puzzle's \"solution\" does not solve its grid: "),
            (json(8, &solution), "\"n\" is 8 but the grid has 7 rows"),
            (
                r#"{"n": 1e20, "regions": []}"#.to_string(),
                "the puzzle's JSON is not valid: \"n\" is 1e20, too large: expected a whole number from 1 to 16 (line 1, column 7)",
            ),
        ] {
            give(&json);
            given_puzzle();
            assert!(output_text().starts_with(expected), "{}", output_text());
            assert!(PAGE.with_borrow(|page| page.given.is_none()));
        }
    }

    #[test]
    fn a_link_is_read_percent_decoded_as_the_browser_keeps_the_address() {
        let made = queens_engine::regions::generate::generate(7, 30, None).unwrap().puzzle;
        let link = queens_engine::regions::share::fragment(&made);
        // `%37` is the 7 of 7x7; a space typed after the link is `%20` in the address.
        for kept in
            [link.replacen("#p=7.", "#p=%37.", 1), format!("{link}%20"), format!("http://x/{link}%20%0A")]
        {
            give(&kept);
            given_puzzle();
            assert_eq!(output_text(), link, "{kept}");
        }
    }

    /// Issue 43: the grid a screen reader plays names each square and what
    /// it shows, as the LEDs show it, and follows the cursor.
    #[test]
    fn the_board_in_words_names_each_square_and_what_is_on_it() {
        let mut session =
            Session::start(None, false, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        let json = board_json(&session);
        assert!(json.starts_with(r#"{"size":8,"offset":0,"squares":["a8","b8","#), "{json}");
        // The cursor starts on d4: the fifth row from the top, the fourth column.
        assert!(json.ends_with(r#""h1"],"cursor":35}"#), "{json}");
        session.keyboard(Event::Right, 1.0);
        session.keyboard(Event::Press, 2.0);
        let squares = session.square_words();
        assert_eq!(squares[36], "e4, queen");
        assert_eq!(squares.iter().filter(|s| s.contains("queen")).count(), 1, "{squares:?}");
        assert!(board_json(&session).ends_with(r#","cursor":36}"#));

        use queens_engine::regions::generate;
        let puzzle = generate::generate(6, 30, None).unwrap().puzzle;
        let mut session = Session::start(
            None,
            false,
            0.0,
            0,
            Some(Given::Puzzle(puzzle)),
            Box::new(StoppedWatch),
            Box::new(NoCalendar),
        );
        let squares = session.square_words();
        assert_eq!(squares.len(), 36);
        assert!(squares.iter().all(|s| s.contains(", region ") && !s.contains("dot")), "{squares:?}");
        let cursor = board_json(&session);
        let cursor: usize =
            cursor[cursor.find(r#""cursor":"#).unwrap() + 9..cursor.len() - 1].parse().unwrap();
        session.keyboard(Event::Press, 1.0);
        let pressed = session.square_words();
        assert_eq!(pressed[cursor], format!("{}, dot", squares[cursor]));
        assert_eq!(pressed.iter().filter(|s| s.ends_with("dot")).count(), 1);
    }

    /// Issue 43: why strict refused a queen is the output text once, after the press.
    #[test]
    fn a_refusal_is_said_once_with_its_why() {
        let saved = SavedState { mode: ModeKind::Strict, ..SavedState::default() };
        let session =
            Session::start(Some(saved), false, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        PAGE.with_borrow_mut(|page| page.session = Some(session));
        // The page's keys: an event's index in Event::JOYSTICK.
        let key = |event| Event::JOYSTICK.iter().position(|&e| e == event).unwrap() as u32;
        keyboard(key(Event::Press), 1.0);
        assert_eq!(said(), 0, "d4 is free");
        keyboard(key(Event::Right), 2.0);
        keyboard(key(Event::Press), 3.0);
        assert_eq!(said(), "e4 refused: the queen on d4 attacks it".len());
        assert_eq!(output_text(), "e4 refused: the queen on d4 attacks it");
        assert_eq!(said(), 0, "said once");
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
            given_day();
            assert_eq!(output_text(), format!("#d={}", date_string(day)), "{given}");
        }
        start(0.0, 0, 1, 0);
        let (on_show, letters) = PAGE.with_borrow(|page| {
            let session = page.session.as_ref().unwrap();
            (session.on_show(), session.on_show().letters)
        });
        assert_eq!(
            (on_show.mode, on_show.size, on_show.tally),
            (ModeKind::Regions, 8, None),
            "no streak shown"
        );
        let letters: String = letters.into_iter().flatten().collect();
        assert_eq!(letters, generate::daily(day).puzzle.letters().replace('\n', ""), "that day's puzzle");
        for (text, expected) in [
            (
                "2026-11-25",
                "'2026-11-25' is before 2026-11-26, the first day with a puzzle of the day".to_string(),
            ),
            ("2026-02-30", generate::date_said("2026-02-30").unwrap_err()),
            ("#d=tomorrow", generate::date_said("tomorrow").unwrap_err()),
        ] {
            give(text);
            given_day();
            assert_eq!(output_text(), expected);
            assert!(PAGE.with_borrow(|page| page.given.is_none()));
        }
    }

    /// Issue 50: `#d=%` stopped the page ("URI malformed", thrown by the
    /// page's own decoding), `#d=2026-11-27%20` was refused where a `#p=`
    /// with `%20` after it is read, and an empty date choice was "'' is
    /// not a date".
    #[test]
    fn a_day_is_read_as_a_link_is_and_an_empty_choice_asks_for_one() {
        use queens_engine::regions::generate::{FIRST_DAY, date_said};
        let day = date_string(FIRST_DAY + 1);
        for given in [format!("#d={day}%20"), format!("#d=%32{}", &day[1..]), format!(" {day}\n")] {
            give(&given);
            given_day();
            assert_eq!(output_text(), format!("#d={day}"), "{given:?}");
        }
        for (given, date) in [("#d=%", "%"), ("#d=%E0%A4%A", "\u{fffd}%A"), ("#d=", "")] {
            give(given);
            given_day();
            assert_eq!(output_text(), date_said(date).unwrap_err(), "{given:?}");
            assert!(!output_text().contains('\n'));
            assert!(PAGE.with_borrow(|page| page.given.is_none()));
        }
        give("");
        given_day();
        assert_eq!(output_text(), "choose a day first");
    }

    #[test]
    fn the_tally_is_said_only_where_one_is_kept() {
        let tally = |mode, size| {
            let saved = SavedState { mode, size, ..SavedState::default() };
            let session = Session::start(
                Some(saved),
                false,
                0.0,
                0,
                None,
                Box::new(StoppedWatch),
                Box::new(NoCalendar),
            );
            let json = describe_json(&session.on_show());
            json[json.find(r#""tally":"#).expect("a tally field")..].to_string()
        };
        assert_eq!(tally(ModeKind::Classic, 8), r#""tally":"0/92 found"}"#);
        assert_eq!(tally(ModeKind::Strict, 8), r#""tally":"0/92 found"}"#);
        assert_eq!(tally(ModeKind::Classic, 16), r#""tally":null}"#);
        assert_eq!(tally(ModeKind::Cover, 8), r#""tally":null}"#);
        // No date on the host: no puzzle of the day, so no streak either (the page's test has one).
        assert_eq!(tally(ModeKind::Regions, 8), r#""tally":null}"#);
    }

    #[test]
    fn the_help_is_items_the_page_sets_apart_not_spaces() {
        let mut session =
            Session::start(None, true, 0.0, 0, None, Box::new(StoppedWatch), Box::new(NoCalendar));
        while let Some(at) = session.deadline() {
            session.tick(at);
        }
        let playing = help(&session.on_show());
        assert_eq!(playing.len(), 4, "{playing:?}");
        assert!(playing[1].ends_with("on a queen: the answer"), "{playing:?}");
        session.keyboard(Event::Hold, 60_000.0);
        for item in playing.iter().chain(&help(&session.on_show())) {
            assert!(!item.contains("  ") && item.trim() == item, "{item:?}");
        }
        assert!(describe_json(&session.on_show()).contains(r#""help":["left/right: choose","#));
    }

    #[test]
    fn the_help_says_what_a_press_does_in_every_mode() {
        for mode in ModeKind::ALL {
            // The mode's own words for a press, beside the page's keys: a mode
            // added to ModeKind is checked here without an edit.
            let press = match mode.press() {
                Press::Places { on_a_queen: (long, _) } => long.to_string(),
                Press::Cycles(states) => states.join(", "),
            };
            assert!(!press.is_empty(), "{mode}");
            let on_show = OnShow {
                mode,
                size: 8,
                menu: None,
                message: None,
                standby: false,
                board: queens_engine::game::Frame::dark(8),
                cursor: None,
                tally: None,
                share: None,
                letters: Vec::new(),
            };
            let items = help(&on_show);
            assert!(items[1].starts_with("Enter/Space or a click of the middle: "), "{items:?}");
            assert!(items[1].ends_with(&press), "{mode}: {items:?}");
        }
    }
}
