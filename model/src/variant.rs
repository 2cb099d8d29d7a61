//! The four variants, and what each calls its seats, pieces and cells.

use std::fmt;
use std::str::FromStr;

use crate::cell::{Board, Shape};
use crate::{Role, Seat};

/// One of the four three-player variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Variant {
    /// O'Sullivan's Three Player Chess (`osullivan`).
    OSullivan,
    /// Yalta Chess (`yalta`).
    Yalta,
    /// Yuri Chess (`yuri`).
    Yuri,
    /// Triple Crown (`triple-crown`).
    TripleCrown,
}

/// O'Sullivan: 8x8 with the corner pairs a7 a8 and h7 h8 unusable.
static OSULLIVAN_BOARD: Board = Board::new(Shape::Square, 8, 8, &[(0, 6), (0, 7), (7, 6), (7, 7)]);
/// Yalta: three 4x8 half-boards (files a-h, ranks 1-4).
static YALTA_BOARD: Board = Board::new(Shape::HexTrisection, 8, 4, &[]);
/// Yuri: 7x7.
static YURI_BOARD: Board = Board::new(Shape::Square, 7, 7, &[]);
/// Triple Crown: three 10x5 half-boards (files a-j, ranks 1-5).
static TRIPLE_CROWN_BOARD: Board = Board::new(Shape::HexTrisection, 10, 5, &[]);

const FIDE_ROLES: &[Role] = &[
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

const TRIPLE_CROWN_ROLES: &[Role] = &[
    Role::Emperor,
    Role::Diarch,
    Role::Queen,
    Role::Chatelaine,
    Role::Vicereine,
    Role::Baroness,
    Role::Primate,
    Role::Moderator,
    Role::Pope,
    Role::Knight,
    Role::Pawn,
];

/// Why a variant name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}' (known: osullivan, yalta, yuri, triple-crown)")]
pub struct UnknownVariant(pub String);

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 4] = [
        Variant::OSullivan,
        Variant::Yalta,
        Variant::Yuri,
        Variant::TripleCrown,
    ];

    /// Returns the variant's id, as used on the command line and in fixtures.
    pub fn id(self) -> &'static str {
        match self {
            Variant::OSullivan => "osullivan",
            Variant::Yalta => "yalta",
            Variant::Yuri => "yuri",
            Variant::TripleCrown => "triple-crown",
        }
    }

    /// Returns the variant's full name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::OSullivan => "O'Sullivan's Three Player Chess",
            Variant::Yalta => "Yalta Chess",
            Variant::Yuri => "Yuri Chess",
            Variant::TripleCrown => "Triple Crown",
        }
    }

    /// Returns the board's cell names.
    pub fn board(self) -> &'static Board {
        match self {
            Variant::OSullivan => &OSULLIVAN_BOARD,
            Variant::Yalta => &YALTA_BOARD,
            Variant::Yuri => &YURI_BOARD,
            Variant::TripleCrown => &TRIPLE_CROWN_BOARD,
        }
    }

    /// Returns the lower-case letter that names a seat's army: the initial of its colour in
    /// the source (Triple Crown names no colours, so it uses the seat letters).
    pub fn seat_letter(self, seat: Seat) -> char {
        let letters = match self {
            Variant::OSullivan => ['w', 'r', 'b'],
            Variant::Yalta => ['r', 'g', 'b'],
            Variant::Yuri => ['w', 'r', 'b'],
            Variant::TripleCrown => ['a', 'b', 'c'],
        };
        letters[seat.index()]
    }

    /// Returns the seat's name in the source: its colour, or "Seat A" for Triple Crown.
    pub fn seat_name(self, seat: Seat) -> &'static str {
        let names = match self {
            Variant::OSullivan => ["White", "Red", "Black"],
            Variant::Yalta => ["Red", "Green", "Blue"],
            Variant::Yuri => ["White", "Red", "Black"],
            Variant::TripleCrown => ["Seat A", "Seat B", "Seat C"],
        };
        names[seat.index()]
    }

    /// Reads a seat's army letter.
    pub fn seat_from_letter(self, c: char) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self.seat_letter(s) == c)
    }

    /// Lists the roles this variant's pieces can have.
    pub fn roles(self) -> &'static [Role] {
        match self {
            Variant::TripleCrown => TRIPLE_CROWN_ROLES,
            _ => FIDE_ROLES,
        }
    }

    /// Returns the variant's royal role: the piece whose checkmate ends a player's game.
    pub fn royal(self) -> Role {
        match self {
            Variant::TripleCrown => Role::Emperor,
            _ => Role::King,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}
