//! Puzzles from elsewhere: the link that shares one, reading one as a person
//! pastes it, and whether the game can play it.
//!
//! A link carries a puzzle in its fragment, `#p=8.` then the region map:
//! the size in decimal, a dot, then every square's region number, rows from
//! the top, in the fewest bits that hold `0..n` (3 bits up to 8x8, 4 up to
//! 16x16), packed most significant bit first into base64url characters
//! (`A-Z a-z 0-9 - _`, six bits each, the last padded with zero bits). An
//! 8x8 is 32 characters after `p=8.`. The region numbers are kept as given,
//! so the colours are the same wherever the link is opened. Nothing in a
//! link is trusted: it is decoded into a [`Puzzle`], which checks the grid
//! as any other.

use super::generate::SIZES;
use super::json::PuzzleJson;
use super::{MAX_SIDE, Puzzle, PuzzleError, solve};
use crate::words::{how_many, quoted};
use std::fmt;

/// What starts a puzzle in a fragment, after its `#`.
pub const KEY: &str = "p=";

/// How far [`check_playable`] counts solutions before it stops: a puzzle
/// with more is said to have "at least" this many.
pub const SOLUTIONS_COUNTED: u64 = 100;

/// The base64url alphabet (RFC 4648, section 5), a character per six bits.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The bits a region number of an `n` x `n` puzzle takes: enough for `n - 1`.
fn bits_per_square(n: usize) -> usize {
    (usize::BITS - (n.max(1) - 1).leading_zeros()) as usize
}

/// The characters of an `n` x `n` puzzle's region map in a link.
fn map_length(n: usize) -> usize {
    (n * n * bits_per_square(n)).div_ceil(6)
}

/// The fragment that shares `puzzle`, with its `#`: `#p=8.` and the region map.
pub fn fragment(puzzle: &Puzzle) -> String {
    let n = puzzle.n();
    let bits = bits_per_square(n);
    let mut text = format!("#{KEY}{n}.");
    let (mut acc, mut held) = (0u32, 0usize);
    for row in 0..n {
        for col in 0..n {
            acc = (acc << bits) | puzzle.region_at(col, row) as u32;
            held += bits;
            while held >= 6 {
                held -= 6;
                text.push(ALPHABET[((acc >> held) & 63) as usize] as char);
            }
        }
    }
    if held > 0 {
        text.push(ALPHABET[((acc << (6 - held)) & 63) as usize] as char);
    }
    text
}

fn error(why: String) -> PuzzleError {
    PuzzleError(why)
}

/// The puzzle a link carries: the whole address, the fragment with or
/// without its `#`, or `p=...` alone, surrounding blanks ignored. What is
/// wrong is said in one line.
pub fn decode(link: &str) -> Result<Puzzle, PuzzleError> {
    let link = link.trim();
    let fragment = link.rsplit_once('#').map_or(link, |(_, after)| after);
    let not_a_link = || {
        error(format!(
            "not a puzzle link: expected #{KEY}SIZE.REGIONS, as queens regions generate --link prints"
        ))
    };
    let rest = fragment.strip_prefix(KEY).ok_or_else(not_a_link)?;
    let (size, map) = rest.split_once('.').ok_or_else(not_a_link)?;
    let n = size.parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n)).ok_or_else(|| {
        error(format!("the link's size {} is not a number from 1 to {MAX_SIDE}", quoted(size)))
    })?;
    // Each character first: one outside the alphabet (a full-width letter
    // takes three bytes) would make a count of bytes, or of characters, wrong.
    if let Some(outside) = map.chars().find(|&c| !c.is_ascii() || !ALPHABET.contains(&(c as u8))) {
        return Err(error(outside_base64url(outside)));
    }
    let (has, takes) = (map.len(), map_length(n));
    if has != takes {
        let why = if has > takes { "it is too long" } else { "is the link whole?" };
        let has = how_many(has, "character");
        return Err(error(format!("the link has {has} of regions where {n}x{n} takes {takes}: {why}")));
    }
    let bits = bits_per_square(n);
    let mut rows = vec![Vec::with_capacity(n); n];
    let (mut acc, mut held) = (0u32, 0usize);
    let mut squares = 0;
    for ch in map.bytes() {
        // Every character was checked to be in the alphabet.
        let value = ALPHABET.iter().position(|&a| a == ch).unwrap_or(0);
        acc = ((acc << 6) | value as u32) & 0xfff;
        held += 6;
        while held >= bits && squares < n * n && bits > 0 {
            held -= bits;
            rows[squares / n].push((acc >> held) as usize & ((1 << bits) - 1));
            squares += 1;
        }
    }
    if bits == 0 {
        rows[0].push(0);
    }
    // The padding is zero bits: any other text would be a second link to the same puzzle.
    if acc & ((1 << held) - 1) != 0 {
        return Err(error(
            "the link's last character is not one a puzzle ends with: is the link whole?".into(),
        ));
    }
    Puzzle::new(&rows)
}

