//! The small types every variant of the fast engine shares: the three seats and the roles.
//!
//! A seat is a `#[repr(u8)]` enum numbered as the model numbers its seats (`Seat::index`: A is
//! 0, B 1, C 2), so that a table by seat is an array indexed by [`Seat::index`] (free: the
//! enum is its own index). The variants name their seats after their armies (O'Sullivan's and
//! Yuri's White, Red and Black are A, B and C); the turn order, a rule of each variant and for
//! some a reading, is theirs, not this cycle's.
//!
//! A role is a `#[repr(u8)]` enum of every role of the four variants, numbered as the model's
//! `Role::ALL` lists them: the six FIDE roles first (King 0 to Pawn 5, all that O'Sullivan,
//! Yalta and Yuri use, so that their tables by role are arrays of six), then Triple Crown's
//! eight others (Emperor 6 to Pope 13; Triple Crown's tables by role have fourteen entries, of
//! which its eleven roles use eleven). A piece code on a mailbox packs a seat and a role in a
//! byte (`seat * 8 + role` on the square boards and Yalta's, `seat * 16 + role` on Triple
//! Crown's), and [`Role::from_index`] reads the role back.
//!
//! A move is one [`Mv`] in every variant (the spine's move type): four bytes, the cells it
//! goes from and to (the variant's cell indices), its [`Kind`], and one byte more whose
//! meaning the kind gives (the role a pawn promotes to, which castling, the cell of the pawn
//! taken en passant).

use trichess_model as model;

/// A seat at the board: A, B or C, in the model's order.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Seat {
    /// The first seat (White in O'Sullivan and Yuri).
    A = 0,
    /// The second seat (Red in O'Sullivan and Yuri).
    B = 1,
    /// The third seat (Black in O'Sullivan and Yuri).
    C = 2,
}

impl Seat {
    /// The three seats in order.
    pub(crate) const ALL: [Seat; 3] = [Seat::A, Seat::B, Seat::C];

    /// The seat's index in a table by seat (0, 1 or 2).
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The seat of index `i` (0, 1 or 2; anything larger is C), as a table or a piece code
    /// stores it.
    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> Seat {
        match i {
            0 => Seat::A,
            1 => Seat::B,
            _ => Seat::C,
        }
    }

    /// The seat after this one in the cycle A, B, C, A.
    #[inline(always)]
    pub(crate) const fn next(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::C,
            Seat::C => Seat::A,
        }
    }

    /// The seat before this one in the cycle A, B, C, A.
    #[inline(always)]
    pub(crate) const fn prev(self) -> Seat {
        match self {
            Seat::A => Seat::C,
            Seat::B => Seat::A,
            Seat::C => Seat::B,
        }
    }

    /// The seat's bit in a set of seats kept as a mask (bit 0 for A).
    #[inline(always)]
    pub(crate) const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The model's seat.
    #[inline]
    pub(crate) const fn model(self) -> model::Seat {
        model::Seat::ALL[self.index()]
    }

    /// The seat of the model's seat.
    #[inline]
    pub(crate) fn of(seat: model::Seat) -> Seat {
        Seat::ALL[seat.index()]
    }
}

/// A role of one of the four variants, in the model's order.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Role {
    /// The King (O'Sullivan, Yalta, Yuri).
    King = 0,
    /// The Queen.
    Queen = 1,
    /// The Rook (O'Sullivan, Yalta, Yuri).
    Rook = 2,
    /// The Bishop (O'Sullivan, Yalta, Yuri).
    Bishop = 3,
    /// The Knight.
    Knight = 4,
    /// The Pawn.
    Pawn = 5,
    /// Triple Crown's royal piece.
    Emperor = 6,
    /// Triple Crown: a Queen that also steps straight across.
    Diarch = 7,
    /// Triple Crown: a Rook that also makes the Ferz step.
    Chatelaine = 8,
    /// Triple Crown: a Rook that also steps straight across.
    Vicereine = 9,
    /// Triple Crown: a Rook with both extras.
    Baroness = 10,
    /// Triple Crown: a Bishop that also makes the Wazir step.
    Primate = 11,
    /// Triple Crown: a Bishop that also steps straight across.
    Moderator = 12,
    /// Triple Crown: a Bishop with both extras.
    Pope = 13,
}

