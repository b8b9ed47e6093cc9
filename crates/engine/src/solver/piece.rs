//! The kinds of chess piece the mixed-pieces search places ([`super::pieces`])
//! and the row-by-row count of kings or knights ([`super::rows`]) takes:
//! their names, letters and how each attacks.

/// A kind of chess piece (and the amazon, a queen that also jumps like a knight).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Moves as a queen and as a knight.
    Amazon,
    /// Any distance along a line or a diagonal.
    Queen,
    /// Any distance along a line.
    Rook,
    /// Any distance along a diagonal.
    Bishop,
    /// One square in any direction.
    King,
    /// The L-shaped jump.
    Knight,
}

impl Piece {
    /// Every kind, in the counting search's order: those that attack most first.
    pub const ALL: [Piece; 6] =
        [Piece::Amazon, Piece::Queen, Piece::Rook, Piece::Bishop, Piece::King, Piece::Knight];

    /// The kinds in the Prolog program's argument order (`main([X, Y], NS, BS,
    /// RS, QS, AS)`), with the king, which it does not have, after the knight.
    pub const PROLOG: [Piece; 6] =
        [Piece::Knight, Piece::King, Piece::Bishop, Piece::Rook, Piece::Queen, Piece::Amazon];

    /// The kind's name in lower case, as the JSON output spells it.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Amazon => "amazon",
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::King => "king",
            Piece::Knight => "knight",
        }
    }

    /// The letter on boards and in `--place` (chess letters; `A` for the amazon).
    pub fn letter(self) -> char {
        match self {
            Piece::Amazon => 'A',
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::King => 'K',
            Piece::Knight => 'N',
        }
    }

    pub(super) fn from_letter(c: char) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.letter() == c.to_ascii_uppercase())
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// Whether this piece attacks along its whole file (and rank): at most one
    /// such piece per file.
    pub(super) fn attacks_files(self) -> bool {
        matches!(self, Piece::Rook | Piece::Queen | Piece::Amazon)
    }

    /// Whether this piece on a square `dc` columns and `dr` rows away from
    /// another (not both 0) attacks it, ignoring pieces in between.
    pub(super) fn reaches(self, dc: usize, dr: usize) -> bool {
        let line = dc == 0 || dr == 0;
        let diagonal = dc == dr;
        let leap = (dc == 1 && dr == 2) || (dc == 2 && dr == 1);
        match self {
            Piece::Amazon => line || diagonal || leap,
            Piece::Queen => line || diagonal,
            Piece::Rook => line,
            Piece::Bishop => diagonal,
            Piece::King => dc <= 1 && dr <= 1,
            Piece::Knight => leap,
        }
    }
}
