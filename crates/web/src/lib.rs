//! # queens-web
//!
//! The queens engine as a WebAssembly module for the page in `web/`
//! (`scripts/build-web` builds both into `target/web/`). The page owns the
//! clock, the drawing and `localStorage`; this crate owns the game:
//! [`session::Session`] is the engine with the drawn joystick's gestures and
//! the keyboard, [`mod@saved`] the stored progress as JSON, and this file
//! what the page is told in words (as JSON: [`describe_json`],
//! [`board_json`]) and what it gives as text (a puzzle, a day, a key).
//!
//! The module exports plain functions (`exports.rs`) rather than going
//! through `wasm-bindgen`: the page passes numbers, and text through one
//! buffer in each direction, so no generated glue and no tool to install
//! are needed. Those exports are the only `unsafe` here, all in that one
//! file. On the host the crate builds as an ordinary library, for its tests.

// `unsafe` only in the exports, which allow it where they are declared (tests/unsafe_code.rs
// checks the same from the sources).
#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod exports;
pub mod saved;
pub mod session;

use queens_engine::game::keys::{KEYS, Keystroke, named};
use queens_engine::game::{MAX_SIDE, OnShow, Press};
use queens_engine::json::json_string;
use queens_engine::regions::generate::{date_string, past_day_said};
use queens_engine::regions::share;
use session::{Given, Session};

/// Where the address names a past day to play: `#d=YYYY-MM-DD`.
pub const DAY_KEY: &str = "#d=";

/// A regions puzzle to play, in any form `queens regions solve` reads
/// ([`share::read`]: a link, its `#p=...` fragment, rows of region letters
/// with `#` comments, or JSON), if regions mode can play it here; a link
/// read as written (percent-decoded, as the address keeps it). With it,
/// its fragment (`#p=...`, for the address); else why not, in one line.
pub fn given_puzzle_said(text: &str) -> Result<(Given, String), String> {
    let puzzle = share::read(text).map_err(|e| e.to_string())?;
    share::check_playable(&puzzle, MAX_SIDE).map_err(|e| e.to_string())?;
    let fragment = share::fragment(&puzzle);
    Ok((Given::Puzzle(puzzle), fragment))
}

/// A day whose puzzle of the day to play (`YYYY-MM-DD`: the date choice's
/// value, or the address's `#d=` and the day), if it is from the first day
/// to `today`. The address is read as a link is
/// ([`share::percent_decoded`], blanks around it dropped), so
/// `#d=2026-11-27%20` is that day, and a `%` that starts no escape (`#d=%`)
/// is said to be no date, as any other. With it, the day's fragment
/// (`#d=YYYY-MM-DD`, for the address); else why not, in one line: the
/// words `queens play --date` says it in, or, for an empty date choice
/// (nothing chosen, or a date typed in part), to choose a day first.
pub fn given_day_said(text: &str, today: Option<i64>) -> Result<(Given, String), String> {
    let text = share::percent_decoded(text);
    let text = text.trim();
    let day = match text.strip_prefix(DAY_KEY) {
        Some(date) => past_day_said(date.trim(), today),
        None if text.is_empty() => Err("choose a day first".to_string()),
        None => past_day_said(text, today),
    }?;
    Ok((Given::Day(day), format!("{DAY_KEY}{}", date_string(day))))
}

