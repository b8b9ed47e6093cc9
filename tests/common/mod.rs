//! Helpers shared by the integration tests.

pub mod bin;
pub mod delphi;
pub mod hat;
pub mod regions_brute;
pub mod scratch;
pub mod scroll;

use queens::game::{Engine, Event, Frame, Millis, REGION_COLOURS, Rgb, region_shades};
use queens::puzzle::Placement;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, at any depth (for the tests that read the sources).
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = vec![];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}

/// Sends `event` at `*now`, then lets every animation run on the clock:
/// each frame shown until the engine settles, and `*now` at its end.
pub fn frames_until_settled(engine: &mut Engine, now: &mut Millis, event: Event) -> Vec<Frame> {
    engine.handle(event, *now);
    let mut seen = vec![*engine.frame()];
    while let Some(deadline) = engine.next_deadline() {
        *now = deadline;
        engine.tick(deadline);
        seen.push(*engine.frame());
    }
    seen
}

/// OEIS A000170 (all solutions) and A002562 (up to rotation and reflection), n = 1..16.
pub const QUEENS: [(u64, u64); 16] = [
    (1, 1),
    (0, 0),
    (0, 0),
    (2, 1),
    (10, 2),
    (4, 1),
    (40, 6),
    (92, 12),
    (352, 46),
    (724, 92),
    (2680, 341),
    (14200, 1787),
    (73712, 9233),
    (365596, 45752),
    (2279184, 285053),
    (14772512, 1846955),
];

/// A small deterministic random source (xorshift64*), so tests need no crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whether two queens at (c1, r1) and (c2, r2) attack: written out here
/// independently of the library's own check.
pub fn attack(c1: usize, r1: usize, c2: usize, r2: usize) -> bool {
    r1 == r2 || c1 == c2 || c1 + r2 == c2 + r1 || c1 + r1 == c2 + r2
}

/// An independent validator: `rows[c]` is a full, peaceful placement.
pub fn is_solution(rows: &[usize]) -> bool {
    let n = rows.len();
    rows.iter().all(|&r| r < n) && (0..n).all(|a| (a + 1..n).all(|b| !attack(a, rows[a], b, rows[b])))
}

/// Every solution for `n` by brute force over all permutations of the rows.
pub fn brute_force_solutions(n: usize) -> Vec<Vec<usize>> {
    fn permute(rows: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
        if k == rows.len() {
            if is_solution(rows) {
                out.push(rows.clone());
            }
            return;
        }
        for i in k..rows.len() {
            rows.swap(k, i);
            permute(rows, k + 1, out);
            rows.swap(k, i);
        }
    }
    let mut out = Vec::new();
    permute(&mut (0..n).collect(), 0, &mut out);
    out
}

pub fn rows_of(p: &Placement) -> Vec<usize> {
    p.columns().map(|r| r.expect("a full placement") as usize).collect()
}

/// A frame as letters, one per LED, for the default theme's colours: `g`
/// dark square (0,92,0), `r` light square (92,0,0), `B` blue (0,0,120: the
/// cursor, and a misplaced queen), `W` white (120,120,120: queens, text),
/// `Y` yellow (120,120,0: a needed queen), `h` hint (48,48,0), `R` refused
/// (200,0,0), `a` attacked (32,32,32), `.` off. Any other colour is `?`.
pub fn picture(frame: &Frame) -> String {
    let mut out = String::new();
    for y in 0..frame.side() {
        for x in 0..frame.side() {
            out.push(match frame.get(x, y) {
                Rgb(0, 92, 0) => 'g',
                Rgb(92, 0, 0) => 'r',
                Rgb(0, 0, 120) => 'B',
                Rgb(120, 120, 120) => 'W',
                Rgb(120, 120, 0) => 'Y',
                Rgb(48, 48, 0) => 'h',
                Rgb(200, 0, 0) => 'R',
                Rgb(32, 32, 32) => 'a',
                Rgb(0, 0, 0) => '.',
                Rgb(240, 216, 112) => 'C', // regions: the cursor
                Rgb(96, 86, 44) => 'b',    // regions: the cursor on a marked square
                // Regions mode: each region's colour as a digit (10 and 11 as : and ;),
                // a marked square as ',' and a lit one as '*'.
                c => match (0..REGION_COLOURS.len())
                    .find_map(|g| region_shades(g).iter().position(|&s| s == c).map(|k| (g, k)))
                {
                    Some((g, 0)) => b"0123456789:;"[g] as char,
                    Some((_, 1)) => ',',
                    Some(_) => '*',
                    None => '?',
                },
            });
        }
        out.push('\n');
    }
    out
}

