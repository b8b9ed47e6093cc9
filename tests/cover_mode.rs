//! Cover mode (seed 001): every square attacked or occupied with the fewest
//! queens, checked frame by frame against an independent attack rule.
//!
//! What it proves, in full (with the tests of `modes`): the menu (*HELP* in every mode, re-choosing
//! the mode or size keeps the board, what *hold, press* repeats), strict and cover modes, hints,
//! sizes, scrolled messages (read back letter by letter by `common::scroll`), progress and the
//! first input during it, the intro and strict's instructions before its first game of a run (with
//! the intro only), frame by frame

use crate::common;

use common::delphi::{Delphi, chess_name};
use common::{attack, picture};
use queens::game::{
    Animation, Cover, Event, Interrupt, Mode, ModeKind, Reaction, StoppedWatch, Style, scroll,
};
use queens::game::{Engine, Frame, Setup};
use queens::solver::cover::CoverBoard;

/// Moves the cursor from wherever it is to (x, y) and presses.
fn place(mode: &mut Cover, n: usize, at: &mut (usize, usize), (x, y): (usize, usize)) -> Reaction {
    for _ in 0..(x + n - at.0) % n {
        mode.handle(Event::Right);
    }
    for _ in 0..(y + n - at.1) % n {
        mode.handle(Event::Down);
    }
    *at = (x, y);
    mode.handle(Event::Press)
}

fn covered(queens: &[(usize, usize)], x: usize, y: usize) -> bool {
    queens.iter().any(|&(qx, qy)| (qx, qy) == (x, y) || attack(qx, qy, x, y))
}

/// The expected 8x8 picture: covered squares `a`, the rest the checkerboard,
/// the cursor `B`, then the queens as given.
fn expected(queens: &[(usize, usize, char)], cursor: (usize, usize)) -> String {
    expected_on(8, queens, cursor)
}

/// The same for an n x n board (n up to 8), centred on the matrix, the LEDs around it off.
fn expected_on(n: usize, queens: &[(usize, usize, char)], cursor: (usize, usize)) -> String {
    let plain: Vec<(usize, usize)> = queens.iter().map(|&(x, y, _)| (x, y)).collect();
    let mut rows: Vec<Vec<char>> = vec![vec!['.'; 8]; 8];
    let offset = (8 - n) / 2;
    for y in 0..n {
        for x in 0..n {
            rows[offset + y][offset + x] = match () {
                _ if covered(&plain, x, y) => 'a',
                _ if (x + y) % 2 == 0 => 'g',
                _ => 'r',
            };
        }
    }
    rows[offset + cursor.1][offset + cursor.0] = 'B';
    for &(x, y, c) in queens {
        rows[offset + y][offset + x] = c;
    }
    rows.into_iter().map(|r| r.into_iter().collect::<String>() + "\n").collect()
}

/// Where the cursor starts on an n x n board (the middle, (3, 4) on the 8x8).
fn start(n: usize) -> (usize, usize) {
    ((n - 1) / 2, n / 2)
}

/// The picture of a cover Go shows: the program's queens yellow.
fn program_cover(n: usize, cover: &[(usize, usize)]) -> String {
    // The seed's fields are 1-based (x, y) from the top-left.
    let queens: Vec<(usize, usize, char)> = cover.iter().map(|&(x, y)| (x - 1, y - 1, 'Y')).collect();
    expected_on(n, &queens, start(n))
}

/// What the matrix scrolls when Go has nothing (more) to show.
fn no_more(found: usize) -> Vec<String> {
    match found {
        0 => message("NO SOLUTION"),
        1 => message("NO MORE - 1 COVER"),
        _ => message(&format!("NO MORE - {found} COVERS")),
    }
}

fn message(text: &str) -> Vec<String> {
    scroll(text, Style::default().text, 8).steps.iter().map(|(f, _)| picture(f)).collect()
}

fn animation(reaction: Reaction) -> Animation {
    match reaction {
        Reaction::Animate(a) => a,
        other => panic!("expected an animation, got {other:?}"),
    }
}

