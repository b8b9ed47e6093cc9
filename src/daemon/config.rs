//! The configuration file: how the matrix is mounted and lit, the colours,
//! the starting mode, and the joystick's timing. TOML, every key optional.
//!
//! A mistake in it is never guessed around: an unknown key or a bad value
//! is an error naming the file, the line and the key, and the daemon exits
//! with `EXIT_CONFIG` (78), which the systemd unit tells systemd not to
//! restart on (restarting cannot fix a typo).

use super::small_file::{self, shown_path};
use crate::game::gesture::Timing;
use crate::game::{BoardSize, ModeKind, Rgb, Style, TiltSettings};
use sense_hat::Rotation;
use serde::Deserialize;
use serde::de::{self, Deserializer};
use std::fmt;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// Where the daemon looks when no `--config` is given.
pub(crate) const DEFAULT_PATH: &str = "/etc/queens/config.toml";

/// The most a config file is read; the packaged one, every key explained,
/// is a few kilobytes.
pub(crate) const MAX_BYTES: u64 = 64 * 1024;

/// The exit status for a bad configuration (`EX_CONFIG` from sysexits.h).
pub(crate) const EXIT_CONFIG: u8 = 78;

/// The settings, each filled with its default when the file leaves it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub rotation: Rotation,
    /// Percent of full brightness, applied in software (0..=100).
    pub brightness: u8,
    /// Ask the LED driver for its low-light gamma table (ignored, with a
    /// warning, where the driver refuses).
    pub low_light: bool,
    pub mode: Option<ModeKind>,
    pub size: Option<BoardSize>,
    /// Scroll the title and the controls at start; unset, only the Sense
    /// HAT does (a game that starts at boot should say what it is).
    pub intro: Option<bool>,
    /// The terminal writes each regions square's letter on it (`--letters`).
    pub letters: bool,
    /// Regions mode's auto-mark (`--auto-mark`); unset, as it was last played.
    pub auto_mark: Option<bool>,
    /// Tilt to play (`--tilt`); unset, as it was last played.
    pub tilt: Option<bool>,
    /// The largest tilt that is still level, degrees (`tilt_dead_zone`).
    pub tilt_dead_zone: u8,
    /// Milliseconds between moves while the HAT stays tilted (`tilt_repeat_ms`).
    pub tilt_repeat_ms: u32,
    pub timing: Timing,
    pub style: Style,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rotation: Rotation::R0,
            brightness: 100,
            low_light: false,
            mode: None,
            size: None,
            intro: None,
            letters: false,
            auto_mark: None,
            tilt: None,
            tilt_dead_zone: TiltSettings::default().dead_zone,
            tilt_repeat_ms: TiltSettings::default().repeat_ms,
            timing: Timing::default(),
            style: Style::default(),
        }
    }
}

/// A configuration file that could not be used: one line that names the
/// file, the line and what is wrong with it.
#[derive(Debug)]
pub(crate) struct ConfigError(String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// The tilt's settings, on a display turned by `rotation` (the HAT's;
    /// the emulator's window and a script's frames are upright).
    pub fn tilt_settings(&self, rotation: Rotation) -> TiltSettings {
        TiltSettings {
            dead_zone: self.tilt_dead_zone,
            repeat_ms: self.tilt_repeat_ms,
            quarter_turns: (rotation.degrees() / 90) as u8,
        }
    }

    /// Reads `path`. A missing file is only an error when `required` (it
    /// was named on the command line); the default path may be absent.
    /// Only a regular file is read (a FIFO would hang the start, a device
    /// like `/dev/zero` fill the memory), and at most [`MAX_BYTES`] of it;
    /// `/dev/null`, the usual way to say "no file", reads as empty.
    pub(crate) fn load(path: &Path, required: bool) -> Result<Config, ConfigError> {
        let cannot =
            |why: String| ConfigError(format!("{}: cannot read the config file: {why}", shown_path(path)));
        if is_the_null_device(path) {
            return Ok(Config::default());
        }
        match small_file::read(path, MAX_BYTES) {
            Ok(Some(bytes)) => {
                let text = String::from_utf8(bytes).map_err(|_| cannot("it is not UTF-8 text".into()))?;
                Config::parse(&text).map_err(|e| ConfigError(format!("{}:{e}", shown_path(path))))
            }
            Ok(None) if !required => Ok(Config::default()),
            Ok(None) => Err(cannot("no such file".into())),
            Err(refused) => Err(cannot(format!("it {refused}"))),
        }
    }

    /// Parses the file's text. Errors read `LINE: message`.
    pub fn parse(text: &str) -> Result<Config, String> {
        let file: File = toml::from_str(text).map_err(|e| {
            let start = e.span().map_or(0, |span| span.start);
            let line = 1 + text[..start].matches('\n').count();
            // The key written on that line, so the message names it even
            // when the value's own complaint does not.
            let key = text.lines().nth(line - 1).and_then(|l| l.split_once('=')).map(|(k, _)| k.trim());
            let message = plain_words(e.message().trim_end());
            match key {
                Some(key) if !key.is_empty() => format!("{line}: {key}: {message}"),
                _ => format!("{line}: {message}"),
            }
        })?;
        Ok(file.into_config())
    }
}

