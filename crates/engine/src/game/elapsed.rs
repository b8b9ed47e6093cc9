//! Durations as the matrix scrolls them: short, and never rounded up.

use super::clock::Millis;

/// How long a search took, from nanoseconds: `850ns`, `4.1us`, `230us`,
/// `1.2ms`, `45ms`, `2.5s`, `12s`. Two or three digits, cut, not rounded,
/// so a figure never claims more time than was measured.
pub(crate) fn search_time(nanos: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1_000, "us"), (1_000_000, "ms"), (1_000_000_000, "s")];
    if nanos < 1_000 {
        return format!("{nanos}ns");
    }
    let (scale, unit) = UNITS.iter().rev().copied().find(|&(scale, _)| nanos >= scale).expect("at least 1us");
    let tenths = nanos / (scale / 10);
    if tenths < 100 {
        format!("{}.{}{unit}", tenths / 10, tenths % 10)
    } else {
        format!("{}{unit}", nanos / scale)
    }
}

/// How long the player took, from milliseconds: `42s`, `3m07s`, `1h05m`.
pub(crate) fn play_time(ms: Millis) -> String {
    let seconds = ms / 1000;
    match seconds {
        0..60 => format!("{seconds}s"),
        60..3600 => format!("{}m{:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h{:02}m", seconds / 3600, seconds / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_times_keep_two_or_three_digits_and_never_round_up() {
        let cases = [
            (0, "0ns"),
            (999, "999ns"),
            (1_000, "1.0us"),
            (4_199, "4.1us"),
            (9_999, "9.9us"),
            (10_000, "10us"),
            (999_999, "999us"),
            (1_234_000, "1.2ms"),
            (45_000_000, "45ms"),
            (2_500_000_000, "2.5s"),
            (12_900_000_000, "12s"),
        ];
        for (nanos, text) in cases {
            assert_eq!(search_time(nanos), text, "{nanos} ns");
        }
    }

    #[test]
    fn play_times_are_seconds_minutes_or_hours() {
        assert_eq!(play_time(999), "0s");
        assert_eq!(play_time(42_000), "42s");
        assert_eq!(play_time(187_500), "3m07s");
        assert_eq!(play_time(3_900_000), "1h05m");
    }
}
