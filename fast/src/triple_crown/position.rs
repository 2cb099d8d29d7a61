//! The internal position, move generation, attacks, and playing a move (copy-make).

use super::bits::{Bits, CELLS};
use super::board;
use super::readings::Readings;
use super::tables::{NONE, Ray, Reach, Tables};
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::sink::Sink;

// Role codes.
pub(crate) const EMPEROR: u8 = 0;
pub(crate) const DIARCH: u8 = 1;
pub(crate) const QUEEN: u8 = 2;
pub(crate) const CHATELAINE: u8 = 3;
pub(crate) const VICEREINE: u8 = 4;
pub(crate) const BARONESS: u8 = 5;
pub(crate) const PRIMATE: u8 = 6;
pub(crate) const MODERATOR: u8 = 7;
pub(crate) const POPE: u8 = 8;
pub(crate) const KNIGHT: u8 = 9;
pub(crate) const PAWN: u8 = 10;
pub(crate) const ROLES: usize = 11;

const fn bit(r: u8) -> u16 {
    1 << r
}

/// Rook lines: Queen, Diarch and the crowned rooks.
const ORTHO_SLIDERS: u16 =
    bit(QUEEN) | bit(DIARCH) | bit(CHATELAINE) | bit(VICEREINE) | bit(BARONESS);
/// Bishop lines: Queen, Diarch and the crowned bishops.
const DIAG_SLIDERS: u16 = bit(QUEEN) | bit(DIARCH) | bit(PRIMATE) | bit(MODERATOR) | bit(POPE);
/// The Wazir's step: Emperor, Primate (`triple-crown.primate`), Pope.
const WAZIR_STEPPERS: u16 = bit(EMPEROR) | bit(PRIMATE) | bit(POPE);
/// The Ferz's step: Emperor, Chatelaine (`triple-crown.chatelaine`), Baroness.
const FERZ_STEPPERS: u16 = bit(EMPEROR) | bit(CHATELAINE) | bit(BARONESS);
/// `triple-crown.across-pieces`: the Viceroy compounds make the straight-across step (move
/// generation reads it from [`Readings::across`](super::readings::Readings)).
pub(crate) const ACROSS_STEPPERS: u16 =
    bit(EMPEROR) | bit(DIARCH) | bit(VICEREINE) | bit(BARONESS) | bit(MODERATOR) | bit(POPE);

/// The role classes kept as cell sets in [`Pos::class_bits`], by index: the kinds of attack,
/// and the roles read as sets of their own.
const CLASS_ORTHO: usize = 0;
const CLASS_DIAG: usize = 1;
const CLASS_WAZIR: usize = 2;
const CLASS_FERZ: usize = 3;
const CLASS_ACROSS: usize = 4;
const CLASS_EMPEROR: usize = 5;
const CLASS_KNIGHT: usize = 6;
const CLASS_PAWN: usize = 7;
const CLASSES: [u16; 8] = [
    ORTHO_SLIDERS,
    DIAG_SLIDERS,
    WAZIR_STEPPERS,
    FERZ_STEPPERS,
    ACROSS_STEPPERS,
    bit(EMPEROR),
    bit(KNIGHT),
    bit(PAWN),
];

/// Per role, the classes (bit per [`CLASSES`] index) it belongs to.
const ROLE_CLASSES: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut r = 0;
    while r < ROLES {
        let mut c = 0;
        while c < CLASSES.len() {
            if CLASSES[c] & bit(r as u8) != 0 {
                t[r] |= 1 << c;
            }
            c += 1;
        }
        r += 1;
    }
    t
};

/// An empty cell in [`Pos::board`].
pub(crate) const EMPTY: u8 = u8::MAX;

// Move kinds.
pub(crate) const NORMAL: u8 = 0;
pub(crate) const DOUBLE: u8 = 1;
/// En passant: `extra` is the cell of the Pawn taken.
pub(crate) const EN_PASSANT: u8 = 2;
/// Promotion: `extra` is the new role.
pub(crate) const PROMOTION: u8 = 3;
/// Castling: `extra` is the castling slot (see [`CASTLES`]).
pub(crate) const CASTLE: u8 = 4;

/// A move of the internal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mv {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) kind: u8,
    pub(crate) extra: u8,
}

