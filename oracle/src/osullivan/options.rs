//! The open points of O'Sullivan's text, as named interpretations (defaults first).

use std::collections::BTreeMap;

use crate::interpretation::open_point;
use crate::interpretation::{InterpretationError, Readings, interpretation};
use trichess_suite::OpenPoint;

interpretation! {
    /// `osullivan.turn-order`: the source never says who moves after White.
    TurnOrder = "osullivan.turn-order" {
        /// White, then Red, then Black: clockwise round the table seen from above (White
        /// at the top of the diagram, Red at its lower right, Black at its lower left).
        WhiteRedBlack = "white-red-black",
        /// White, then Black, then Red.
        WhiteBlackRed = "white-black-red",
    }
}

interpretation! {
    /// `osullivan.stalemate`: "Normal chess rules apply", but FIDE's stalemate is a draw
    /// between two players.
    Stalemate = "osullivan.stalemate" {
        /// A player to move with no legal move who is not in check draws the whole game.
        Draw = "draw",
        /// A stalemated player leaves the game as if checkmated; play goes on.
        Out = "out",
    }
}

interpretation! {
    /// `osullivan.end-of-game`: the source does not say when the game ends or who wins.
    EndOfGame = "osullivan.end-of-game" {
        /// Play goes on after a checkmate; the last player with a king wins.
        LastKing = "last-king",
    }
}

interpretation! {
    /// `osullivan.en-passant-window`: "En passant rules apply", but with three players the
    /// move "immediately following" a double step is one opponent's.
    EnPassantWindow = "osullivan.en-passant-window" {
        /// Only the player who moves next may capture en passant, on that move.
        NextPlayer = "next-player",
        /// Each opponent may, on their next move, until the double-stepper moves again.
        BothOpponents = "both-opponents",
    }
}

interpretation! {
    /// `osullivan.knight-barrier`: "no piece may cross this barrier", but a knight's move
    /// has no path in FIDE's rules.
    KnightBarrier = "osullivan.knight-barrier" {
        /// A knight jumps: the barrier never stops it, nor its check.
        Jumps = "jumps",
        /// A knight may not make, nor check along, a move whose straight line from centre
        /// to centre crosses the barrier: c2-e1 and d1-f2, both ways.
        StraightLine = "straight-line",
    }
}

interpretation! {
    /// `osullivan.castling-direction`: "move the King one space" does not say which way.
    CastlingDirection = "osullivan.castling-direction" {
        /// The king steps towards the rook (d8-c8) and the rook crosses it to d8, as in FIDE
        /// castling.
        TowardsRook = "towards-rook",
        /// The king may also step away from the rook (d8-e8), the rook going to d8.
        EitherSide = "either-side",
    }
}

interpretation! {
    /// `osullivan.exposed-king`: with three players, one player's move can leave another's
    /// king attacked by the third, who then moves; the source does not say what happens.
    ExposedKing = "osullivan.exposed-king" {
        /// No move captures a king: the attacked king must escape on its own turn and is
        /// removed only by checkmate.
        NoCapture = "no-capture",
        /// The player may capture the exposed king; its owner is then out as if checkmated.
        Capture = "capture",
    }
}

/// The readings chosen for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The reading of `osullivan.turn-order`.
    pub turn_order: TurnOrder,
    /// The reading of `osullivan.stalemate`.
    pub stalemate: Stalemate,
    /// The reading of `osullivan.end-of-game`.
    pub end_of_game: EndOfGame,
    /// The reading of `osullivan.en-passant-window`.
    pub en_passant_window: EnPassantWindow,
    /// The reading of `osullivan.knight-barrier`.
    pub knight_barrier: KnightBarrier,
    /// The reading of `osullivan.castling-direction`.
    pub castling_direction: CastlingDirection,
    /// The reading of `osullivan.exposed-king`.
    pub exposed_king: ExposedKing,
}

impl Options {
    /// Reads the interpretation map of a game.
    pub fn read(given: &BTreeMap<String, String>) -> Result<Options, InterpretationError> {
        let mut r = Readings::new(given);
        let options = Options {
            turn_order: r.get(),
            stalemate: r.get(),
            end_of_game: r.get(),
            en_passant_window: r.get(),
            knight_barrier: r.get(),
            castling_direction: r.get(),
            exposed_king: r.get(),
        };
        r.finish()?;
        Ok(options)
    }

    /// Lists every interpretation with its readings.
    pub fn all() -> Vec<OpenPoint> {
        vec![
            open_point::<TurnOrder>(),
            open_point::<Stalemate>(),
            open_point::<EndOfGame>(),
            open_point::<EnPassantWindow>(),
            open_point::<KnightBarrier>(),
            open_point::<CastlingDirection>(),
            open_point::<ExposedKing>(),
        ]
    }
}
