//! How many pieces can share a board in peace at most: the independence
//! numbers of the pieces' graphs on a `w` x `h` board, so that a request for
//! more is answered at once instead of by a search that has to try every
//! placement to say no.

use super::piece::Piece;
use super::pieces::Problem;

/// The most pieces of `kind` that fit on a `w` x `h` board with none attacking
/// another. Exact for rooks, bishops, kings and knights; for queens and
/// amazons an upper bound (one per file), exact for queens from 4x4 on.
pub fn most(kind: Piece, w: usize, h: usize) -> usize {
    let (short, long) = (w.min(h), w.max(h));
    match kind {
        Piece::Rook | Piece::Queen | Piece::Amazon => short,
        // Square boards: the classic 2n - 2. Otherwise the diagonals of the two
        // colours part differently: with an odd short side short + long - 1,
        // with an even one two per pair of long files plus short - 2 (a search
        // gives these up to 8x8; the tests compare with one up to 6x6).
        Piece::Bishop if short == long => (2 * short).saturating_sub(2).max(1),
        Piece::Bishop if short % 2 == 1 => short + long - 1,
        Piece::Bishop => short - 2 + 2 * long.div_ceil(2),
        // One per 2x2 block.
        Piece::King => w.div_ceil(2) * h.div_ceil(2),
        // On one line knights never attack; on two, blocks of two files on and
        // two off; from three up, the squares of one colour.
        Piece::Knight => match short {
            1 => long,
            2 => 4 * (long / 4) + 2 * (long % 4).min(2),
            _ => (w * h).div_ceil(2),
        },
    }
}

/// Why the pieces asked for cannot share the board, if simple bounds show it:
/// a plain sentence, or `None` when only a search can tell.
pub fn impossible(problem: &Problem) -> Option<String> {
    let (w, h) = (problem.width, problem.height);
    let mut total = [0usize; 6];
    for kind in Piece::ALL {
        total[kind.index()] = problem.counts[kind.index()];
    }
    for placed in &problem.fixed {
        total[placed.piece.index()] += 1;
    }
    let of = |kinds: &[Piece]| kinds.iter().map(|k| total[k.index()]).sum::<usize>();
    let all = of(&Piece::ALL);
    if all > w * h {
        return Some(format!("{all} pieces cannot fit on the {} squares of the {w}x{h} board", w * h));
    }
    for kind in Piece::ALL {
        let (asked, fit) = (total[kind.index()], most(kind, w, h));
        if asked > fit {
            return Some(format!(
                "{} cannot share the {w}x{h} board in peace: at most {} can",
                pieces_word(asked, kind),
                fit
            ));
        }
    }
    let lines = [Piece::Rook, Piece::Queen, Piece::Amazon];
    if of(&lines) > w.min(h) {
        return Some(format!(
            "{} rooks, queens and amazons together cannot share the {w}x{h} board in peace: each needs \
             a file and a rank of its own, and there are {}",
            of(&lines),
            w.min(h)
        ));
    }
    let diagonals = [Piece::Bishop, Piece::Queen, Piece::Amazon];
    let most_diagonal = most(Piece::Bishop, w, h);
    if of(&diagonals) > most_diagonal {
        return Some(format!(
            "{} bishops, queens and amazons together cannot share the {w}x{h} board in peace: at most {} can",
            of(&diagonals),
            most_diagonal
        ));
    }
    full_board(&total, w, h)
}

/// A group of pieces at its bound leaves no square for any other piece: a
/// set of `most(kind)` pieces that do not attack each other is a largest such
/// set (or cannot be at all, if the bound is above the largest), so it is
/// maximal: a square it did not attack could take one more of the kind.
/// Every empty square is attacked, whatever stands there. The same holds for
/// rooks, queens and amazons on every file of the short side, and for
/// bishops, queens and amazons at the bishops' bound (no two share a diagonal).
fn full_board(total: &[usize; 6], w: usize, h: usize) -> Option<String> {
    let all: usize = total.iter().sum();
    let groups: [(&[Piece], usize); 8] = [
        (&[Piece::Rook], most(Piece::Rook, w, h)),
        (&[Piece::Bishop], most(Piece::Bishop, w, h)),
        (&[Piece::King], most(Piece::King, w, h)),
        (&[Piece::Knight], most(Piece::Knight, w, h)),
        (&[Piece::Queen], most(Piece::Queen, w, h)),
        (&[Piece::Amazon], most(Piece::Amazon, w, h)),
        (&[Piece::Rook, Piece::Queen, Piece::Amazon], w.min(h)),
        (&[Piece::Bishop, Piece::Queen, Piece::Amazon], most(Piece::Bishop, w, h)),
    ];
    for (kinds, bound) in groups {
        let group: usize = kinds.iter().map(|k| total[k.index()]).sum();
        let others = all - group;
        if group == bound && others > 0 {
            let named: Vec<String> = kinds
                .iter()
                .filter(|k| total[k.index()] > 0)
                .map(|&k| pieces_word(total[k.index()], k))
                .collect();
            let others_word =
                if others == 1 { "1 other piece".to_string() } else { format!("{others} other pieces") };
            return Some(format!(
                "{} leave no square of the {w}x{h} board unattacked (no more than {bound} fit), so {others_word} cannot join them",
                named.join(" and ")
            ));
        }
    }
    None
}

/// "1 king", "17 kings".
pub(crate) fn pieces_word(count: usize, kind: Piece) -> String {
    if count == 1 { format!("1 {}", kind.name()) } else { format!("{count} {}s", kind.name()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issues_requests_are_refused_with_the_numbers() {
        let kings = Problem::new(8, 8).with(Piece::King, 17);
        assert_eq!(
            impossible(&kings).unwrap(),
            "17 kings cannot share the 8x8 board in peace: at most 16 can"
        );
        assert!(impossible(&Problem::new(8, 8).with(Piece::King, 16)).is_none());
        assert!(impossible(&Problem::new(8, 8).with(Piece::Knight, 33)).is_some());
        assert!(impossible(&Problem::new(8, 8).with(Piece::Knight, 32)).is_none());
        let mixed = Problem::new(8, 8).with(Piece::Rook, 5).with(Piece::Queen, 4);
        assert!(impossible(&mixed).unwrap().contains("each needs a file"));
        assert_eq!(pieces_word(1, Piece::Queen), "1 queen");
    }

    #[test]
    fn a_kind_at_its_bound_leaves_no_room_for_another_piece() {
        let knights = Problem::new(10, 10).with(Piece::Knight, 50).with(Piece::King, 1);
        assert_eq!(
            impossible(&knights).unwrap(),
            "50 knights leave no square of the 10x10 board unattacked (no more than 50 fit), so 1 other piece \
             cannot join them"
        );
        assert!(impossible(&Problem::new(32, 2).with(Piece::Knight, 32).with(Piece::King, 1)).is_some());
        assert!(impossible(&Problem::new(32, 32).with(Piece::King, 256).with(Piece::Knight, 1)).is_some());
        assert!(impossible(&Problem::new(32, 32).with(Piece::Bishop, 62).with(Piece::Rook, 1)).is_some());
        assert!(impossible(&Problem::new(8, 8).with(Piece::Knight, 32)).is_none());
        assert!(impossible(&Problem::new(8, 8).with(Piece::Knight, 31).with(Piece::King, 1)).is_none());
    }
}
