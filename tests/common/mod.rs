//! Helpers shared by the integration tests.
#![allow(dead_code)]

use queens::puzzle::Placement;

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
    p.columns()
        .map(|r| r.expect("a full placement") as usize)
        .collect()
}
