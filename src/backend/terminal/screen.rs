//! The screen as the terminal shows it, cell by cell, so that a frame sends
//! only what changed since the last one (issue 42: a cursor move changes two
//! squares, and over SSH or a serial console every byte is waited for).
//!
//! [`render`](super::render) draws the whole screen as ANSI text, as it
//! always has; [`Screen::drawn`] plays that text on a blank screen the way
//! a terminal does, and [`Screen::changes_to`] writes what turns one
//! screen into another with few cursor moves and style changes. Drawing
//! stays in one place: what is drawn can change without this file.

use super::render::{Size, cell_width};
use std::fmt::Write;

/// The second column of a wide character (the emoji of a solve's lines
/// to share): written with the first, never on its own.
const WIDE_TAIL: char = '\0';

/// A cell's foreground or background colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Colour {
    /// The terminal's own.
    #[default]
    Default,
    /// One of the 256-colour palette's.
    Palette(u8),
    Rgb(u8, u8, u8),
}

/// The attributes of a cell that [`render`](super::render) sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Style {
    fg: Colour,
    bg: Colour,
    bold: bool,
    reverse: bool,
}

/// A character cell: its character, or `None` where the screen was erased
/// (a terminal tells an erased cell from a written space, and so does this).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    text: Option<char>,
    style: Style,
}

/// Every cell of a terminal's screen, after some text was written to it,
/// and which rows the terminal wrapped itself onto the next (text written
/// past their last column): a terminal joins those rows when they are
/// copied, as one line (a solve's link to share too long for a row is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Screen {
    size: Size,
    cells: Vec<Cell>,
    wrapped: Vec<bool>,
}

impl Screen {
    /// The screen a blank terminal of `size` shows after `ansi`, as
    /// [`render`](super::render) writes it: cursor positions, erasures, the
    /// attributes it sets and characters, one column wide or two as render
    /// counts them ([`cell_width`]).
    fn drawn(size: Size, ansi: &str) -> Screen {
        let cells = vec![Cell::default(); usize::from(size.cols) * usize::from(size.rows)];
        let wrapped = vec![false; usize::from(size.rows)];
        let screen = Screen { size, cells, wrapped };
        let mut player = Player { screen, row: 0, col: 0, style: Style::default() };
        player.play(ansi);
        player.screen
    }

    fn cols(&self) -> usize {
        usize::from(self.size.cols)
    }

    fn row(&self, row: usize) -> &[Cell] {
        &self.cells[row * self.cols()..(row + 1) * self.cols()]
    }

    /// Whether the rows the terminal wrapped, and the rows they wrapped
    /// onto, are the same on both screens: only then can a change leave a
    /// row wrapped as [`Screen::drawn`] has it, which the text drawn whole
    /// does.
    fn wraps_as(&self, next: &Screen) -> bool {
        let rows = self.wrapped.len();
        self.wrapped == next.wrapped
            && (0..rows)
                .filter(|&row| next.wrapped[row])
                .flat_map(|row| [row, row + 1])
                .filter(|&row| row < rows)
                .all(|row| self.row(row) == next.row(row))
    }

    /// What to write to a terminal showing this screen, with its attributes
    /// reset, for it to show `next` (of the same size), its attributes
    /// reset again at the end. Nothing when they are the same; `None` when
    /// a row the terminal wrapped changes, or wraps now or no more
    /// ([`Screen::wraps_as`]): `next` is then drawn whole.
    fn changes_to(&self, next: &Screen) -> Option<String> {
        assert_eq!(self.size, next.size, "a new size is drawn whole");
        if !self.wraps_as(next) {
            return None;
        }
        let mut pen = Pen { out: String::new(), at: None, style: Style::default(), cols: next.cols() };
        for row in 0..usize::from(next.size.rows) {
            let (old, new) = (self.row(row), next.row(row));
            let mut col = 0;
            while col < new.len() {
                if old[col] == new[col] {
                    col += 1;
                    continue;
                }
                // A wide character's second column is written with its first.
                if new[col].text == Some(WIDE_TAIL) {
                    col -= 1;
                }
                pen.go_to(row, col, new);
                let cell = new[col];
                match cell.text {
                    Some(c) => {
                        pen.set_style(cell.style);
                        pen.out.push(c);
                        pen.advance(cell_width(c));
                        col += cell_width(c);
                    }
                    None => {
                        // Erased cells stay erased: written spaces would differ
                        // (a copy of the screen would have them).
                        let run = new[col..].iter().take_while(|&&c| c == cell).count();
                        pen.set_style(cell.style);
                        if col + run == new.len() {
                            pen.out.push_str("\x1b[K");
                        } else {
                            let _ = write!(pen.out, "\x1b[{run}X");
                        }
                        col += run;
                    }
                }
            }
        }
        pen.set_style(Style::default());
        Some(pen.out)
    }
}

