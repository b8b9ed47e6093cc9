//! The colours of the game.

use super::frame::Rgb;

/// Every colour a mode draws with. The default is the seed program's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Squares where x + y is even.
    pub dark_square: Rgb,
    /// Squares where x + y is odd.
    pub light_square: Rgb,
    /// The square under the cursor.
    pub cursor: Rgb,
    /// Regions mode's cursor: the blue cursor is lost among the regions'
    /// sky blue and purple, so regions has a pale gold one that stands out
    /// from every region's colour and shade (tests/modes.rs measures it).
    pub regions_cursor: Rgb,
    /// A queen.
    pub queen: Rgb,
    /// In an answer: the player's queen that no closest solution keeps.
    pub misplaced: Rgb,
    /// In an answer: a queen the player still needed.
    pub needed: Rgb,
    /// A hint: an empty square where a queen still leads to a solution.
    pub hint: Rgb,
    /// A refused move (strict), and the queens that block a solution.
    pub refused: Rgb,
    /// Cover mode: a square some queen attacks.
    pub attacked: Rgb,
}

impl Theme {
    /// Every colour of the theme, and off.
    pub fn colours(&self) -> [Rgb; 11] {
        [
            self.dark_square,
            self.light_square,
            self.cursor,
            self.regions_cursor,
            self.queen,
            self.misplaced,
            self.needed,
            self.hint,
            self.refused,
            self.attacked,
            Rgb::BLACK,
        ]
    }
}

impl Theme {
    /// What a square drawn in `colour` shows, in words for a screen reader,
    /// as the eyes read the LEDs; `None` for an empty square (either of the
    /// checkerboard's colours, or off) and for the cursor, which the page
    /// says by focus. In an answer the player's queen no solution keeps has
    /// the cursor's blue, as on the LEDs: it is said where the cursor is not.
    pub fn words(&self, colour: Rgb, under_cursor: bool) -> Option<&'static str> {
        let named = [
            (self.queen, "queen"),
            (self.needed, "queen needed"),
            (self.hint, "hint: a queen here still leads to a solution"),
            (self.refused, "refused"),
            (self.attacked, "attacked"),
        ];
        if colour == self.misplaced && !under_cursor {
            return Some("queen not in the answer");
        }
        named.iter().find(|(c, _)| *c == colour).map(|(_, words)| *words)
    }
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            dark_square: Rgb(0, 92, 0),
            light_square: Rgb(92, 0, 0),
            cursor: Rgb(0, 0, 120),
            regions_cursor: Rgb(240, 216, 112),
            queen: Rgb(120, 120, 120),
            misplaced: Rgb(0, 0, 120),
            needed: Rgb(120, 120, 0),
            hint: Rgb(48, 48, 0),
            refused: Rgb(200, 0, 0),
            attacked: Rgb(32, 32, 32),
        }
    }
}