/// Why `outside` is not in a link's region map: it is not base64url, said
/// with the ASCII character a full-width one looks like (`ｔ` for `t`),
/// which a phone's keyboard may have typed.
fn outside_base64url(outside: char) -> String {
    let looks_like = match u32::from(outside) {
        // U+FF01 to U+FF5E are the full-width forms of ASCII's '!' to '~'.
        code @ 0xff01..=0xff5e => char::from_u32(code - 0xfee0).map_or(String::new(), |ascii| {
            format!(", the full-width form of {},", quoted(&ascii.to_string()))
        }),
        _ => String::new(),
    };
    format!(
        "the link has {}{looks_like} in its regions, which is not base64url: A-Z, a-z, 0-9, '-' and '_' only",
        quoted(&outside.to_string())
    )
}

/// The puzzle links `text` holds, each as written ([`percent_decoded`],
/// blanks around it dropped): every word (between blanks) with `#p=` in it,
/// or the whole text when it is one word starting with `p=`. A link in a
/// solve's lines to share (`queens regions: 12x12 #p=12....`), in a chat
/// message or in an address bar's text is found alike.
fn links(text: &str) -> Vec<String> {
    let text = text.trim();
    let marked = format!("#{KEY}");
    let words: Vec<&str> = text.split_whitespace().collect();
    let linked: Vec<&str> = match words[..] {
        [only] if only.starts_with(KEY) => vec![only],
        _ => words.into_iter().filter(|word| word.contains(&marked)).collect(),
    };
    linked.into_iter().map(|word| percent_decoded(word).trim().to_string()).collect()
}

/// Whether `text` holds a puzzle's link (the page's address, its `#p=...`
/// fragment, or the fragment without its `#`), alone or among other words
/// and lines, as a solve's lines to share hold it: [`read`] reads it as
/// that link.
pub fn holds_link(text: &str) -> bool {
    !links(text).is_empty()
}

/// The puzzle [`decode`] reads in a link, by what it reads: the fragment,
/// whatever address is before it.
fn link_fragment(link: &str) -> &str {
    link.rsplit_once('#').map_or(link, |(_, after)| after)
}

/// A puzzle as a person pastes it, or as `queens regions solve` reads
/// it: [JSON](super::json) (text starting with `{`); else a text holding a
/// link (a `#p=` in it, or starting with `p=`), read as that link, once or
/// more, with any words and lines around it (a solve's lines to share, a
/// message); else rows of region letters, where lines starting with `#`
/// are comments (as `queens regions generate` prints its first line). A
/// UTF-8 byte-order mark before it is skipped. Errors name the line as the
/// text numbers it.
pub fn read(text: &str) -> Result<Puzzle, PuzzleError> {
    read_pasted(text).map(|pasted| pasted.puzzle)
}

/// A puzzle [`read`] as pasted, and whether its JSON gave its own solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pasted {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Whether it came with a `"solution"`, checked to solve it.
    pub with_solution: bool,
}