/// serde's complaint with Rust's type names put in words: `invalid type:
/// floating point `1.5`, expected i64` reads `invalid type: floating point
/// `1.5`, expected a whole number`.
fn plain_words(message: &str) -> String {
    let mut plain = message.replace(" as i128", "").replace(" as u128", "");
    for (rust, words) in [
        ("expected i64", "expected a whole number"),
        ("expected u64", "expected a whole number from 0"),
        ("expected u32", "expected a whole number from 0"),
        ("expected u16", "expected a whole number from 0"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected f64", "expected a number"),
    ] {
        plain = plain.replace(rust, words);
    }
    plain
}

/// Whether `path` is the kernel's null device (character device 1:3), by
/// whatever name.
fn is_the_null_device(path: &Path) -> bool {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device() && m.rdev() == libc::makedev(1, 3))
}

/// The path to read: the one given, or the default.
pub(crate) fn path(given: Option<&Path>) -> (PathBuf, bool) {
    match given {
        Some(p) => (p.to_path_buf(), true),
        None => (PathBuf::from(DEFAULT_PATH), false),
    }
}

/// The file as written. Unknown keys are refused so a typo is noticed.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default, deserialize_with = "rotation")]
    rotation: Option<Rotation>,
    #[serde(default, deserialize_with = "percent")]
    brightness: Option<u8>,
    low_light: Option<bool>,
    #[serde(default, deserialize_with = "mode")]
    mode: Option<ModeKind>,
    #[serde(default, deserialize_with = "size")]
    size: Option<BoardSize>,
    intro: Option<bool>,
    letters: Option<bool>,
    auto_mark: Option<bool>,
    tilt: Option<bool>,
    #[serde(default, deserialize_with = "tilt_dead_zone")]
    tilt_dead_zone: Option<u8>,
    #[serde(default, deserialize_with = "tilt_repeat_millis")]
    tilt_repeat_ms: Option<u32>,
    #[serde(default, deserialize_with = "hold_millis")]
    hold_ms: Option<u64>,
    #[serde(default, deserialize_with = "repeat_delay_millis")]
    repeat_delay_ms: Option<u64>,
    #[serde(default, deserialize_with = "repeat_interval_millis")]
    repeat_interval_ms: Option<u64>,
    #[serde(default, deserialize_with = "millis")]
    text_ms: Option<u64>,
    #[serde(default)]
    colours: Colours,
}

/// Colours as `"#RRGGBB"` (or without the `#`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Colours {
    #[serde(default, deserialize_with = "colour")]
    dark_square: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    light_square: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    cursor: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    regions_cursor: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    queen: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    misplaced: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    needed: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    hint: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    refused: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    attacked: Option<Rgb>,
    #[serde(default, deserialize_with = "colour")]
    text: Option<Rgb>,
}

