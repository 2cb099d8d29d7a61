//! The open points of the Triple Crown text, as named interpretations (defaults first). The
//! register (`register/triple-crown.toml`) gives each one's question, readings and why the
//! default is the default.

use std::collections::BTreeMap;

use crate::interpretation::open_point;
use crate::interpretation::{InterpretationError, Readings, interpretation};
use trichess_suite::OpenPoint;

interpretation! {
    /// `triple-crown.start-array`: the source's setup diagram is missing, so any starting
    /// position is a reconstruction.
    StartArray = "triple-crown.start-array" {
        /// Rank 1 as the castling notation names its files (V C M I Q E I M C V from file a),
        /// Knights on b2 and i2, Pawns on rank 3; seat A moves first. A reconstruction.
        Reconstructed = "reconstructed",
    }
}

interpretation! {
    /// `triple-crown.castling-eh`: the second castling pair, "E-EM1 and EH-EPm1", names a
    /// piece H that does not exist.
    CastlingEh = "triple-crown.castling-eh" {
        /// EH is the Emperor's Chatelaine: each crowned rook of the array castles on each side.
        Chatelaine = "chatelaine",
        /// The pair names no piece and is not played.
        Void = "void",
    }
}

interpretation! {
    /// `triple-crown.knight`: which cells "the usual FIDE" Knight leaps to near the centre,
    /// where the chessboard's descriptions of its move part ways.
    Knight = "triple-crown.knight" {
        /// Both path descriptions, each made symmetric: the common closure.
        Symmetric = "symmetric",
        /// One step like a rook, then one like a bishop, outwards.
        OrthogonalThenDiagonal = "orthogonal-then-diagonal",
        /// Two steps like a rook, then one to either side.
        TwoThenOne = "two-then-one",
    }
}

interpretation! {
    /// `triple-crown.turn-order`: the source never says who moves first or who moves next.
    TurnOrder = "triple-crown.turn-order" {
        /// A, then B, then C.
        ABC = "a-b-c",
        /// A, then C, then B.
        ACB = "a-c-b",
    }
}

interpretation! {
    /// `triple-crown.en-passant-window`: "any enemy Pawn" may take en passant, but until when?
    EnPassantWindow = "triple-crown.en-passant-window" {
        /// Each enemy, on its first turn after the double step.
        BothEnemies = "both-enemies",
        /// Only the player who moves next, on that move (FIDE's "immediately following").
        NextPlayer = "next-player",
    }
}

interpretation! {
    /// `triple-crown.pawn-rank-count`: how the source counts the ranks of a Pawn at the centre.
    PawnRankCount = "triple-crown.pawn-rank-count" {
        /// "Between its fourth and fifth ranks" is the capture from the Pawn's own centre row
        /// to an enemy's centre row, through the centre point.
        CentreCrossing = "centre-crossing",
    }
}

interpretation! {
    /// `triple-crown.self-exposure`: may a player leave their own Emperor en prise?
    SelfExposure = "triple-crown.self-exposure" {
        /// Not while any other move is possible (FIDE); when every move does, any move.
        NotUnlessForced = "not-unless-forced",
        /// Always: an Emperor left en prise falls when its attacker's turn comes.
        Allowed = "allowed",
    }
}

interpretation! {
    /// `triple-crown.symmetric-pieces`: which array pieces make up "the full quota of
    /// symmetric array pieces".
    SymmetricPieces = "triple-crown.symmetric-pieces" {
        /// The pieces the array has in mirror pairs: two each of Chatelaine, Vicereine,
        /// Primate, Moderator and Knight.
        Pairs = "pairs",
        /// Those and the Queen.
        WithQueen = "with-queen",
    }
}

interpretation! {
    /// `triple-crown.promotion-diarch-only`: what a player short of array pieces promotes to
    /// when their only non-array piece is a Diarch.
    PromotionDiarchOnly = "triple-crown.promotion-diarch-only" {
        /// A Baroness or a Pope, as for a player with the full quota.
        BaronessOrPope = "baroness-or-pope",
        /// One of the missing pieces, as for a player with no non-array piece.
        MissingPiece = "missing-piece",
    }
}

interpretation! {
    /// `triple-crown.stalemate`: the source does not say what happens to a player to move
    /// who has no move at all.
    Stalemate = "triple-crown.stalemate" {
        /// The game is drawn (FIDE).
        Draw = "draw",
        /// The player leaves the game as if checkmated; play goes on.
        Out = "out",
    }
}

interpretation! {
    /// `triple-crown.en-prise-chain`: when removing one checkmated player's pieces uncovers a
    /// line from a piece of the player about to move to the other enemy's Emperor, is that
    /// player checkmated too?
    EnPriseChain = "triple-crown.en-prise-chain" {
        /// Yes: the condition is a standing one, applied again after each removal until no
        /// Emperor is en prise to the player about to move.
        Repeat = "repeat",
        /// No: only the Emperors en prise before any removal are checkmated.
        Once = "once",
    }
}

/// The readings chosen for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The reading of `triple-crown.start-array`.
    pub start_array: StartArray,
    /// The reading of `triple-crown.castling-eh`.
    pub castling_eh: CastlingEh,
    /// The reading of `triple-crown.knight`.
    pub knight: Knight,
    /// The reading of `triple-crown.turn-order`.
    pub turn_order: TurnOrder,
    /// The reading of `triple-crown.en-passant-window`.
    pub en_passant_window: EnPassantWindow,
    /// The reading of `triple-crown.pawn-rank-count`.
    pub pawn_rank_count: PawnRankCount,
    /// The reading of `triple-crown.self-exposure`.
    pub self_exposure: SelfExposure,
    /// The reading of `triple-crown.symmetric-pieces`.
    pub symmetric_pieces: SymmetricPieces,
    /// The reading of `triple-crown.promotion-diarch-only`.
    pub promotion_diarch_only: PromotionDiarchOnly,
    /// The reading of `triple-crown.stalemate`.
    pub stalemate: Stalemate,
    /// The reading of `triple-crown.en-prise-chain`.
    pub en_prise_chain: EnPriseChain,
}

impl Options {
    /// Reads the interpretation map of a game.
    pub fn read(given: &BTreeMap<String, String>) -> Result<Options, InterpretationError> {
        let mut r = Readings::new(given);
        let options = Options {
            start_array: r.get(),
            castling_eh: r.get(),
            knight: r.get(),
            turn_order: r.get(),
            en_passant_window: r.get(),
            pawn_rank_count: r.get(),
            self_exposure: r.get(),
            symmetric_pieces: r.get(),
            promotion_diarch_only: r.get(),
            stalemate: r.get(),
            en_prise_chain: r.get(),
        };
        r.finish()?;
        Ok(options)
    }

    /// Lists every interpretation with its readings.
    pub fn all() -> Vec<OpenPoint> {
        vec![
            open_point::<StartArray>(),
            open_point::<CastlingEh>(),
            open_point::<Knight>(),
            open_point::<TurnOrder>(),
            open_point::<EnPassantWindow>(),
            open_point::<PawnRankCount>(),
            open_point::<SelfExposure>(),
            open_point::<SymmetricPieces>(),
            open_point::<PromotionDiarchOnly>(),
            open_point::<Stalemate>(),
            open_point::<EnPriseChain>(),
        ]
    }
}