/// One castling pair, on a seat's rank 1 (files from 0): the partner's file and role, the
/// Emperor's and partner's destinations, the cells that must be empty and those the Emperor
/// passes (which must not be attacked).
#[derive(Debug)]
pub(crate) struct CastleSpec {
    pub(crate) partner: i32,
    pub(crate) role: u8,
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
        role: VICEREINE,
        emperor_to: 2,
        partner_to: 3,
        empty: files(&[1, 2, 3, 4]),
        path: &[5, 4, 3, 2],
    },
    // triple-crown.castling-queen-chatelaine: E-QPm1 and QC-Q1.
    CastleSpec {
        partner: 1,
        role: CHATELAINE,
        emperor_to: 3,
        partner_to: 4,
        empty: files(&[2, 3, 4]),
        path: &[5, 4, 3],
    },
    // triple-crown.castling-emperor-h, read by triple-crown.castling-eh=chatelaine: E-EM1, EC-EPm1.
    CastleSpec {
        partner: 8,
        role: CHATELAINE,
        emperor_to: 7,
        partner_to: 6,
        empty: files(&[6, 7]),
        path: &[5, 6, 7],
    },
    // triple-crown.castling-emperor-vicereine: E-EM1 and EV-EPm1.
    CastleSpec {
        partner: 9,
        role: VICEREINE,
        emperor_to: 7,
        partner_to: 6,
        empty: files(&[6, 7, 8]),
        path: &[5, 6, 7],
    },
];

/// The Emperor's castling file (f).
pub(crate) const EMPEROR_FILE: i32 = 5;

/// An en passant target: the cell passed over and the seat that double-stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ep {
    pub(crate) cell: u8,
    pub(crate) seat: u8,
}

/// A position, ready for move generation.
#[derive(Clone, Debug)]
pub(crate) struct Pos {
    /// Per cell: [`EMPTY`] or seat * 16 + role.
    pub(crate) board: [u8; CELLS],
    pub(crate) seat_bits: [Bits; 3],
    /// The pieces of each role class ([`CLASSES`]), kept up to date.
    pub(crate) class_bits: [Bits; CLASSES.len()],
    /// Per seat, the number of its pieces of each role.
    pub(crate) role_counts: [[u8; ROLES]; 3],
    pub(crate) occ: Bits,
    /// Each seat's Emperor, or [`NONE`] once the seat is out.
    pub(crate) emperor: [u8; 3],
    pub(crate) to_move: u8,
    /// Castling rights: bit seat * 4 + slot.
    pub(crate) castling: u16,
    /// En passant targets, newest first; `cell` is [`NONE`] for none.
    pub(crate) ep: [Ep; 2],
    /// The seat that has won instantly, or [`NONE`].
    pub(crate) instant_win: u8,
}

/// No en passant target.
pub(crate) const NO_EP: Ep = Ep {
    cell: NONE,
    seat: NONE,
};

/// What a move generator needs besides the position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx<'a, Sw> {
    pub(crate) t: &'a Tables,
    pub(crate) r: &'a Readings<Sw>,
}

impl Pos {
    /// The empty board, seat A to move.
    pub(crate) fn empty() -> Pos {
        Pos {
            board: [EMPTY; CELLS],
            seat_bits: [Bits::EMPTY; 3],
            class_bits: [Bits::EMPTY; CLASSES.len()],
            role_counts: [[0; ROLES]; 3],
            occ: Bits::EMPTY,
            emperor: [NONE; 3],
            to_move: 0,
            castling: 0,
            ep: [NO_EP; 2],
            instant_win: NONE,
        }
    }

    /// Puts a piece on an empty cell.
    #[inline]
    pub(crate) fn put(&mut self, cell: usize, seat: u8, role: u8) {
        self.board[cell] = seat << 4 | role;
        self.seat_bits[seat as usize].set(cell);
        self.role_counts[seat as usize][role as usize] += 1;
        let mut k = ROLE_CLASSES[usize::from(role & 15)];
        while k != 0 {
            self.class_bits[k.trailing_zeros() as usize].set(cell);
            k &= k - 1;
        }
        self.occ.set(cell);
        if role == EMPEROR {
            self.emperor[seat as usize] = cell as u8;
        }
    }

    /// Takes the piece off a cell (which must hold one).
    #[inline]
    fn take(&mut self, cell: usize) {
        let p = self.board[cell];
        self.board[cell] = EMPTY;
        self.seat_bits[(p >> 4) as usize].clear(cell);
        self.role_counts[(p >> 4) as usize][(p & 15) as usize] -= 1;
        let mut k = ROLE_CLASSES[usize::from(p & 15)];
        while k != 0 {
            self.class_bits[k.trailing_zeros() as usize].clear(cell);
            k &= k - 1;
        }
        self.occ.clear(cell);
    }

