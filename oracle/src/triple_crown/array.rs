//! The starting array: a RECONSTRUCTION (`triple-crown.start-array=reconstructed`).
//!
//! The source's setup diagram is missing from the text we have ("represented above by its
//! initial C" points at a picture that is not there). What the text does say:
//! - The castling pairs are written in descriptive notation, which names each file of rank 1
//!   after the array piece standing on it: E, Q, and an Emperor's-side and a Queen's-side
//!   Primate (EPm, QPm), Moderator (EM, QM), Vicereine (EV, QV) and Chatelaine (QC; EH, see
//!   `triple-crown.castling-eh`). That is ten files, one rank of a 10-file half-board.
//! - Each pair moves the castling piece to the cell next to the Emperor's destination, on the
//!   Emperor's side, as FIDE castling does: "E-EM1 and EV-EPm1" puts EPm between E and EM and
//!   EV beyond EM; "E-QPm1 and QC-Q1" puts Q between E and QPm and QC beyond it; "E-QM1 and
//!   QV-QPm1" puts QPm between E and QM. So from the Emperor outwards: E, Pm, M on its side and
//!   Q, Pm, M on the other, the two crowned rooks outermost.
//! - "Pawns have an initial double-step move from the third rank": the Pawns start on rank 3.
//! - The Knight is an array piece (the three non-array pieces are the Baroness, Pope and
//!   Diarch), and rank 1 is full, so the Knights stand on rank 2.
//!
//! What the text does not say, and this reconstruction chooses:
//! - The Vicereines in the corners and the Chatelaines inside them (V C M Pm Q E Pm M C V):
//!   then the Queen's-side Vicereine, from further out, castles long (E-QM1) and the nearer
//!   Chatelaine short (E-QPm1); the other way round the far piece would castle short.
//! - The Emperor on file f, the Queen on e, for every seat: each seat's Emperor's side is then
//!   its right-hand quadrant (files f-j), which the board joins to the next seat's left-hand
//!   quadrant, so every seam joins a Kingside to a Queenside as the source requires.
//! - The Knights on b2 and i2, the files a chessboard's Knights stand on counted from the
//!   corners.
//! - Seat A moves first (the source names no first player; `triple-crown.turn-order`).

use std::collections::BTreeMap;

use trichess_model::{Cell, Piece, Role, Seat, TripleCrownState, Variant, VariantState};

use super::TripleCrown;
use super::options::CastlingEh;

/// Rank 1 of every seat, files a to j (the Primate is `I`).
pub const BACK_RANK: [Role; 10] = [
    Role::Vicereine,
    Role::Chatelaine,
    Role::Moderator,
    Role::Primate,
    Role::Queen,
    Role::Emperor,
    Role::Primate,
    Role::Moderator,
    Role::Chatelaine,
    Role::Vicereine,
];

/// The files (from 0) of the Knights on rank 2.
const KNIGHT_FILES: [i32; 2] = [1, 8];

/// The rank (from 0) the Pawns start on: the third.
pub const PAWN_RANK: i32 = 2;

/// Returns the file (from 0) of the Emperor on rank 1: f.
pub fn emperor_file() -> Option<i32> {
    file_of(Role::Emperor, Side::Emperor)
}

/// A side of the back rank, as descriptive notation names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The Emperor's side ("E..." files).
    Emperor,
    /// The Queen's side ("Q..." files).
    Queen,
}

/// Returns the file of the array piece `role` on `side` (the Emperor and Queen count as being
/// on their own sides), as descriptive notation's file names do: `EM` is
/// `file_of(Moderator, Emperor)`.
pub fn file_of(role: Role, side: Side) -> Option<i32> {
    let emperor = BACK_RANK.iter().position(|&r| r == Role::Emperor)?;
    let queen = BACK_RANK.iter().position(|&r| r == Role::Queen)?;
    let on_emperor_side = |f: usize| {
        if emperor > queen {
            f >= emperor
        } else {
            f <= emperor
        }
    };
    BACK_RANK
        .iter()
        .enumerate()
        .find(|&(f, &r)| r == role && on_emperor_side(f) == (side == Side::Emperor))
        .and_then(|(f, _)| i32::try_from(f).ok())
}

/// One castling pair: the Emperor's move and the partner's, on the castling seat's rank 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingPair {
    /// The register clause of the pair.
    pub clause: &'static str,
    /// The file the Emperor goes to.
    pub emperor_to: i32,
    /// The partner's role and the file it starts on.
    pub partner: Role,
    pub partner_from: i32,
    /// The file the partner goes to.
    pub partner_to: i32,
}

