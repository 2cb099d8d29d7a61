//! Roles and pieces.

use crate::Seat;

/// What a piece is, across all four variants.
///
/// Each variant uses a subset (see [`crate::Variant::roles`]). Every role has its own
/// upper-case letter. Where the first letter of the name is already taken, the next letter
/// of the name that is free is used: Baroness `A`, Primate `I`, Pope `O`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// The King (a royal piece).
    King,
    /// The Queen.
    Queen,
    /// The Rook.
    Rook,
    /// The Bishop.
    Bishop,
    /// The Knight.
    Knight,
    /// The Pawn.
    Pawn,
    /// Triple Crown: a King that may also step straight across the centre.
    Emperor,
    /// Triple Crown: a Queen that may also step straight across the centre.
    Diarch,
    /// Triple Crown: a Rook that may also make the Ferz step.
    Chatelaine,
    /// Triple Crown: a Rook that may also step straight across the centre.
    Vicereine,
    /// Triple Crown: a Rook with both extras.
    Baroness,
    /// Triple Crown: a Bishop that may also make the Wazir step.
    Primate,
    /// Triple Crown: a Bishop that may also step straight across the centre.
    Moderator,
    /// Triple Crown: a Bishop with both extras.
    Pope,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 14] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
        Role::Emperor,
        Role::Diarch,
        Role::Chatelaine,
        Role::Vicereine,
        Role::Baroness,
        Role::Primate,
        Role::Moderator,
        Role::Pope,
    ];

    /// Returns the role's upper-case letter.
    pub fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Knight => 'N',
            Role::Pawn => 'P',
            Role::Emperor => 'E',
            Role::Diarch => 'D',
            Role::Chatelaine => 'C',
            Role::Vicereine => 'V',
            Role::Baroness => 'A',
            Role::Primate => 'I',
            Role::Moderator => 'M',
            Role::Pope => 'O',
        }
    }

    /// Reads a role letter.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c)
    }

    /// Returns the role's English name.
    pub fn name(self) -> &'static str {
        match self {
            Role::King => "King",
            Role::Queen => "Queen",
            Role::Rook => "Rook",
            Role::Bishop => "Bishop",
            Role::Knight => "Knight",
            Role::Pawn => "Pawn",
            Role::Emperor => "Emperor",
            Role::Diarch => "Diarch",
            Role::Chatelaine => "Chatelaine",
            Role::Vicereine => "Vicereine",
            Role::Baroness => "Baroness",
            Role::Primate => "Primate",
            Role::Moderator => "Moderator",
            Role::Pope => "Pope",
        }
    }
}

/// A piece: whose army it belongs to, and what it is.
///
/// The owner is the army's seat. In Yalta an army can come under another seat's control;
/// that is position state, not part of the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// The seat of the army the piece belongs to.
    pub owner: Seat,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Makes the piece of `owner`'s army with `role`.
    pub fn new(owner: Seat, role: Role) -> Piece {
        Piece { owner, role }
    }
}
