//! Property tests of the engine: random event sequences in every mode and
//! size keep the game's invariants, and classic mode matches an independent
//! model of `classic-rules.md` frame for frame.
//!
//! What it proves, in full: proptest: random event sequences in every mode and size keep each
//! mode's invariants (theme colours only, standby dark, no attacking queens in classic and strict),
//! and classic matches an independent model of the rules

use crate::common;

use common::attack;
use proptest::prelude::*;
use queens::game::{
    Engine, Event, Frame, MARK_PERCENT, ModeKind, OnShow, REGION_COLOURS, Rgb, Setup, Theme, region_shades,
};

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        4 => Just(Event::Up),
        4 => Just(Event::Down),
        4 => Just(Event::Left),
        4 => Just(Event::Right),
        6 => Just(Event::Press),
        1 => Just(Event::Hold),
        1 => Just(Event::Release),
        1 => Just(Event::Undo),
        // Pointing, off the board now and then (a board smaller than the LEDs; the page's 16x16).
        4 => (0u8..17, 0u8..17).prop_map(|(x, y)| Event::At { x, y }),
    ]
}

/// An event and how many milliseconds pass before it (sometimes mid-animation).
fn timed_events(most: usize) -> impl Strategy<Value = Vec<(u64, Event)>> {
    prop::collection::vec((prop_oneof![3 => Just(0u64), 1 => 0u64..2000], event()), 0..most)
}