    /// Returns true if the seat is still in the game.
    #[inline]
    pub(crate) fn active(&self, seat: usize) -> bool {
        self.emperor[seat] != NONE
    }

    /// Returns the number of seats still in the game.
    pub(crate) fn active_count(&self) -> usize {
        (0..3).filter(|&s| self.active(s)).count()
    }

    /// Returns true if the game is over: an instant win, or one player left.
    pub(crate) fn over(&self) -> bool {
        self.instant_win != NONE || self.active_count() <= 1
    }

    /// Returns the number of pieces of `seat` with role `role`.
    #[inline]
    pub(crate) fn count(&self, seat: usize, role: u8) -> u8 {
        self.role_counts[seat][role as usize]
    }

    /// Returns true if a piece of `by` attacks `target` with a step or a leap (every attack
    /// but one along a line, which is the only kind that moves elsewhere open or close).
    #[inline(always)]
    fn leaped(&self, ctx: Ctx<impl Switch>, target: usize, by: Bits) -> bool {
        let t = ctx.t;
        let by = by & t.near[target];
        if by.is_empty() {
            return false;
        }
        if !(t.knight_rev[target] & by & self.class_bits[CLASS_KNIGHT]).is_empty() {
            return true;
        }
        let pawns = by & self.class_bits[CLASS_PAWN];
        if !pawns.is_empty() {
            for seat in 0..3 {
                if !(t.pawn_caps_rev[seat][target] & pawns & self.seat_bits[seat]).is_empty() {
                    return true;
                }
            }
        }
        !(t.wazir[target] & by & self.class_bits[CLASS_WAZIR]).is_empty()
            || !(t.ferz[target] & by & self.class_bits[CLASS_FERZ]).is_empty()
            || !(t.across[target] & by & self.class_bits[CLASS_ACROSS]).is_empty()
    }