/// What to send for the screen `whole` draws (cleared and drawn in full,
/// in a terminal of `size`), and that screen: the changes from `sent`, what
/// the terminal shows, when that is known and of the same size; else
/// `whole`.
pub(crate) fn to_send(sent: Option<Screen>, whole: String, size: Size) -> (String, Screen) {
    let next = Screen::drawn(size, &whole);
    match sent.filter(|sent| sent.size == size).and_then(|sent| sent.changes_to(&next)) {
        Some(changes) => (changes, next),
        None => (whole, next),
    }
}

/// Plays ANSI text on a [`Screen`], as a terminal would.
struct Player {
    screen: Screen,
    row: usize,
    /// The column the next character goes to; the number of columns after
    /// the last one (the next character starts a new row).
    col: usize,
    style: Style,
}

impl Player {
    fn play(&mut self, ansi: &str) {
        let mut chars = ansi.chars();
        while let Some(c) = chars.next() {
            if c != '\x1b' {
                self.put(c);
                continue;
            }
            let introducer = chars.next();
            debug_assert_eq!(introducer, Some('['), "render writes only CSI sequences");
            let mut params = String::new();
            let Some(end) = chars.by_ref().find(|&c| {
                let end = ('\x40'..='\x7e').contains(&c);
                if !end {
                    params.push(c);
                }
                end
            }) else {
                return;
            };
            self.control(&params, end);
        }
    }

    fn put(&mut self, c: char) {
        debug_assert!(!c.is_control(), "render writes no {c:?}");
        let (cols, rows) = (self.screen.cols(), usize::from(self.screen.size.rows));
        let width = cell_width(c);
        // A wide character that does not fit in the row starts the next, as a terminal has it.
        if self.col + width > cols {
            // Past the last column: the next row, the screen scrolled up at the bottom. The row
            // is wrapped if its last column holds text (as tmux and vt100 have it).
            let wraps = self.screen.cells[(self.row + 1) * cols - 1].text.is_some();
            self.col = 0;
            if self.row + 1 < rows {
                self.screen.wrapped[self.row] = wraps;
                self.row += 1;
            } else {
                self.screen.cells.drain(..cols);
                self.screen.cells.extend(std::iter::repeat_n(Cell::default(), cols));
                self.screen.wrapped.remove(0);
                self.screen.wrapped.push(false);
                // A screen of one row wraps nothing onto itself.
                if rows > 1 {
                    self.screen.wrapped[rows - 2] = wraps;
                }
            }
        }
        let here = self.row * cols + self.col;
        self.screen.cells[here] = Cell { text: Some(c), style: self.style };
        if width == 2 && self.col + 1 < cols {
            self.screen.cells[here + 1] = Cell { text: Some(WIDE_TAIL), style: self.style };
        }
        self.col += width;
    }