/// The checkerboard with `marks` (x, y, letter) drawn over it.
pub fn board(marks: &[(usize, usize, char)]) -> String {
    let mut rows: Vec<Vec<char>> =
        (0..8).map(|y| (0..8).map(|x| if (x + y) % 2 == 0 { 'g' } else { 'r' }).collect()).collect();
    for &(x, y, c) in marks {
        rows[y][x] = c;
    }
    rows.into_iter().map(|r| r.into_iter().collect::<String>() + "\n").collect()
}

/// A full solution keeping the queens of `fixed` (`fixed[c]` = the row of
/// column c's queen, if any), or `None` if there is none: an exhaustive
/// search written independently of the library's, the given queens placed
/// first, then the empty columns from the left, each row checked against
/// every queen on the board.
pub fn completion(fixed: &[Option<usize>]) -> Option<Vec<usize>> {
    fn fill(rows: &mut Vec<Option<usize>>, col: usize) -> bool {
        let n = rows.len();
        if col == n {
            return true;
        }
        if rows[col].is_some() {
            return fill(rows, col + 1);
        }
        for r in 0..n {
            if rows.iter().enumerate().all(|(c, q)| q.is_none_or(|q| !attack(c, q, col, r))) {
                rows[col] = Some(r);
                if fill(rows, col + 1) {
                    return true;
                }
                rows[col] = None;
            }
        }
        false
    }
    let queens: Vec<(usize, usize)> =
        fixed.iter().enumerate().filter_map(|(c, r)| r.map(|r| (c, r))).collect();
    let peaceful =
        queens.iter().enumerate().all(|(i, a)| queens[i + 1..].iter().all(|b| !attack(a.0, a.1, b.0, b.1)));
    let mut rows = fixed.to_vec();
    (peaceful && fill(&mut rows, 0)).then(|| rows.into_iter().map(|r| r.expect("filled")).collect())
}

/// Every way to choose `k` of `items`, in order.
pub fn choose<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![vec![]];
    }
    if items.len() < k {
        return vec![];
    }
    let mut with: Vec<Vec<T>> = choose(&items[1..], k - 1);
    for c in &mut with {
        c.insert(0, items[0]);
    }
    with.extend(choose(&items[1..], k));
    with
}

/// The joystick moves that take the cursor from `from` to `to` on an
/// `n` x `n` board (right and down only, wrapping at the edges).
pub fn moves_to(n: usize, from: (usize, usize), to: (usize, usize)) -> Vec<queens::game::Event> {
    use queens::game::Event::{Down, Right};
    let mut moves = vec![Right; (to.0 + n - from.0) % n];
    moves.extend(vec![Down; (to.1 + n - from.1) % n]);
    moves
}

/// The script that solves `puzzle` from the cursor's start, by the brute
/// force's one solution (which it asserts is the only one): to each queen's
/// square, then two presses (a dot, then the queen).
pub fn regions_solving_script(puzzle: &queens::regions::Puzzle) -> String {
    let all = regions_brute::solutions(&puzzle.rows());
    assert_eq!(all.len(), 1, "{puzzle:?}");
    let n = puzzle.n();
    let start = queens::game::Checkerboard::new(n).start();
    let mut at = (start.col as usize, start.row as usize);
    let mut script = String::new();
    for (row, &col) in all[0].iter().enumerate() {
        for event in moves_to(n, at, (col, row)) {
            script += &format!("{}\n", format!("{event:?}").to_lowercase());
        }
        at = (col, row);
        script += "press\npress\n";
    }
    script
}