fn frames(a: &Animation) -> Vec<String> {
    a.steps.iter().map(|(f, _): &(Frame, u32)| picture(f)).collect()
}

/// A five-queen cover of the 8x8, checked here without the solver.
fn a_five_queen_cover() -> Vec<(usize, usize)> {
    let cover: Vec<(usize, usize)> = CoverBoard::new(8, false)
        .covers(5)
        .unwrap()
        .iter()
        .map(|s| (s.col as usize, s.row as usize))
        .collect();
    assert!((0..8).all(|y| (0..8).all(|x| covered(&cover, x, y))), "{cover:?} covers");
    cover
}

#[test]
fn each_queen_lights_the_squares_it_covers() {
    let mut mode = Cover::new(8, Style::default());
    let mut at = (3, 4);
    place(&mut mode, 8, &mut at, (3, 4));
    assert_eq!(picture(&mode.draw()), expected(&[(3, 4, 'W')], (3, 4)));
    place(&mut mode, 8, &mut at, (0, 0));
    assert_eq!(picture(&mode.draw()), expected(&[(3, 4, 'W'), (0, 0, 'W')], (0, 0)));
    // Pressing a queen takes it back.
    mode.handle(Event::Press);
    assert_eq!(picture(&mode.draw()), expected(&[(3, 4, 'W')], (0, 0)));
}

#[test]
fn five_queens_covering_the_board_flash_and_say_so_then_a_press_sleeps() {
    let cover = a_five_queen_cover();
    let mut mode = Cover::new(8, Style::default());
    assert_eq!(mode.goal(), 5);
    let mut at = (3, 4);
    let mut last = Reaction::Draw;
    for &sq in &cover {
        last = place(&mut mode, 8, &mut at, sq);
    }
    let shown = animation(last);
    assert_eq!(shown.interrupt, Interrupt::Skip);
    let queens: Vec<(usize, usize, char)> = cover.iter().map(|&(x, y)| (x, y, 'W')).collect();
    let blue: Vec<(usize, usize, char)> = cover.iter().map(|&(x, y)| (x, y, 'B')).collect();
    let seen = frames(&shown);
    assert_eq!(seen[0], expected(&queens, at));
    assert_eq!(seen[1], expected(&blue, at));
    assert_eq!(seen[6..], message("COVERED WITH 5!")[..]);
    assert!(matches!(mode.handle(Event::Press), Reaction::Standby));
}

#[test]
fn covering_with_more_than_the_fewest_asks_for_better() {
    let mut cover = a_five_queen_cover();
    let mut mode = Cover::new(8, Style::default());
    let mut at = (3, 4);
    // One extra queen first, on a square the cover leaves empty.
    let extra = (0..8).flat_map(|y| (0..8).map(move |x| (x, y))).find(|s| !cover.contains(s)).unwrap();
    cover.insert(0, extra);
    let mut last = Reaction::Draw;
    for &sq in &cover {
        last = place(&mut mode, 8, &mut at, sq);
    }
    assert_eq!(frames(&animation(last)), message("COVERED WITH 6 - NOW TRY 5"));
    // Still playing: taking the extra queen back leaves a board that is covered, and a move is a move.
    assert!(matches!(mode.handle(Event::Left), Reaction::Draw));
}