    fn control(&mut self, params: &str, end: char) {
        let numbers: Vec<u16> = params.split(';').map(|n| n.parse().unwrap_or(0)).collect();
        let first = |default: u16| numbers.first().copied().filter(|&n| n > 0).unwrap_or(default);
        let (cols, rows) = (self.screen.cols(), usize::from(self.screen.size.rows));
        let erased = Cell { text: None, style: self.style };
        // After the last column, erasing to the right erases nothing (as vt100 has it; render never does).
        let here = self.row * cols + self.col;
        let row_end = (self.row + 1) * cols;
        match end {
            'H' => {
                let col = numbers.get(1).copied().filter(|&n| n > 0).unwrap_or(1);
                self.row = usize::from(first(1) - 1).min(rows - 1);
                self.col = usize::from(col - 1).min(cols - 1);
            }
            'G' => self.col = usize::from(first(1) - 1).min(cols - 1),
            'C' => self.col = (self.col + usize::from(first(1))).min(cols - 1),
            // An erasure that reaches the row's last column unwraps it.
            'J' if params == "2" => {
                self.screen.cells.fill(erased);
                self.screen.wrapped.fill(false);
            }
            'K' if params.is_empty() || params == "0" => {
                self.screen.cells[here.min(row_end)..row_end].fill(erased);
                self.screen.wrapped[self.row] &= here >= row_end;
            }
            'K' if params == "2" => {
                self.screen.cells[self.row * cols..(self.row + 1) * cols].fill(erased);
                self.screen.wrapped[self.row] = false;
            }
            'X' => {
                let to = (here + usize::from(first(1))).min(row_end);
                self.screen.cells[here.min(row_end)..to].fill(erased);
                self.screen.wrapped[self.row] &= here >= row_end || to < row_end;
            }
            'm' => self.style = sgr(self.style, &numbers),
            _ => debug_assert!(false, "render writes no CSI {params}{end}"),
        }
    }
}

/// `style` after the attributes `numbers` (an SGR sequence's) set.
fn sgr(mut style: Style, numbers: &[u16]) -> Style {
    let mut numbers = numbers.iter().copied();
    let byte = |n: Option<u16>| n.and_then(|n| u8::try_from(n).ok()).unwrap_or(0);
    while let Some(n) = numbers.next() {
        match n {
            0 => style = Style::default(),
            1 => style.bold = true,
            22 => style.bold = false,
            7 => style.reverse = true,
            27 => style.reverse = false,
            30..=37 => style.fg = Colour::Palette(n as u8 - 30),
            40..=47 => style.bg = Colour::Palette(n as u8 - 40),
            39 => style.fg = Colour::Default,
            49 => style.bg = Colour::Default,
            38 | 48 => {
                let colour = match numbers.next() {
                    Some(5) => Colour::Palette(byte(numbers.next())),
                    Some(2) => Colour::Rgb(byte(numbers.next()), byte(numbers.next()), byte(numbers.next())),
                    _ => Colour::Default,
                };
                match n {
                    38 => style.fg = colour,
                    _ => style.bg = colour,
                }
            }
            _ => debug_assert!(false, "render sets no attribute {n}"),
        }
    }
    style
}

/// Writes changes: where the terminal's cursor is and the attributes it
/// has set, so that neither is sent again.
struct Pen {
    out: String,
    /// The cursor's row and column, when known (after the last column it
    /// is not: terminals differ there).
    at: Option<(usize, usize)>,
    style: Style,
    cols: usize,
}

impl Pen {
    /// Moves the cursor to `row`, `col` of `cells` (the row) the shortest
    /// way, counting the attributes the cell there needs: an escape that
    /// moves it, or the cells between written again as they are.
    fn go_to(&mut self, row: usize, col: usize, cells: &[Cell]) {
        let mut jumps = vec![match col {
            0 => format!("\x1b[{}H", row + 1),
            _ => format!("\x1b[{};{}H", row + 1, col + 1),
        }];
        let mut again = None;
        match self.at {
            Some(at) if at == (row, col) => return,
            Some((r, c)) if r == row => {
                jumps.push(format!("\x1b[{}G", col + 1));
                if c < col {
                    jumps.push(match col - c {
                        1 => "\x1b[C".to_string(),
                        n => format!("\x1b[{n}C"),
                    });
                    let between = &cells[c..col];
                    if between.iter().all(|cell| cell.text.is_some()) {
                        let mut pen = Pen { out: String::new(), ..*self };
                        for cell in between.iter().filter(|cell| cell.text != Some(WIDE_TAIL)) {
                            pen.set_style(cell.style);
                            pen.out.extend(cell.text);
                        }
                        again = Some(pen);
                    }
                }
            }
            _ => {}
        }
        let target = cells[col].style;
        let jump = jumps.into_iter().min_by_key(|jump| jump.len()).expect("a cursor position at least");
        let cost = |out: &str, style: Style| out.len() + transition(style, target).len();
        match again {
            Some(pen) if cost(&pen.out, pen.style) < cost(&jump, self.style) => {
                self.out += &pen.out;
                self.style = pen.style;
            }
            _ => self.out += &jump,
        }
        self.at = Some((row, col));
    }

