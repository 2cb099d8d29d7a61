//! The open points of the Yalta text, as named interpretations (defaults first).

use std::collections::BTreeMap;

use crate::interpretation::open_point;
use crate::interpretation::{InterpretationError, Readings, interpretation};
use trichess_suite::OpenPoint;

interpretation! {
    /// `yalta.turn-order`: the source never says who moves after whom.
    TurnOrder = "yalta.turn-order" {
        /// Red, Green, Blue: each player passes the turn to the player on their right, so the
        /// player to one's left moves just before one's own turn.
        RedGreenBlue = "red-green-blue",
        /// Red, Blue, Green: each player passes the turn to the player on their left.
        RedBlueGreen = "red-blue-green",
    }
}

interpretation! {
    /// `yalta.knight-centre`: "Their path near the junction may appear unusual": which cells a
    /// knight reaches near the centre.
    KnightCentre = "yalta.knight-centre" {
        /// Every leap either path definition makes, made two-way: a knight on either cell of
        /// a leap reaches the other.
        Symmetric = "symmetric",
        /// One orthogonal step, then one diagonal step carrying on the same way.
        OrthogonalThenDiagonal = "orthogonal-then-diagonal",
        /// Two orthogonal steps in one direction, then one step to either side.
        TwoThenOne = "two-then-one",
    }
}

interpretation! {
    /// `yalta.king-across-centre`: whether a king steps between the two centre cells that
    /// lie straight across the centre point from each other (Ad4 and Be4, say).
    KingAcrossCentre = "yalta.king-across-centre" {
        /// A king steps one cell along a rook's or a bishop's line only; no line joins
        /// opposite centre cells.
        LinesOnly = "lines-only",
        /// A king also steps to the opposite centre cell, which touches its own at the
        /// centre point.
        Touching = "touching",
    }
}

interpretation! {
    /// `yalta.en-passant-window`: FIDE allows en passant "only on the move immediately
    /// following" the double step; with three players that move is one opponent's.
    EnPassantWindow = "yalta.en-passant-window" {
        /// Only the player who moves next may capture en passant, on that move.
        NextPlayer = "next-player",
        /// Each opponent may, on their next move, until the double-stepper moves again.
        BothOpponents = "both-opponents",
    }
}

interpretation! {
    /// `yalta.mate-final`: when a checkmate becomes final, given that "the player to their
    /// left may attempt to help them".
    MateFinal = "yalta.mate-final" {
        /// As in FIDE: a player in check with no legal move when their turn comes is
        /// checkmated then and there; help counts if it comes before that turn.
        OwnTurn = "own-turn",
        /// A player in check with no legal move on their turn passes; the mate becomes final
        /// at the end of the next turn of the player to their left, if they are still in
        /// check with no legal move then.
        AfterLeftPlayer = "after-left-player",
    }
}

interpretation! {
    /// `yalta.takeover-promotion`: "Promoting a captured pawn from the new army requires a
    /// piece sacrifice".
    TakeoverPromotion = "yalta.takeover-promotion" {
        /// A pawn of a taken-over army reaches its promotion rank only by capturing a piece
        /// of its own controller there (the sacrifice), and then promotes.
        Sacrifice = "sacrifice",
        /// It reaches its promotion rank only by a capture: of its controller's piece (the
        /// sacrifice) or of an opponent's, as usual.
        AnyCapture = "any-capture",
        /// The clause is not applied: such pawns promote like any other.
        AsUsual = "as-usual",
    }
}

interpretation! {
    /// `yalta.simultaneous-checks`: which check came first when one move starts checks by
    /// two opponents at once (its own, and one it uncovers).
    SimultaneousChecks = "yalta.simultaneous-checks" {
        /// The mover's check: the move delivered it; the other was only uncovered.
        MoverFirst = "mover-first",
        /// The uncovered check: its piece stood ready before the move.
        UncoveredFirst = "uncovered-first",
    }
}

interpretation! {
    /// `yalta.stalemate`: FIDE's stalemate draws a two-player game; the source does not say
    /// what it does with three.
    Stalemate = "yalta.stalemate" {
        /// A player to move with no legal move who is not in check draws the game.
        Draw = "draw",
        /// A stalemated player passes and play goes on; the game is drawn only when no
        /// player in the game has a legal move.
        Pass = "pass",
    }
}

interpretation! {
    /// `yalta.exposed-king`: one player's move can leave another's king attacked by the third
    /// player, who moves before the king's owner can escape; FIDE never captures a king.
    ExposedKing = "yalta.exposed-king" {
        /// No move captures a king: an attacked king must escape on its own turn and leaves
        /// the board only by checkmate.
        NoCapture = "no-capture",
        /// A player may capture an enemy king that is attacked when their turn comes; that
        /// king's army is out and passes to the capturer, as after a checkmate.
        Capture = "capture",
    }
}

interpretation! {
    /// `yalta.captured-king-army`: under `yalta.exposed-king=capture`, whether a capture of a
    /// king is judged with that king's armies already in the capturer's hands or still hostile
    /// until the move is over.
    CapturedKingArmy = "yalta.captured-king-army" {
        /// The armies pass as the king is taken: none of their pieces attacks the capturer's
        /// king when the capture is judged (decision D9).
        Passed = "passed",
        /// The armies stay hostile until the move is over: a capture of a king that leaves
        /// the capturer's king attacked by one of their pieces is illegal.
        Hostile = "hostile",
    }
}

/// The readings chosen for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The reading of `yalta.turn-order`.
    pub turn_order: TurnOrder,
    /// The reading of `yalta.knight-centre`.
    pub knight_centre: KnightCentre,
    /// The reading of `yalta.king-across-centre`.
    pub king_across_centre: KingAcrossCentre,
    /// The reading of `yalta.en-passant-window`.
    pub en_passant_window: EnPassantWindow,
    /// The reading of `yalta.mate-final`.
    pub mate_final: MateFinal,
    /// The reading of `yalta.takeover-promotion`.
    pub takeover_promotion: TakeoverPromotion,
    /// The reading of `yalta.simultaneous-checks`.
    pub simultaneous_checks: SimultaneousChecks,
    /// The reading of `yalta.stalemate`.
    pub stalemate: Stalemate,
    /// The reading of `yalta.exposed-king`.
    pub exposed_king: ExposedKing,
    /// The reading of `yalta.captured-king-army`.
    pub captured_king_army: CapturedKingArmy,
}

impl Options {
    /// Reads the interpretation map of a game.
    pub fn read(given: &BTreeMap<String, String>) -> Result<Options, InterpretationError> {
        let mut r = Readings::new(given);
        let options = Options {
            turn_order: r.get(),
            knight_centre: r.get(),
            king_across_centre: r.get(),
            en_passant_window: r.get(),
            mate_final: r.get(),
            takeover_promotion: r.get(),
            simultaneous_checks: r.get(),
            stalemate: r.get(),
            exposed_king: r.get(),
            captured_king_army: r.get(),
        };
        r.finish()?;
        Ok(options)
    }

    /// Lists every interpretation with its readings.
    pub fn all() -> Vec<OpenPoint> {
        vec![
            open_point::<TurnOrder>(),
            open_point::<KnightCentre>(),
            open_point::<KingAcrossCentre>(),
            open_point::<EnPassantWindow>(),
            open_point::<MateFinal>(),
            open_point::<TakeoverPromotion>(),
            open_point::<SimultaneousChecks>(),
            open_point::<Stalemate>(),
            open_point::<ExposedKing>(),
            open_point::<CapturedKingArmy>(),
        ]
    }
}