#[test]
fn solve_shows_a_minimum_cover_keeping_the_players_queens_and_then_the_next() {
    let cover = a_five_queen_cover();
    let mut mode = Cover::new(8, Style::default());
    let mut at = (3, 4);
    let mine = [cover[0], cover[1]];
    for sq in mine {
        place(&mut mode, 8, &mut at, sq);
    }
    let mut answers = Vec::new();
    for _ in 0..2 {
        mode.act(Cover::CLOSEST, &StoppedWatch);
        let shown = picture(&mode.draw());
        let lines: Vec<&str> = shown.lines().collect();
        let letter = |x: usize, y: usize| lines[y].as_bytes()[x] as char;
        for &(x, y) in &mine {
            assert_eq!(letter(x, y), 'W', "the player's queens are kept:\n{shown}");
        }
        let added: Vec<(usize, usize)> =
            (0..8).flat_map(|y| (0..8).map(move |x| (x, y))).filter(|&(x, y)| letter(x, y) == 'Y').collect();
        assert_eq!(added.len(), 3, "{shown}");
        assert!(!shown.contains('?'));
        let all: Vec<(usize, usize)> = mine.iter().copied().chain(added.iter().copied()).collect();
        assert!((0..8).all(|y| (0..8).all(|x| covered(&all, x, y))), "the answer covers:\n{shown}");
        answers.push(shown);
    }
    assert_ne!(answers[0], answers[1], "a second solve shows another cover");
    // Any event returns to the player's board.
    mode.handle(Event::Up);
    assert_eq!(
        picture(&mode.draw()),
        expected(&[(mine[0].0, mine[0].1, 'W'), (mine[1].0, mine[1].1, 'W')], at)
    );
}

#[test]
fn a_wrong_queen_shows_blue_in_the_answer() {
    let mut mode = Cover::new(8, Style::default());
    let mut at = (3, 4);
    // Queens on all four corners: no minimum cover of the 8x8 uses them all.
    for sq in [(0, 0), (7, 0), (0, 7), (7, 7)] {
        place(&mut mode, 8, &mut at, sq);
    }
    mode.act(Cover::CLOSEST, &StoppedWatch);
    let shown = picture(&mode.draw());
    assert!(shown.contains('B') && shown.contains('Y'), "{shown}");
    assert_eq!(shown.matches('W').count() + shown.matches('Y').count(), 5, "{shown}");
}

#[test]
fn the_goal_is_the_domination_number_on_every_size() {
    // OEIS A075458: 4x4 2, 5x5 3, 6x6 3, 7x7 4, 8x8 to 11x11 5 (the terminal has room for those).
    for (n, goal) in [(4, 2), (5, 3), (6, 3), (7, 4), (8, 5), (9, 5), (10, 5), (11, 5)] {
        assert_eq!(Cover::new(n, Style::default()).goal(), goal, "{n}x{n}");
    }
    assert_eq!("cover".parse::<ModeKind>(), Ok(ModeKind::Cover));
}

/// Presses Go and returns the picture it leaves (a cover), or the message it scrolls.
fn go(mode: &mut Cover) -> Result<String, Vec<String>> {
    match mode.act(Cover::GO, &StoppedWatch) {
        Reaction::Draw => Ok(picture(&mode.draw())),
        Reaction::Animate(a) => Err(frames(&a)),
        other => panic!("Go: {other:?}"),
    }
}

#[test]
fn go_shows_the_delphi_programs_covers_in_its_order_frame_by_frame() {
    // Every board the LED matrix holds, every number of queens the menu offers:
    // the whole sequence of the seed's Go, then its "no (more) solution", twice.
    for n in 4..=8 {
        for k in 1..=n {
            let oracle = Delphi::all(n, k);
            let mut mode = Cover::new(n, Style::default());
            assert!(matches!(mode.act(Cover::queens(k), &StoppedWatch), Reaction::Draw));
            for (i, cover) in oracle.iter().enumerate() {
                assert_eq!(
                    go(&mut mode),
                    Ok(program_cover(n, cover)),
                    "{n}x{n}, {k} queens, cover {}",
                    i + 1
                );
            }
            for _ in 0..2 {
                assert_eq!(go(&mut mode), Err(no_more(oracle.len())), "{n}x{n}, {k} queens, after the last");
                assert_eq!(picture(&mode.draw()), expected_on(n, &[], start(n)), "the board is empty");
            }
        }
    }
}