impl Role {
    /// The number of roles: the length of a table by role of every variant.
    pub(crate) const COUNT: usize = 14;
    /// Every role, in order.
    pub(crate) const ALL: [Role; Role::COUNT] = [
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
    /// The number of FIDE roles (O'Sullivan's, Yalta's and Yuri's): the length of their
    /// tables by role.
    pub(crate) const FIDE: usize = 6;
    /// The roles a FIDE pawn may promote to, in the order moves list them.
    pub(crate) const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
    /// Triple Crown's eleven roles, in the model's order (`Variant::TripleCrown.roles()`): the
    /// order of [`Role::triple_crown_index`].
    pub(crate) const TRIPLE_CROWN: [Role; 11] = [
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

    /// The role's index in a table by role.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The role's bit in a set of roles kept as a mask (bit 0 for the King).
    #[inline(always)]
    pub(crate) const fn bit(self) -> u16 {
        1 << self as u8
    }

    /// The role of index `i`, as a piece code or a move stores it (an index past the last
    /// role is the last role, the Pope).
    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> Role {
        let i = if i < Role::COUNT { i } else { Role::COUNT - 1 };
        Role::ALL[i]
    }

    /// Triple Crown's dense index of its own roles: the role's place in
    /// [`Role::TRIPLE_CROWN`] (a set of Triple Crown's roles kept as a mask of these bits
    /// lists its roles in the model's order, lowest bit first). The three roles Triple Crown
    /// does not have (King, Rook, Bishop) have none: 15, past every bit of a role.
    #[inline(always)]
    pub(crate) const fn triple_crown_index(self) -> usize {
        match self {
            Role::Emperor => 0,
            Role::Diarch => 1,
            Role::Queen => 2,
            Role::Chatelaine => 3,
            Role::Vicereine => 4,
            Role::Baroness => 5,
            Role::Primate => 6,
            Role::Moderator => 7,
            Role::Pope => 8,
            Role::Knight => 9,
            Role::Pawn => 10,
            Role::King | Role::Rook | Role::Bishop => 15,
        }
    }

    /// The Triple Crown role of dense index `i` (see [`Role::triple_crown_index`]; an index
    /// past the eleventh is the Pawn's). A look-up without a bounds check: the index is read
    /// modulo 16.
    #[inline(always)]
    pub(crate) const fn from_triple_crown_index(i: usize) -> Role {
        const BY_INDEX: [Role; 16] = {
            let mut t = [Role::Pawn; 16];
            let mut i = 0;
            while i < Role::TRIPLE_CROWN.len() {
                t[i] = Role::TRIPLE_CROWN[i];
                i += 1;
            }
            t
        };
        BY_INDEX[i & 15]
    }

    /// The role's bit in a set of Triple Crown's roles by [`Role::triple_crown_index`].
    #[inline(always)]
    pub(crate) const fn triple_crown_bit(self) -> u16 {
        1 << self.triple_crown_index()
    }

    /// The model's role.
    #[inline]
    pub(crate) const fn model(self) -> model::Role {
        model::Role::ALL[self.index()]
    }

    /// The role of the model's role.
    #[inline]
    pub(crate) fn of(role: model::Role) -> Role {
        match role {
            model::Role::King => Role::King,
            model::Role::Queen => Role::Queen,
            model::Role::Rook => Role::Rook,
            model::Role::Bishop => Role::Bishop,
            model::Role::Knight => Role::Knight,
            model::Role::Pawn => Role::Pawn,
            model::Role::Emperor => Role::Emperor,
            model::Role::Diarch => Role::Diarch,
            model::Role::Chatelaine => Role::Chatelaine,
            model::Role::Vicereine => Role::Vicereine,
            model::Role::Baroness => Role::Baroness,
            model::Role::Primate => Role::Primate,
            model::Role::Moderator => Role::Moderator,
            model::Role::Pope => Role::Pope,
        }
    }

    /// The role of the model's role if it is one of `variant`'s.
    pub(crate) fn of_variant(role: model::Role, variant: model::Variant) -> Option<Role> {
        variant.roles().contains(&role).then(|| Role::of(role))
    }
}

/// What a move does besides moving its piece from one cell to another (and taking what
/// stands there).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Kind {
    /// A plain move or capture.
    Normal = 0,
    /// A pawn's double step.
    Double = 1,
    /// An en passant capture (Triple Crown: `extra` is the cell of the pawn taken; Yuri: the
    /// role the pawn promotes to where it takes onto a promotion cell, else 0).
    EnPassant = 2,
    /// A promotion: `extra` is the index of the role the pawn becomes.
    Promotion = 3,
    /// Castling: `extra` says which, in the variant's own terms.
    Castle = 4,
    /// Yuri: the White King steps onto the Black King or the Black onto the White.
    Meet = 5,
    /// Yuri's mutant king-captures-king: a King takes a King.
    KingCapture = 6,
}

/// A move of an internal position, in every variant (four bytes, aligned as a `u32`, so
/// that a move is written and compared as one word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(C, align(4))]
pub(crate) struct Mv {
    /// The cell the piece leaves.
    pub(crate) from: u8,
    /// The cell the piece goes to.
    pub(crate) to: u8,
    /// What else the move does.
    pub(crate) kind: Kind,
    /// What the kind needs to know: the promotion's role index, which castling, the cell of
    /// the pawn taken en passant (see [`Kind`]); 0 where it needs nothing.
    pub(crate) extra: u8,
}

impl Mv {
    /// A move of `kind` from `from` to `to`, with `extra` (see [`Mv::extra`]).
    #[inline(always)]
    pub(crate) const fn new(from: usize, to: usize, kind: Kind, extra: u8) -> Mv {
        Mv {
            from: from as u8,
            to: to as u8,
            kind,
            extra,
        }
    }

