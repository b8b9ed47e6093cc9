//! Where a long search stands, for its caller's progress reports and Ctrl-C:
//! the pieces search and the regions puzzle's count call a check every
//! [`TICK`] nodes, which reads no clock here (the command line does).

/// How many nodes of a search pass between two calls of the caller's check:
/// some milliseconds of search on the largest boards.
pub const TICK: u64 = 1 << 16;

/// Where a search stands when the caller's check is called.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchProgress {
    /// Nodes visited so far.
    pub nodes: u64,
    /// Solutions found so far.
    pub found: u64,
    /// How far through the search tree it is, from 0 to 1, by the position of
    /// the current node among its siblings and theirs among theirs: steady
    /// where the tree is even, not a promise of the time left.
    pub done: f64,
    /// The most pieces placed at once so far.
    pub deepest: usize,
}

/// A search's counters and the caller's check.
pub(crate) struct Watch<'a> {
    pub(crate) nodes: u64,
    pub(crate) found: u64,
    pub(crate) deepest: usize,
    pub(crate) stopped: bool,
    check: &'a mut dyn FnMut(SearchProgress) -> bool,
}

impl<'a> Watch<'a> {
    pub(crate) fn new(check: &'a mut dyn FnMut(SearchProgress) -> bool) -> Self {
        Watch { nodes: 0, found: 0, deepest: 0, stopped: false, check }
    }

    /// Counts a node at `depth`, `done` of the way through; false once the check said stop.
    pub(crate) fn visit(&mut self, depth: usize, done: f64) -> bool {
        self.nodes += 1;
        self.deepest = self.deepest.max(depth);
        if self.nodes.is_multiple_of(TICK) {
            let progress =
                SearchProgress { nodes: self.nodes, found: self.found, done, deepest: self.deepest };
            self.stopped = !(self.check)(progress);
        }
        !self.stopped
    }
}