#[test]
fn go_on_the_8x8_with_5_queens_starts_with_a8_c7_e6_b5_d4_and_finds_728() {
    // The oracle first, against what the issue read off the seed.
    let oracle = Delphi::all(8, 5);
    let names: Vec<String> = oracle[0].iter().map(|&f| chess_name(8, f)).collect();
    assert_eq!(names.join(" "), "a8 c7 e6 b5 d4");
    assert_eq!(oracle.len(), 728);
    // Five queens is where the game starts; no two of Go's queens attack each other.
    let mut mode = Cover::new(8, Style::default());
    assert_eq!(mode.allowed(), 5);
    let mut found = 0;
    while let Ok(shown) = go(&mut mode) {
        let queens: Vec<(usize, usize)> = (0..8)
            .flat_map(|y| (0..8).map(move |x| (x, y)))
            .filter(|&(x, y)| shown.lines().nth(y).unwrap().as_bytes()[x] == b'Y')
            .collect();
        assert!(
            queens.iter().all(|&(x, y)| queens.iter().all(|&(u, v)| (x, y) == (u, v) || !attack(x, y, u, v)))
        );
        found += 1;
    }
    assert_eq!(found, 728);
}

#[test]
fn go_replaces_the_players_queens_and_reset_starts_again() {
    let first = program_cover(8, &Delphi::all(8, 5)[0]);
    let second = program_cover(8, &Delphi::all(8, 5)[1]);
    let mut mode = Cover::new(8, Style::default());
    let mut at = start(8);
    place(&mut mode, 8, &mut at, (0, 7));
    place(&mut mode, 8, &mut at, (3, 4));
    assert_eq!(go(&mut mode), Ok(first.clone()));
    assert_eq!(go(&mut mode), Ok(second));
    assert!(matches!(mode.act(Cover::RESET, &StoppedWatch), Reaction::Draw));
    assert_eq!(picture(&mode.draw()), expected(&[], start(8)));
    assert_eq!(go(&mut mode), Ok(first.clone()));
    // A new number of queens starts the search again too.
    mode.act(Cover::queens(6), &StoppedWatch);
    assert_eq!(go(&mut mode), Ok(first));
}

#[test]
fn go_leaves_its_cover_on_the_board_to_keep_or_change_as_the_delphi_program_does() {
    // The Delphi program's Go puts its queens on the board, and there they stay.
    let mut delphi = Delphi::new(8, 5);
    let found: Vec<(usize, usize)> = delphi.go().unwrap().iter().map(|&(x, y)| (x - 1, y - 1)).collect();
    assert_eq!(delphi.queens().len(), 5, "the seed's board holds the cover after Go");
    let mut mode = Cover::new(8, Style::default());
    let mut at = start(8);
    assert!(matches!(mode.act(Cover::GO, &StoppedWatch), Reaction::Draw));
    let yellow = |queens: &[(usize, usize)]| queens.iter().map(|&(x, y)| (x, y, 'Y')).collect::<Vec<_>>();
    // Moving keeps it (the cursor is hidden under a queen or shown where it went).
    mode.handle(Event::Left);
    at.0 -= 1;
    assert_eq!(picture(&mode.draw()), expected(&yellow(&found), at));
    // A press on one of Go's queens takes it back, like any queen ...
    let taken = found[0];
    place(&mut mode, 8, &mut at, taken);
    let kept: Vec<(usize, usize)> = found[1..].to_vec();
    assert_eq!(picture(&mode.draw()), expected(&yellow(&kept), at));
    // ... and a press on an empty square adds the player's (white) queen beside Go's.
    let mine = (0..8).flat_map(|y| (0..8).map(move |x| (x, y))).find(|q| !found.contains(q)).unwrap();
    place(&mut mode, 8, &mut at, mine);
    let mut both = yellow(&kept);
    both.push((mine.0, mine.1, 'W'));
    assert_eq!(picture(&mode.draw()), expected(&both, at));
    // The next Go goes on with the search: the seed's second cover.
    let second: Vec<(usize, usize)> = delphi.go().unwrap().iter().map(|&(x, y)| (x - 1, y - 1)).collect();
    assert!(matches!(mode.act(Cover::GO, &StoppedWatch), Reaction::Draw));
    assert_eq!(picture(&mode.draw()), expected(&yellow(&second), at));
}

