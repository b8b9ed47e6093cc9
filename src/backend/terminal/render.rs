//! Drawing a frame as ANSI text: each LED a square cell of two spaces with a
//! background colour, the board centred, and under it a status line (the
//! mode, the size, the menu or the message in words) and a help line. Where
//! the board is drawn is also where a click is read (`Squares`).

use crate::game::keys::{KEYS, named};
use crate::game::{Checkerboard, Frame, MAX_SIDE, OnShow, Press, Rgb};
use crate::regions::share::KEY;
use std::fmt::Write;

/// The narrowest terminal the game plays in: the shortest help line fits.
pub(crate) const MIN_COLS: usize = 40;

/// Rows under the board: a blank one, the status line, the help line.
pub(crate) const ROWS_UNDER: usize = 3;

/// An LED's character cells: two spaces in its colour, so that an LED is
/// about square (the cursor's LED shows `[]` instead, as wide).
const CELL: &str = "  ";
/// Character cells across one LED.
const CELL_WIDTH: usize = CELL.len();

/// How colours are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    /// `ESC[48;2;R;G;Bm`: the exact colour.
    TrueColour,
    /// `ESC[48;5;Nm`: the closest of the xterm 256-colour palette.
    Palette256,
}

impl Colours {
    /// Truecolour where `COLORTERM` says so (the convention terminals
    /// follow), else the 256-colour palette every modern terminal has.
    pub(crate) fn from_colorterm(colorterm: Option<&str>) -> Colours {
        match colorterm {
            Some("truecolor" | "24bit") => Colours::TrueColour,
            _ => Colours::Palette256,
        }
    }
}

/// The terminal's size in character cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub cols: u16,
    pub rows: u16,
}

/// Where the board's top-left cell goes (0-based row and column), so that
/// the board and the lines under it are centred; at the top-left corner
/// if the terminal is too small.
pub(crate) fn origin(size: Size, side: usize) -> (usize, usize) {
    let (width, height) = (side * CELL_WIDTH, side + ROWS_UNDER);
    let row = (size.rows as usize).saturating_sub(height) / 2;
    let col = (size.cols as usize).saturating_sub(width) / 2;
    (row, col)
}

/// The columns and rows a board `side` LEDs wide needs, with its lines.
pub(crate) fn needs(side: usize) -> (usize, usize) {
    ((side * CELL_WIDTH).max(MIN_COLS), side + ROWS_UNDER)
}

/// Whether the board (two cells per LED) and the lines under it fit.
pub(crate) fn fits(size: Size, side: usize) -> bool {
    let (cols, rows) = needs(side);
    size.cols as usize >= cols && size.rows as usize >= rows
}

/// The largest board (its side, up to [`MAX_SIDE`]) that fits a terminal
/// of `size`: 8 when none does, as every board smaller than 8x8 is drawn on
/// the 8x8 frame and needs as much room.
pub(crate) fn room(size: Size) -> usize {
    (Frame::LED_SIDE..=MAX_SIDE).rev().find(|&n| fits(size, n)).unwrap_or(Frame::LED_SIDE)
}

/// What the status line says once when the size played last (or the
/// config file's) was too large for the terminal at start, and the game
/// plays the largest that fits: that size is kept, and what it needs. Short
/// enough for the one status row of a 40x11 terminal, after `regions 8x8 0s | `.
pub(crate) fn kept_for_larger(n: usize) -> String {
    let (cols, rows) = needs(n);
    format!("{n}x{n} kept: needs {cols}x{rows}")
}

/// Where a board's squares are on the screen, as [`board`] draws them:
/// what a click on a character cell points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squares {
    /// The top-left cell of the frame (0-based row and column).
    origin: (usize, usize),
    board: Checkerboard,
}

impl Squares {
    /// Where `board`'s frame is drawn in a terminal of `size`; `None` when
    /// it does not fit (the terminal shows that it is too small instead).
    pub fn new(size: Size, board: Checkerboard) -> Option<Squares> {
        fits(size, board.side()).then(|| Squares { origin: origin(size, board.side()), board })
    }

    /// The pixel of the frame (column, row) drawn in the character cell at
    /// column `col`, row `row` (0-based), if that pixel is one of the
    /// board's squares: not the dark margin around a board smaller than the
    /// 8x8 frame, nor anything beside the board.
    pub(crate) fn pixel_at(&self, col: usize, row: usize) -> Option<(u8, u8)> {
        let (top, left) = self.origin;
        let (x, y) = (col.checked_sub(left)? / CELL_WIDTH, row.checked_sub(top)?);
        self.board.square_at(x, y)?;
        Some((u8::try_from(x).ok()?, u8::try_from(y).ok()?))
    }
}

/// What a terminal too small for the board shows instead, from its
/// top-left corner: the fullest wording that fits in whole words, each
/// saying the size the board needs and that `q` quits, down to `needs
/// 40x11;` / `q quits` on 7 columns and 3 rows (or 12x2, or 20x1); a
/// terminal smaller than that gets nothing, rather than words cut short.
/// Where a smaller board would fit (the terminal has room for the 8x8),
/// each wording also says that `m` opens the menu, where one is chosen:
/// a size the menu offered when the terminal was larger, or one asked for
/// on the command line, never leaves the player stuck.
pub(crate) fn too_small(size: Size, side: usize) -> Vec<String> {
    let (cols, rows) = needs(side);
    let (have, width) = (format!("{}x{}", size.cols, size.rows), usize::from(size.cols));
    let menu = fits(size, Frame::LED_SIDE);
    // `q quits` and `m menu,` are one word each: neither half says anything alone.
    let words = |text: String, last: &[&str]| -> Vec<Span> {
        text.split(' ').chain(last.iter().copied()).map(Span::plain).collect()
    };
    let (press, quits): (&str, &[&str]) = match menu {
        true => ("enlarge it, press m for a smaller board, or press", &["q"]),
        false => ("enlarge it, or press", &["q"]),
    };
    let short: &[&str] = if menu { &["m menu,", "q quits"] } else { &["q quits"] };
    let wordings = [
        words(
            format!(
                "terminal too small: the {side}x{side} board needs {cols} columns and {rows} rows (this one has {have}); {press}"
            ),
            quits,
        ),
        words(format!("too small: the {side}x{side} board needs {cols}x{rows} (this is {have});"), short),
        words(format!("too small: needs {cols}x{rows};"), short),
        words(format!("needs {cols}x{rows};"), short),
    ];
    let whole = |words: &[Span]| words.iter().all(|word| word.text.chars().count() <= width);
    let lines = wordings.iter().filter(|words| whole(words)).map(|words| wrap(words, width));
    let fitting = lines.into_iter().find(|lines| lines.len() <= usize::from(size.rows));
    fitting.unwrap_or_default().iter().map(|line| plain_text(line)).collect()
}

