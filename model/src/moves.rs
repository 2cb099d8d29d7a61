//! Moves and their notation.
//!
//! A move is written `from-to`. A promotion adds `=` and the new role's letter (`g2-g1=Q`).
//! Castling is written as the king's move followed by `/` and the cell the partner piece
//! comes from (`d8-c8/b8`): O'Sullivan's castling moves the king d8-c8, which is also a plain
//! king step, and the partner cell keeps the two apart.

use std::fmt;

use crate::{Cell, Role, Variant};

/// A move, as every engine names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// A piece goes from one cell to another, capturing what stands there (or, for an
    /// en passant capture, the pawn it passes).
    Plain {
        /// The cell the piece leaves.
        from: Cell,
        /// The cell it reaches.
        to: Cell,
    },
    /// A pawn goes from one cell to another and becomes `role`.
    Promotion {
        /// The cell the pawn leaves.
        from: Cell,
        /// The cell it reaches, on a promotion rank.
        to: Cell,
        /// What it becomes.
        role: Role,
    },
    /// The king goes from `from` to `to` and the piece on `partner` moves with it as the
    /// variant's castling rule says.
    Castle {
        /// The king's cell.
        from: Cell,
        /// The cell the king reaches.
        to: Cell,
        /// The cell of the partner piece (a rook) that castles with it.
        partner: Cell,
    },
}

/// Why a move string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveParseError {
    #[error("'{0}' is not a move (expected from-to, from-to=X or from-to/partner)")]
    /// The text is not shaped like a move.
    Malformed(String),
    #[error("move '{0}': {1}")]
    /// One of the move's cells does not read (the move, and why).
    Cell(String, crate::CellError),
    #[error("move '{0}': '{1}' is not a piece letter of {2}")]
    /// The promotion letter names no role of the variant.
    Role(String, char, Variant),
}

impl Move {
    /// Returns the cell the moving piece leaves.
    pub fn from(self) -> Cell {
        match self {
            Move::Plain { from, .. } | Move::Promotion { from, .. } | Move::Castle { from, .. } => {
                from
            }
        }
    }

    /// Returns the cell the moving piece arrives on.
    pub fn to(self) -> Cell {
        match self {
            Move::Plain { to, .. } | Move::Promotion { to, .. } | Move::Castle { to, .. } => to,
        }
    }

    /// Reads a move of `variant`.
    pub fn parse(variant: Variant, text: &str) -> Result<Move, MoveParseError> {
        let malformed = || MoveParseError::Malformed(text.to_string());
        let board = variant.board();
        let cell = |name: &str| {
            board
                .parse_cell(name)
                .map_err(|e| MoveParseError::Cell(text.to_string(), e))
        };
        let (from, rest) = text.split_once('-').ok_or_else(malformed)?;
        if let Some((to, role)) = rest.split_once('=') {
            let mut letters = role.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return Err(malformed());
            };
            let role = Role::from_letter(letter)
                .filter(|r| variant.roles().contains(r))
                .ok_or(MoveParseError::Role(text.to_string(), letter, variant))?;
            return Ok(Move::Promotion {
                from: cell(from)?,
                to: cell(to)?,
                role,
            });
        }
        if let Some((to, partner)) = rest.split_once('/') {
            return Ok(Move::Castle {
                from: cell(from)?,
                to: cell(to)?,
                partner: cell(partner)?,
            });
        }
        Ok(Move::Plain {
            from: cell(from)?,
            to: cell(rest)?,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Plain { from, to } => write!(f, "{from}-{to}"),
            Move::Promotion { from, to, role } => write!(f, "{from}-{to}={}", role.letter()),
            Move::Castle { from, to, partner } => write!(f, "{from}-{to}/{partner}"),
        }
    }
}