    /// The line pieces of `by` that could attack `target`, with the rays from `target` they
    /// would attack along: the rook lines', then the bishop lines'.
    #[inline(always)]
    fn line_attackers<'t>(&self, t: &'t Tables, target: usize, by: Bits) -> [(Bits, &'t [Ray]); 2] {
        [
            (
                by & self.class_bits[CLASS_ORTHO] & t.ortho_lines[target],
                &t.ortho[target][..t.n_ortho[target] as usize],
            ),
            (
                by & self.class_bits[CLASS_DIAG] & t.diag_lines[target],
                &t.diag[target][..t.n_diag[target] as usize],
            ),
        ]
    }

    /// Returns true if a piece of `by` (a set of cells holding the attackers, with `occ` the
    /// occupied cells) attacks `target`: could capture on it if it were an enemy piece.
    pub(crate) fn attacked_with(
        &self,
        ctx: Ctx<impl Switch>,
        target: usize,
        by: Bits,
        occ: Bits,
    ) -> bool {
        let t = ctx.t;
        self.leaped(ctx, target, by)
            || self
                .line_attackers(t, target, by)
                .iter()
                .any(|&(sliders, rays)| {
                    !sliders.is_empty()
                        && rays.iter().any(|r| {
                            !(r.line & sliders).is_empty()
                                && r.blocker(&occ).is_some_and(|b| sliders.holds_spot(b))
                        })
                })
    }

    /// Returns the pieces of every active seat but `seat`.
    #[inline]
    pub(crate) fn enemies(&self, seat: usize) -> Bits {
        let mut b = Bits::EMPTY;
        for s in 0..3 {
            if s != seat {
                b |= self.seat_bits[s];
            }
        }
        b
    }

    /// The cells a piece of `role` on `from` reaches (moves or captures), before removing
    /// its own side's cells.
    #[inline(always)]
    fn reach(&self, ctx: Ctx<impl Switch>, role: u8, from: usize) -> Bits {
        let t = ctx.t;
        let rb = bit(role);
        let mut lines = Reach::default();
        if rb & ORTHO_SLIDERS != 0 {
            for r in &t.ortho[from][..t.n_ortho[from] as usize] {
                r.reach_into(&self.occ, &mut lines);
            }
        }
        if rb & DIAG_SLIDERS != 0 {
            for r in &t.diag[from][..t.n_diag[from] as usize] {
                r.reach_into(&self.occ, &mut lines);
            }
        }
        let mut out = lines.bits();
        if rb & WAZIR_STEPPERS != 0 {
            out |= t.wazir[from];
        }
        if rb & FERZ_STEPPERS != 0 {
            out |= t.ferz[from];
        }
        if rb & ctx.r.across != 0 {
            out |= t.across[from];
        }
        if role == KNIGHT {
            out |= t.knight[from];
        }
        out
    }

    /// Returns the Emperors' cells.
    #[inline]
    fn emperors(&self) -> Bits {
        self.class_bits[CLASS_EMPEROR]
    }

    /// Generates the side to move's moves, ignoring whether they leave its Emperor en prise.
    /// Returns early with `true` after the first move if `any` is set.
    pub(crate) fn pseudo(&self, ctx: Ctx<impl Switch>, out: &mut impl Sink<Mv>, any: bool) -> bool {
        self.generate(ctx, out, any, None).0
    }

    /// Generates the side to move's moves; with `risky` (the cells whose pieces' moves may
    /// expose the Emperor), drops the moves from those cells, en passant and castling that
    /// expose it. Returns whether it returned early (after the first move, if `any`) and
    /// how many moves it dropped.
    #[inline(always)]
    fn generate(
        &self,
        ctx: Ctx<impl Switch>,
        out: &mut impl Sink<Mv>,
        any: bool,
        risky: Option<Bits>,
    ) -> (bool, usize) {
        let mut dropped = 0;
        let tested = risky.unwrap_or(Bits::EMPTY);
        let filter = risky.is_some();
        let me = self.to_move as usize;
        let own = self.seat_bits[me];
        // triple-crown.checkmate-en-prise: no move captures an Emperor.
        let open = !own & !self.emperors();
        let enemy = self.enemies(me) & !self.emperors();
        let mut promo_roles: Option<u16> = None;
        // A cell is tested only if filtering (`tested` is empty otherwise).
        for (from, test) in own.iter_marked(tested) {
            let role = self.board[from] & 15;
            if role == PAWN {
                if self.pawn_moves(
                    ctx,
                    from,
                    test,
                    enemy,
                    &mut promo_roles,
                    out,
                    &mut dropped,
                    any,
                ) {
                    return (true, dropped);
                }
                continue;
            }
            let dests = self.reach(ctx, role, from) & open;
            if test {
                for to in dests.iter() {
                    self.emit(ctx, out, plain(from, to), true, &mut dropped);
                }
            } else if let Some(to) = dests.iter().next().filter(|_| any) {
                out.push(plain(from, to));
                return (true, dropped);
            } else {
                out.each(dests, |to| plain(from, to));
            }
        }
        if self.en_passant_moves(ctx, out, filter, &mut dropped, any) {
            return (true, dropped);
        }
        self.castles(ctx, &mut |m| self.emit(ctx, out, m, filter, &mut dropped));
        (any && out.taken() > 0, dropped)
    }

    /// A Pawn's steps, double step, captures and promotions from `from` (see [`Pos::generate`]);
    /// returns whether it returned early, after the first move.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn pawn_moves(
        &self,
        ctx: Ctx<impl Switch>,
        from: usize,
        test: bool,
        enemy: Bits,
        promo_roles: &mut Option<u16>,
        out: &mut impl Sink<Mv>,
        dropped: &mut usize,
        any: bool,
    ) -> bool {
        let t = ctx.t;
        let me = self.to_move as usize;
        let step = self.pawn_step(t, me, from);
        if let Some(m) = step.and_then(|push| self.pawn_double(t, me, from, push)) {
            self.emit(ctx, out, m, test, dropped);
            if any {
                return true;
            }
        }
        let caps = t.pawn_caps[me][from] & enemy;
        // The common case first: a step forwards that does not promote, and no capture.
        if caps.is_empty() && !step.is_some_and(|p| t.far_ranks[me].holds(usize::from(p))) {
            if let Some(push) = step {
                self.emit(ctx, out, plain(from, usize::from(push)), test, dropped);
            }
            return any && step.is_some();
        }
        let dests = step.map_or(caps, |p| caps | Bits::one(usize::from(p)));
        for to in dests.iter() {
            if t.far_ranks[me].holds(to) {
                // triple-crown.promotion-compulsory.
                let roles = *promo_roles.get_or_insert_with(|| self.promotion_roles(ctx));
                self.promotions(ctx, from, to, roles, out, test, dropped);
            } else {
                self.emit(ctx, out, plain(from, to), test, dropped);
            }
            // Unfiltered (as with `any`), every move is kept.
            if any {
                return true;
            }
        }
        false
    }

    /// `triple-crown.pawn-moves`: a Pawn's step forwards from `from`, if the cell is empty.
    #[inline(always)]
    fn pawn_step(&self, t: &Tables, me: usize, from: usize) -> Option<u8> {
        let push = t.pawn_push[me][from];
        (push != NONE && !self.occ.holds(usize::from(push))).then_some(push)
    }

    /// `triple-crown.double-step`: a Pawn's double step from `from`, whose first step `push`
    /// is free, if it has one and its destination is empty.
    #[inline(always)]
    fn pawn_double(&self, t: &Tables, me: usize, from: usize, push: u8) -> Option<Mv> {
        let (mid, dest) = t.pawn_double[me][from];
        (mid == push && !self.occ.holds(usize::from(dest))).then_some(Mv {
            from: from as u8,
            to: dest,
            kind: DOUBLE,
            extra: 0,
        })
    }

    /// `triple-crown.promotion-compulsory`: a Pawn's move from `from` to a far rank's `to`, once
    /// per role it may promote to (`roles`, a bit per role), lowest role first.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn promotions(
        &self,
        ctx: Ctx<impl Switch>,
        from: usize,
        to: usize,
        roles: u16,
        out: &mut impl Sink<Mv>,
        test: bool,
        dropped: &mut usize,
    ) {
        let mut m = roles;
        while m != 0 {
            let r = m.trailing_zeros() as u8;
            m &= m - 1;
            let promotion = Mv {
                from: from as u8,
                to: to as u8,
                kind: PROMOTION,
                extra: r,
            };
            self.emit(ctx, out, promotion, test, dropped);
        }
    }

    /// The en passant captures (see [`Pos::generate`]); returns whether it returned early,
    /// after the first move.
    #[inline(always)]
    fn en_passant_moves(
        &self,
        ctx: Ctx<impl Switch>,
        out: &mut impl Sink<Mv>,
        filter: bool,
        dropped: &mut usize,
        any: bool,
    ) -> bool {
        let t = ctx.t;
        let me = self.to_move as usize;
        // triple-crown.en-passant.
        for ep in self.ep {
            if ep.cell == NONE || ep.seat as usize == me {
                continue;
            }
            let cell = ep.cell as usize;
            let (half, file, _) = board::coords(cell);
            let victim = board::index(half, file, 4);
            let takers =
                t.pawn_caps_rev[me][cell] & self.seat_bits[me] & self.class_bits[CLASS_PAWN];
            for from in takers.iter() {
                self.emit(
                    ctx,
                    out,
                    Mv {
                        from: from as u8,
                        to: ep.cell,
                        kind: EN_PASSANT,
                        extra: victim as u8,
                    },
                    filter,
                    dropped,
                );
                if any {
                    return true;
                }
            }
        }
        false
    }

    /// Pushes `m` unless `test` is set and it exposes the mover's Emperor (then counts it).
    #[inline(always)]
    fn emit(
        &self,
        ctx: Ctx<impl Switch>,
        out: &mut impl Sink<Mv>,
        m: Mv,
        test: bool,
        dropped: &mut usize,
    ) {
        if test && self.exposes(ctx, m) {
            *dropped += 1;
        } else {
            out.push(m);
        }
    }

    /// The castling clauses: each pair whose right is held, whose intermediate cells are empty
    /// and whose Emperor path no enemy piece attacks.
    fn castles(&self, ctx: Ctx<impl Switch>, out: &mut impl FnMut(Mv)) {
        let me = self.to_move as usize;
        let rights = (self.castling >> (4 * me)) & 15;
        if rights == 0 {
            return;
        }
        // The seat's rank 1, a bit per file (it lies within one word of the set).
        let first = board::index(me, 0, 0);
        debug_assert_eq!(first >> 6, (first + board::FILES as usize - 1) >> 6);
        let rank_one = (self.occ.0[first >> 6] >> (first & 63)) as u16;
        let enemies = self.enemies(me);
        for (slot, spec) in CASTLES.iter().enumerate() {
            if rights >> slot & 1 == 0
                || rank_one & spec.empty != 0
                || (slot == 2 && !ctx.r.eh_chatelaine)
            {
                continue;
            }
            let cell = |file: i32| board::index(me, file, 0);
            if self.emperor[me] as usize != cell(EMPEROR_FILE)
                || self.board[cell(spec.partner)] != (me as u8) << 4 | spec.role
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
            out(Mv {
                from: cell(EMPEROR_FILE) as u8,
                to: cell(spec.emperor_to) as u8,
                kind: CASTLE,
                extra: slot as u8,
            });
        }
    }

    /// `triple-crown.promotion-missing`, `-full-quota`, `-non-array` and the reading of
    /// `triple-crown.promotion-diarch-only`: the roles the side to move may promote to.
    pub(crate) fn promotion_roles(&self, ctx: Ctx<impl Switch>) -> u16 {
        if ctx.r.bugs.promotion_unlimited.on() {
            return bit(QUEEN)
                | bit(CHATELAINE)
                | bit(VICEREINE)
                | bit(PRIMATE)
                | bit(MODERATOR)
                | bit(KNIGHT);
        }
        let me = self.to_move as usize;
        let has = |r: u8| self.count(me, r) > 0;
        if has(BARONESS) && has(POPE) {
            return bit(DIARCH);
        }
        if has(BARONESS) {
            return bit(POPE);
        }
        if has(POPE) {
            return bit(BARONESS);
        }
        let mut short = 0u16;
        for r in [CHATELAINE, VICEREINE, PRIMATE, MODERATOR, KNIGHT] {
            if self.count(me, r) < 2 {
                short |= bit(r);
            }
        }
        if ctx.r.queen_in_quota && !has(QUEEN) {
            short |= bit(QUEEN);
        }
        if short == 0 {
            return bit(BARONESS) | bit(POPE);
        }
        if has(DIARCH) && ctx.r.diarch_only_baroness_or_pope {
            return bit(BARONESS) | bit(POPE);
        }
        short
    }

    /// Returns whether `seat`'s Emperor on `king` is attacked, and `seat`'s pieces that stand
    /// alone between it and an enemy line piece that would attack it along that line (on each
    /// branch of a fork). Only their moves (and the Emperor's, and en passant) can uncover an
    /// attack: every other attack is a step or a leap, which no move of one's own opens.
    fn safety(&self, ctx: Ctx<impl Switch>, seat: usize, king: usize) -> (bool, Bits) {
        let t = ctx.t;
        let enemies = self.enemies(seat);
        let own = self.seat_bits[seat];
        let mut attacked = self.leaped(ctx, king, enemies);
        let mut pinned = Bits::EMPTY;
        for (sliders, rays) in self.line_attackers(t, king, enemies) {
            if sliders.is_empty() {
                continue;
            }
            for r in rays.iter().filter(|r| !(r.line & sliders).is_empty()) {
                // The first piece along the ray, and the next behind it.
                let Some(shield) = r.blocker(&self.occ) else {
                    continue;
                };
                if sliders.holds_spot(shield) {
                    attacked = true;
                    continue;
                }
                if !own.holds_spot(shield) {
                    continue;
                }
                let mut rest = self.occ;
                shield.clear_in(&mut rest);
                if r.blocker(&rest).is_some_and(|b| sliders.holds_spot(b)) {
                    shield.set_in(&mut pinned);
                }
            }
        }
        (attacked, pinned)
    }

    /// Returns true if the move leaves the mover's Emperor attacked by an enemy piece.
    pub(crate) fn exposes(&self, ctx: Ctx<impl Switch>, m: Mv) -> bool {
        let me = self.to_move as usize;
        let (from, to) = (m.from as usize, m.to as usize);
        let mut occ = self.occ;
        let mut enemies = self.enemies(me);
        occ.clear(from);
        occ.set(to);
        enemies.clear(to);
        let mut king = self.emperor[me] as usize;
        if from == king {
            king = to;
        }
        match m.kind {
            EN_PASSANT => {
                occ.clear(m.extra as usize);
                enemies.clear(m.extra as usize);
            }
            CASTLE => {
                let spec = &CASTLES[m.extra as usize];
                occ.clear(board::index(me, spec.partner, 0));
                occ.set(board::index(me, spec.partner_to, 0));
            }
            _ => {}
        }
        self.attacked_with(ctx, king, enemies, occ)
    }

    /// Generates the legal moves of the side to move into `out` (cleared first), with the
    /// reading of `triple-crown.self-exposure`.
    pub(crate) fn legal(&self, ctx: Ctx<impl Switch>, out: &mut Vec<Mv>) {
        out.clear();
        self.legal_into(ctx, out);
    }

    /// Gives the legal moves of the side to move to `out` (empty), with the reading of
    /// `triple-crown.self-exposure`.
    pub(crate) fn legal_into<S: Sink<Mv>>(&self, ctx: Ctx<impl Switch>, out: &mut S) {
        if self.over() {
            return;
        }
        if !ctx.r.exposure_forbidden {
            self.pseudo(ctx, out, false);
            return;
        }
        let me = self.to_move as usize;
        let king = self.emperor[me] as usize;
        let (in_check, pins) = self.safety(ctx, me, king);
        // Only the Emperor's and pinned pieces' moves (and en passant, castling) can expose
        // it, unless it is attacked already.
        let risky = if in_check {
            super::bits::ALL
        } else {
            let mut r = if ctx.r.bugs.pins_ignored.on() {
                Bits::EMPTY
            } else {
                pins
            };
            r.set(king);
            r
        };
        let (_, dropped) = self.generate(ctx, out, false, Some(risky));
        // triple-crown.self-exposure, not-unless-forced: if every move exposes, all may be made.
        if out.taken() == 0 && dropped > 0 {
            self.pseudo(ctx, out, false);
        }
    }

    /// Takes a seat out of the game: all its pieces leave the board, its rights with them.
    fn remove_seat(&mut self, seat: usize) {
        for c in self.seat_bits[seat].iter() {
            self.take(c);
        }
        self.emperor[seat] = NONE;
        self.castling &= !(15 << (4 * seat));
    }

    /// Returns the next seat in turn order that is still in the game.
    fn next_active(&self, r: &Readings<impl Switch>, seat: usize) -> usize {
        let n = r.next(seat);
        if self.active(n) { n } else { r.next(n) }
    }

    /// `triple-crown.checkmate-en-prise`: takes out every player whose Emperor is en prise to
    /// the side to move; under `triple-crown.en-prise-chain` = repeat again after each
    /// removal (which may open a line to another Emperor), under once only those en prise
    /// before any removal. Returns the first seat taken out, or [`NONE`].
    pub(crate) fn remove_en_prise(&mut self, ctx: Ctx<impl Switch>) -> u8 {
        let me = self.to_move as usize;
        let mut first = NONE;
        loop {
            let en_prise: [bool; 3] = std::array::from_fn(|s| {
                s != me
                    && self.active(s)
                    && self.attacked_with(
                        ctx,
                        self.emperor[s] as usize,
                        self.seat_bits[me],
                        self.occ,
                    )
            });
            let mut removed = false;
            for s in (0..3).filter(|&s| en_prise[s]) {
                if ctx.r.bugs.army_stays.on() {
                    // The Emperor goes and its rights with it; the army stays.
                    self.take(self.emperor[s] as usize);
                    self.emperor[s] = NONE;
                    self.castling &= !(15 << (4 * s));
                } else {
                    self.remove_seat(s);
                }
                if first == NONE {
                    first = s as u8;
                }
                removed = true;
            }
            if !removed || !ctx.r.chain_repeats {
                return first;
            }
        }
    }

    /// Reads the position as a written one is read: takes out every player whose Emperor is
    /// en prise to the side to move (`triple-crown.checkmate-en-prise`: a written position
    /// does not say whether that was judged already) and keeps the en passant targets still in
    /// their window. Returns the first seat taken out, or [`NONE`].
    pub(crate) fn judge_as_written(&mut self, ctx: Ctx<impl Switch>) -> u8 {
        if self.over() {
            return NONE;
        }
        let ep = [self.ep[0], self.ep[1], NO_EP];
        let fallen = self.remove_en_prise(ctx);
        self.filter_ep(ep);
        fallen
    }

    /// Keeps the en passant targets still in their window (`triple-crown.en-passant-window`):
    /// the cell is recorded whether or not a Pawn can take it, even once the game is over
    /// (D1), until its double-stepper is to move again or its Pawn is gone.
    pub(crate) fn filter_ep(&mut self, candidates: [Ep; 3]) {
        let mut kept = [NO_EP; 2];
        let mut n = 0;
        for ep in candidates {
            if n == 2 || ep.cell == NONE || ep.seat == self.to_move {
                continue;
            }
            let seat = ep.seat as usize;
            let (_, file, _) = board::coords(ep.cell as usize);
            let victim = board::index(seat, file, 4);
            if self.active(seat)
                && !self.occ.has(ep.cell as usize)
                && self.board[victim] == (ep.seat << 4 | PAWN)
            {
                kept[n] = ep;
                n += 1;
            }
        }
        self.ep = kept;
    }

    /// Passes the turn on from `seat`: `triple-crown.checkmater-moves` (the next player still
    /// in the game), `triple-crown.checkmate-en-prise` (who falls before they move) and, with
    /// `triple-crown.stalemate=out`, a next player with no move at all leaving the game.
    fn pass_turn(
        &mut self,
        ctx: Ctx<impl Switch>,
        seat: usize,
        ep: [Ep; 3],
        scratch: &mut Vec<Mv>,
    ) {
        let mut n = self.next_active(ctx.r, seat);
        loop {
            self.to_move = n as u8;
            self.remove_en_prise(ctx);
            if self.active_count() <= 1 || !ctx.r.stalemate_out {
                break;
            }
            scratch.clear();
            if self.pseudo(ctx, scratch, true) {
                break;
            }
            self.remove_seat(n);
            n = self.next_active(ctx.r, n);
        }
        self.filter_ep(ep);
    }

    /// Plays a legal move of the side to move and passes the turn.
    pub(crate) fn make(&mut self, ctx: Ctx<impl Switch>, m: Mv, scratch: &mut Vec<Mv>) {
        let me = self.to_move as usize;
        let (from, to) = (m.from as usize, m.to as usize);
        let piece = self.board[from];
        let role = piece & 15;
        // triple-crown.instant-win: a Pawn to a far rank while holding all three non-array pieces.
        if m.kind == PROMOTION
            && !ctx.r.bugs.no_instant_win.on()
            && self.count(me, BARONESS) > 0
            && self.count(me, POPE) > 0
            && self.count(me, DIARCH) > 0
        {
            self.instant_win = me as u8;
        }
        if self.board[to] != EMPTY {
            self.take(to);
        }
        self.take(from);
        match m.kind {
            PROMOTION => self.put(to, me as u8, m.extra),
            EN_PASSANT => {
                self.take(m.extra as usize);
                self.put(to, me as u8, role);
            }
            CASTLE => {
                let spec = &CASTLES[m.extra as usize];
                let pf = board::index(me, spec.partner, 0);
                let pt = board::index(me, spec.partner_to, 0);
                self.take(pf);
                self.put(pt, me as u8, spec.role);
                self.put(to, me as u8, role);
            }
            _ => self.put(to, me as u8, role),
        }
        // triple-crown.castling-rights: an Emperor's move ends its seat's rights; a partner's
        // move or capture ends its own.
        if role == EMPEROR {
            self.castling &= !(15 << (4 * me));
        }
        for c in [from, to] {
            if let Some(b) = castling_bit(c) {
                self.castling &= !(1 << b);
            }
        }
        // En passant targets, newest first: the fresh one, then older ones another enemy may
        // still take (triple-crown.en-passant-window).
        let fresh = if m.kind == DOUBLE {
            let (half, file, _) = board::coords(to);
            Ep {
                cell: board::index(half, file, 3) as u8,
                seat: me as u8,
            }
        } else {
            NO_EP
        };
        let ep = if ctx.r.ep_both_enemies {
            [fresh, self.ep[0], self.ep[1]]
        } else {
            [fresh, NO_EP, NO_EP]
        };
        // D11: a piece standing on the cell passed over ends the right, which does not come
        // back when the cell is emptied by a removal at the next turn.
        let ep = ep.map(|e| {
            if e.cell != NONE && self.occ.has(e.cell as usize) {
                NO_EP
            } else {
                e
            }
        });
        if self.instant_win != NONE {
            // D5: the turn passes as after any move.
            self.to_move = self.next_active(ctx.r, me) as u8;
            self.filter_ep(ep);
            return;
        }
        self.pass_turn(ctx, me, ep, scratch);
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

/// A move of the plain kind (no double step, en passant, promotion or castling).
#[inline(always)]
fn plain(from: usize, to: usize) -> Mv {
    Mv {
        from: from as u8,
        to: to as u8,
        kind: NORMAL,
        extra: 0,
    }
}