/// [`read`], saying also whether the puzzle came with its solution.
pub fn read_pasted(text: &str) -> Result<Pasted, PuzzleError> {
    // A byte-order mark, as some Windows editors begin a UTF-8 file, is no part of the puzzle.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        let json = PuzzleJson::parse(text)?;
        return Ok(Pasted { puzzle: json.puzzle()?, with_solution: json.solution.is_some() });
    }
    let puzzle = |puzzle| Pasted { puzzle, with_solution: false };
    let links = links(text);
    if let Some(first) = links.first() {
        let mut puzzles: Vec<&str> = Vec::new();
        for puzzle in links.iter().map(|link| link_fragment(link)) {
            if !puzzles.contains(&puzzle) {
                puzzles.push(puzzle);
            }
        }
        if puzzles.len() > 1 {
            let how_many = how_many(puzzles.len(), "link");
            return Err(error(format!("the text holds {how_many} to different puzzles: keep one")));
        }
        return decode(first).map(puzzle);
    }
    // Comments become blank lines, so that an error's line number is the text's.
    let rows: Vec<&str> =
        text.lines().map(|line| if line.trim_start().starts_with('#') { "" } else { line }).collect();
    Puzzle::parse_letters(&rows.join("\n")).map(puzzle)
}

/// A link as it was written: a browser keeps an address percent-encoded
/// (`%38` for an `8`, a space typed after the link as `%20`), and a link is
/// copied from the address bar, so its `%XX` escapes are undone, for the
/// page and the command line alike, and for the page's `#d=` day as for its
/// `#p=` puzzle. A `%` that starts no escape stays, and so does an escape
/// whose byte is not part of UTF-8 text (`%ff`, or `%E0%A4` cut short): the
/// link is echoed back as it was written, on the page as on the command
/// line, not as a replacement character that says nothing. Nothing here
/// fails.
pub fn percent_decoded(link: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    // Each decoded byte with the text it was decoded from.
    let (bytes, mut decoded) = (link.as_bytes(), Vec::with_capacity(link.len()));
    let mut from = Vec::with_capacity(link.len());
    let mut i = 0;
    while i < bytes.len() {
        let escape = bytes.get(i + 1..i + 3).filter(|_| bytes[i] == b'%');
        let (byte, len) = match escape.and_then(|pair| Some(hex(pair[0])? << 4 | hex(pair[1])?)) {
            Some(byte) => (byte, 3),
            None => (bytes[i], 1),
        };
        decoded.push(byte);
        from.push(i..i + len);
        i += len;
    }
    let mut out = String::with_capacity(link.len());
    let mut at = 0;
    for chunk in decoded.utf8_chunks() {
        out.push_str(chunk.valid());
        at += chunk.valid().len();
        for _ in chunk.invalid() {
            // An escape as written; a byte of `link` itself is always part
            // of a whole character, so only escapes are ever not text.
            out.push_str(&link[from[at].clone()]);
            at += 1;
        }
    }
    out
}

/// Why the game does not play a puzzle from elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    /// Not one of the sizes regions mode plays (a colour per region).
    Size(usize),
    /// Larger than the display shows: the puzzle's side and the display's largest.
    Larger(usize, usize),
    /// Not exactly one solution: how many were counted, and whether the
    /// count stopped at [`SOLUTIONS_COUNTED`].
    Solutions(u64, bool),
}

impl fmt::Display for Unplayable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unplayable::Size(n) => write!(
                f,
                "the puzzle is {n}x{n}: regions mode plays {0}x{0} to {1}x{1}",
                SIZES.start(),
                SIZES.end()
            ),
            Unplayable::Larger(n, largest) => {
                write!(f, "the puzzle is {n}x{n}, larger than the {largest}x{largest} this display shows")
            }
            Unplayable::Solutions(found, more) => {
                let how_many = match (found, more) {
                    (0, _) => "no solution".to_string(),
                    (k, true) => format!("at least {k} solutions"),
                    (k, false) => format!("{k} solutions"),
                };
                write!(f, "the puzzle has {how_many}: a puzzle to play has exactly one")
            }
        }
    }
}

