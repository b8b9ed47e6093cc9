//! Cover mode (seed 001): every square attacked or occupied with the fewest
//! queens, checked frame by frame against an independent attack rule.

mod common;

use common::{attack, picture};
use queens::game::{Action, Frame};
use queens::game::{
    Animation, Cover, Event, Interrupt, Mode, ModeKind, Reaction, StoppedWatch, Style, scroll,
};
use queens::solver::cover::Board;

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
    let plain: Vec<(usize, usize)> = queens.iter().map(|&(x, y, _)| (x, y)).collect();
    let mut rows: Vec<Vec<char>> = (0..8)
        .map(|y| {
            (0..8)
                .map(|x| match () {
                    _ if covered(&plain, x, y) => 'a',
                    _ if (x + y) % 2 == 0 => 'g',
                    _ => 'r',
                })
                .collect()
        })
        .collect();
    rows[cursor.1][cursor.0] = 'B';
    for &(x, y, c) in queens {
        rows[y][x] = c;
    }
    rows.into_iter().map(|r| r.into_iter().collect::<String>() + "\n").collect()
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
    let cover: Vec<(usize, usize)> =
        Board::new(8, false).covers(5).unwrap().iter().map(|s| (s.col as usize, s.row as usize)).collect();
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
        mode.act(Action::Solve, &StoppedWatch);
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
    mode.act(Action::Solve, &StoppedWatch);
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