/// A word of a line under the board, highlighted (reverse video) or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub text: String,
    pub highlight: bool,
}

impl Span {
    pub(crate) fn plain(text: &str) -> Span {
        Span { text: text.to_string(), highlight: false }
    }
}

fn plain_text(line: &[Span]) -> String {
    line.iter().map(|s| s.text.as_str()).collect::<Vec<_>>().join(" ")
}

/// `words` in lines at most `width` wide, a space between words; a word
/// wider than a line is cut into pieces (only in absurdly narrow terminals).
pub(crate) fn wrap(words: &[Span], width: usize) -> Vec<Vec<Span>> {
    let width = width.max(1);
    let mut lines: Vec<Vec<Span>> = vec![];
    let mut used = 0;
    for word in words {
        let mut chars: Vec<char> = word.text.chars().collect();
        while chars.len() > width {
            let rest = chars.split_off(width);
            lines.push(vec![Span { text: chars.iter().collect(), highlight: word.highlight }]);
            chars = rest;
            used = width;
        }
        let len = chars.len();
        let piece = Span { text: chars.into_iter().collect(), highlight: word.highlight };
        match lines.last_mut() {
            Some(line) if used + 1 + len <= width => {
                line.push(piece);
                used += 1 + len;
            }
            _ => {
                lines.push(vec![piece]);
                used = len;
            }
        }
    }
    lines
}

/// The help line: what the keys do now, the longest wording that fits in
/// `width` (the shortest fits [`MIN_COLS`]).
pub(crate) fn help(on_show: &OnShow, width: usize) -> String {
    // The game's keys are the engine's table's, named as it names them (the
    // short lines name only each kind's first); quitting is the terminal's own.
    let (moves, press, menu) = (named(KEYS.moves), named(KEYS.press), named(KEYS.menu));
    let (arrows, enter) = (KEYS.moves[0].name, KEYS.press[0].name);
    // `u undo` where the mode takes moves back (Ctrl-Z suspends, as in any terminal program).
    let undo = match on_show.mode.undoes() {
        true => format!("  {} undo", named(KEYS.undo)),
        false => String::new(),
    };
    let variants: Vec<String> = if on_show.standby {
        vec!["asleep: any key starts a new game  q quit".into(), "any key to play  q quit".into()]
    } else if on_show.menu.is_some() {
        vec![
            format!("left/right choose  {press} pick  {menu}, up or down leave  q quit"),
            format!("left/right choose  {enter} pick  {menu} leave  q quit"),
            format!("left/right choose  {enter} pick  {menu} leave"),
        ]
    } else {
        // The mode says what a press does; these lines only name the keys. A
        // click on a square is named where there is room: it is how the page
        // is played, and nothing else on the screen says that the terminal
        // takes clicks too. So the other keys for the same things (WASD and
        // hjkl, Space, Esc and Ctrl-D) go first, in every mode alike: regions'
        // line at 80 columns kept them and dropped the click (issue 39).
        match on_show.mode.press() {
            Press::Cycles(states) => {
                let (long, short) = (states.join(", "), states.join("/"));
                vec![
                    format!("{moves} move  {press} or a click: {long}{undo}  {menu} menu  q/Esc/Ctrl-D quit"),
                    format!("{arrows} move  {enter} or a click: {long}{undo}  {menu} menu  q quit"),
                    format!("{arrows} move  {enter}: {long}{undo}  {menu} menu  q quit"),
                    format!("{enter}: {short}{undo}  {menu} menu  q quit"),
                    format!("{enter}: {short}  {menu} menu  q quit"),
                ]
            }
            Press::Places { on_a_queen: (long, short) } => vec![
                format!(
                    "{moves} move  {press} or a click place; on a queen: {long}  {menu} menu  q/Esc/Ctrl-D quit"
                ),
                format!("{arrows} move  {enter} or a click place; on a queen: {long}  {menu} menu  q quit"),
                format!("{arrows} move  {enter} place; on a queen: {long}  {menu} menu  q quit"),
                format!("{enter} place; on a queen: {short}  {menu} menu  q quit"),
                format!("{enter} place/{short}  {menu} menu  q quit"),
            ],
        }
    };
    let last = variants.len() - 1;
    variants.into_iter().enumerate().find(|(i, v)| v.chars().count() <= width || *i == last).unwrap().1
}

/// The status line's words: the mode and the size, then the open menu (its
/// selected item in brackets, highlighted), else the message playing, else
/// that the game sleeps, else the last log line.
pub(crate) fn status(on_show: &OnShow, log: Option<&str>) -> Vec<Span> {
    status_with_items(on_show, log, 0..usize::MAX)
}

/// [`status`] with only the menu items in `shown` (`...` for the others).
fn status_with_items(on_show: &OnShow, log: Option<&str>, shown: std::ops::Range<usize>) -> Vec<Span> {
    let n = on_show.size;
    let mut words = vec![Span::plain(&format!("{} {n}x{n}", on_show.mode))];
    // Regions' clock, running, beside the mode: `regions 8x8 1m05s`.
    if let Some(clock) = &on_show.clock {
        words.push(Span::plain(clock));
    }
    let mut say = |text: &str| {
        words.push(Span::plain("|"));
        words.extend(text.split_whitespace().map(Span::plain));
    };
    if let Some((items, selected)) = &on_show.menu {
        say("menu:");
        if shown.start > 0 {
            words.push(Span::plain("..."));
        }
        words.extend(items.iter().enumerate().filter(|(i, _)| shown.contains(i)).map(|(i, label)| {
            match i == *selected {
                true => Span { text: format!("[{label}]"), highlight: true },
                false => Span::plain(label),
            }
        }));
        if shown.end < items.len() {
            words.push(Span::plain("..."));
        }
    } else if let Some(message) = &on_show.message {
        say(message);
    } else if let Some(said) = &on_show.said {
        say(said);
    } else if on_show.standby {
        say("asleep: any key to play");
    } else if let Some(log) = log {
        say(log);
    }
    words
}