impl std::error::Error for Unplayable {}

/// Whether regions mode can play `puzzle` on a display that shows boards up
/// to `largest` x `largest`: one of its sizes, fitting, and exactly one
/// solution (counted up to [`SOLUTIONS_COUNTED`]; at most 12x12, well under
/// a second).
pub fn check_playable(puzzle: &Puzzle, largest: usize) -> Result<(), Unplayable> {
    let n = puzzle.n();
    if !SIZES.contains(&n) {
        return Err(Unplayable::Size(n));
    }
    if n > largest {
        return Err(Unplayable::Larger(n, largest));
    }
    match solve::count(puzzle, SOLUTIONS_COUNTED) {
        1 => Ok(()),
        found => Err(Unplayable::Solutions(found, found == SOLUTIONS_COUNTED)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regions::generate::{self, Rng};

    /// A random grid of `n` rows whose regions are the numbers `0..n`, each
    /// used: not always one piece, so not always a puzzle.
    fn random_rows(n: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
        let mut cells: Vec<usize> = (0..n * n).map(|i| if i < n { i } else { rng.below(n) }).collect();
        rng.shuffle(&mut cells);
        cells.chunks(n).map(<[usize]>::to_vec).collect()
    }

    #[test]
    fn every_puzzle_comes_back_from_its_link_at_every_size() {
        for n in 5..=12 {
            for seed in 0..4 {
                let made = generate::generate(n, seed, None).unwrap().puzzle;
                let link = fragment(&made);
                assert_eq!(link.len(), format!("#p={n}.").len() + map_length(n), "{link}");
                assert_eq!(decode(&link).unwrap(), made, "{link}");
                assert_eq!(decode(&format!("https://example.org/queens/?seed=1{link}")).unwrap(), made);
                assert_eq!(decode(&link[1..]).unwrap(), made);
                assert_eq!(read(&format!("\n  {link}  \n")).unwrap(), made);
            }
        }
        // The region numbers as given, not renumbered: the colours stay.
        let grid = "BBA\nBCA\nCCA\n";
        assert_eq!(decode(&fragment(&Puzzle::parse_letters(grid).unwrap())).unwrap().letters(), grid);
    }

    #[test]
    fn an_8x8_link_is_32_characters_after_its_size() {
        let daily = generate::daily(20_417).puzzle;
        let link = fragment(&daily);
        assert!(link.starts_with("#p=8."), "{link}");
        assert_eq!(link.len(), "#p=8.".len() + 32);
        assert!(link[5..].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{link}");
    }

    #[test]
    fn random_grids_and_any_size_survive_the_round_trip() {
        let mut rng = Rng::new(30);
        for n in 1..=MAX_SIDE {
            for _ in 0..20 {
                let rows = random_rows(n, &mut rng);
                let Ok(puzzle) = Puzzle::new(&rows) else { continue };
                assert_eq!(decode(&fragment(&puzzle)).unwrap(), puzzle);
            }
        }
    }

    #[test]
    fn a_broken_link_is_one_line_saying_what_is_wrong() {
        let good = fragment(&generate::daily(20_417).puzzle);
        let cut = &good[..good.len() - 1];
        // The last character of an 8x8's 192 bits holds no padding; a 5x5's 75 bits end in 3 zero bits.
        let five = fragment(&generate::generate(5, 1, None).unwrap().puzzle);
        let mut padded = five.clone();
        padded.pop();
        padded.push('_');
        let star = format!("{}*", cut);
        // A full-width letter, as a phone's keyboard may type it: three bytes, one character.
        let wide = format!("{}ｔ", cut);
        let long = format!("{good}AAAA");
        // A size of 100,000 digits is quoted to 80 of them.
        let huge = format!("#p={}.A", "9".repeat(100_000));
        let size_cut = format!("the link's size '{}...' is not a number", "9".repeat(80));
        let cases = [
            ("", "not a puzzle link"),
            ("https://example.org/#seed=3", "not a puzzle link"),
            ("#p=8", "not a puzzle link"),
            ("#p=x.AAAA", "size 'x' is not a number from 1 to 16"),
            ("#p=17.AAAA", "size '17' is not a number from 1 to 16"),
            (cut, "31 characters of regions where 8x8 takes 32: is the link whole?"),
            (
                star.as_str(),
                "the link has '*' in its regions, which is not base64url: A-Z, a-z, 0-9, '-' and '_' only",
            ),
            (
                wide.as_str(),
                "the link has 'ｔ', the full-width form of 't', in its regions, which is not base64url",
            ),
            (long.as_str(), "the link has 36 characters of regions where 8x8 takes 32: it is too long"),
            ("#p=8.A", "the link has 1 character of regions where 8x8 takes 32: is the link whole?"),
            (huge.as_str(), size_cut.as_str()),
            (padded.as_str(), "not one a puzzle ends with"),
            ("#p=8.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "region 1 (B) has no square"),
        ];
        for (link, expected) in cases {
            let why = decode(link).unwrap_err().to_string();
            assert!(why.contains(expected), "{link:?}: {why}");
            assert!(!why.contains('\n'), "{why}");
        }
        assert!(decode(&five).is_ok());
    }

    #[test]
    fn a_link_is_read_as_written_in_an_address_percent_encoded() {
        let made = generate::generate(7, 30, None).unwrap().puzzle;
        let link = fragment(&made);
        // `%37` is the 7 of 7x7; a space typed after a link is `%20` in the address.
        for kept in
            [link.replacen("#p=7.", "#p=%37.", 1), format!("{link}%20"), format!("http://x/{link}%20%0A")]
        {
            assert_eq!(read(&kept).map(|p| fragment(&p)), Ok(link.clone()), "{kept}");
        }
        assert_eq!(percent_decoded("#p=8.%zz%4%+1%"), "#p=8.%zz%4%+1%", "not escapes: as they are");
        assert_eq!(percent_decoded("p=%C3%A9"), "p=\u{e9}");
        assert_eq!(
            percent_decoded("p=%ff%C3%A9%E0%A4"),
            "p=%ff\u{e9}%E0%A4",
            "not text: the escapes as written"
        );
        assert_eq!(percent_decoded("%C3\u{e9}"), "%C3\u{e9}", "a lead byte before a whole character");
        // Every text of up to four pieces, escapes of lead and continuation bytes beside whole
        // characters: never a panic, whole characters decoded, and what is left not text
        // exactly its escapes as written (decoding the result again gives the same bytes).
        let pieces = ["%ff", "%C3", "%A9", "%E2", "%82", "%AC", "\u{e9}", "\u{20ac}", "a", "%", "%4"];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> =
                texts.iter().flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}"))).collect();
            texts.extend(longer);
        }
        let bytes = |text: &str| -> Vec<u8> {
            let (b, mut out, mut i) = (text.as_bytes(), Vec::new(), 0);
            while i < b.len() {
                let hex = b
                    .get(i + 1..i + 3)
                    .filter(|_| b[i] == b'%')
                    .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
                out.push(hex.unwrap_or(b[i]));
                i += if hex.is_some() { 3 } else { 1 };
            }
            out
        };
        for text in &texts {
            let decoded = percent_decoded(text);
            assert_eq!(bytes(&decoded), bytes(text), "{text:?} -> {decoded:?}");
            if let Ok(whole) = String::from_utf8(bytes(text)) {
                assert_eq!(decoded, whole, "{text:?}");
            }
        }
        let letters = "# 50%25 done\nAB\nBA\n";
        assert_eq!(read(letters).map(|p| p.n()), Ok(2), "rows of letters are taken as they are");
    }

    /// Issue 50: the game's own lines to share, pasted back, were "'q' is
    /// not a region letter", and a link pasted twice "no puzzle".
    #[test]
    fn a_text_holding_one_link_once_or_more_is_read_as_that_link() {
        let made = generate::generate(12, 5, None).unwrap().puzzle;
        let link = fragment(&made);
        // As `game::Solve::lines` has them (tests/regions_share.rs pastes its very lines).
        let message =
            format!("queens regions: 12x12 {link}\nsolved in 1m07s with 2 hints\n{}", "👑".repeat(12));
        let address = format!("https://example.org/queens/{link}");
        for text in [
            message.clone(),
            format!("{message}\n"),
            format!("{link}\n{link}\n"),
            format!("try this one: {address} or {link}"),
            format!("{}\n\nsee {}%20", message, address.replacen("#p=12.", "#p=%312.", 1)),
        ] {
            assert!(holds_link(&text), "{text}");
            assert_eq!(read(&text), Ok(made.clone()), "{text}");
        }
        let other = fragment(&generate::generate(12, 6, None).unwrap().puzzle);
        let two = format!("{message}\nand {other}\nand {link}");
        assert_eq!(
            read(&two).unwrap_err().to_string(),
            "the text holds 2 links to different puzzles: keep one"
        );
        // A link cut short among other words says what is wrong with it.
        let cut = message.replacen(&link, &link[..link.len() - 2], 1);
        assert!(read(&cut).unwrap_err().to_string().contains("is the link whole?"), "{cut}");
        // `p=` starts a link only when it is all the text; rows of letters hold none.
        assert!(holds_link(&format!("  {} ", &link[1..])));
        assert!(!holds_link(&format!("{}\nAB\nBA\n", &link[1..])));
        assert!(!holds_link("# 6x6, seed 3\nAAB\nACB\nCCB\n"));
    }

    #[test]
    fn pasted_text_is_a_link_or_rows_of_letters_with_comments() {
        let made = generate::generate(6, 3, None).unwrap().puzzle;
        let pasted = format!("# 6x6, seed 3\n{}", made.letters());
        assert_eq!(read(&pasted).unwrap(), made);
        let why = read("# a comment\nAAB\nAC?\nCCB\n").unwrap_err().to_string();
        assert!(why.starts_with("line 3, square 3:"), "{why}");
        assert!(read("p=5.").unwrap_err().to_string().contains("characters"));
    }

    #[test]
    fn only_a_puzzle_with_one_solution_at_a_size_the_display_shows_is_played() {
        let made = generate::generate(9, 2, None).unwrap().puzzle;
        assert_eq!(check_playable(&made, 12), Ok(()));
        assert_eq!(check_playable(&made, 8), Err(Unplayable::Larger(9, 8)));
        assert_eq!(
            check_playable(&made, 8).unwrap_err().to_string(),
            "the puzzle is 9x9, larger than the 8x8 this display shows"
        );
        // Every row its own region: many solutions, counted no further than the cap.
        let rows: Vec<Vec<usize>> = (0..8).map(|r| vec![r; 8]).collect();
        let many = check_playable(&Puzzle::new(&rows).unwrap(), 8).unwrap_err();
        assert_eq!(many, Unplayable::Solutions(SOLUTIONS_COUNTED, true));
        assert_eq!(
            many.to_string(),
            "the puzzle has at least 100 solutions: a puzzle to play has exactly one"
        );
        let four = Puzzle::parse_letters("AABB\nAABB\nCCDD\nCCDD\n").unwrap();
        assert_eq!(check_playable(&four, 8), Err(Unplayable::Size(4)));
        assert_eq!(
            check_playable(&four, 8).unwrap_err().to_string(),
            "the puzzle is 4x4: regions mode plays 5x5 to 12x12"
        );
        assert_eq!(
            Unplayable::Solutions(0, false).to_string(),
            "the puzzle has no solution: a puzzle to play has exactly one"
        );
        assert_eq!(
            Unplayable::Solutions(2, false).to_string(),
            "the puzzle has 2 solutions: a puzzle to play has exactly one"
        );
    }
}