impl File {
    fn into_config(self) -> Config {
        let mut config = Config::default();
        let set = |slot: &mut Rgb, value: Option<Rgb>| {
            if let Some(v) = value {
                *slot = v;
            }
        };
        config.rotation = self.rotation.unwrap_or(config.rotation);
        config.brightness = self.brightness.unwrap_or(config.brightness);
        config.low_light = self.low_light.unwrap_or(config.low_light);
        config.mode = self.mode;
        config.size = self.size;
        config.intro = self.intro;
        config.letters = self.letters.unwrap_or(config.letters);
        config.auto_mark = self.auto_mark;
        config.tilt = self.tilt;
        config.tilt_dead_zone = self.tilt_dead_zone.unwrap_or(config.tilt_dead_zone);
        config.tilt_repeat_ms = self.tilt_repeat_ms.unwrap_or(config.tilt_repeat_ms);
        let timing = &mut config.timing;
        timing.hold = self.hold_ms.unwrap_or(timing.hold);
        timing.repeat_delay = self.repeat_delay_ms.unwrap_or(timing.repeat_delay);
        timing.repeat_interval = self.repeat_interval_ms.unwrap_or(timing.repeat_interval);
        let style = &mut config.style;
        if let Some(ms) = self.text_ms {
            style.text.column_ms = ms as u32;
        }
        let (c, theme) = (self.colours, &mut style.theme);
        set(&mut theme.dark_square, c.dark_square);
        set(&mut theme.light_square, c.light_square);
        set(&mut theme.cursor, c.cursor);
        set(&mut theme.regions_cursor, c.regions_cursor);
        set(&mut theme.queen, c.queen);
        set(&mut theme.misplaced, c.misplaced);
        set(&mut theme.needed, c.needed);
        set(&mut theme.hint, c.hint);
        set(&mut theme.refused, c.refused);
        set(&mut theme.attacked, c.attacked);
        set(&mut style.text.colour, c.text);
        config
    }
}