/// Lists the castling pairs, read off the descriptive notation of the source:
/// "E-EM1 and EV-EPm1; E-EM1 and EH-EPm1; E-QM1 and QV-QPm1; E-QPm1 and QC-Q1."
/// The second pair's EH is read by `triple-crown.castling-eh`.
pub fn castling_pairs(castling_eh: CastlingEh) -> Vec<CastlingPair> {
    use Role::{Chatelaine, Moderator, Primate, Queen, Vicereine};
    use Side::{Emperor as E, Queen as Q};
    let pair = |clause, emperor_to: Option<i32>, partner, from: Option<i32>, to: Option<i32>| {
        Some(CastlingPair {
            clause,
            emperor_to: emperor_to?,
            partner,
            partner_from: from?,
            partner_to: to?,
        })
    };
    let eh = match castling_eh {
        CastlingEh::Chatelaine => Some(Chatelaine),
        CastlingEh::Void => None,
    };
    [
        pair(
            "triple-crown.castling-emperor-vicereine",
            file_of(Moderator, E),
            Vicereine,
            file_of(Vicereine, E),
            file_of(Primate, E),
        ),
        eh.and_then(|role| {
            pair(
                "triple-crown.castling-emperor-h",
                file_of(Moderator, E),
                role,
                file_of(role, E),
                file_of(Primate, E),
            )
        }),
        pair(
            "triple-crown.castling-queen-vicereine",
            file_of(Moderator, Q),
            Vicereine,
            file_of(Vicereine, Q),
            file_of(Primate, Q),
        ),
        pair(
            "triple-crown.castling-queen-chatelaine",
            file_of(Primate, Q),
            Chatelaine,
            file_of(Chatelaine, Q),
            file_of(Queen, Q),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Lists the symmetric array pieces with their number in the array: the roles that stand
/// there in mirror pairs (Chatelaine, Vicereine, Primate, Moderator, Knight, two each), and
/// the Queen too if `with_queen` (`triple-crown.symmetric-pieces`).
pub fn symmetric_quota(with_queen: bool) -> Vec<(Role, usize)> {
    let mut counts: BTreeMap<Role, usize> = BTreeMap::new();
    for role in BACK_RANK
        .iter()
        .copied()
        .chain(KNIGHT_FILES.map(|_| Role::Knight))
    {
        *counts.entry(role).or_default() += 1;
    }
    counts
        .into_iter()
        .filter(|&(role, n)| n == 2 || (with_queen && role == Role::Queen))
        .collect()
}

/// Returns the reconstructed starting position: every seat's array as above, each Emperor and
/// castling partner with its castling right, seat A to move.
///
/// `triple-crown.setup`: the source's "Setup" has no diagram, so this is a reconstruction
/// (`triple-crown.start-array`), and the rules say so wherever it is used.
pub fn start_setup(tc: &TripleCrown) -> trichess_model::Setup {
    let mut pieces = BTreeMap::new();
    let mut put = |seat: Seat, file: i32, rank: i32, role: Role| {
        if let Some(cell) = tc.hex.cell(seat, file, rank) {
            pieces.insert(cell, Piece::new(seat, role));
        }
    };
    for seat in Seat::ALL {
        for (file, &role) in (0..).zip(BACK_RANK.iter()) {
            put(seat, file, 0, role);
        }
        for file in KNIGHT_FILES {
            put(seat, file, 1, Role::Knight);
        }
        for file in 0..2 * tc.hex.n() {
            put(seat, file, PAWN_RANK, Role::Pawn);
        }
    }
    let castling: Vec<Cell> = Seat::ALL
        .into_iter()
        .flat_map(|seat| {
            castling_pairs(tc.options.castling_eh)
                .into_iter()
                .filter_map(move |p| tc.hex.cell(seat, p.partner_from, 0))
        })
        .collect();
    trichess_model::Setup {
        variant: Variant::TripleCrown,
        to_move: Seat::A,
        pieces,
        castling: castling.into_iter().collect(),
        en_passant: None,
        state: VariantState::TripleCrown(TripleCrownState::default()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptive_files_are_those_the_castling_notation_needs() {
        use Role::*;
        assert_eq!(file_of(Emperor, Side::Emperor), Some(5));
        assert_eq!(file_of(Queen, Side::Queen), Some(4));
        // From the Emperor outwards: Pm, M, then the crowned rooks; mirrored on the Queen's side.
        assert_eq!(file_of(Primate, Side::Emperor), Some(6));
        assert_eq!(file_of(Moderator, Side::Emperor), Some(7));
        assert_eq!(file_of(Chatelaine, Side::Emperor), Some(8));
        assert_eq!(file_of(Vicereine, Side::Emperor), Some(9));
        assert_eq!(file_of(Primate, Side::Queen), Some(3));
        assert_eq!(file_of(Moderator, Side::Queen), Some(2));
        assert_eq!(file_of(Chatelaine, Side::Queen), Some(1));
        assert_eq!(file_of(Vicereine, Side::Queen), Some(0));
        assert_eq!(file_of(Knight, Side::Queen), None);
    }

    #[test]
    fn each_partner_lands_next_to_the_emperor_on_the_emperors_side() {
        let e = emperor_file().unwrap();
        for pair in castling_pairs(CastlingEh::Chatelaine) {
            let towards = (pair.emperor_to - e).signum();
            assert_eq!(pair.partner_to, pair.emperor_to - towards, "{pair:?}");
            assert_eq!((pair.partner_from - e).signum(), towards, "{pair:?}");
            assert!((pair.partner_from - e).abs() > (pair.emperor_to - e).abs());
        }
        assert_eq!(castling_pairs(CastlingEh::Chatelaine).len(), 4);
        assert_eq!(castling_pairs(CastlingEh::Void).len(), 3);
    }

    #[test]
    fn the_quota_is_the_mirror_pairs() {
        use Role::*;
        let pairs: Vec<(Role, usize)> = [Chatelaine, Vicereine, Primate, Moderator, Knight]
            .map(|r| (r, 2))
            .into_iter()
            .collect();
        let mut got = symmetric_quota(false);
        got.sort();
        let mut want = pairs.clone();
        want.sort();
        assert_eq!(got, want);
        assert!(symmetric_quota(true).contains(&(Queen, 1)));
        assert!(!symmetric_quota(true).iter().any(|&(r, _)| r == Emperor));
    }
}
