//! `Engine::on_show`: what is on show, in words, for the terminal's lines
//! under the board. Checked against the engine's own frames, so it says
//! what the matrix shows.
//!
//! What it proves, in full: what the engine says is on show, in words, against its own frames: the
//! mode, the size, the intro (in regions mode in its own words), the menu and its selection,
//! standby, the cursor on a smaller board, the progress message, the tally that belongs to what is
//! played (the 92 on classic's and strict's 8x8, the daily streak on regions' puzzle of the day,
//! nothing elsewhere)

use queens::game::{
    Engine, Event, INTRO, ModeKind, NoCalendar, Progress, REGIONS_INTRO, SavedState, Setup, StoppedWatch,
};

fn start(mode: ModeKind, size: usize, intro: bool) -> Engine {
    Engine::fresh(Setup::of(mode, size).largest(16).intro(intro).setup())
}

/// Lets every animation end.
fn settle(e: &mut Engine, now: &mut u64) {
    while let Some(deadline) = e.next_deadline() {
        *now = deadline;
        e.tick(*now);
    }
}

#[test]
fn the_mode_the_size_and_the_intro_while_it_plays() {
    let mut e = start(ModeKind::Strict, 6, true);
    let shown = e.on_show();
    assert_eq!((shown.mode, shown.size), (ModeKind::Strict, 6));
    assert_eq!(shown.message.as_deref(), Some(INTRO));
    assert!(shown.menu.is_none() && !shown.standby);
    assert_ne!(*e.frame(), shown.board, "the frame scrolls; the board is the game under it");
    let mut now = 0;
    settle(&mut e, &mut now);
    assert_eq!(e.on_show().message, None, "the intro is over");
    assert_eq!(e.on_show().board, *e.frame());
}

#[test]
fn a_tap_on_a_square_ends_the_intro_and_its_words() {
    let mut e = start(ModeKind::Regions, 8, true);
    assert!(e.on_show().message.is_some(), "the intro plays");
    // Pointing, as a tap sends before its press: the press after it is then on the board.
    e.handle(Event::At { x: 2, y: 6 }, 100);
    let shown = e.on_show();
    assert_eq!((shown.message, shown.cursor, e.next_deadline()), (None, Some((2, 6)), None));
    assert_eq!(shown.board, *e.frame(), "the board is on show");
}

#[test]
fn the_menu_its_items_and_the_selected_one() {
    let mut e = start(ModeKind::Classic, 8, false);
    e.handle(Event::Hold, 0);
    let (items, selected) = e.on_show().menu.expect("the menu is open");
    assert!(items.iter().any(|i| i == "CLASSIC") && items.iter().any(|i| i == "16X16"), "{items:?}");
    assert_eq!(e.on_show().message, None, "the menu's scrolling label is not a message");
    e.handle(Event::Right, 10);
    let (_, next) = e.on_show().menu.unwrap();
    assert_eq!(next, (selected + 1) % items.len());
    // Choosing an item closes the menu and does what its label says.
    let mut now = 20;
    while e.on_show().menu.as_ref().map(|(items, at)| items[*at].as_str()) != Some("COVER") {
        e.handle(Event::Right, now);
        now += 10;
    }
    e.handle(Event::Press, now);
    let shown = e.on_show();
    assert!(shown.menu.is_none());
    assert_eq!((shown.mode, shown.size), (ModeKind::Cover, 8));
}

#[test]
fn standby_and_the_cursor_where_the_board_paints_it() {
    let mut e = start(ModeKind::Classic, 6, false);
    // On the 6x6 board, centred on the 8x8 frame: the cursor (2, 3) is pixel (3, 4).
    let shown = e.on_show();
    assert_eq!(shown.cursor, Some((3, 4)));
    assert_eq!(shown.board.get(3, 4), queens::game::Theme::default().cursor);
    // A queen on the cursor hides it on the frame; the words still say where it is.
    e.handle(Event::Press, 0);
    assert_eq!(e.on_show().cursor, Some((3, 4)));
    assert_ne!(e.frame().get(3, 4), queens::game::Theme::default().cursor);
    // Pressed: the answer; pressed again: asleep.
    e.handle(Event::Press, 10);
    e.handle(Event::Press, 20);
    assert!(e.on_show().standby && e.frame().is_dark());
    e.handle(Event::Down, 30);
    assert!(!e.on_show().standby);
}

