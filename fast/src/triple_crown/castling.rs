//! Castling: the pairs, their rights, and the castling moves.

use super::board::{self, Ctx, Pos, code};
use super::turn::Mv;
use crate::mutant::Switch;
use crate::types::{Kind, Role};

/// One castling pair, on a seat's rank 1 (files from 0): the partner's file and role, the
/// Emperor's and partner's destinations, the cells that must be empty and those the Emperor
/// passes (which must not be attacked).
#[derive(Debug)]
pub(crate) struct CastleSpec {
    pub(crate) partner: i32,
    pub(crate) role: Role,
    pub(crate) emperor_to: i32,
    pub(crate) partner_to: i32,
    /// The files that must be empty, a bit per file.
    pub(crate) empty: u16,
    pub(crate) path: &'static [i32],
}

/// The set of `files` as a bit per file.
const fn files(files: &[i32]) -> u16 {
    let mut m = 0;
    let mut i = 0;
    while i < files.len() {
        m |= 1 << files[i];
        i += 1;
    }
    m
}

/// The castling slots, in right-bit order (a1, b1, i1, j1); the Emperor starts on f1.
pub(crate) const CASTLES: [CastleSpec; 4] = [
    // triple-crown.castling-queen-vicereine: E-QM1 and QV-QPm1.
    CastleSpec {
        partner: 0,
        role: Role::Vicereine,
        emperor_to: 2,
        partner_to: 3,
        empty: files(&[1, 2, 3, 4]),
        path: &[5, 4, 3, 2],
    },
    // triple-crown.castling-queen-chatelaine: E-QPm1 and QC-Q1.
    CastleSpec {
        partner: 1,
        role: Role::Chatelaine,
        emperor_to: 3,
        partner_to: 4,
        empty: files(&[2, 3, 4]),
        path: &[5, 4, 3],
    },
    // triple-crown.castling-emperor-h, read by triple-crown.castling-eh=chatelaine: E-EM1, EC-EPm1.
    CastleSpec {
        partner: 8,
        role: Role::Chatelaine,
        emperor_to: 7,
        partner_to: 6,
        empty: files(&[6, 7]),
        path: &[5, 6, 7],
    },
    // triple-crown.castling-emperor-vicereine: E-EM1 and EV-EPm1.
    CastleSpec {
        partner: 9,
        role: Role::Vicereine,
        emperor_to: 7,
        partner_to: 6,
        empty: files(&[6, 7, 8]),
        path: &[5, 6, 7],
    },
];

/// The Emperor's castling file (f).
pub(crate) const EMPEROR_FILE: i32 = 5;

impl Pos {
    /// The castling clauses: each pair whose right is held, whose intermediate cells are empty
    /// and whose Emperor path no enemy piece attacks.
    pub(super) fn castles(&self, ctx: Ctx<impl Switch>, out: &mut impl FnMut(Mv)) {
        let me = self.to_move.index();
        let rights = (self.castling >> (4 * me)) & 15;
        if rights == 0 {
            return;
        }
        // The seat's rank 1, a bit per file (it lies within one word of the set).
        let first = board::index(me, 0, 0);
        debug_assert_eq!(first >> 6, (first + board::FILES as usize - 1) >> 6);
        let rank_one = (self.occ.0[first >> 6] >> (first & 63)) as u16;
        let enemies = self.enemies(self.to_move);
        for (slot, spec) in CASTLES.iter().enumerate() {
            if rights >> slot & 1 == 0
                || rank_one & spec.empty != 0
                || (slot == 2 && !ctx.r.eh_chatelaine)
            {
                continue;
            }
            let cell = |file: i32| board::index(me, file, 0);
            if self.emperor[me] as usize != cell(EMPEROR_FILE)
                || self.board[cell(spec.partner)] != code(self.to_move, spec.role)
            {
                continue;
            }
            // triple-crown.castling-check: from either enemy, whoever moves next.
            if !ctx.r.bugs.castle_through_check.on()
                && spec
                    .path
                    .iter()
                    .any(|&f| self.attacked_with(ctx, cell(f), enemies, self.occ))
            {
                continue;
            }
            out(Mv::new(
                cell(EMPEROR_FILE),
                cell(spec.emperor_to),
                Kind::Castle,
                slot as u8,
            ));
        }
    }
}

/// Returns the castling right bit of a partner cell (a1, b1, i1 or j1 of a seat), if it is one.
pub(crate) fn castling_bit(cell: usize) -> Option<u16> {
    let (seat, file, rank) = board::coords(cell);
    if rank != 0 {
        return None;
    }
    let slot = CASTLES.iter().position(|s| s.partner == file)?;
    Some((seat * 4 + slot) as u16)
}
