//! The puzzle itself, free of any I/O: squares, placements of queens,
//! the board's symmetries, and every solution with the questions asked
//! of a partial board in the list of them.

mod placement;
mod solutions;
mod square;
mod symmetry;

pub use placement::{MAX_N, Placement};
pub use solutions::{Closest, MAX_LISTED_N, Solutions};
pub use square::{Square, SquareError};
pub use symmetry::Symmetry;