/// The rows under the board, cleared and written: a blank row, the status
/// line (wrapped onto as many rows as it needs and the terminal has), a
/// solve's lines to share where there is room for them besides, and the
/// help line after them, each centred, but for a link too long for a row:
/// it starts in the first column and flows onto the next rows. In a short
/// terminal (`Layout::choose`) the blank row goes first, then, while the
/// status line says no more than the mode, the size and the clock (the
/// lines to share say them too), the status line and the help line give
/// the lines to share their rows: at 40x11 a solved daily's message (its
/// streak) is shown in full, and after it its three lines to share.
pub fn under(on_show: &OnShow, log: Option<&str>, size: Size, side: usize) -> String {
    let (top, _) = origin(size, side);
    let (cols, rows) = (size.cols as usize, size.rows as usize);
    let mut out = String::from("\x1b[0m");
    for row in top + side..rows {
        let _ = write!(out, "\x1b[{};1H\x1b[2K", row + 1);
    }
    let share = share_rows(on_show, cols);
    let share_height: usize = share.iter().map(|line| line.height(cols)).sum();
    let needed = wrap(&status(on_show, log), cols).len();
    let says_more = on_show.menu.is_some() || on_show.message.is_some() || on_show.standby || log.is_some();
    let layout = Layout::choose(rows.saturating_sub(top + side), needed, share_height, says_more);
    let share = if layout.share { share } else { Vec::new() };
    let status = match layout.status {
        0 => Vec::new(),
        room => status_lines(on_show, log, cols, room),
    };
    let help = Line::centred(vec![Span::plain(&help(on_show, cols))]);
    let status = status.into_iter().map(Line::centred);
    let lines = status.chain(share).chain(layout.help.then_some(help));
    let mut row = top + side + usize::from(layout.blank);
    for line in lines {
        let width = line.width();
        let col = if line.flows { 0 } else { cols.saturating_sub(width) / 2 };
        let _ = write!(out, "\x1b[{};{}H", row + 1, col + 1);
        write_spans(&mut out, &line.spans);
        row += line.height(cols);
    }
    out
}

/// Which of the lines under the board are drawn, on how many rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    /// A blank row between the board and the lines.
    blank: bool,
    /// The rows of the status line (0: none).
    status: usize,
    /// The lines to share a solve.
    share: bool,
    help: bool,
}

impl Layout {
    /// The fullest layout that fits `rows` rows under the board, for a
    /// status line that needs `needed` rows and lines to share `share` rows
    /// (0: none on show), the status line saying more than the mode, the
    /// size and the clock (`says_more`: the menu, a message, a log line):
    /// a blank row, the status line and the help line, with the lines to
    /// share where the status line keeps a row; without the blank row
    /// rather than cut the status line short or leave the lines to share
    /// out; then, unless the status line says more, the lines to share in
    /// place of it, and of the help line too if they need its row.
    fn choose(rows: usize, needed: usize, shared: usize, says_more: bool) -> Layout {
        // The status line on the rows left but the help line's, the lines to share
        // only where it keeps one of them.
        let full = |blank: bool| {
            let room = rows.saturating_sub(usize::from(blank) + 1).max(1);
            let share = shared > 0 && room > shared;
            Layout { blank, status: if share { room - shared } else { room }, share, help: true }
        };
        let whole = |layout: &Layout| layout.status >= needed && (layout.share || shared == 0);
        let (with_blank, without_blank) = (full(true), full(false));
        if whole(&with_blank) || rows < 3 {
            return with_blank;
        }
        if whole(&without_blank) || says_more || shared == 0 || shared > rows {
            return without_blank;
        }
        Layout { blank: false, status: 0, share: true, help: shared < rows }
    }
}

/// A line under the board: centred on its row, or flowing from the first
/// column over as many rows as it takes, written in one go so that the
/// terminal wraps it itself.
struct Line {
    spans: Vec<Span>,
    flows: bool,
}

impl Line {
    fn centred(spans: Vec<Span>) -> Line {
        Line { spans, flows: false }
    }

    /// The columns it takes, a space between its words.
    fn width(&self) -> usize {
        plain_text(&self.spans).chars().map(cell_width).sum()
    }

    /// The rows it takes in a terminal `cols` wide.
    fn height(&self, cols: usize) -> usize {
        if self.flows { self.width().div_ceil(cols.max(1)).max(1) } else { 1 }
    }
}

/// The lines to share a solve ([`OnShow::share`]) as rows of at most
/// `width` columns. A line that fits is a row. One that does not is cut
/// before its link (`#p=...`, a puzzle given by link), which has a row of
/// its own, whole: centred where it fits; else flowing from the first
/// column, wrapped by the terminal, which joins the rows it wrapped when
/// they are copied, so that the link is copied whole, as one line (issue
/// 50: a 12x12's link cut onto two rows was copied as two lines, and read
/// back as a link too short). Other text too wide is cut into rows.
fn share_rows(on_show: &OnShow, width: usize) -> Vec<Line> {
    let width = width.max(2);
    let columns = |text: &str| text.chars().map(cell_width).sum::<usize>();
    let cut = |text: &str, rows: &mut Vec<Line>| {
        let mut row = String::new();
        let mut used = 0;
        for c in text.chars() {
            if used + cell_width(c) > width {
                rows.push(Line::centred(vec![Span::plain(&std::mem::take(&mut row))]));
                used = 0;
            }
            row.push(c);
            used += cell_width(c);
        }
        rows.push(Line::centred(vec![Span::plain(&row)]));
    };
    let marked = format!("#{KEY}");
    let mut rows = Vec::new();
    for line in on_show.share.iter().flatten() {
        let Some(at) = line.find(&marked).filter(|_| columns(line) > width) else {
            cut(line, &mut rows);
            continue;
        };
        let (before, link) = line.split_at(at);
        let (link, after) = link.split_at(link.find(char::is_whitespace).unwrap_or(link.len()));
        if !before.trim().is_empty() {
            cut(before.trim(), &mut rows);
        }
        rows.push(Line { spans: vec![Span::plain(link)], flows: columns(link) > width });
        if !after.trim().is_empty() {
            cut(after.trim(), &mut rows);
        }
    }
    rows
}