/// The white and yellow LEDs of a frame, as (x, y): the queens of a board
/// (strict's program queens are yellow) or of an answer (yellow: needed).
fn queens_shown(frame: &Frame) -> Vec<(usize, usize)> {
    let theme = Theme::default();
    let mut out = vec![];
    for y in 0..frame.side() {
        for x in 0..frame.side() {
            if [theme.queen, theme.needed].contains(&frame.get(x, y)) {
                out.push((x, y));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn every_mode_keeps_its_invariants(
        events in timed_events(200),
        mode in prop::sample::select(ModeKind::ALL.to_vec()),
        size in 4usize..=8,
    ) {
        play_keeping_invariants(Setup::of(mode, size).setup(), events)?;
    }

    #[test]
    fn classic_matches_an_independent_model_of_the_rules(
        events in prop::collection::vec(event().prop_filter("no menu", |e| *e != Event::Hold), 0..300),
    ) {
        let mut engine = Engine::fresh(Setup::default());
        let mut model = Model::new();
        let mut now = 0;
        for event in events {
            engine.handle(event, now);
            // Let the flash and the progress message play out.
            while let Some(deadline) = engine.next_deadline() {
                now = deadline;
                engine.tick(now);
            }
            model.apply(event);
            prop_assert_eq!(engine.frame(), &model.frame(), "after {:?}", event);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A tap is the joystick's moves and a press: from any settled board of
    /// any mode, pointing at a square and pressing shows what moving there
    /// and pressing shows, frame by frame, and leaves the same game behind.
    #[test]
    fn pointing_and_pressing_is_moving_there_and_pressing(
        before in timed_events(80),
        taps in prop::collection::vec((0u8..8, 0u8..8), 1..6),
        after in timed_events(20),
        mode in prop::sample::select(ModeKind::ALL.to_vec()),
        size in 4usize..=8,
    ) {
        let setup = Setup::of(mode, size).setup();
        let (mut pointed, mut moved) = (Engine::fresh(setup.clone()), Engine::fresh(setup));
        let mut now = 0;
        let both = |pointed: &mut Engine, moved: &mut Engine, event: Event, now: u64| {
            pointed.handle(event, now);
            moved.handle(event, now);
        };
        for (wait, event) in before {
            now += wait;
            pointed.tick(now);
            moved.tick(now);
            both(&mut pointed, &mut moved, event, now);
        }
        for (x, y) in taps {
            // Settled, lit and out of the menu, where a tap is meant to act at once.
            while let Some(deadline) = pointed.next_deadline() {
                now = deadline;
                pointed.tick(now);
                moved.tick(now);
            }
            if pointed.is_menu_open() {
                both(&mut pointed, &mut moved, Event::Up, now);
            }
            if pointed.is_standby() {
                both(&mut pointed, &mut moved, Event::Press, now);
            }
            let offset = (8 - pointed.setup().size().get()) / 2;
            let target = (x as usize, y as usize);
            if target.0 < offset || target.1 < offset || target.0 >= offset + pointed.setup().size().get() || target.1 >= offset + pointed.setup().size().get() {
                continue;
            }
            pointed.handle(Event::At { x, y }, now);
            // The joystick's way there, re-read after each move (cover's finished board starts anew on a move).
            for _ in 0..32 {
                let (cx, cy) = moved.on_show().cursor.expect("every mode has a cursor");
                let step = match (cx.cmp(&target.0), cy.cmp(&target.1)) {
                    (std::cmp::Ordering::Less, _) => Event::Right,
                    (std::cmp::Ordering::Greater, _) => Event::Left,
                    (_, std::cmp::Ordering::Less) => Event::Down,
                    (_, std::cmp::Ordering::Greater) => Event::Up,
                    _ => break,
                };
                moved.handle(step, now);
            }
            // All but what the last event said: pointing at the cursor's own square is an event
            // (which says nothing), and the joystick's way there no event at all.
            let unsaid = |engine: &Engine| OnShow { said: None, ..engine.on_show() };
            prop_assert_eq!(unsaid(&pointed), unsaid(&moved), "pointed at ({}, {})", x, y);
            both(&mut pointed, &mut moved, Event::Press, now);
            prop_assert_eq!(pointed.frame(), moved.frame());
            while let Some(deadline) = pointed.next_deadline() {
                prop_assert_eq!(Some(deadline), moved.next_deadline());
                now = deadline;
                pointed.tick(now);
                moved.tick(now);
                prop_assert_eq!(pointed.frame(), moved.frame());
            }
        }
        for (wait, event) in after {
            now += wait;
            pointed.tick(now);
            moved.tick(now);
            both(&mut pointed, &mut moved, event, now);
            prop_assert_eq!(pointed.frame(), moved.frame(), "after {:?}", event);
            prop_assert_eq!(pointed.progress(), moved.progress());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A tap on a square is never used up by what plays: at any moment (the
    /// intro or another message scrolling, an animation, the menu open),
    /// pointing at a square and pressing leaves the game that letting
    /// everything play out first and then tapping leaves.
    #[test]
    fn a_tap_on_a_square_is_never_used_up_by_what_plays(
        before in timed_events(60),
        (col, row) in (0u8..8, 0u8..8),
        mode in prop::sample::select(ModeKind::ALL.to_vec()),
        size in 4usize..=8,
    ) {
        let setup = Setup::of(mode, size).intro(true).setup();
        let (mut at_once, mut settled) = (Engine::fresh(setup.clone()), Engine::fresh(setup));
        let mut now = 0;
        for (wait, event) in before {
            now += wait;
            for e in [&mut at_once, &mut settled] {
                e.tick(now);
                e.handle(event, now);
            }
        }
        // Front ends send a pointer's press only on a square of the board on show (centred on the 8x8).
        let size = at_once.setup().size().get() as u8;
        let (x, y) = ((8 - size) / 2 + col % size, (8 - size) / 2 + row % size);
        let tap = |e: &mut Engine, now: u64| {
            e.handle(Event::At { x, y }, now);
            e.handle(Event::Press, now);
        };
        tap(&mut at_once, now);
        while let Some(deadline) = settled.next_deadline() {
            now = deadline;
            settled.tick(now);
        }
        tap(&mut settled, now);
        for e in [&mut at_once, &mut settled] {
            while let Some(deadline) = e.next_deadline() {
                now = now.max(deadline);
                e.tick(now);
            }
        }
        // Regions' clock started at each one's tap, at different times: all else is the same.
        let shown = |e: &Engine| OnShow { clock: None, ..e.on_show() };
        prop_assert_eq!(shown(&at_once), shown(&settled));
        prop_assert_eq!(at_once.frame(), settled.frame());
        prop_assert_eq!(at_once.progress(), settled.progress());
    }
}

proptest! {
    // Few cases: each press on these boards is a search (fast in release, much slower in debug).
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn classic_and_strict_keep_their_invariants_on_13_to_16(
        events in timed_events(60),
        mode in prop::sample::select(vec![ModeKind::Classic, ModeKind::Strict]),
        size in 13usize..=16,
    ) {
        play_keeping_invariants(Setup::of(mode, size).largest(16).setup(), events)?;
    }
}

/// Plays `events` from `setup`, checking after each: the frame is as wide as
/// the board (at least 8), theme colours only, standby dark, and a settled
/// classic or strict picture has no white or yellow queens that attack each other
/// (regions: its own colours too).
fn play_keeping_invariants(setup: Setup, events: Vec<(u64, Event)>) -> Result<(), TestCaseError> {
    let mut engine = Engine::fresh(setup);
    let theme = Theme::default().colours().to_vec();
    let mut with_regions = theme.clone();
    with_regions.extend((0..REGION_COLOURS.len()).flat_map(region_shades));
    with_regions.push(Theme::default().regions_cursor.scaled(MARK_PERCENT));
    let mut now = 0;
    for (wait, event) in events {
        now += wait;
        engine.tick(now);
        engine.handle(event, now);
        let frame = engine.frame();
        prop_assert_eq!(frame.side(), engine.setup().size().get().max(8));
        // Regions mode draws its regions' colours too (the menu may have just switched to it).
        let palette = if engine.setup().mode() == ModeKind::Regions { &with_regions } else { &theme };
        let outside = frame.pixels().iter().find(|p| !palette.contains(p));
        prop_assert!(outside.is_none(), "a colour outside the theme: {outside:?}");
        if engine.is_standby() {
            prop_assert!(frame.is_dark());
        }
        // Cover mode's queens may attack each other: covering, not peace, is its goal. Regions'
        // queens may be on one diagonal far apart, and clashing ones are allowed (and red).
        let peaceful = !matches!(engine.setup().mode(), ModeKind::Cover | ModeKind::Regions);
        if peaceful && engine.next_deadline().is_none() && !engine.is_menu_open() && !engine.is_standby() {
            let queens = queens_shown(frame);
            for (i, &(x1, y1)) in queens.iter().enumerate() {
                for &(x2, y2) in &queens[i + 1..] {
                    prop_assert!(!attack(x1, y1, x2, y2), "({x1},{y1}) and ({x2},{y2}) attack");
                }
            }
        }
    }
    Ok(())
}

/// `classic-rules.md`, written out again as plainly as possible.
struct Model {
    game: [Option<usize>; 8],
    x: usize,
    y: usize,
    /// An answer or a finished board is on show: what it looks like.
    display: Option<Frame>,
    standby: bool,
}

const DARK: Rgb = Rgb(0, 92, 0);
const LIGHT: Rgb = Rgb(92, 0, 0);
const BLUE: Rgb = Rgb(0, 0, 120);
const WHITE: Rgb = Rgb(120, 120, 120);
const YELLOW: Rgb = Rgb(120, 120, 0);

impl Model {
    fn new() -> Model {
        Model { game: [None; 8], x: 3, y: 4, display: None, standby: false }
    }

    /// All 92, in the seed's order: column 0 from the bottom, the rest ascending.
    fn solutions() -> &'static [[usize; 8]] {
        static ALL: std::sync::OnceLock<Vec<[usize; 8]>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            let mut all: Vec<[usize; 8]> =
                common::brute_force_solutions(8).into_iter().map(|s| s.try_into().unwrap()).collect();
            all.sort_by_key(|s| (7 - s[0], *s));
            all
        })
    }

    fn board(&self) -> Frame {
        let mut f = Frame::dark(8);
        for y in 0..8 {
            for x in 0..8 {
                f.set(x, y, if (x + y) % 2 == 0 { DARK } else { LIGHT });
            }
        }
        f.set(self.x, self.y, BLUE);
        for (x, row) in self.game.iter().enumerate() {
            if let Some(y) = row {
                f.set(x, *y, WHITE);
            }
        }
        f
    }

    fn frame(&self) -> Frame {
        if self.standby {
            return Frame::dark(8);
        }
        self.display.unwrap_or_else(|| self.board())
    }

    fn apply(&mut self, event: Event) {
        if let Event::At { x, y } = event {
            // Pointing moves the cursor, nothing else: it does not wake the dark board.
            let (x, y) = (x as usize, y as usize);
            if !self.standby && x < 8 && y < 8 && (x, y) != (self.x, self.y) {
                (self.x, self.y, self.display) = (x, y, None);
            }
            return;
        }
        if self.standby {
            *self = Model::new();
            return;
        }
        match event {
            Event::Up => self.y = (self.y + 7) % 8,
            Event::Down => self.y = (self.y + 1) % 8,
            Event::Left => self.x = (self.x + 7) % 8,
            Event::Right => self.x = (self.x + 1) % 8,
            Event::Press if self.display.is_some() => {
                self.standby = true;
                return;
            }
            Event::Press if self.game[self.x] == Some(self.y) => {
                let solutions = Model::solutions();
                let shared = |s: &[usize; 8]| (0..8).filter(|&c| self.game[c] == Some(s[c])).count();
                let best = solutions.iter().map(shared).max().unwrap();
                let s = solutions.iter().find(|s| shared(s) == best).unwrap();
                let mut f = self.board();
                for (x, row) in self.game.iter().enumerate() {
                    if let Some(y) = row {
                        f.set(x, *y, BLUE);
                    }
                }
                for (x, &y) in s.iter().enumerate() {
                    f.set(x, y, if self.game[x] == Some(y) { WHITE } else { YELLOW });
                }
                self.display = Some(f);
                self.game = [None; 8];
                return;
            }
            Event::Press => {
                self.game[self.x] = Some(self.y);
                for c in 0..8 {
                    if let Some(r) = self.game[c]
                        && c != self.x
                        && attack(c, r, self.x, self.y)
                    {
                        self.game[c] = None;
                    }
                }
                if self.game.iter().all(Option::is_some) {
                    self.display = Some(self.board());
                    self.game = [None; 8];
                }
                return;
            }
            Event::Hold
            | Event::Release
            | Event::Undo
            | Event::At { .. }
            | Event::Mark { .. }
            | Event::Tilt { .. } => return,
        }
        self.display = None;
    }
}