/// An engine playing cover on an n x n board.
fn cover_engine(n: usize) -> Engine {
    Engine::fresh(Setup::of(ModeKind::Cover, n).setup())
}

#[test]
fn the_first_go_finds_the_delphi_programs_first_cover_on_every_size() {
    // The number of queens starts at the fewest with which the seed's Go finds a cover:
    // checked against its port on the LED matrix's sizes ...
    for n in 4..=8 {
        let fewest = (1..=n).find(|&k| !Delphi::all(n, k).is_empty()).unwrap();
        assert_eq!(Cover::new(n, Style::default()).allowed(), fewest, "{n}x{n}");
        // ... and the menu's first item, GO, shows its first cover, not NO SOLUTION.
        let mut engine = cover_engine(n);
        engine.handle(Event::Hold, 0);
        engine.handle(Event::Press, 0);
        assert_eq!(picture(engine.frame()), program_cover(n, &Delphi::all(n, fewest)[0]), "{n}x{n}");
    }
    // ... and on the terminal's larger ones against the published independent domination
    // numbers of the queen graph (OEIS A075324), Go's covers having no two queens attacking.
    for (n, fewest) in [(4, 3), (5, 3), (6, 4), (7, 4), (8, 5), (9, 5), (10, 5), (11, 5)] {
        assert_eq!(Cover::new(n, Style::default()).allowed(), fewest, "{n}x{n}");
    }
}

#[test]
fn the_menu_marks_the_number_of_queens_in_force_on_the_leds_and_in_words() {
    let marked = |engine: &Engine| -> Vec<String> {
        let (items, _) = engine.on_show().menu.expect("the menu is open");
        items.into_iter().filter(|i| i.contains("(IN USE)")).collect()
    };
    let mut engine = cover_engine(4);
    let mut now = 0;
    engine.handle(Event::Hold, now);
    assert_eq!(marked(&engine), ["3 QUEENS (IN USE)"]);
    // Five steps right of GO, past RESET, CLOSEST, 1 QUEEN and 2 QUEENS: the LEDs scroll the mark too.
    for _ in 0..4 {
        engine.handle(Event::Right, now);
    }
    let scrolled: Vec<String> =
        common::frames_until_settled(&mut engine, &mut now, Event::Right).iter().map(picture).collect();
    assert_eq!(scrolled[..scrolled.len() - 1], message("3 QUEENS (IN USE)")[..]);
    // Choosing 4 QUEENS moves the mark.
    engine.handle(Event::Right, now);
    engine.handle(Event::Press, now);
    engine.handle(Event::Hold, now);
    assert_eq!(marked(&engine), ["4 QUEENS (IN USE)"]);
    let (items, _) = engine.on_show().menu.unwrap();
    assert!(items.contains(&"3 QUEENS".to_string()), "{items:?}");
}

#[test]
fn the_menu_offers_go_reset_closest_and_each_number_of_queens() {
    for n in [4, 8, 11] {
        let labels: Vec<&str> = Cover::new(n, Style::default()).actions().iter().map(|a| a.label()).collect();
        let mut want =
            vec!["GO".to_string(), "RESET".to_string(), "CLOSEST".to_string(), "1 QUEEN".to_string()];
        want.extend((2..=n).map(|k| format!("{k} QUEENS")));
        assert_eq!(labels, want, "{n}x{n}");
    }
    // Through the engine: hold opens the menu on GO, a press shows the first cover,
    // and the menu opens on GO again for the next.
    let mut engine = Engine::fresh(Setup::of(ModeKind::Cover, 8).setup());
    let oracle = Delphi::all(8, 5);
    for cover in &oracle[..3] {
        engine.handle(Event::Hold, 0);
        engine.handle(Event::Press, 0);
        assert_eq!(picture(engine.frame()), program_cover(8, cover));
    }
    // Choosing 4 QUEENS (six steps right of GO, past RESET, CLOSEST and 1 to 3): Go finds none.
    engine.handle(Event::Hold, 0);
    for _ in 0..6 {
        engine.handle(Event::Right, 0);
    }
    engine.handle(Event::Press, 0);
    assert_eq!(engine.mode().actions()[6].label(), "4 QUEENS");
    engine.handle(Event::Hold, 0);
    for _ in 0..6 {
        engine.handle(Event::Left, 0);
    }
    engine.handle(Event::Press, 0);
    assert_eq!(picture(engine.frame()), message("NO SOLUTION")[0]);
}