/// The columns a character takes: two for the emoji the shared lines
/// hold (a terminal draws them wide), one for the rest of what is written.
pub(super) fn cell_width(c: char) -> usize {
    if c >= '\u{1f000}' { 2 } else { 1 }
}

/// The status line wrapped onto at most `room` lines of `width`: a menu
/// too long for them shows the items around the selected one; anything
/// else too long ends in `...`.
fn status_lines(on_show: &OnShow, log: Option<&str>, width: usize, room: usize) -> Vec<Vec<Span>> {
    let fits = |words: &[Span]| wrap(words, width).len() <= room;
    let mut words = status(on_show, log);
    if let Some((items, selected)) = &on_show.menu
        && !fits(&words)
    {
        // Grow a window around the selection, rightwards first, while it fits.
        let (mut from, mut to) = (*selected, *selected + 1);
        loop {
            let right = to < items.len() && fits(&status_with_items(on_show, log, from..to + 1));
            to += right as usize;
            let left = from > 0 && fits(&status_with_items(on_show, log, from - 1..to));
            from -= left as usize;
            if !right && !left {
                break;
            }
        }
        words = status_with_items(on_show, log, from..to);
    }
    let mut lines = wrap(&words, width);
    if lines.len() > room {
        lines.truncate(room);
        let last = lines.last_mut().expect("room for one line at least");
        while !last.is_empty() && plain_text(last).chars().count() + 4 > width {
            last.pop();
        }
        last.push(Span::plain("..."));
    }
    lines
}

/// The whole screen: cleared, the board and the lines under it; only a
/// message if they do not fit, and under it the menu while it is open
/// (`on_show`'s), its words and its keys, so that a board that fits can be
/// chosen without seeing the one that does not.
pub(crate) fn screen(
    frame: &Frame,
    cursor: Option<(usize, usize)>,
    letters: &[Option<char>],
    under_board: &str,
    on_show: Option<&OnShow>,
    size: Size,
    colours: Colours,
) -> String {
    let mut out = String::from("\x1b[0m\x1b[2J");
    if !fits(size, frame.side()) {
        let message = too_small(size, frame.side());
        let (cols, rows) = (usize::from(size.cols), usize::from(size.rows));
        let mut lines: Vec<Vec<Span>> = message.iter().map(|line| vec![Span::plain(line)]).collect();
        // A blank row, the menu on what rows are left but one, and its keys on that one.
        if let Some(on) = on_show.filter(|on| on.menu.is_some())
            && let Some(room) = rows.checked_sub(lines.len() + 2).filter(|&room| room > 0)
        {
            lines.push(Vec::new());
            lines.extend(status_lines(on, None, cols, room));
            lines.push(vec![Span::plain(&help(on, cols))]);
        }
        for (i, line) in lines.iter().enumerate().take(rows) {
            let _ = write!(out, "\x1b[{};1H", i + 1);
            write_spans(&mut out, line);
        }
        return out;
    }
    out.push_str(&board_lettered(frame, cursor, letters, size, colours));
    out.push_str(under_board);
    out
}

/// `spans` written a space apart, the highlighted ones in reverse video.
fn write_spans(out: &mut String, spans: &[Span]) {
    for (j, span) in spans.iter().enumerate() {
        if j > 0 {
            out.push(' ');
        }
        match span.highlight {
            true => {
                let _ = write!(out, "\x1b[7m{}\x1b[27m", span.text);
            }
            false => out.push_str(&span.text),
        }
    }
}

/// The board only, drawn over what was there (nothing if it does not fit:
/// `screen`'s message stays). The cursor's cell, if given, is outlined
/// `[]` in black or white, whichever stands out on its colour, so it shows
/// on a queen too.
pub fn board(frame: &Frame, cursor: Option<(usize, usize)>, size: Size, colours: Colours) -> String {
    board_lettered(frame, cursor, &[], size, colours)
}

/// [`board`], and a pixel with a letter in `letters` (row-major, as
/// [`OnShow::letters`]; empty for none) shows it in the cell's left half,
/// black or white as the outline is.
pub fn board_lettered(
    frame: &Frame,
    cursor: Option<(usize, usize)>,
    letters: &[Option<char>],
    size: Size,
    colours: Colours,
) -> String {
    let side = frame.side();
    if !fits(size, side) {
        return String::new();
    }
    let (top, left) = origin(size, side);
    let mut out = String::with_capacity(side * side * 24);
    for (y, row) in frame.pixels().chunks(side).enumerate() {
        let _ = write!(out, "\x1b[{};{}H", top + y + 1, left + 1);
        let mut last = None;
        for (x, &pixel) in row.iter().enumerate() {
            if last != Some(pixel) {
                background(&mut out, pixel, colours);
                last = Some(pixel);
            }
            if cursor == Some((x, y)) {
                outline(&mut out, pixel, colours);
                last = None;
            } else if let Some(&Some(letter)) = letters.get(y * side + x) {
                lettered(&mut out, pixel, letter, colours);
                last = None;
            } else {
                out.push_str(CELL);
            }
        }
        out.push_str("\x1b[0m");
    }
    out
}

/// `[]` in bold black on a light colour, bold white on a dark one, then
/// the attributes reset.
fn outline(out: &mut String, pixel: Rgb, colours: Colours) {
    marked(out, pixel, "[]", colours);
}

