//! Why a position that reads is no position of its variant's game: each problem an engine finds
//! has a named kind, so that a fixture can say which problem it expects and two engines that
//! refuse a position for different reasons can be told apart.
//!
//! The kinds are the rules' own: each says what makes a position have that problem, whatever
//! engine finds it. An engine that does not (yet) sort its problems into kinds reports them as
//! [`ProblemKind::Unclassified`], which is never compared with a kind.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Deserializer};

/// A kind of problem that makes a written position no position of its variant's game.
///
/// "Royal piece" is the King, or Triple Crown's Emperor. "Army" is the pieces of one colour
/// (one seat's letter), whoever controls them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ProblemKind {
    /// The setup is written for another variant than the game's, or carries another
    /// variant's state.
    WrongVariant,
    /// An army has more than one royal piece on the board. In Yuri the King under a shared
    /// square (the one not listed in the pieces) counts for its army.
    TooManyRoyals,
    /// An army lacks its royal piece in a variant that never leaves an army on the board
    /// without it: Yuri, where nobody leaves the game, so every army has its King (the one
    /// under a shared square counting); Triple Crown, where a checkmated player's pieces all
    /// leave the board, so an army with any piece on the board has its Emperor. (O'Sullivan's
    /// dead armies and Yalta's taken-over armies are armies without their king by rule.)
    MissingRoyal,
    /// The side to move has no royal piece on the board, so it is out of the game and cannot
    /// be to move (O'Sullivan, Yalta, Triple Crown; in Yuri that army is [`MissingRoyal`]).
    ///
    /// [`MissingRoyal`]: ProblemKind::MissingRoyal
    SideToMoveOut,
    /// A pawn stands where no pawn of its army can stand: behind the rank its army's pawns
    /// start on (its own back rank; in Triple Crown its own ranks 1 and 2), or on a cell where
    /// it would have promoted on arriving (a rank it promotes on; in Yuri a square whose
    /// capture square is off the board).
    PawnOnImpossibleRank,
    /// A castling right (field `castling`) that no unmoved pair of pieces backs: the variant
    /// has no castling (Yuri); the right's cell is not the starting cell of a castling partner
    /// (in O'Sullivan only White's rook's, b8); or that partner, or its army's royal piece, is
    /// not on its starting cell.
    CastlingRightWithoutPieces,
    /// An en passant right that no double step could have left under the game's readings:
    /// its cell (`en_passant`, or `en_passant_earlier`) is occupied or is not a cell a double
    /// step passes over; the pawn that would have double-stepped over it does not stand just
    /// beyond it, or belongs to (Yalta: is controlled by) the side to move (O'Sullivan: or is
    /// neither a White pawn nor a P4; Yuri: is not a pawn of the player who has just moved,
    /// standing on `en_passant_pawn`, whose starting cell is empty); the reading has no double
    /// steps (`yuri.double-step=none`) or no second right (`en_passant_earlier` without
    /// `en_passant`, under a reading with one window, or for the same army as `en_passant`);
    /// or Yuri's `en_passant` comes without `en_passant_pawn`, or the other way round.
    EnPassantWithoutDoubleStep,
    /// O'Sullivan: the `p4` or `p4_freed` field does not fit the board: a P4 for White, a P4
    /// cell that does not hold its seat's pawn, or a freed P4 for a seat that has none.
    P4DoesNotFit,
    /// Yalta: the `control` field does not fit the board: it names an army whose king is on
    /// the board, or a controller whose king is not; or an army with pieces on the board and
    /// no king has no controller.
    ControlDoesNotFit,
    /// Yalta: the `first_check` field does not fit the board: it names a player who is not in
    /// check from two opponents, or an opponent not checking them; or a player in check from
    /// two opponents has no record.
    FirstCheckDoesNotFit,
    /// Yalta: the `pending_mate` field names a player under a reading without pending mates
    /// (any but `yalta.mate-final=after-left-player`), or a player who is to move, or one who
    /// is not in check.
    PendingMateDoesNotFit,
    /// Yuri: the `shared_square` field does not fit: its cell does not hold the White or the
    /// Black King (the one that moved there; the other stands under it), or the side to move
    /// is not the seat after that King's in turn order (W, R, B).
    SharedSquareDoesNotFit,
    /// Yuri: the `unmoved` field names a cell that does not hold a pawn of the army whose pawns
    /// start there.
    UnmovedDoesNotFit,
    /// Yuri: an entry of the `history` field is not a board state: it does not read as
    /// pieces, or it does not hold one King of each army.
    HistoryDoesNotFit,
    /// Triple Crown: the `instant_win` field names more than one seat, or a seat whose Emperor
    /// is not on the board.
    InstantWinDoesNotFit,
    /// A problem the engine does not sort into a kind. It is never compared with a kind: a
    /// fixture naming kinds checks only an engine's classified problems.
    Unclassified,
}