#[test]
fn a_players_cover_is_cheered_up_to_the_queens_allowed() {
    let five = a_five_queen_cover();
    let extra: Vec<(usize, usize)> =
        (0..8).flat_map(|y| (0..8).map(move |x| (x, y))).filter(|s| !five.contains(s)).take(2).collect();
    let cover_with = |allowed: u8, queens: &[(usize, usize)]| {
        let mut mode = Cover::new(8, Style::default());
        mode.act(Cover::queens(allowed as usize), &StoppedWatch);
        let mut at = start(8);
        let mut last = Reaction::Draw;
        // The extra queens first, so the last one placed completes the cover.
        let more = queens.iter().filter(|q| !five.contains(q));
        let needed = queens.iter().filter(|q| five.contains(q));
        for &sq in more.chain(needed) {
            last = place(&mut mode, 8, &mut at, sq);
        }
        frames(&animation(last))
    };
    let six: Vec<(usize, usize)> = five.iter().copied().chain([extra[0]]).collect();
    let seven: Vec<(usize, usize)> = six.iter().copied().chain([extra[1]]).collect();
    // Six allowed: six queens are a win, seven are one too many.
    assert_eq!(cover_with(6, &six)[6..], message("COVERED WITH 6!")[..]);
    assert_eq!(cover_with(6, &seven), message("COVERED WITH 7 - NOW TRY 6"));
    // Fewer allowed than can cover: the fewest that can, five, is the target.
    assert_eq!(cover_with(3, &five)[6..], message("COVERED WITH 5!")[..]);
    assert_eq!(cover_with(3, &six), message("COVERED WITH 6 - NOW TRY 5"));
}

#[test]
#[ignore = "slow in debug: run with cargo test --profile checked -- --ignored"]
fn go_matches_the_delphi_program_on_the_larger_boards() {
    // The terminal plays cover up to 11x11: the whole sequence where the seed's own
    // search finishes in seconds.
    for (n, most) in [(9, 9), (10, 7), (11, 6)] {
        for k in 1..=most {
            let oracle = Delphi::all(n, k);
            let mut mode = Cover::new(n, Style::default());
            mode.act(Cover::queens(k), &StoppedWatch);
            for (i, cover) in oracle.iter().enumerate() {
                assert!(matches!(mode.act(Cover::GO, &StoppedWatch), Reaction::Draw), "{n}x{n}, {k}: {i}");
                let shown = picture(&mode.draw());
                let letters: Vec<(usize, usize)> = (0..n)
                    .flat_map(|y| (0..n).map(move |x| (x, y)))
                    .filter(|&(x, y)| shown.lines().nth(y).unwrap().as_bytes()[x] == b'Y')
                    .collect();
                let want: Vec<(usize, usize)> = cover.iter().map(|&(x, y)| (x - 1, y - 1)).collect();
                let mut want_sorted = want.clone();
                want_sorted.sort_by_key(|&(x, y)| (y, x));
                assert_eq!(letters, want_sorted, "{n}x{n}, {k} queens, cover {}", i + 1);
            }
            assert!(
                matches!(mode.act(Cover::GO, &StoppedWatch), Reaction::Animate(_)),
                "{n}x{n}, {k}: the end"
            );
        }
    }
}