/// `letter` and a space, as [`outline`] writes `[]`.
fn lettered(out: &mut String, pixel: Rgb, letter: char, colours: Colours) {
    marked(out, pixel, &format!("{letter} "), colours);
}

/// A cell's two characters `text` in bold black on a light colour, bold
/// white on a dark one, then the attributes reset.
fn marked(out: &mut String, Rgb(r, g, b): Rgb, text: &str, colours: Colours) {
    let light = 299 * r as u32 + 587 * g as u32 + 114 * b as u32 > 60_000;
    let _ = match (colours, light) {
        (Colours::TrueColour, true) => write!(out, "\x1b[1;38;2;0;0;0m{text}\x1b[0m"),
        (Colours::TrueColour, false) => write!(out, "\x1b[1;38;2;255;255;255m{text}\x1b[0m"),
        (Colours::Palette256, true) => write!(out, "\x1b[1;38;5;16m{text}\x1b[0m"),
        (Colours::Palette256, false) => write!(out, "\x1b[1;38;5;231m{text}\x1b[0m"),
    };
}

fn background(out: &mut String, Rgb(r, g, b): Rgb, colours: Colours) {
    let _ = match colours {
        Colours::TrueColour => write!(out, "\x1b[48;2;{r};{g};{b}m"),
        Colours::Palette256 => write!(out, "\x1b[48;5;{}m", palette_index(Rgb(r, g, b))),
    };
}

/// The levels of each channel in the xterm palette's 6x6x6 cube (16..=231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The palette colour of index `i` (16..=255: the cube and the grey ramp).
pub(crate) fn palette_colour(i: u8) -> Rgb {
    match i {
        16..=231 => {
            let n = i - 16;
            Rgb(CUBE[(n / 36) as usize], CUBE[(n / 6 % 6) as usize], CUBE[(n % 6) as usize])
        }
        232..=255 => {
            let v = 8 + 10 * (i - 232);
            Rgb(v, v, v)
        }
        _ => panic!("only the cube and the greys have fixed colours"),
    }
}

/// The palette colour for `c`: the closest (by squared distance) of the
/// cube and the grey ramp; the first 16 are skipped because terminals
/// redefine them. On a tie the lower index wins. A colour with a hue keeps
/// it: only colours whose channels lie within [`GREYISH`] of each other may
/// become a grey (the closest grey to the hint's dim yellow, (48, 48, 0), is
/// a grey, which would hide the hint). Computed directly, not searched: the
/// cube's nearest colour is the nearest level in each channel, the ramp's
/// the nearest level to the channels' mean.
pub(crate) fn palette_index(c: Rgb) -> u8 {
    // Between two levels, the exact midpoint goes to the lower one.
    let level = |v: u8| match v {
        0..=47 => 0,
        48..=115 => 1,
        _ => (v - 36) / 40,
    };
    let cube = 16 + 36 * level(c.0) + 6 * level(c.1) + level(c.2);
    if !is_greyish(c) {
        return cube;
    }
    let sum = c.0 as u16 + c.1 as u16 + c.2 as u16;
    // The grey 8 + 10 i nearest the mean sum / 3, ties down: ceil((sum - 39) / 30).
    let grey = 232 + (sum.saturating_sub(10) / 30).min(23) as u8;
    if distance(c, palette_colour(cube)) <= distance(c, palette_colour(grey)) { cube } else { grey }
}

/// How far apart a colour's channels may be for it to count as a grey.
pub(crate) const GREYISH: u8 = 16;

fn is_greyish(Rgb(r, g, b): Rgb) -> bool {
    r.max(g).max(b) - r.min(g).min(b) <= GREYISH
}