/// A key as the browser names it (`KeyboardEvent.key`) as a keystroke
/// the engine's key table knows: `ArrowUp`, `Enter`, ` ` (Space), or one
/// letter.
pub fn keystroke(name: &str) -> Option<Keystroke> {
    Some(match name {
        "ArrowUp" => Keystroke::Up,
        "ArrowDown" => Keystroke::Down,
        "ArrowLeft" => Keystroke::Left,
        "ArrowRight" => Keystroke::Right,
        "Enter" => Keystroke::Enter,
        " " => Keystroke::Space,
        _ => {
            let mut chars = name.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => Keystroke::letter(c),
                _ => return None,
            }
        }
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

/// What the keys, the joystick and the LEDs do now, one item each: the
/// terminal's help line with the page's joystick beside the keys, and a
/// tap on a square. Items, not one line:
/// the page sets them apart itself (the terminal's double spaces would
/// collapse in HTML).
pub fn help(on_show: &OnShow) -> Vec<String> {
    // The keys are the engine's table's, named as it names them.
    let (moves, press, menu) = (named(KEYS.moves), named(KEYS.press), named(KEYS.menu));
    if on_show.standby {
        vec!["asleep: any key, joystick move or tap on the board starts a new game".into()]
    } else if on_show.menu.is_some() {
        vec![
            "left/right: choose".into(),
            format!("{press} or a click of the middle: pick"),
            format!("{menu}, up or down: leave"),
        ]
    } else {
        // The mode says what a press does; these items only name the keys.
        let does = match on_show.mode.press() {
            Press::Cycles(states) => states.join(", "),
            Press::Places { on_a_queen: (long, _) } => format!("place; on a queen: {long}"),
        };
        let mut items = vec![
            format!("{moves} or the joystick: move"),
            format!("{press} or a click of the middle: {does}"),
            "tap or click a square: press there".into(),
            format!("{menu}, or holding the middle or a square: menu"),
        ];
        if on_show.mode.undoes() {
            items.push(format!("{} or the Undo button: undo", named(KEYS.undo)));
        }
        items
    }
}

/// [`OnShow`]'s words as JSON: mode, size, menu (items and the selected
/// one's index, or null), message, standby, the help items, and the
/// `tally` of the player's progress that belongs to what is played (or
/// null: [`queens_engine::game::Engine::tally`]), the `share` lines of a
/// puzzle just solved (or null), and the region `letters` of the board's
/// pixels, row-major, a space off the board (empty outside regions mode),
/// whether the mode `undoes` (the Undo button shows), and its `auto_mark`
/// (true or false; null in a mode without it: the checkbox hides), and its
/// `clock` (`1m05s`; null in a mode without one).
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
    let auto_mark = on_show.auto_mark.map_or("null".into(), |on| on.to_string());
    let clock = on_show.clock.as_deref().map_or("null".into(), json_string);
    format!(
        r#"{{"mode":"{}","size":{},"menu":{menu},"message":{message},"standby":{},"help":[{}],"share":{share},"letters":{},"undoes":{},"auto_mark":{auto_mark},"clock":{clock},"tally":{tally}}}"#,
        on_show.mode,
        on_show.size,
        on_show.standby,
        help.join(","),
        json_string(&letters),
        on_show.mode.undoes(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engine::game::{BoardSize, Event, ModeKind, NoCalendar, SavedState, StoppedWatch};

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
        let read = given_puzzle_said(&format!("\n{}\n", json(7, &solution)));
        assert_eq!(read.map(|(_, fragment)| fragment), Ok(link));
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
            let why = given_puzzle_said(&json).unwrap_err();
            assert!(why.starts_with(expected), "{why}");
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
            assert_eq!(given_puzzle_said(&kept).map(|(_, fragment)| fragment), Ok(link.clone()), "{kept}");
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

    /// Issue 50: `#d=%` stopped the page ("URI malformed", thrown by the
    /// page's own decoding), `#d=2026-11-27%20` was refused where a `#p=`
    /// with `%20` after it is read, and an empty date choice was "'' is
    /// not a date".
    #[test]
    fn a_day_is_read_as_a_link_is_and_an_empty_choice_asks_for_one() {
        use queens_engine::regions::generate::{FIRST_DAY, date_said};
        let day = date_string(FIRST_DAY + 1);
        for given in [format!("#d={day}%20"), format!("#d=%32{}", &day[1..]), format!(" {day}\n")] {
            let read = given_day_said(&given, None).map(|(_, fragment)| fragment);
            assert_eq!(read, Ok(format!("#d={day}")), "{given:?}");
        }
        for (given, date) in [("#d=%", "%"), ("#d=%E0%A4%A", "%E0%A4%A"), ("#d=", "")] {
            let why = given_day_said(given, None).unwrap_err();
            assert_eq!(why, date_said(date).unwrap_err(), "{given:?}");
            assert!(!why.contains('\n'));
        }
        assert_eq!(given_day_said("", None).unwrap_err(), "choose a day first");
    }

    #[test]
    fn the_tally_is_said_only_where_one_is_kept() {
        let tally = |mode, size| {
            let saved =
                SavedState { mode, size: BoardSize::try_from(size).unwrap(), ..SavedState::default() };
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
                auto_mark: None,
                clock: None,
                said: None,
            };
            let items = help(&on_show);
            assert!(items[1].starts_with("Enter/Space or a click of the middle: "), "{items:?}");
            assert!(items[1].ends_with(&press), "{mode}: {items:?}");
        }
    }
}
