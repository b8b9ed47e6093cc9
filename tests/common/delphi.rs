//! The Delphi program's Go (seed 001), ported line by line from its Pascal
//! as the tests' oracle: `TField`, `addqueen`, `deletequeen`, `fixlines`,
//! `GoSolve` with its states and its timeout, and `GoBtnClick`/`GoProc`.
//! Written from the seed's text, not from the library; only the board's
//! side is a parameter (the seed's is 8).
//!
//! The seed does not list `nextFreeField` and `checksolution`; they are
//! written from its words: "the next free field after (i,j)", counting x
//! from 1 to n and on overflow incrementing y, a field being free when
//! `.Q = 0` and `.lines = 0`; the first count is (1,1), so the search's
//! start, (0,0), is before every field. `checksolution`: every field holds a
//! queen or a line.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchResult {
    Start,
    Solved,
    NoSolution,
    Timeout,
}

#[derive(Clone, Copy, Default)]
struct Field {
    /// 0: empty, 1: queen.
    q: u8,
    /// 1: --, 2: |, 4: /, 8: \ (a line of a queen on another field through it).
    lines: u8,
}

/// The seed's form: the board, the queen list and the search's state.
pub struct Delphi {
    n: usize,
    /// board[i][j], 1-based like the seed's `array[1..8, 1..8]` (index 0 unused).
    board: Vec<Vec<Field>>,
    /// Qlist[1..Qcount] (index 0 unused).
    qlist: Vec<(usize, usize)>,
    qcount: usize,
    pub max_queen: usize,
    pub search_result: SearchResult,
    save_i: usize,
    save_j: usize,
}

impl Delphi {
    pub fn new(n: usize, max_queen: usize) -> Delphi {
        Delphi {
            n,
            board: vec![vec![Field::default(); n + 1]; n + 1],
            qlist: vec![(0, 0); n * n + 1],
            qcount: 0,
            max_queen,
            search_result: SearchResult::Start,
            save_i: 0,
            save_j: 0,
        }
    }

    /// The queens on the board, as the seed's (x, y), 1-based.
    pub fn queens(&self) -> Vec<(usize, usize)> {
        self.qlist[1..=self.qcount].to_vec()
    }

    fn add_queen(&mut self, i: usize, j: usize) {
        self.qcount += 1;
        self.board[i][j].q = 1;
        self.fix_lines(i, j, true);
        self.qlist[self.qcount] = (i, j);
    }

    fn delete_queen(&mut self, i: usize, j: usize) {
        self.qcount -= 1;
        self.board[i][j].q = 0;
        self.fix_lines(i, j, false);
    }

    /// Sets (or clears) the line bits of every field the queen on (i,j) covers:
    /// its row, its column, and its diagonals / (x + y = i + j) and \ (x - y = i - j).
    fn fix_lines(&mut self, i: usize, j: usize, add: bool) {
        let n = self.n as isize;
        let (i, j) = (i as isize, j as isize);
        for k in 1..=n {
            self.mark(k, j, 1, add);
            self.mark(i, k, 2, add);
            self.mark(i + j - k, k, 4, add);
            self.mark(i - j + k, k, 8, add);
        }
    }

    fn mark(&mut self, x: isize, y: isize, bit: u8, add: bool) {
        // Only fields in 1..n are painted.
        if x < 1 || y < 1 || x > self.n as isize || y > self.n as isize {
            return;
        }
        let field = &mut self.board[x as usize][y as usize];
        if add { field.lines |= bit } else { field.lines &= !bit }
    }

    /// Moves (i,j) to the next free field after it; false if there is none.
    fn next_free_field(&self, i: &mut usize, j: &mut usize) -> bool {
        let (mut x, mut y) = (*i, *j);
        if y == 0 {
            // The start, (0,0): before the first count, (1,1).
            x = 0;
            y = 1;
        }
        loop {
            x += 1;
            if x > self.n {
                x = 1;
                y += 1;
            }
            if y > self.n {
                return false;
            }
            let f = self.board[x][y];
            if f.q == 0 && f.lines == 0 {
                *i = x;
                *j = y;
                return true;
            }
        }
    }

    fn check_solution(&self) -> bool {
        (1..=self.n).all(|x| (1..=self.n).all(|y| self.board[x][y].q > 0 || self.board[x][y].lines > 0))
    }

    fn clear_puzzle(&mut self) {
        let n = self.n;
        self.board = vec![vec![Field::default(); n + 1]; n + 1];
        self.qcount = 0;
    }

    fn go_solve(&mut self) {
        let mut sr = self.search_result;
        let mut timeout = 0;
        let (mut i, mut j) = match sr {
            SearchResult::Start => (0, 0),
            SearchResult::Solved => self.qlist[self.qcount],
            SearchResult::NoSolution => return,
            SearchResult::Timeout => (self.save_i, self.save_j),
        };
        loop {
            timeout += 1;
            if timeout == 100 {
                self.save_i = i;
                self.save_j = j;
                self.search_result = SearchResult::Timeout;
                return;
            }
            if self.qcount == self.max_queen {
                self.delete_queen(i, j);
            }
            let fnext;
            if self.next_free_field(&mut i, &mut j) {
                fnext = true;
                self.add_queen(i, j);
            } else {
                fnext = false;
                if self.qcount > 0 {
                    (i, j) = self.qlist[self.qcount];
                    self.delete_queen(i, j);
                } else {
                    sr = SearchResult::NoSolution;
                    self.search_result = sr;
                    return;
                }
            }
            // Short-circuit evaluation, as the seed requires.
            if fnext && self.check_solution() {
                break;
            }
        }
        self.search_result = SearchResult::Solved;
    }

    fn go_proc(&mut self) {
        loop {
            self.go_solve();
            if self.search_result != SearchResult::Timeout {
                break;
            }
        }
    }

    /// The Go button: the queens of the cover found, or `None` when the
    /// search ended, or had ended, with no (more) solution.
    pub fn go(&mut self) -> Option<Vec<(usize, usize)>> {
        match self.search_result {
            SearchResult::Start => {
                self.clear_puzzle();
                self.go_proc();
            }
            SearchResult::NoSolution => return None,
            SearchResult::Solved => self.go_proc(),
            SearchResult::Timeout => unreachable!("GoProc repeats until the search is not timed out"),
        }
        (self.search_result == SearchResult::Solved).then(|| self.queens())
    }

    /// Every cover Go finds from a reset board, in order: the seed's (x, y), 1-based.
    pub fn all(n: usize, max_queen: usize) -> Vec<Vec<(usize, usize)>> {
        let mut form = Delphi::new(n, max_queen);
        std::iter::from_fn(|| form.go()).collect()
    }
}

/// A field (x, y) of the seed, 1-based from the top-left, as a chess name
/// on an `n` x `n` board (`a1` bottom-left): x is the file, y counts down.
pub fn chess_name(n: usize, (x, y): (usize, usize)) -> String {
    format!("{}{}", (b'a' + x as u8 - 1) as char, n + 1 - y)
}