fn distance(a: Rgb, b: Rgb) -> i32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2);
    d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ModeKind, Theme};

    #[test]
    fn colourterm_picks_truecolour_only_when_it_says_so() {
        assert_eq!(Colours::from_colorterm(Some("truecolor")), Colours::TrueColour);
        assert_eq!(Colours::from_colorterm(Some("24bit")), Colours::TrueColour);
        assert_eq!(Colours::from_colorterm(Some("yes")), Colours::Palette256);
        assert_eq!(Colours::from_colorterm(None), Colours::Palette256);
    }

    #[test]
    fn the_palette_keeps_black_and_the_theme_colours_apart() {
        assert_eq!(palette_index(Rgb::BLACK), 16);
        assert_eq!(palette_index(Rgb(255, 255, 255)), 231);
        assert_eq!(palette_index(Rgb(0, 92, 0)), 22, "dark green square -> (0,95,0)");
        let theme = Theme::default();
        let board = [
            theme.dark_square,
            theme.light_square,
            theme.cursor,
            theme.queen,
            theme.needed,
            theme.hint,
            theme.refused,
            theme.attacked,
            Rgb::BLACK,
        ];
        let mut seen: Vec<u8> = board.iter().map(|&c| palette_index(c)).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), board.len(), "every board colour stays distinct in 256 colours");
    }

    #[test]
    fn the_hint_stays_yellow_in_256_colours() {
        let hint = palette_colour(palette_index(Theme::default().hint));
        assert!(hint.0 == hint.1 && hint.1 > hint.2, "the hint's dim yellow became {hint:?}");
        let red = palette_colour(palette_index(Rgb(60, 8, 8)));
        assert!(red.0 > red.1 && red.1 == red.2, "a dim red stays red: {red:?}");
        assert_eq!(palette_index(Theme::default().attacked), 234, "a grey stays grey");
    }

    #[test]
    fn the_direct_palette_match_is_the_nearest_by_search() {
        // Colours with a hue from the cube only; greyish ones from the cube and the ramp.
        let search = |c: Rgb| {
            let last = if is_greyish(c) { 255 } else { 231 };
            (16..=last).min_by_key(|&i| distance(c, palette_colour(i))).unwrap()
        };
        let values: Vec<u8> =
            (0..=255).step_by(17).chain([47, 48, 114, 115, 116, 154, 155, 156, 194, 195, 235, 236]).collect();
        for &r in &values {
            for &g in &values {
                for &b in &values {
                    let c = Rgb(r, g, b);
                    assert_eq!(palette_index(c), search(c), "{c:?}");
                }
            }
        }
        for v in 0..=255 {
            assert_eq!(palette_index(Rgb(v, v, v)), search(Rgb(v, v, v)), "grey {v}");
            assert_eq!(palette_index(Rgb(v, v, v.saturating_add(1))), search(Rgb(v, v, v.saturating_add(1))));
        }
    }

    fn on_show(mode: ModeKind) -> OnShow {
        let mut board = Frame::dark(8);
        board.set(1, 0, Rgb(1, 2, 3));
        OnShow {
            mode,
            size: 8,
            menu: None,
            message: None,
            standby: false,
            board,
            cursor: Some((3, 4)),
            tally: None,
            share: None,
            letters: Vec::new(),
            auto_mark: None,
            clock: None,
            said: None,
        }
    }

    /// The text of `out` with the escape sequences taken out.
    fn visible(out: &str) -> String {
        let mut text = String::new();
        let mut chars = out.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                text.push(c);
            }
        }
        text
    }

    #[test]
    fn the_board_is_centred_with_the_lines_under_it() {
        assert_eq!(origin(Size { cols: 80, rows: 24 }, 8), (6, 32));
        assert_eq!(origin(Size { cols: 10, rows: 5 }, 8), (0, 0), "too small: from the corner");
        let shown = on_show(ModeKind::Classic);
        let size = Size { cols: 80, rows: 24 };
        let lines = under(&shown, None, size, 8);
        let text = screen(&shown.board, None, &[], &lines, None, size, Colours::TrueColour);
        assert!(
            text.starts_with("\x1b[0m\x1b[2J\x1b[7;33H\x1b[48;2;0;0;0m  \x1b[48;2;1;2;3m  \x1b[48;2;0;0;0m")
        );
        let help = help(&shown, 80);
        assert!(lines.contains(&format!("\x1b[16;{}Hclassic 8x8", (80 - 11) / 2 + 1)), "{lines:?}");
        assert!(lines.contains(&format!("\x1b[17;{}H{help}", (80 - help.len()) / 2 + 1)), "{lines:?}");
    }

    #[test]
    fn a_board_that_does_not_fit_is_replaced_by_a_message_in_whole_words() {
        let frame = Frame::dark(16);
        assert_eq!(needs(16), (40, 19));
        assert_eq!(needs(4), (MIN_COLS, 7), "the help line needs more than a small board");
        assert!(fits(Size { cols: 40, rows: 19 }, 16));
        for small in [Size { cols: 39, rows: 19 }, Size { cols: 40, rows: 18 }] {
            let text = screen(&frame, None, &[], "under", None, small, Colours::TrueColour);
            assert!(!text.contains("under"), "{small:?}");
            assert_eq!(visible(&text), too_small(small, 16).concat());
            assert!(
                too_small(small, 16)
                    .join(" ")
                    .starts_with("terminal too small: the 16x16 board needs 40 columns and 19 rows")
            );
            assert_eq!(board(&frame, None, small, Colours::TrueColour), "");
        }
        // From 40 columns an 8x8 fits 18 rows, and the message says `m` opens the menu for one.
        let with_menu = too_small(Size { cols: 200, rows: 18 }, 16).join(" ");
        let without = too_small(Size { cols: 39, rows: 200 }, 16).join(" ");
        assert!(with_menu.ends_with("enlarge it, press m for a smaller board, or press q"), "{with_menu}");
        assert!(without.ends_with("enlarge it, or press q"), "{without}");
        for cols in 12..=120u16 {
            let lines = too_small(Size { cols, rows: 18 }, 16);
            let message = match cols >= 40 {
                true => with_menu.replace("200x18", &format!("{cols}x18")),
                false => without.replace("39x200", &format!("{cols}x18")),
            };
            assert_eq!(lines.join(" "), message, "{cols}");
            assert!(lines.iter().all(|l| l.chars().count() <= cols as usize), "{cols}: {lines:?}");
            for line in &lines {
                for word in line.split(' ') {
                    assert!(message.split(' ').any(|w| w == word), "{cols}: {word:?} is not a whole word");
                }
            }
        }
    }

    #[test]
    fn the_size_needed_and_q_are_readable_in_every_terminal_from_7x3() {
        // At 10x5 the 8x8's message was `terminal / too small: / the 8x8 / board /
        // needs 40`, its rows and the q cut off (issue 39).
        assert_eq!(too_small(Size { cols: 10, rows: 5 }, 8), ["too small:", "needs", "40x11;", "q quits"]);
        assert_eq!(too_small(Size { cols: 7, rows: 3 }, 8), ["needs", "40x11;", "q quits"]);
        assert_eq!(too_small(Size { cols: 12, rows: 2 }, 16), ["needs 40x19;", "q quits"]);
        assert_eq!(too_small(Size { cols: 20, rows: 1 }, 4), ["needs 40x7; q quits"]);
        for side in 4..=16 {
            let (needed_cols, needed_rows) = needs(side);
            let (full, short) = (
                format!("{needed_cols} columns and {needed_rows} rows"),
                format!("{needed_cols}x{needed_rows}"),
            );
            for cols in 1..=needed_cols as u16 {
                for rows in 1..=needed_rows as u16 {
                    let size = Size { cols, rows };
                    let lines = too_small(size, side);
                    if cols >= 7 && rows >= 3 {
                        assert!(!lines.is_empty(), "{side}: nothing shown at {cols}x{rows}");
                    }
                    if lines.is_empty() {
                        continue;
                    }
                    assert!(lines.len() <= rows as usize, "{side} at {cols}x{rows}: {lines:?}");
                    assert!(
                        lines.iter().all(|l| l.chars().count() <= cols as usize),
                        "{side} at {cols}x{rows}: {lines:?}"
                    );
                    let text = lines.join(" ");
                    assert!(
                        text.contains(&full) || text.contains(&short),
                        "{side} at {cols}x{rows}: {lines:?}"
                    );
                    assert!(
                        text.ends_with("press q") || text.ends_with("q quits"),
                        "{side} at {cols}x{rows}: {lines:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_click_points_at_the_square_drawn_in_its_cell_on_every_board_size() {
        use crate::game::MAX_SIDE;
        for n in 4..=MAX_SIDE {
            let squares_of = Checkerboard::new(n);
            let side = squares_of.side();
            for size in
                [Size { cols: 80, rows: 24 }, Size { cols: 40, rows: 19 }, Size { cols: 43, rows: 30 }]
            {
                let Some(squares) = Squares::new(size, squares_of) else {
                    assert!(!fits(size, side), "{n}: drawn, so clickable");
                    continue;
                };
                // Each pixel in a colour of its own, so each cell says which pixel [`board`] drew there.
                let mut frame = Frame::dark(side);
                let colour = |x: usize, y: usize| Rgb(x as u8 + 1, y as u8 + 1, 200);
                for y in 0..side {
                    for x in 0..side {
                        frame.set(x, y, colour(x, y));
                    }
                }
                let nz = |v: u16| std::num::NonZeroU16::new(v).unwrap();
                let mut screen = vt100::Parser::new(nz(size.rows), nz(size.cols), 0);
                screen.process(board(&frame, None, size, Colours::TrueColour).as_bytes());
                let mut clicks = vec![0; side * side];
                for row in 0..size.rows {
                    for col in 0..size.cols {
                        let drawn = match screen.screen().cell(row, col).unwrap().bgcolor() {
                            vt100::Color::Rgb(r, g, 200) => Some((r as usize - 1, g as usize - 1)),
                            _ => None,
                        };
                        let on_board = drawn.filter(|&(x, y)| squares_of.square_at(x, y).is_some());
                        let at = squares.pixel_at(col as usize, row as usize);
                        assert_eq!(
                            at.map(|(x, y)| (x as usize, y as usize)),
                            on_board,
                            "{n}x{n}, {size:?}: cell ({col}, {row}) shows pixel {drawn:?}"
                        );
                        if let Some((x, y)) = on_board {
                            clicks[y * side + x] += 1;
                        }
                    }
                }
                for y in 0..side {
                    for x in 0..side {
                        let square = squares_of.square_at(x, y).is_some();
                        let expected = if square { 2 } else { 0 };
                        assert_eq!(clicks[y * side + x], expected, "{n}x{n}: ({x}, {y}) in both its cells");
                    }
                }
            }
        }
        assert_eq!(
            Squares::new(Size { cols: 39, rows: 24 }, Checkerboard::new(8)),
            None,
            "too small: nothing to click"
        );
    }

    #[test]
    fn the_help_line_says_what_a_press_does_in_every_mode_and_is_never_cut() {
        for mode in ModeKind::ALL {
            // The mode's own words for a press, short enough for every width
            // (classic's "answer", regions' "dot/queen/empty"): a mode added
            // to ModeKind is checked here without an edit.
            let (long, short) = match mode.press() {
                Press::Places { on_a_queen: (long, short) } => (long.to_string(), short.to_string()),
                Press::Cycles(states) => (states.join(", "), states.join("/")),
            };
            assert!(!long.is_empty() && !short.is_empty(), "{mode}");
            let normal = on_show(mode);
            let menu = OnShow { menu: Some((vec!["HINT".into()], 0)), ..normal.clone() };
            let asleep = OnShow { standby: true, ..normal.clone() };
            for width in MIN_COLS..=200 {
                for shown in [&normal, &menu, &asleep] {
                    let line = help(shown, width);
                    assert!(line.chars().count() <= width, "{width}: {line}");
                }
                let line = help(&normal, width);
                assert!(line.contains(&long) || line.contains(&short), "{mode} at {width}: {line}");
                assert!(help(&normal, width).contains("m menu") && help(&normal, width).contains("q"));
                assert!(help(&asleep, width).contains("any key"));
            }
            assert!(help(&normal, 200).contains("Ctrl-D"), "the widest names every key");
            assert!(help(&normal, 200).contains(&long), "the widest says it in full");
        }
    }

    #[test]
    fn the_click_goes_after_the_other_keys_in_every_mode() {
        for mode in ModeKind::ALL {
            let normal = on_show(mode);
            for width in MIN_COLS..=200 {
                let line = help(&normal, width);
                let click = line.contains("or a click");
                assert!(click || !line.contains("WASD"), "{mode} at {width}: the click before WASD: {line}");
                assert!(click || width < 80, "{mode} at {width}: the common width names the click: {line}");
            }
        }
    }

    #[test]
    fn the_status_line_says_the_mode_the_size_and_the_menu_with_its_selection() {
        let mut shown = on_show(ModeKind::Strict);
        let words = |s: &OnShow| status(s, None).iter().map(|w| w.text.clone()).collect::<Vec<_>>().join(" ");
        assert_eq!(words(&shown), "strict 8x8");
        assert_eq!(status(&shown, Some("warning: disk full")).len(), 5);
        shown.menu = Some((vec!["HINT".into(), "SOLVE".into(), "CLASSIC".into()], 1));
        assert_eq!(words(&shown), "strict 8x8 | menu: HINT [SOLVE] CLASSIC");
        let highlighted: Vec<Span> = status(&shown, None).into_iter().filter(|w| w.highlight).collect();
        assert_eq!(highlighted, [Span { text: "[SOLVE]".into(), highlight: true }]);
        assert!(under(&shown, None, Size { cols: 80, rows: 24 }, 8).contains("\x1b[7m[SOLVE]\x1b[27m"));
        shown.menu = None;
        shown.message = Some("1/92 NEW FUNDAMENTAL 1/12".into());
        assert_eq!(words(&shown), "strict 8x8 | 1/92 NEW FUNDAMENTAL 1/12");
        shown.message = None;
        shown.standby = true;
        assert_eq!(words(&shown), "strict 8x8 | asleep: any key to play");
    }

    #[test]
    fn a_menu_too_long_for_its_room_keeps_the_selected_item_in_view() {
        let labels: Vec<String> = ["HINT", "SOLVE", "CLASSIC", "STRICT", "COVER"]
            .into_iter()
            .map(String::from)
            .chain((4..=16).map(|n| format!("{n}X{n}")))
            .collect();
        for selected in 0..labels.len() {
            let shown = OnShow { menu: Some((labels.clone(), selected)), ..on_show(ModeKind::Strict) };
            for (width, room) in [(40, 1), (40, 2), (60, 1)] {
                let lines = status_lines(&shown, None, width, room);
                assert!(lines.len() <= room);
                let text: Vec<String> = lines.iter().map(|l| plain_text(l)).collect();
                assert!(text.iter().all(|l| l.len() <= width), "{text:?}");
                assert!(text.concat().contains(&format!("[{}]", labels[selected])), "{selected}: {text:?}");
                assert!(text[0].starts_with("strict 8x8 | menu:"));
            }
            let text = under(&shown, None, Size { cols: 40, rows: 11 }, 8);
            assert!(text.contains(&format!("\x1b[7m[{}]\x1b[27m", labels[selected])), "{selected}: {text:?}");
        }
        let long = OnShow { message: Some("WORD ".repeat(40)), ..on_show(ModeKind::Classic) };
        let lines = status_lines(&long, None, 40, 2);
        assert_eq!(lines.len(), 2);
        assert!(plain_text(&lines[1]).ends_with("WORD ...") && plain_text(&lines[1]).len() <= 40);
    }

    #[test]
    fn a_long_message_wraps_in_whole_words_under_the_board() {
        let mut shown = on_show(ModeKind::Classic);
        let message = "EIGHT QUEENS - MOVE, PRESS TO PLACE, HOLD FOR MENU";
        shown.message = Some(message.into());
        let text = visible(&under(&shown, None, Size { cols: 40, rows: 14 }, 8));
        assert!(text.contains("classic 8x8 | EIGHT QUEENS - MOVE, PRESS"), "{text}");
        assert!(text.contains("TO PLACE, HOLD FOR MENU"), "{text}");
    }

    /// Issue 50: at 80 columns a link from 10x10 up was cut onto two rows
    /// (the second centred), and a copy of it was two lines: read back,
    /// "the link has 72 characters of regions where 12x12 takes 96".
    #[test]
    fn a_link_to_share_is_whole_on_a_line_of_its_own() {
        use crate::game::{Played, Solve};
        use crate::regions::{generate, share};
        for (n, cols) in [(12, 80), (10, 80), (12, 40), (8, 40), (5, 80)] {
            let link = share::fragment(&generate::generate(n, 5, None).unwrap().puzzle);
            let lines =
                Solve { played: Played::Link(link.clone()), n, took: 9_000, hints: 0 }.lines("regions", None);
            let shown = OnShow { size: n, share: Some(lines.clone()), ..on_show(ModeKind::Regions) };
            let size = Size { cols, rows: 40 };
            let seen = crate::backend::terminal::screen::seen::after(size, &under(&shown, None, size, n));
            let copied = seen.screen().contents();
            let context = format!("{n}x{n} in {cols} columns:\n{copied}");
            // The link whole, as one line, and the words before it on theirs.
            assert!(copied.lines().any(|line| line.trim() == link || line.trim() == lines[0]), "{context}");
            assert!(copied.contains(&link), "{context}");
            assert_eq!(copied.contains(&lines[0]), lines[0].len() <= cols as usize, "{context}");
            for line in &lines[1..] {
                assert!(copied.lines().any(|l| l.trim() == line), "{context}");
            }
        }
    }

    #[test]
    fn the_cursor_is_outlined_so_it_shows_on_a_queen() {
        let mut frame = Frame::dark(8);
        frame.set(3, 4, Rgb(120, 120, 120));
        let size = Size { cols: 80, rows: 24 };
        for (colours, black) in [(Colours::TrueColour, "38;2;0;0;0"), (Colours::Palette256, "38;5;16")] {
            let drawn = board(&frame, Some((3, 4)), size, colours);
            assert!(drawn.contains(&format!("\x1b[1;{black}m[]")), "{colours:?}: black on the white queen");
            assert_eq!(visible(&drawn).matches("[]").count(), 1);
            assert!(!visible(&board(&frame, None, size, colours)).contains("[]"));
        }
        frame.set(3, 4, Rgb(0, 0, 120));
        assert!(board(&frame, Some((3, 4)), size, Colours::TrueColour).contains("38;2;255;255;255m[]"));
    }

    #[test]
    fn regions_colours_are_told_apart_in_256_colours_and_on_the_leds() {
        use crate::game::{REGION_COLOURS, Theme, region_shades};
        let theme = Theme::default();
        let pieces = [theme.queen, theme.regions_cursor, theme.needed, theme.refused, Rgb::BLACK];
        let rgb565 = |c: Rgb| (c.0 as u16 >> 3) << 11 | (c.1 as u16 >> 2) << 5 | c.2 as u16 >> 3;
        let plain: Vec<Rgb> = REGION_COLOURS.to_vec();
        for (i, &a) in plain.iter().enumerate() {
            for &b in plain[i + 1..].iter().chain(&pieces) {
                assert_ne!(palette_index(a), palette_index(b), "{a} and {b} on the palette");
                assert_ne!(rgb565(a), rgb565(b), "{a} and {b} on the LEDs");
            }
            // A marked square differs from every region and from the pieces.
            let marked = region_shades(i)[1];
            for &b in plain.iter().chain(&pieces) {
                assert_ne!(palette_index(marked), palette_index(b), "marked {marked} and {b} on the palette");
                assert_ne!(rgb565(marked), rgb565(b), "marked {marked} and {b} on the LEDs");
            }
        }
        // The eight of the 8x8 are far apart on the LEDs too: at least one channel differs by 56 or more.
        for (i, &a) in plain[..8].iter().enumerate() {
            for &b in &plain[i + 1..8] {
                let far = [a.0.abs_diff(b.0), a.1.abs_diff(b.1), a.2.abs_diff(b.2)]
                    .iter()
                    .filter(|&&d| d >= 56)
                    .count();
                assert!(far >= 1, "{a} and {b}");
            }
        }
    }
}