/// A whole number as the file writes it, however large: TOML's integers
/// are 64-bit, but the parser hands on larger ones, and a number past every
/// range is too large, not "not a whole number".
struct Whole(i128);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Whole, D::Error> {
        struct Visitor;
        impl de::Visitor<'_> for Visitor {
            type Value = Whole;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Whole, E> {
                Ok(Whole(v.into()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Whole, E> {
                Ok(Whole(v.into()))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Whole, E> {
                Ok(Whole(v))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Whole, E> {
                Ok(Whole(i128::try_from(v).unwrap_or(i128::MAX)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The whole number `d` holds, if it is in `range`; else `rule` (which
/// says the range) and whether the number is too large or too small.
fn whole_in<'de, D: Deserializer<'de>>(
    d: D,
    range: RangeInclusive<i64>,
    rule: &str,
) -> Result<i64, D::Error> {
    let Whole(value) = Whole::deserialize(d)?;
    match i64::try_from(value) {
        Ok(fits) if range.contains(&fits) => Ok(fits),
        _ if value > i128::from(*range.end()) => {
            Err(de::Error::custom(format!("{rule}: {value} is too large")))
        }
        _ => Err(de::Error::custom(format!("{rule}: {value} is too small"))),
    }
}

fn rotation<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rotation>, D::Error> {
    let Whole(degrees) = Whole::deserialize(d)?;
    i64::try_from(degrees)
        .ok()
        .and_then(Rotation::from_degrees)
        .map(Some)
        .ok_or_else(|| de::Error::custom(format!("rotation must be 0, 90, 180 or 270, not {degrees}")))
}

fn percent<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    let value = whole_in(d, 0..=100, "brightness is a percentage, 0 to 100")?;
    Ok(u8::try_from(value).ok())
}

fn mode<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ModeKind>, D::Error> {
    let name = String::deserialize(d)?;
    name.parse().map(Some).map_err(de::Error::custom)
}

/// A size some mode plays, by the rule and in the words of every size
/// ([`BoardSize`]); it is fitted to the mode played and the display once
/// they are known ([`crate::game::Setup::choose`]).
fn size<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BoardSize>, D::Error> {
    let Whole(value) = Whole::deserialize(d)?;
    BoardSize::of_whole(value).map(Some).map_err(de::Error::custom)
}

fn millis<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let value = whole_in(d, 0..=10_000, "a time in milliseconds, 0 to 10000")?;
    Ok(u64::try_from(value).ok())
}

/// The shortest hold of the middle that opens the menu: a press of the
/// joystick lasts some 100 ms, and a hold under that would open the menu
/// at every press (issue 50: `hold_ms = 0` was taken).
pub(crate) const SHORTEST_HOLD_MS: i64 = 300;
/// The shortest wait before a held direction repeats: a push lasts some
/// 100 ms, and a shorter wait would move the cursor twice on one push.
pub(crate) const SHORTEST_REPEAT_DELAY_MS: i64 = 150;
/// The shortest time between repeats, other than 0 (no repeat): 33 moves a
/// second, faster than a cursor can be followed.
pub(crate) const SHORTEST_REPEAT_INTERVAL_MS: i64 = 30;

/// The tilt's dead zone: past 45 degrees the HAT is more on its edge than tilted.
fn tilt_dead_zone<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    let rule = "the largest tilt that is still level, 1 to 45 degrees";
    Ok(u8::try_from(whole_in(d, 1..=45, rule)?).ok())
}

/// The tilt's repeat: at least a sample's time (100 ms), so that each move is a new reading.
fn tilt_repeat_millis<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let rule = "a tilted HAT moves again after this long, 100 to 10000 ms";
    Ok(u32::try_from(whole_in(d, 100..=10_000, rule)?).ok())
}

fn hold_millis<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let rule = format!(
        "the middle held this long opens the menu, {SHORTEST_HOLD_MS} to 10000 ms (a shorter hold would open it at every press)"
    );
    Ok(u64::try_from(whole_in(d, SHORTEST_HOLD_MS..=10_000, &rule)?).ok())
}

fn repeat_delay_millis<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let rule = format!(
        "a held direction repeats after this long, {SHORTEST_REPEAT_DELAY_MS} to 10000 ms (sooner would move twice on one push)"
    );
    Ok(u64::try_from(whole_in(d, SHORTEST_REPEAT_DELAY_MS..=10_000, &rule)?).ok())
}

fn repeat_interval_millis<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let rule = format!("0 (no repeat) or {SHORTEST_REPEAT_INTERVAL_MS} to 10000 ms between repeats");
    let Whole(value) = Whole::deserialize(d)?;
    match i64::try_from(value) {
        Ok(0) => Ok(Some(0)),
        Ok(fits) if (SHORTEST_REPEAT_INTERVAL_MS..=10_000).contains(&fits) => Ok(u64::try_from(fits).ok()),
        _ if value > 10_000 => Err(de::Error::custom(format!("{rule}: {value} is too large"))),
        _ => Err(de::Error::custom(format!("{rule}: {value} is too small"))),
    }
}

fn colour<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rgb>, D::Error> {
    let text = String::deserialize(d)?;
    parse_colour(&text)
        .map(Some)
        .ok_or_else(|| de::Error::custom(format!("a colour is \"#RRGGBB\" in hex, not {text:?}")))
}

/// `#RRGGBB` or `RRGGBB`.
pub(crate) fn parse_colour(text: &str) -> Option<Rgb> {
    let hex = text.strip_prefix('#').unwrap_or(text);
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Rgb(channel(0)?, channel(2)?, channel(4)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_of_the_wrong_type_is_told_in_words_not_rust_types() {
        for (text, wanted) in [
            (
                "brightness = 1.5",
                "1: brightness: invalid type: floating point `1.5`, expected a whole number",
            ),
            ("size = \"6\"", "1: size: invalid type: string \"6\", expected a whole number"),
        ] {
            let err = Config::parse(text).unwrap_err();
            assert_eq!(err, wanted);
            assert!(!["i64", "i128", "u64", "u8"].iter().any(|t| err.contains(t)), "{err}");
        }
    }

    /// Issue 39: a whole number past a 64-bit integer was said to be "expected a whole number".
    #[test]
    fn a_number_too_large_or_too_small_is_said_so_with_the_range() {
        for (text, wanted) in [
            (
                "size = 99999999999999999999",
                "1: size: cannot be '99999999999999999999': it must be from 4 to 16",
            ),
            (
                "size = -99999999999999999999",
                "1: size: cannot be '-99999999999999999999': it must be from 4 to 16",
            ),
            ("size = 40", "1: size: cannot be '40': it must be from 4 to 16"),
            ("size = 3", "1: size: cannot be '3': it must be from 4 to 16"),
            (
                "text_ms = 99999999999999999999",
                "1: text_ms: a time in milliseconds, 0 to 10000: 99999999999999999999 is too large",
            ),
            ("brightness = 101", "1: brightness: brightness is a percentage, 0 to 100: 101 is too large"),
            (
                "rotation = 99999999999999999999",
                "1: rotation: rotation must be 0, 90, 180 or 270, not 99999999999999999999",
            ),
        ] {
            assert_eq!(Config::parse(text).unwrap_err(), wanted);
        }
    }

    /// Issue 50: `hold_ms = 0` was taken, and every press of the middle
    /// would have opened the menu; a repeat at once would move twice a push.
    #[test]
    fn the_joysticks_times_have_a_floor() {
        for (text, wanted) in [
            (
                "hold_ms = 0",
                "1: hold_ms: the middle held this long opens the menu, 300 to 10000 ms (a shorter hold would open it at every press): 0 is too small",
            ),
            (
                "hold_ms = 299",
                "1: hold_ms: the middle held this long opens the menu, 300 to 10000 ms (a shorter hold would open it at every press): 299 is too small",
            ),
            (
                "repeat_delay_ms = 1",
                "1: repeat_delay_ms: a held direction repeats after this long, 150 to 10000 ms (sooner would move twice on one push): 1 is too small",
            ),
            (
                "repeat_interval_ms = 29",
                "1: repeat_interval_ms: 0 (no repeat) or 30 to 10000 ms between repeats: 29 is too small",
            ),
            (
                "repeat_interval_ms = 10001",
                "1: repeat_interval_ms: 0 (no repeat) or 30 to 10000 ms between repeats: 10001 is too large",
            ),
        ] {
            assert_eq!(Config::parse(text).unwrap_err(), wanted);
        }
        let floors =
            Config::parse("hold_ms = 300\nrepeat_delay_ms = 150\nrepeat_interval_ms = 30\n").unwrap();
        assert_eq!(floors.timing, Timing { hold: 300, repeat_delay: 150, repeat_interval: 30 });
        assert_eq!(Config::parse("repeat_interval_ms = 0").unwrap().timing.repeat_interval, 0, "no repeat");
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        assert_eq!(Config::parse("").unwrap(), Config::default());
    }

    #[test]
    fn every_key_is_read() {
        let config = Config::parse(
            "rotation = 270\nbrightness = 40\nlow_light = true\nmode = \"strict\"\nsize = 6\nintro = false\n\
             letters = true\nhold_ms = 800\nrepeat_delay_ms = 300\nrepeat_interval_ms = 0\ntext_ms = 60\n\
             [colours]\nqueen = \"#FFFFFF\"\ntext = \"00ff00\"\n",
        )
        .unwrap();
        assert_eq!(config.rotation, Rotation::R270);
        assert_eq!(config.brightness, 40);
        assert!(config.low_light);
        assert_eq!(config.mode, Some(ModeKind::Strict));
        assert_eq!(config.size.map(BoardSize::get), Some(6));
        assert_eq!(config.intro, Some(false));
        assert!(config.letters);
        assert!(!Config::default().letters, "off unless asked for");
        assert_eq!(config.timing, Timing { hold: 800, repeat_delay: 300, repeat_interval: 0 });
        assert_eq!(config.style.text.column_ms, 60);
        assert_eq!(config.style.theme.queen, Rgb(255, 255, 255));
        assert_eq!(config.style.text.colour, Rgb(0, 255, 0));
        assert_eq!(config.style.theme.cursor, Style::default().theme.cursor);
    }

    #[test]
    fn mistakes_name_the_line_and_the_key() {
        let cases = [
            ("brightness = 50\nrotaton = 90\n", "2:", "rotaton"),
            ("rotation = 45\n", "1:", "rotation must be"),
            ("\n\nbrightness = 101\n", "3:", "brightness"),
            ("mode = \"chess\"\n", "1:", "chess"),
            ("size = 40\n", "1:", "it must be from 4 to"),
            ("[colours]\nqueen = \"white\"\n", "2:", "colour"),
            ("[colours]\nking = \"#FFFFFF\"\n", "2:", "king"),
            ("brightness = \"high\"\n", "1:", "brightness"),
            ("rotation = 90\nrotation = 90\n", "2:", "rotation"),
        ];
        for (text, line, word) in cases {
            let err = Config::parse(text).unwrap_err();
            assert!(err.starts_with(line), "{text:?} gave {err:?}");
            assert!(err.contains(word), "{text:?} gave {err:?}");
            assert!(!err.contains('\n'), "one line: {err:?}");
        }
    }

    #[test]
    fn the_packaged_file_documents_every_key_with_its_default() {
        let shipped = include_str!("../../packaging/config.toml");
        let uncommented: String = shipped
            .lines()
            .filter_map(|l| l.strip_prefix('#'))
            .filter(|l| {
                l.starts_with('[') || (l.starts_with(|c: char| c.is_ascii_lowercase()) && l.contains(" = "))
            })
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(uncommented.matches(" = ").count(), 11 + 10, "every key, every colour:\n{uncommented}");
        let defaults = Config {
            mode: Some(ModeKind::Classic),
            size: Some(BoardSize::EIGHT),
            intro: Some(true),
            ..Config::default()
        };
        assert_eq!(Config::parse(&uncommented).unwrap(), defaults);
    }

    #[test]
    fn the_packaged_file_sends_the_reader_to_play_help_for_the_modes_rather_than_listing_them() {
        // A list of the modes here went stale (regions was missing from it);
        // `queens play --help` lists them from `ModeKind`, each with its line.
        let shipped = include_str!("../../packaging/config.toml");
        let about_mode: Vec<&str> =
            shipped.lines().skip_while(|l| !l.contains("The mode")).take_while(|l| !l.is_empty()).collect();
        let about_mode = about_mode.join("\n");
        assert!(about_mode.contains("`queens play --help` lists every mode"), "{about_mode}");
        for mode in ModeKind::ALL.into_iter().filter(|&m| m != ModeKind::default()) {
            assert!(!about_mode.contains(mode.name()), "{mode} named in:\n{about_mode}");
        }
    }

    #[test]
    fn a_missing_default_file_is_fine_but_a_named_one_is_not() {
        let missing = Path::new("/nonexistent/queens/config.toml");
        assert_eq!(Config::load(missing, false).unwrap(), Config::default());
        let err = Config::load(missing, true).unwrap_err().to_string();
        assert!(err.starts_with("/nonexistent/queens/config.toml: cannot read"), "{err}");
    }

    #[test]
    fn a_fifo_or_a_device_is_refused_at_once_and_dev_null_is_no_settings() {
        let dir = std::env::temp_dir().join(format!("queens-config-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("config.toml");
        nix::unistd::mkfifo(fifo.as_path(), nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR)
            .unwrap();
        for (path, why) in [
            (fifo.as_path(), "a FIFO"),
            (Path::new("/dev/zero"), "a character device"),
            (&dir, "a directory"),
        ] {
            let err = Config::load(path, true).unwrap_err().to_string();
            assert!(
                err.contains(&format!("cannot read the config file: it is {why}, not a regular file")),
                "{err}"
            );
        }
        assert_eq!(Config::load(Path::new("/dev/null"), true).unwrap(), Config::default());
        std::fs::write(dir.join("big.toml"), "# \n".repeat(40_000)).unwrap();
        let err = Config::load(&dir.join("big.toml"), true).unwrap_err().to_string();
        assert!(err.ends_with("it is larger than 64 KiB"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