    fn set_style(&mut self, style: Style) {
        self.out += &transition(self.style, style);
        self.style = style;
    }

    /// After a character `width` columns wide: the column after it, or not
    /// known after the last.
    fn advance(&mut self, width: usize) {
        self.at = self.at.map(|(row, col)| (row, col + width)).filter(|&(_, col)| col < self.cols);
    }
}

/// The SGR sequence from attributes `from` to `to`: each that changes, or
/// a reset and the ones `to` has, whichever is shorter; nothing if they
/// are the same.
fn transition(from: Style, to: Style) -> String {
    if from == to {
        return String::new();
    }
    let colour = |base: u16, colour: Colour| match colour {
        Colour::Default => format!("{}", base + 1),
        Colour::Palette(i) => format!("{base};5;{i}"),
        Colour::Rgb(r, g, b) => format!("{base};2;{r};{g};{b}"),
    };
    let changes = |from: Style, to: Style| {
        let mut parts = vec![];
        if from.bold != to.bold {
            parts.push(if to.bold { "1" } else { "22" }.to_string());
        }
        if from.reverse != to.reverse {
            parts.push(if to.reverse { "7" } else { "27" }.to_string());
        }
        if from.fg != to.fg {
            parts.push(colour(38, to.fg));
        }
        if from.bg != to.bg {
            parts.push(colour(48, to.bg));
        }
        parts
    };
    let step = changes(from, to);
    let mut reset = vec!["0".to_string()];
    reset.extend(changes(Style::default(), to));
    let shorter = if reset.join(";").len() < step.join(";").len() { reset } else { step };
    format!("\x1b[{}m", shorter.join(";"))
}

/// Screens compared as a player sees them, through a terminal emulator.
#[cfg(test)]
pub(super) mod seen {
    use super::Size;
    use std::num::NonZeroU16;

    /// A terminal emulator of `size`, blank.
    pub(crate) fn terminal(size: Size) -> vt100::Parser {
        let nz = |n: u16| NonZeroU16::new(n).expect("a terminal has a size");
        vt100::Parser::new(nz(size.rows), nz(size.cols), 0)
    }

    /// A blank terminal of `size` after `text`.
    pub(crate) fn after(size: Size, text: &str) -> vt100::Parser {
        let mut terminal = terminal(size);
        terminal.process(text.as_bytes());
        terminal
    }