    /// A plain move or capture.
    #[inline(always)]
    pub(crate) const fn plain(from: usize, to: usize) -> Mv {
        Mv::new(from, to, Kind::Normal, 0)
    }

    /// A promotion to `role`.
    #[inline(always)]
    pub(crate) const fn promotion(from: usize, to: usize, role: Role) -> Mv {
        Mv::new(from, to, Kind::Promotion, role as u8)
    }

    /// The cell the piece leaves, as an index.
    #[inline(always)]
    pub(crate) const fn from(self) -> usize {
        self.from as usize
    }

    /// The cell the piece goes to, as an index.
    #[inline(always)]
    pub(crate) const fn to(self) -> usize {
        self.to as usize
    }
}

#[cfg(test)]
mod tests {
    use super::{Role, Seat};
    use trichess_model::Variant;

    #[test]
    fn seats_follow_the_model() {
        for (i, s) in Seat::ALL.into_iter().enumerate() {
            assert_eq!(s.index(), i);
            assert_eq!(Seat::from_index(i), s);
            assert_eq!(s.model().index(), i);
            assert_eq!(Seat::of(s.model()), s);
            assert_eq!(s.next().model(), s.model().next());
            assert_eq!(s.prev().next(), s);
            assert_eq!(s.bit(), 1 << i);
        }
    }

    #[test]
    fn roles_follow_the_model() {
        for (i, r) in Role::ALL.into_iter().enumerate() {
            assert_eq!(r.index(), i);
            assert_eq!(Role::from_index(i), r);
            assert_eq!(Role::of(r.model()), r);
            assert_eq!(r.bit(), 1 << i);
        }
        // The square variants' and Yalta's roles are the first six.
        for v in [Variant::OSullivan, Variant::Yalta, Variant::Yuri] {
            for &m in v.roles() {
                assert!(Role::of(m).index() < Role::FIDE);
                assert_eq!(Role::of_variant(m, v), Some(Role::of(m)));
            }
        }
        assert_eq!(
            Role::of_variant(trichess_model::Role::King, Variant::TripleCrown),
            None
        );
        // Triple Crown's dense index is its place in the model's list of its roles.
        let tc = Variant::TripleCrown.roles();
        assert_eq!(Role::TRIPLE_CROWN.map(Role::model).as_slice(), tc);
        for (i, r) in Role::TRIPLE_CROWN.into_iter().enumerate() {
            assert_eq!(r.triple_crown_index(), i);
            assert_eq!(Role::from_triple_crown_index(i), r);
        }
        for r in [Role::King, Role::Rook, Role::Bishop] {
            assert!(r.triple_crown_index() >= tc.len());
        }
    }
}