impl ProblemKind {
    /// Every kind, in order.
    pub const ALL: [ProblemKind; 16] = [
        ProblemKind::WrongVariant,
        ProblemKind::TooManyRoyals,
        ProblemKind::MissingRoyal,
        ProblemKind::SideToMoveOut,
        ProblemKind::PawnOnImpossibleRank,
        ProblemKind::CastlingRightWithoutPieces,
        ProblemKind::EnPassantWithoutDoubleStep,
        ProblemKind::P4DoesNotFit,
        ProblemKind::ControlDoesNotFit,
        ProblemKind::FirstCheckDoesNotFit,
        ProblemKind::PendingMateDoesNotFit,
        ProblemKind::SharedSquareDoesNotFit,
        ProblemKind::UnmovedDoesNotFit,
        ProblemKind::HistoryDoesNotFit,
        ProblemKind::InstantWinDoesNotFit,
        ProblemKind::Unclassified,
    ];

    /// Returns the kind's id, as fixtures and reports write it.
    pub fn id(self) -> &'static str {
        match self {
            ProblemKind::WrongVariant => "wrong-variant",
            ProblemKind::TooManyRoyals => "too-many-royals",
            ProblemKind::MissingRoyal => "missing-royal",
            ProblemKind::SideToMoveOut => "side-to-move-out",
            ProblemKind::PawnOnImpossibleRank => "pawn-on-impossible-rank",
            ProblemKind::CastlingRightWithoutPieces => "castling-right-without-pieces",
            ProblemKind::EnPassantWithoutDoubleStep => "en-passant-without-double-step",
            ProblemKind::P4DoesNotFit => "p4-does-not-fit",
            ProblemKind::ControlDoesNotFit => "control-does-not-fit",
            ProblemKind::FirstCheckDoesNotFit => "first-check-does-not-fit",
            ProblemKind::PendingMateDoesNotFit => "pending-mate-does-not-fit",
            ProblemKind::SharedSquareDoesNotFit => "shared-square-does-not-fit",
            ProblemKind::UnmovedDoesNotFit => "unmoved-does-not-fit",
            ProblemKind::HistoryDoesNotFit => "history-does-not-fit",
            ProblemKind::InstantWinDoesNotFit => "instant-win-does-not-fit",
            ProblemKind::Unclassified => "unclassified",
        }
    }

    /// Returns the kind with this id.
    pub fn from_id(id: &str) -> Option<ProblemKind> {
        ProblemKind::ALL.into_iter().find(|k| k.id() == id)
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl<'de> Deserialize<'de> for ProblemKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ProblemKind, D::Error> {
        let id = String::deserialize(deserializer)?;
        ProblemKind::from_id(&id).ok_or_else(|| {
            let known: Vec<&str> = ProblemKind::ALL.iter().map(|k| k.id()).collect();
            serde::de::Error::custom(format!(
                "unknown kind of position problem '{id}' (known: {})",
                known.join(", ")
            ))
        })
    }
}

/// One problem an engine found with a position: its kind, and the engine's words for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionProblem {
    /// What makes the position wrong, as one of the kinds every engine sorts problems into.
    pub kind: ProblemKind,
    /// The engine's own words for it.
    pub detail: String,
}

impl PositionProblem {
    /// Makes a problem of `kind`.
    pub fn new(kind: ProblemKind, detail: impl Into<String>) -> PositionProblem {
        PositionProblem {
            kind,
            detail: detail.into(),
        }
    }
}

/// Why a position was refused: every problem the engine found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition {
    /// Every problem found.
    pub problems: Vec<PositionProblem>,
}

impl InvalidPosition {
    /// Returns the kinds of the problems, each once.
    pub fn kinds(&self) -> BTreeSet<ProblemKind> {
        self.problems.iter().map(|p| p.kind).collect()
    }

    /// Returns the kinds of the problems the engine classified, each once.
    pub fn classified_kinds(&self) -> BTreeSet<ProblemKind> {
        let mut kinds = self.kinds();
        kinds.remove(&ProblemKind::Unclassified);
        kinds
    }

    /// Returns true if the engine sorted every problem into a kind.
    pub fn is_classified(&self) -> bool {
        !self.kinds().contains(&ProblemKind::Unclassified)
    }
}

/// A refusal with one unclassified problem, in the engine's words: what an engine that does
/// not sort its problems into kinds reports.
impl From<String> for InvalidPosition {
    fn from(detail: String) -> InvalidPosition {
        InvalidPosition {
            problems: vec![PositionProblem::new(ProblemKind::Unclassified, detail)],
        }
    }
}

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let details: Vec<&str> = self.problems.iter().map(|p| p.detail.as_str()).collect();
        f.write_str(&details.join("; "))
    }
}

impl std::error::Error for InvalidPosition {}