    /// The first cell (row, column) where `a` and `b` differ in text or in
    /// attributes, with what each shows there, or the first row one of
    /// them wrapped onto the next and the other did not (a copy would
    /// differ).
    pub(crate) fn difference(a: &vt100::Screen, b: &vt100::Screen) -> Option<String> {
        assert_eq!(a.size(), b.size());
        let (rows, cols) = a.size();
        for row in 0..rows.get() {
            if a.row_wrapped(row) != b.row_wrapped(row) {
                return Some(format!("row {row}: wrapped {} and {}", a.row_wrapped(row), b.row_wrapped(row)));
            }
            for col in 0..cols.get() {
                let (x, y) = (a.cell(row, col).unwrap(), b.cell(row, col).unwrap());
                let look = |c: &vt100::Cell| {
                    let text = c.contents().to_string();
                    (
                        text,
                        c.fgcolor(),
                        c.bgcolor(),
                        c.bold(),
                        c.dim(),
                        c.italic(),
                        c.underline(),
                        c.inverse(),
                    )
                };
                if look(x) != look(y) {
                    return Some(format!("row {row}, column {col}: {:?} and {:?}", look(x), look(y)));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small random-number generator: the same cases on every run.
    struct Dice(u64);

    impl Dice {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// Text as render writes it, at random: cursor positions, attributes,
    /// erasures and characters, often the same ones (so that a diff has
    /// runs of cells alike to skip or write again).
    fn random_text(dice: &mut Dice, size: Size, parts: usize) -> String {
        let mut text = String::new();
        for _ in 0..parts {
            let row = dice.below(usize::from(size.rows)) + 1;
            let col = dice.below(usize::from(size.cols)) + 1;
            let colour = |dice: &mut Dice| match dice.below(3) {
                0 => format!("5;{}", 16 + dice.below(3)),
                _ => format!("2;{};0;0", dice.below(3) * 100),
            };
            text += &match dice.below(9) {
                0 => format!("\x1b[{row};{col}H"),
                1 => format!("\x1b[{row};{col}H\x1b[2K"),
                2 => format!("\x1b[{row};{col}H\x1b[K"),
                3 => format!("\x1b[{}X", dice.below(5) + 1),
                4 => format!("\x1b[48;{}m", colour(dice)),
                5 => format!("\x1b[1;38;{}m", colour(dice)),
                6 => ["\x1b[0m", "\x1b[7m", "\x1b[27m"][dice.below(3)].to_string(),
                _ => "  []ab "[dice.below(6)..].chars().take(dice.below(4) + 1).collect(),
            };
        }
        text
    }

    /// What [`to_send`] sends a terminal showing `old` for it to show
    /// `new`: the changes, or `new` drawn whole as render draws a screen
    /// (cleared first).
    fn sent(size: Size, old: &str, new: &str) -> String {
        to_send(Some(Screen::drawn(size, old)), format!("\x1b[0m\x1b[2J\x1b[H{new}"), size).0
    }

    #[test]
    fn the_changes_turn_one_screen_into_the_other_as_a_terminal_shows_them() {
        let mut dice = Dice(42);
        let mut whole = 0;
        for case in 0..400 {
            let size = Size { cols: 5 + dice.below(30) as u16, rows: 1 + dice.below(8) as u16 };
            let (old, new) = (random_text(&mut dice, size, 20), random_text(&mut dice, size, 20));
            // As render's text does, the text sent ends with the attributes reset.
            let mut terminal = seen::after(size, &(old.clone() + "\x1b[0m"));
            let model = seen::after(size, &new);
            let changes = sent(size, &old, &new);
            whole += changes.starts_with("\x1b[0m\x1b[2J") as usize;
            terminal.process(changes.as_bytes());
            if let Some(difference) = seen::difference(terminal.screen(), model.screen()) {
                panic!(
                    "case {case}, {size:?}: {old:?} then {changes:?} differs from {new:?} at {difference}"
                );
            }
            let a = Screen::drawn(size, &old);
            assert_eq!(a.changes_to(&a).as_deref(), Some(""), "nothing changed, nothing sent");
        }
        // Rows wrapped by the text, or no more, are drawn whole; the rest are changes.
        assert!((20..200).contains(&whole), "{whole} of 400 drawn whole");
    }

    /// Issue 50: a line longer than the screen is wide, written in one go,
    /// is wrapped by the terminal, which joins its rows when they are
    /// copied: a change that writes it, or one beside it, leaves it so.
    #[test]
    fn a_line_the_terminal_wrapped_stays_one_line() {
        let size = Size { cols: 10, rows: 4 };
        let long = "#p=12.abcdefghijkl";
        let cases = [
            ("\x1b[1;1Hsolved", format!("\x1b[1;1Hsolved\x1b[2;1H{long}\x1b[4;1Hhelp")),
            (
                &*format!("\x1b[1;1Hsolved\x1b[2;1H{long}\x1b[4;1Hhelp"),
                format!("\x1b[1;1Hmoved!\x1b[2;1H{long}\x1b[4;1Hhelp"),
            ),
            (&*format!("\x1b[2;1H{long}"), "\x1b[2;1Hgone".to_string()),
        ];
        for (old, new) in &cases {
            let mut terminal = seen::after(size, &(old.to_string() + "\x1b[0m"));
            let changes = sent(size, old, new);
            terminal.process(changes.as_bytes());
            assert_eq!(
                seen::difference(terminal.screen(), seen::after(size, new).screen()),
                None,
                "{changes:?}"
            );
            assert_eq!(terminal.screen().contents().contains(long), new.contains(long), "{changes:?}");
        }
        // Only the row that changed, where no wrapped row did.
        assert_eq!(sent(size, &cases[1].1, &cases[1].1.replace("help", "hold")), "\x1b[4;2Hold");
    }

    /// The emoji of a solve's lines to share take two columns: a change
    /// that moves, adds or removes them leaves what a full redraw shows.
    #[test]
    fn wide_characters_are_changed_as_a_terminal_shows_them() {
        let lines = ["ab👑👑 💡", "ab👑 👑💡", "abcdefghij", "👑👑👑👑👑", "a👑b👑c", "", "  💡"];
        let size = Size { cols: 12, rows: 3 };
        let screen = |first: &str, second: &str| {
            format!("\x1b[2J\x1b[1;3H{first}\x1b[2;1H\x1b[1;38;5;16m{second}\x1b[0m\x1b[3;1Hend")
        };
        for old in lines {
            for new in lines {
                let (old, new) = (screen(old, new), screen(new, old));
                let (a, b) = (Screen::drawn(size, &old), Screen::drawn(size, &new));
                let mut terminal = seen::after(size, &old);
                let changes = a.changes_to(&b).expect("no row wrapped");
                terminal.process(changes.as_bytes());
                if let Some(difference) =
                    seen::difference(terminal.screen(), seen::after(size, &new).screen())
                {
                    panic!("{old:?} then {changes:?} differs from {new:?} at {difference}");
                }
            }
        }
    }

    #[test]
    fn a_screen_is_played_as_a_terminal_plays_it() {
        let mut dice = Dice(7);
        for _ in 0..400 {
            let size = Size { cols: 5 + dice.below(30) as u16, rows: 1 + dice.below(8) as u16 };
            let text = random_text(&mut dice, size, 30);
            // Sent whole to a terminal showing something else, the screen is drawn in full.
            let mut terminal = seen::terminal(size);
            terminal.process(sent(size, "", &text).as_bytes());
            let played = seen::after(size, &text);
            assert_eq!(seen::difference(terminal.screen(), played.screen()), None, "{text:?}");
            // The rows the model has wrapped are the terminal's.
            let wrapped: Vec<bool> = (0..size.rows).map(|row| played.screen().row_wrapped(row)).collect();
            assert_eq!(Screen::drawn(size, &text).wrapped, wrapped, "{text:?}");
        }
    }

    #[test]
    fn cells_between_two_changes_are_written_again_when_that_is_shorter() {
        let size = Size { cols: 20, rows: 1 };
        let old = Screen::drawn(size, "\x1b[1;1Habcdefgh");
        let changes = |old: &Screen, new: &str| old.changes_to(&Screen::drawn(size, new)).unwrap();
        assert_eq!(changes(&old, "\x1b[1;1HXbcdefgY"), "\x1b[1HX\x1b[8GY");
        assert_eq!(changes(&old, "\x1b[1;1HXbY"), "\x1b[1HXbY\x1b[K");
        let red = Screen::drawn(size, "\x1b[48;5;196m    ");
        assert_eq!(changes(&red, "\x1b[48;5;196m  []"), "\x1b[1;3H\x1b[48;5;196m[]\x1b[0m");
    }
}