#[test]
fn a_solved_board_s_progress_message_is_in_words() {
    let mut e = start(ModeKind::Classic, 8, false);
    // A solution, rows by column; the cursor starts at (3, 4).
    let mut now = 0;
    let mut at = (3usize, 4usize);
    for (x, y) in [7usize, 1, 3, 0, 6, 4, 2, 5].into_iter().enumerate() {
        for _ in 0..(x + 8 - at.0) % 8 {
            e.handle(Event::Right, now);
        }
        for _ in 0..(y + 8 - at.1) % 8 {
            e.handle(Event::Down, now);
        }
        e.handle(Event::Press, now);
        at = (x, y);
        now += 10;
    }
    // The flash first (no words), then the message.
    assert_eq!(e.on_show().message, None);
    while e.on_show().message.is_none() {
        now = e.next_deadline().expect("the flash, then the message");
        e.tick(now);
    }
    assert_eq!(e.on_show().message.as_deref(), Some("1/92 NEW FUNDAMENTAL 1/12"));
}

#[test]
fn the_tally_is_the_progress_of_what_is_played() {
    let found = Progress::from_found([3, 17]).unwrap();
    let tally = |mode, size, today, progress| {
        let setup = Setup::of(mode, size).largest(16).intro(false).today(today).setup();
        let saved = SavedState { progress, ..SavedState::default() };
        Engine::start(setup, &saved, Box::new(StoppedWatch), Box::new(NoCalendar)).on_show().tally
    };
    // The 92 are counted on the 8x8 in classic and strict only.
    assert_eq!(tally(ModeKind::Classic, 8, None, found).as_deref(), Some("2/92 found"));
    assert_eq!(tally(ModeKind::Strict, 8, None, found).as_deref(), Some("2/92 found"));
    for (mode, size) in
        [(ModeKind::Classic, 16), (ModeKind::Strict, 6), (ModeKind::Cover, 8), (ModeKind::Regions, 7)]
    {
        assert_eq!(tally(mode, size, Some(20_417), found), None, "{mode} {size}x{size}");
    }
    // Regions: the streak of the puzzle of the day (the 8x8, when the date is known), not the 92.
    assert_eq!(tally(ModeKind::Regions, 8, None, found), None, "no date, no puzzle of the day");
    let streak = found.with_streak(20_416, 3);
    assert_eq!(tally(ModeKind::Regions, 8, Some(20_417), streak).as_deref(), Some("daily streak 3 days"));
    assert_eq!(tally(ModeKind::Regions, 8, Some(20_417), found).as_deref(), Some("daily streak 0 days"));
    assert_eq!(
        tally(ModeKind::Regions, 8, Some(20_419), streak).as_deref(),
        Some("daily streak 0 days"),
        "a day missed breaks it"
    );
    let one = Progress::default().with_streak(20_417, 1);
    assert_eq!(tally(ModeKind::Regions, 8, Some(20_417), one).as_deref(), Some("daily streak 1 day"));
}

#[test]
fn the_intro_says_what_a_press_does_in_the_mode() {
    // A press places a queen (or takes it back) in three modes; in regions it cycles dot, queen, empty.
    for mode in [ModeKind::Classic, ModeKind::Strict, ModeKind::Cover] {
        assert_eq!(start(mode, 8, true).on_show().message.as_deref(), Some(INTRO), "{mode}");
    }
    let regions = start(ModeKind::Regions, 8, true).on_show().message.expect("the intro plays");
    assert_eq!(regions, REGIONS_INTRO);
    assert!(!regions.contains("PLACE") && regions.contains("DOT") && regions.contains("QUEEN"), "{regions}");
}
