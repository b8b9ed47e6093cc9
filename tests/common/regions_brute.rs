//! An independent referee for the regions puzzle: every placement of one
//! queen per row and column (all n! permutations, Heap's algorithm), each
//! checked against the rules as the puzzle states them. No pruning, no
//! bitboards and nothing shared with the engine's search, so the two
//! agreeing means something. Practical to 9x9 in a debug build.

/// The solutions of the grid `regions` (rows from the top): each as the
/// column of the queen in each row.
pub fn solutions(regions: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = regions.len();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut found = Vec::new();
    let mut counters = vec![0; n];
    check(regions, &cols, &mut found);
    let mut i = 1;
    while i < n {
        if counters[i] < i {
            if i % 2 == 0 {
                cols.swap(0, i);
            } else {
                cols.swap(counters[i], i);
            }
            check(regions, &cols, &mut found);
            counters[i] += 1;
            i = 1;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
    found.sort();
    found
}

/// Whether queens at (row r, column cols[r]) are one per region and none touching.
fn check(regions: &[Vec<usize>], cols: &[usize], found: &mut Vec<Vec<usize>>) {
    let n = regions.len();
    let mut region_used = vec![false; n];
    for (r, &c) in cols.iter().enumerate() {
        let g = regions[r][c];
        if region_used[g] {
            return;
        }
        region_used[g] = true;
    }
    // Rows and columns differ by construction; touching is then only diagonal, between neighbouring rows.
    for r in 1..n {
        if cols[r].abs_diff(cols[r - 1]) == 1 {
            return;
        }
    }
    found.push(cols.to_vec());
}
