//! The open points of the Yuri Chess text, as named interpretations (defaults first).

use std::collections::BTreeMap;

use crate::interpretation::open_point;
use crate::interpretation::{InterpretationError, Readings, interpretation};
use trichess_suite::OpenPoint;

interpretation! {
    /// `yuri.pawns`, `yuri.translator-unsure`: the source gives two descriptions of the
    /// pawns' steps and says "The translator does not know which of these are implied."
    Pawns = "yuri.pawns" {
        /// The first description: Black's pawns step NE or NW, White's SE or SW, Red's NW or
        /// SW (the two orthogonal steps away from the army's corner), capturing one step N, S
        /// and W.
        TwoDirections = "two-directions",
        /// The alternative: of those two steps, a pawn takes only the one that also leads away
        /// from the long diagonal of its colour (a1-g7 for White and Black, a7-g1 for Red),
        /// capturing parallel to that diagonal.
        AwayFromDiagonal = "away-from-diagonal",
    }
}

interpretation! {
    /// `yuri.double-step`: the source says pawns move "one step", and that rule zero
    /// (orthodox chess) applies to anything not stated; it does not mention a first double
    /// step or en passant.
    DoubleStep = "yuri.double-step" {
        /// Pawns only ever move one step; so there is no en passant either.
        Never = "none",
        /// A pawn that has not moved may step twice in one of its step directions over an
        /// empty square; the next player may take it en passant, as in FIDE 3.7.
        FirstMove = "first-move",
    }
}

interpretation! {
    /// `yuri.king-onto-king`: a King may step onto the square of the other King of the
    /// White-Black pair "in lieu of a capture that would otherwise exist"; the source does
    /// not say whether that step may be made onto a square attacked by a non-King piece.
    KingOntoKing = "yuri.king-onto-king" {
        /// Only where a King could otherwise capture: the mover's King may not stand in check
        /// on the shared square.
        NotIntoCheck = "not-into-check",
        /// Also onto an attacked square: the game ends on the shared square before any check
        /// could count.
        IntoCheck = "into-check",
    }
}

interpretation! {
    /// `yuri.red-checkmate`: "Red wins by checkmating any King – including its own": Red's
    /// pieces can never check Red's King, so the words cannot mean that Red's pieces give the
    /// mate.
    RedCheckmate = "yuri.red-checkmate" {
        /// Every checkmate, of any King, whoever's pieces give the check, is Red's win.
        AnyMate = "any-mate",
    }
}

interpretation! {
    /// `yuri.stalemate`, `yuri.stalemate-proposal`: "the writer of this set of rules would
    /// like to add a winning condition of depriving any player of a legal move (stalemate)"
    /// (in White's paragraph).
    Stalemate = "yuri.stalemate" {
        /// The proposal is not adopted: by rule zero (FIDE 5.2.1) a stalemate draws the game.
        Draw = "draw",
        /// The proposal adopted: White wins when the player to move, whoever it is, has no
        /// legal move and is not in check.
        WhiteWins = "white-wins",
        /// The proposal adopted, the win going to the player who deprived the other of a legal
        /// move: the player who made the last move (the seat before the stalemated player in
        /// turn order) wins.
        MoverWins = "mover-wins",
    }
}

interpretation! {
    /// `yuri.mate-timing`: when a checkmate counts. FIDE judges it for the player to move; the
    /// text also speaks of a King "immediately ... checkmated by Red".
    MateTiming = "yuri.mate-timing" {
        /// A King is checkmated when its owner is to move, in check, with no legal move; the
        /// player moving in between may still lift the check.
        OwnerTurn = "owner-turn",
        /// After every move, each King in check whose owner, were it their turn, would have no
        /// legal move is checkmated at once, whoever is to move.
        Immediately = "immediately",
    }
}

/// The readings chosen for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The reading of `yuri.pawns`.
    pub pawns: Pawns,
    /// The reading of `yuri.double-step`.
    pub double_step: DoubleStep,
    /// The reading of `yuri.king-onto-king`.
    pub king_onto_king: KingOntoKing,
    /// The reading of `yuri.red-checkmate`.
    pub red_checkmate: RedCheckmate,
    /// The reading of `yuri.stalemate`.
    pub stalemate: Stalemate,
    /// The reading of `yuri.mate-timing`.
    pub mate_timing: MateTiming,
}

impl Options {
    /// Reads the interpretation map of a game.
    pub fn read(given: &BTreeMap<String, String>) -> Result<Options, InterpretationError> {
        let mut r = Readings::new(given);
        let options = Options {
            pawns: r.get(),
            double_step: r.get(),
            king_onto_king: r.get(),
            red_checkmate: r.get(),
            stalemate: r.get(),
            mate_timing: r.get(),
        };
        r.finish()?;
        Ok(options)
    }

    /// Lists every interpretation with its readings.
    pub fn all() -> Vec<OpenPoint> {
        vec![
            open_point::<Pawns>(),
            open_point::<DoubleStep>(),
            open_point::<KingOntoKing>(),
            open_point::<RedCheckmate>(),
            open_point::<Stalemate>(),
            open_point::<MateTiming>(),
        ]
    }
}
