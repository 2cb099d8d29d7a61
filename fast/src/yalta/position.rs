//! Yalta's internal position: a mailbox and u128 bitsets, legal move generation into a reused
//! buffer, copy-make, and the settling of the turn after a move (checkmates, passes, the end
//! of the game).

use super::tables::{CELLS, Line, NONE, PawnCell, PerCell, Tables, bit, bits};
use crate::mutant::{Mutant, Switch};

pub(super) const KING: u8 = 1;
pub(super) const QUEEN: u8 = 2;
pub(super) const ROOK: u8 = 3;
pub(super) const BISHOP: u8 = 4;
pub(super) const KNIGHT: u8 = 5;
pub(super) const PAWN: u8 = 6;

pub(super) const NORMAL: u32 = 0;
pub(super) const DOUBLE: u32 = 1;
pub(super) const EN_PASSANT: u32 = 2;
pub(super) const SHORT: u32 = 3;
pub(super) const LONG: u32 = 4;
pub(super) const PROMOTION: u32 = 5;

/// Game states.
pub(super) const ONGOING: u8 = 0;
pub(super) const WON: u8 = 1;
pub(super) const DRAWN: u8 = 2;

/// A move: from, to, flag and promotion role packed in a u32.
pub(super) fn mv(from: u8, to: u8, flag: u32, promo: u8) -> u32 {
    u32::from(from) | (u32::from(to) << 8) | (flag << 16) | (u32::from(promo) << 20)
}

pub(super) fn from_of(m: u32) -> u8 {
    (m & 0xff) as u8
}
pub(super) fn to_of(m: u32) -> u8 {
    ((m >> 8) & 0xff) as u8
}
pub(super) fn flag_of(m: u32) -> u32 {
    (m >> 16) & 0xf
}
pub(super) fn promo_of(m: u32) -> u8 {
    ((m >> 20) & 0xf) as u8
}

/// Where legal moves go: a buffer, or a count (bulk counting at the last ply of perft).
pub(super) trait Moves {
    fn clear(&mut self);
    fn is_empty(&self) -> bool;
    fn push(&mut self, m: u32);
    /// The plain moves from `c` to each of `targets`.
    fn push_plain(&mut self, c: u8, targets: u128);
}

impl Moves for Vec<u32> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
    #[inline(always)]
    fn push(&mut self, m: u32) {
        Vec::push(self, m);
    }
    #[inline(always)]
    fn push_plain(&mut self, c: u8, targets: u128) {
        self.extend(bits(targets).map(|x| mv(c, x, NORMAL, 0)));
    }
}

/// Counts the moves instead of keeping them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Count(pub(super) u64);

impl Moves for Count {
    fn clear(&mut self) {
        self.0 = 0;
    }
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    fn push(&mut self, _: u32) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_plain(&mut self, _: u8, targets: u128) {
        // Most target sets lie in one half of the u128: count only the halves in use.
        let (lo, hi) = (targets as u64, (targets >> 64) as u64);
        if lo != 0 {
            self.0 += u64::from(lo.count_ones());
        }
        if hi != 0 {
            self.0 += u64::from(hi.count_ones());
        }
    }
}

/// `yalta.takeover-promotion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Promo {
    Sacrifice,
    AnyCapture,
    AsUsual,
}

/// The readings in force, with the tables they need.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rules<Sw> {
    pub(super) t: &'static Tables,
    /// `yalta.turn-order`: the seat that moves after each seat.
    pub(super) next: [u8; 3],
    pub(super) ep_both: bool,
    pub(super) after_left: bool,
    pub(super) promo: Promo,
    pub(super) uncovered_first: bool,
    pub(super) stalemate_pass: bool,
    /// `yalta.exposed-king` = capture: an enemy king attacked when one's turn comes may be
    /// taken.
    pub(super) king_capture: bool,
    /// `yalta.captured-king-army` = hostile: a taken king's armies still attack the taker's
    /// king while the capture is judged; under passed they are the taker's at once.
    pub(super) hostile_until_over: bool,
    /// Tests every move in full, without the pin filter (for testing the filter).
    pub(super) test_all: bool,
    /// The rules bug planted on purpose, if any, as the switch of the rule it breaks.
    pub(super) bugs: Bugs<Sw>,
}

/// The rules a planted [`Mutant`] breaks, each a switch the generator reads as it reads the
/// readings; all off without a mutant, and [`Off`](crate::mutant::Off) in the engine without
/// any. (The mutants of the board play on tables of their own, and help-ignored changes the
/// reading of yalta.mate-final.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bugs<Sw> {
    /// yalta.check-response broken: a pinned piece may leave the line when not in check.
    pub(super) pins_ignored: Sw,
    /// yalta.en-passant broken: no en passant.
    pub(super) no_en_passant: Sw,
    /// yalta.multiple-check broken: the later of two checks mates.
    pub(super) second_check_mates: Sw,
    /// yalta.army-takeover broken: a mated army leaves the board with its king.
    pub(super) no_takeover: Sw,
    /// yalta.en-passant broken after a takeover: a taken-over pawn's double step records no
    /// en passant cell.
    pub(super) no_takeover_en_passant: Sw,
}

impl<Sw: Switch> Bugs<Sw> {
    /// The switches of a planted mutant.
    pub(super) fn of(mutant: Option<Mutant>) -> Bugs<Sw> {
        let is = |m: Mutant| Sw::of(mutant, m);
        Bugs {
            pins_ignored: is(Mutant::YaltaPinsIgnored),
            no_en_passant: is(Mutant::YaltaEnPassantMissing),
            second_check_mates: is(Mutant::YaltaSecondCheckMates),
            no_takeover: is(Mutant::YaltaTakeoverMissing),
            no_takeover_en_passant: is(Mutant::YaltaTakeoverDoubleStepNoEnPassant),
        }
    }
}

/// The `sliders` that are the first occupied cell of one of `lines`.
#[inline(always)]
fn first_on(lines: &[Line], occ: u128, sliders: u128) -> u128 {
    lines.iter().fold(0, |m, line| {
        if line.mask() & sliders == 0 {
            m
        } else {
            m | (line.first(occ) & sliders)
        }
    })
}

/// The cells of `own` that are the first occupied cell of one of `lines` with one of
/// `sliders` next.
#[inline(always)]
fn pinned_on(lines: &[Line], occ: u128, own: u128, sliders: u128) -> u128 {
    lines.iter().fold(0, |m, line| {
        if line.mask() & sliders == 0 {
            return m;
        }
        let first = line.first(occ);
        if own & first != 0 && sliders & line.first(occ & !first) != 0 {
            m | first
        } else {
            m
        }
    })
}

/// What the moves of one army's pawns depend on, the same for each pawn.
struct PawnMoves {
    /// The army's pawn moves from each cell.
    cells: &'static PerCell<PawnCell>,
    /// The empty cells (and those off the board).
    empty: u128,
    /// Where pawns promote.
    back_ranks: u128,
    /// The cells a capture takes on (promoting on `back_ranks`).
    captures: u128,
    /// A step onto the last rank promotes (no step there otherwise).
    push_promotes: bool,
    /// The empty en passant cells the pawns may take on.
    en_passant: u128,
    /// No pawn of the army needs the full legality test.
    all_safe: bool,
}

/// yalta.left-player-help: the seat to one's left, whose half-board one's files a-d run into.
pub(super) fn left(s: u8) -> u8 {
    (s + 2) % 3
}

/// The occupancy bitsets.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Bits {
    pub(super) occ: u128,
    pub(super) army: [u128; 3],
    pub(super) role: [u128; 7],
}

impl Bits {
    fn clear(&mut self, cell: u8, code: u8) {
        let b = !bit(cell);
        self.occ &= b;
        self.army[usize::from(code >> 3)] &= b;
        self.role[usize::from(code & 7)] &= b;
    }
    fn set(&mut self, cell: u8, code: u8) {
        let b = bit(cell);
        self.occ |= b;
        self.army[usize::from(code >> 3)] |= b;
        self.role[usize::from(code & 7)] |= b;
    }
    fn army_of_bit(&self, b: u128) -> usize {
        if self.army[0] & b != 0 {
            0
        } else if self.army[1] & b != 0 {
            1
        } else {
            2
        }
    }
}

/// A position: pieces (code `army * 8 + role`, 0 for empty), turn and Yalta's state.
#[derive(Clone, Debug)]
pub(crate) struct Pos {
    pub(super) board: [u8; CELLS],
    pub(super) b: Bits,
    /// Each seat's king cell, or NONE once checkmated.
    pub(super) king: [u8; 3],
    /// The seat controlling each army (NONE: nobody, an army without pieces nor entry).
    pub(super) control: [u8; 3],
    /// Armies with a `control` entry (taken over).
    pub(super) control_set: u8,
    pub(super) to_move: u8,
    /// Castling rights: bit 2a short (rook h1), bit 2a + 1 long (rook a1).
    pub(super) castling: u8,
    /// The en passant cell of the latest double step still in its window, or NONE.
    pub(super) ep: u8,
    /// The en passant cell of an earlier double step still in its window (reading
    /// both-opponents, D2), or NONE.
    pub(super) ep_earlier: u8,
    /// `first_check`: per seat, the opponent whose check came first, or NONE.
    pub(super) first: [u8; 3],
    pub(super) pending: u8,
    /// Per seat, the seats (bit mask) whose pieces attack its king.
    pub(super) checkers: [u8; 3],
    pub(super) over: u8,
}

impl Pos {
    pub(super) fn empty() -> Pos {
        Pos {
            board: [0; CELLS],
            b: Bits::default(),
            king: [NONE; 3],
            control: [NONE; 3],
            control_set: 0,
            to_move: 0,
            castling: 0,
            ep: NONE,
            ep_earlier: NONE,
            first: [NONE; 3],
            pending: 0,
            checkers: [0; 3],
            over: ONGOING,
        }
    }

    pub(super) fn put(&mut self, cell: u8, code: u8) {
        self.board[usize::from(cell)] = code;
        self.b.set(cell, code);
        if code & 7 == KING {
            self.king[usize::from(code >> 3)] = cell;
        }
    }

    fn remove(&mut self, cell: u8) {
        let code = self.board[usize::from(cell)];
        if code != 0 {
            self.b.clear(cell, code);
            self.board[usize::from(cell)] = 0;
        }
    }

    /// The pieces `s` moves: every army it controls.
    pub(super) fn controlled(&self, s: u8) -> u128 {
        let mut m = 0;
        for a in 0..3 {
            if self.control[a] == s {
                m |= self.b.army[a];
            }
        }
        m
    }

    /// yalta.check-response: the seats other than `s` whose pieces attack `k` in `b`.
    pub(super) fn attackers(&self, b: &Bits, k: u8, s: u8, t: &Tables) -> u8 {
        let ku = usize::from(k);
        let mut m = 0u8;
        let mut enemy = 0u128;
        for a in 0..3 {
            let c = self.control[a];
            if c == s || c == NONE {
                continue;
            }
            let ar = b.army[a];
            enemy |= ar;
            let leapers = (t.knight_from[ku] & b.role[usize::from(KNIGHT)])
                | (t.king[ku] & b.role[usize::from(KING)])
                | (t.pawn_from[a][ku] & b.role[usize::from(PAWN)]);
            if leapers & ar != 0 {
                m |= 1 << c;
            }
        }
        let queens = b.role[usize::from(QUEEN)];
        let rooks = (b.role[usize::from(ROOK)] | queens) & enemy;
        let bishops = (b.role[usize::from(BISHOP)] | queens) & enemy;
        let hits = if t.orth_union[ku] & rooks != 0 {
            first_on(t.orth_lines(k), b.occ, rooks)
        } else {
            0
        } | if t.diag_union[ku] & bishops != 0 {
            first_on(t.diag_lines(k), b.occ, bishops)
        } else {
            0
        };
        for x in bits(hits) {
            m |= 1 << self.control[b.army_of_bit(bit(x))];
        }
        m
    }

    /// The bitsets after a move (for the legality test).
    fn apply_bits(&self, nb: &mut Bits, m: u32) {
        let (from, to, flag) = (from_of(m), to_of(m), flag_of(m));
        let p = self.board[usize::from(from)];
        let cap = self.board[usize::from(to)];
        if cap != 0 {
            nb.clear(to, cap);
        }
        nb.clear(from, p);
        let placed = if flag == PROMOTION {
            (p & !7) | promo_of(m)
        } else {
            p
        };
        nb.set(to, placed);
        match flag {
            EN_PASSANT => {
                let victim = to + 8;
                nb.clear(victim, self.board[usize::from(victim)]);
            }
            SHORT | LONG => {
                let base = from - 4;
                let (rf, rt) = if flag == SHORT {
                    (base + 7, base + 5)
                } else {
                    (base, base + 3)
                };
                let rook = self.board[usize::from(rf)];
                nb.clear(rf, rook);
                nb.set(rt, rook);
            }
            _ => {}
        }
    }

    /// yalta.check-response: pushes `m` if, made, it leaves no opponent attacking `s`'s king.
    /// A king taken (yalta.exposed-king = capture) hands its armies to `s` at once, unless
    /// they stay hostile until the move is over (yalta.captured-king-army = hostile).
    #[inline(never)]
    fn push_if_safe<B: Moves>(&self, m: u32, s: u8, r: &Rules<impl Switch>, buf: &mut B) -> bool {
        let t = r.t;
        let mut nb = self.b;
        self.apply_bits(&mut nb, m);
        let k = self.king[usize::from(s)];
        let k = if from_of(m) == k { to_of(m) } else { k };
        let taken = self.board[usize::from(to_of(m))];
        let attackers = if taken & 7 == KING && !r.hostile_until_over {
            let mut after = self.clone();
            for c in &mut after.control {
                if *c == taken >> 3 {
                    *c = s;
                }
            }
            after.attackers(&nb, k, s, t)
        } else {
            self.attackers(&nb, k, s, t)
        };
        if attackers == 0 {
            buf.push(m);
            true
        } else {
            false
        }
    }

    /// Pushes the plain moves from `c` to each of `targets`. `risky` holds the cells a piece
    /// may not leave without the full test (see [`Pos::legal`]).
    #[inline(always)]
    fn push_all<B: Moves>(
        &self,
        c: u8,
        targets: u128,
        s: u8,
        r: &Rules<impl Switch>,
        buf: &mut B,
        risky: u128,
    ) {
        if risky == 0 || risky & bit(c) == 0 {
            buf.push_plain(c, targets);
        } else {
            for x in bits(targets) {
                self.push_if_safe(mv(c, x, NORMAL, 0), s, r, buf);
            }
        }
    }

    /// The own pieces pinned to the king on `k`: the only piece between it and an enemy line
    /// piece moving along that line.
    fn pinned(&self, k: u8, own: u128, t: &Tables) -> u128 {
        let b = &self.b;
        let ku = usize::from(k);
        let enemy = b.occ & !own;
        let queens = b.role[usize::from(QUEEN)];
        let rooks = (b.role[usize::from(ROOK)] | queens) & enemy;
        let bishops = (b.role[usize::from(BISHOP)] | queens) & enemy;
        let mut m = 0;
        if t.orth_union[ku] & rooks != 0 {
            m |= pinned_on(t.orth_lines(k), b.occ, own, rooks);
        }
        if t.diag_union[ku] & bishops != 0 {
            m |= pinned_on(t.diag_lines(k), b.occ, own, bishops);
        }
        m
    }

    /// The cells a line piece on `c` reaches along `lines`.
    fn slides(lines: &[Line], occ: u128) -> u128 {
        lines.iter().fold(0, |m, line| m | line.reach(occ))
    }

    /// The legal moves of `s` (yalta.fide-movement, yalta.check-response).
    pub(super) fn legal<B: Moves>(&self, s: u8, r: &Rules<impl Switch>, buf: &mut B) {
        buf.clear();
        let t = r.t;
        let own = self.controlled(s);
        let occ = self.b.occ;
        let kings = self.b.role[usize::from(KING)];
        let k = self.king[usize::from(s)];
        // The cells a piece may not leave without the full test: those of pinned pieces (all
        // of them in check), and the king's.
        let risky = if r.test_all || self.checkers[usize::from(s)] != 0 || k == NONE {
            !0
        } else if r.bugs.pins_ignored.on() {
            0
        } else {
            self.pinned(k, own, t)
        };
        // yalta.exposed-king: kings are taken only under the reading capture.
        let free = if r.king_capture { !own } else { !own & !kings };
        let role = |r: u8| self.b.role[usize::from(r)] & own;
        for c in bits(role(KNIGHT)) {
            self.push_all(c, t.knight[usize::from(c)] & free, s, r, buf, risky);
        }
        for c in bits(role(ROOK)) {
            let m = Self::slides(t.orth_lines(c), occ);
            self.push_all(c, m & free, s, r, buf, risky);
        }
        for c in bits(role(BISHOP)) {
            let m = Self::slides(t.diag_lines(c), occ);
            self.push_all(c, m & free, s, r, buf, risky);
        }
        for c in bits(role(QUEEN)) {
            let m = Self::slides(t.orth_lines(c), occ) | Self::slides(t.diag_lines(c), occ);
            self.push_all(c, m & free, s, r, buf, risky);
        }
        for a in 0..3 {
            if self.control[a] == s {
                self.pawns(a, s, own, r, buf, risky);
            }
        }
        for c in bits(role(KING)) {
            let risky = risky | bit(k);
            self.push_all(c, t.king[usize::from(c)] & free, s, r, buf, risky);
            self.castles(c, self.b.army_of_bit(bit(c)) as u8, s, r, buf);
        }
    }

    /// yalta.castling: castling on either wing of the own back rank, the king crossing no
    /// attacked cell ([`Tables::castle_crossed`]).
    fn castles<B: Moves>(&self, c: u8, a: u8, s: u8, r: &Rules<impl Switch>, buf: &mut B) {
        let t = r.t;
        let may_cross = |x: u8| self.attackers(&self.b, x, s, t) == 0;
        let base = a * 32;
        if a != s || c != base + 4 || self.checkers[usize::from(s)] != 0 {
            return;
        }
        let rook = a * 8 + ROOK;
        let empty = |x: u8| self.board[usize::from(x)] == 0;
        if self.castling & (1 << (2 * a)) != 0
            && self.board[usize::from(base + 7)] == rook
            && empty(base + 5)
            && empty(base + 6)
            && may_cross(base + t.castle_crossed[0])
        {
            self.push_if_safe(mv(c, base + 6, SHORT, 0), s, r, buf);
        }
        if self.castling & (1 << (2 * a + 1)) != 0
            && self.board[usize::from(base)] == rook
            && empty(base + 1)
            && empty(base + 2)
            && empty(base + 3)
            && may_cross(base + t.castle_crossed[1])
        {
            self.push_if_safe(mv(c, base + 2, LONG, 0), s, r, buf);
        }
    }

    /// yalta.pawn-moves, yalta.double-step, yalta.promotion, yalta.pawn-path-capture-only,
    /// yalta.sacrifice-promotion: the moves of the pawns of army `a`, moved by `s`, pawn by
    /// pawn, lowest cell first.
    #[inline(always)]
    fn pawns<B: Moves>(
        &self,
        a: usize,
        s: u8,
        own: u128,
        r: &Rules<impl Switch>,
        buf: &mut B,
        risky: u128,
    ) {
        let t = r.t;
        let occ = self.b.occ;
        // The kings no capture takes: every king, or under yalta.exposed-king = capture the
        // mover's own (which no sacrifice promotion takes either).
        let kings = if r.king_capture {
            self.b.role[usize::from(KING)] & own
        } else {
            self.b.role[usize::from(KING)]
        };
        // A pawn of an army taken over (its king checkmated): yalta.takeover-promotion.
        let taken = self.king[a] == NONE;
        let allowed = if !taken {
            !own
        } else {
            match r.promo {
                Promo::Sacrifice => own,
                Promo::AnyCapture => !0,
                Promo::AsUsual => !own,
            }
        };
        let targets = occ & !kings;
        let pawns = self.b.army[a] & self.b.role[usize::from(PAWN)];
        let ctx = PawnMoves {
            cells: &t.pawn[a],
            empty: !occ,
            back_ranks: t.back_ranks,
            captures: targets & ((!own & !t.back_ranks) | (t.back_ranks & allowed)),
            push_promotes: !taken || r.promo == Promo::AsUsual,
            en_passant: self.en_passant_cells(s, r) & !occ,
            all_safe: pawns & risky == 0,
        };
        for c in bits(pawns) {
            self.pawn(c, &ctx, s, r, buf, risky);
        }
    }

    /// The moves of the pawn on `c` (see [`Pos::pawns`]): its step or double step, then its
    /// en passant captures, its captures, and its captures that promote.
    #[inline(always)]
    fn pawn<B: Moves>(
        &self,
        c: u8,
        ctx: &PawnMoves,
        s: u8,
        r: &Rules<impl Switch>,
        buf: &mut B,
        risky: u128,
    ) {
        let cu = usize::from(c);
        let safe = ctx.all_safe || risky & bit(c) == 0;
        let push = |m: u32, buf: &mut B| {
            if safe {
                buf.push(m);
                true
            } else {
                self.push_if_safe(m, s, r, buf)
            }
        };
        let promote = |x: u8, buf: &mut B| {
            if push(mv(c, x, PROMOTION, QUEEN), buf) {
                for role in [ROOK, BISHOP, KNIGHT] {
                    buf.push(mv(c, x, PROMOTION, role));
                }
            }
        };
        let cell = &ctx.cells[cu];
        let one = cell.one;
        if one & ctx.empty != 0 {
            let x = one.trailing_zeros() as u8;
            if one & ctx.back_ranks != 0 {
                if ctx.push_promotes {
                    promote(x, buf);
                }
            } else {
                push(mv(c, x, NORMAL, 0), buf);
                let two = cell.two;
                if two & ctx.empty != 0 {
                    push(mv(c, two.trailing_zeros() as u8, DOUBLE, 0), buf);
                }
            }
        }
        let caps = cell.caps;
        if ctx.en_passant != 0 && caps & ctx.en_passant != 0 {
            for e in [self.ep, self.ep_earlier] {
                if caps & ctx.en_passant & bit(e) != 0 {
                    self.push_if_safe(mv(c, e, EN_PASSANT, 0), s, r, buf);
                }
            }
        }
        let hits = caps & ctx.captures;
        if hits == 0 {
            return;
        }
        let plain = hits & !ctx.back_ranks;
        if safe {
            buf.push_plain(c, plain);
        } else {
            for x in bits(plain) {
                self.push_if_safe(mv(c, x, NORMAL, 0), s, r, buf);
            }
        }
        for x in bits(hits & ctx.back_ranks) {
            promote(x, buf);
        }
    }

    /// yalta.en-passant, yalta.en-passant-window: the en passant cells `s` may take on, each
    /// right still in its window (an earlier one only beside a latest one).
    #[inline(always)]
    fn en_passant_cells(&self, s: u8, r: &Rules<impl Switch>) -> u128 {
        if self.ep != NONE && s == self.to_move && !r.bugs.no_en_passant.on() {
            bit(self.ep) | bit(self.ep_earlier)
        } else {
            0
        }
    }

    /// Plays a legal move of the side to move and settles the turn; `buf` ends up holding
    /// the legal moves of the next side to move (empty if the game is over).
    pub(super) fn make<B: Moves>(&mut self, m: u32, r: &Rules<impl Switch>, buf: &mut B) {
        let (from, to, flag) = (from_of(m), to_of(m), flag_of(m));
        let mover = self.to_move;
        let p = self.board[usize::from(from)];
        // yalta.exposed-king = capture: the seat whose king is taken.
        let taken = self.board[usize::from(to)];
        let king_taken = (taken & 7 == KING).then_some(taken >> 3);
        self.remove(to);
        self.remove(from);
        let placed = if flag == PROMOTION {
            (p & !7) | promo_of(m)
        } else {
            p
        };
        self.put(to, placed);
        // The cells whose contents change.
        let mut changed = bit(from) | bit(to);
        match flag {
            EN_PASSANT => {
                // Only a move generated as an en passant capture takes the pawn beyond `to`.
                changed |= bit(to + 8);
                self.remove(to + 8);
            }
            SHORT | LONG => {
                let base = from - 4;
                let (rf, rt) = if flag == SHORT {
                    (base + 7, base + 5)
                } else {
                    (base, base + 3)
                };
                changed |= bit(rf) | bit(rt);
                let rook = self.board[usize::from(rf)];
                self.remove(rf);
                self.put(rt, rook);
            }
            _ => {}
        }
        self.update_rights(from, to, p, flag, r);
        if let Some(v) = king_taken {
            self.king[usize::from(v)] = NONE;
            self.take_over(v, mover, r);
        }
        self.update_checks(mover, changed, r);
        if r.after_left {
            for q in 0..3u8 {
                if self.pending & (1 << q) != 0 && left(q) == mover {
                    self.resolve_pending(q, r);
                }
            }
            self.lift_unchecked_pending();
        }
        self.to_move = self.next_in_game(mover, r);
        self.settle(r, buf);
    }

    /// The rights a move changes: castling (a king that moves loses both, a rook that leaves
    /// or is taken on its corner that one) and en passant.
    #[inline(always)]
    fn update_rights(&mut self, from: u8, to: u8, p: u8, flag: u32, r: &Rules<impl Switch>) {
        let a = p >> 3;
        if p & 7 == KING {
            self.castling &= !(3 << (2 * a));
        }
        for x in [from, to] {
            if x % 32 == 0 {
                self.castling &= !(1 << (2 * (x / 32) + 1));
            } else if x % 32 == 7 {
                self.castling &= !(1 << (2 * (x / 32)));
            }
        }
        // yalta.en-passant-window: the cell a double step passes is recorded whether or not
        // a pawn can take it (D1); under next-player the next move ends the window, under
        // both-opponents a right lasts while the cell is empty with the pawn beyond, and a
        // second double step keeps the first one's right as the earlier one (D2). A right
        // whose double-stepper is to move again ends in `settle`.
        let taken_over = self.control_set & (1 << a) != 0;
        let fresh = if flag == DOUBLE && !(r.bugs.no_takeover_en_passant.on() && taken_over) {
            r.t.push[usize::from(a)][usize::from(from)]
        } else {
            NONE
        };
        if r.ep_both && self.ep != NONE {
            let mut kept = [fresh, NONE];
            let mut n = usize::from(fresh != NONE);
            for e in [self.ep, self.ep_earlier] {
                if n < 2 && e != NONE && self.ep_valid(e) {
                    kept[n] = e;
                    n += 1;
                }
            }
            [self.ep, self.ep_earlier] = kept;
        } else {
            [self.ep, self.ep_earlier] = [fresh, NONE];
        }
    }

    /// An en passant cell still stands: empty, with a pawn of the army whose half-board it is
    /// on the cell beyond.
    pub(super) fn ep_valid(&self, e: u8) -> bool {
        let x = e / 32;
        e % 32 / 8 == 2
            && self.board[usize::from(e)] == 0
            && self.board[usize::from(e + 8)] == x * 8 + PAWN
    }

    /// The seat that double-stepped over the en passant cell `e`: the one that moves the army
    /// of its half-board.
    pub(super) fn stepper(&self, e: u8) -> u8 {
        self.control[usize::from(e / 32)]
    }

    /// yalta.turn-order: the seat still in the game whose turn comes before `s`'s (`s`
    /// itself if no other is in the game).
    pub(super) fn seat_before(&self, s: u8, r: &Rules<impl Switch>) -> u8 {
        let mut x = s;
        for _ in 0..2 {
            // Three seats in a cycle: the one before is the one after the next.
            x = r.next[usize::from(r.next[usize::from(x)])];
            if self.king[usize::from(x)] != NONE {
                return x;
            }
        }
        s
    }

    /// yalta.multiple-check, yalta.simultaneous-checks: the checks after `mover`'s move, and
    /// whose came first where two opponents check one king. `changed` holds the cells the
    /// move changed: a king none of whose lines and leaper cells holds one keeps its checkers,
    /// and the mover's own king, after a legal move, has none (yalta.check-response).
    fn update_checks(&mut self, mover: u8, changed: u128, r: &Rules<impl Switch>) {
        let old = self.checkers;
        for s in 0..3u8 {
            let su = usize::from(s);
            let k = self.king[su];
            if k == NONE {
                self.checkers[su] = 0;
                self.first[su] = NONE;
                continue;
            }
            let now = if s == mover {
                0
            } else if r.t.sensitive[usize::from(k)] & changed == 0 {
                old[su]
            } else {
                self.attackers(&self.b, k, s, r.t)
            };
            debug_assert_eq!(now, self.attackers(&self.b, k, s, r.t));
            self.checkers[su] = now;
            if now.count_ones() < 2 {
                self.first[su] = NONE;
                continue;
            }
            let before = old[su];
            self.first[su] = if before.count_ones() == 2 && self.first[su] != NONE {
                // Both checks go on from before the move.
                self.first[su]
            } else if before.count_ones() == 1 {
                // The check that goes on came before the one this move starts.
                before.trailing_zeros() as u8
            } else {
                // One move starts both.
                let other = (now & !(1 << mover)).trailing_zeros() as u8;
                if now & (1 << mover) == 0 || r.uncovered_first {
                    other
                } else {
                    mover
                }
            };
        }
    }

    /// yalta.mate-final: a pending mate whose check has ended (by a move, or by the checker
    /// leaving the game) is lifted: a pending mate is only for a player in check (D3).
    fn lift_unchecked_pending(&mut self) {
        for q in 0..3u8 {
            if self.checkers[usize::from(q)] == 0 {
                self.pending &= !(1 << q);
            }
        }
    }

    /// Recomputes the checks after a king has left, keeping the first checks that go on.
    fn recheck(&mut self, t: &Tables) {
        for s in 0..3u8 {
            let su = usize::from(s);
            let k = self.king[su];
            self.checkers[su] = if k == NONE {
                0
            } else {
                self.attackers(&self.b, k, s, t)
            };
            if self.checkers[su].count_ones() < 2 {
                self.first[su] = NONE;
            }
        }
    }

    /// The next seat in the turn order that still has its king.
    pub(super) fn next_in_game(&self, s: u8, r: &Rules<impl Switch>) -> u8 {
        let mut x = r.next[usize::from(s)];
        for _ in 0..3 {
            if self.king[usize::from(x)] != NONE {
                return x;
            }
            x = r.next[usize::from(x)];
        }
        s
    }

    /// yalta.mate-final=after-left-player: at the end of the left player's turn the pending
    /// mate of `q` becomes final if `q` is still in check with no legal move, its en passant
    /// captures those it may make on its next move (D10).
    fn resolve_pending(&mut self, q: u8, r: &Rules<impl Switch>) {
        self.pending &= !(1 << q);
        if self.king[usize::from(q)] == NONE || self.checkers[usize::from(q)] == 0 {
            return;
        }
        if !self.next_turn_of(q, r).can_move(r) {
            self.eliminate(q, r);
        }
    }

    /// D10: the position as `q`'s next turn finds it if nobody moves before, the turn of
    /// `self.to_move` having just ended: `q` to move, with the en passant rights the window
    /// (yalta.en-passant-window) leaves it. Under both-opponents a right goes once the turn
    /// comes to its double-stepper's side (D8); under next-player it is only for the next move
    /// made in the game, so it is `q`'s only if every player before `q` is passed over: has no
    /// legal move and passes or is out (a stalemate under yalta.stalemate=draw ends the game).
    fn next_turn_of(&self, q: u8, r: &Rules<impl Switch>) -> Pos {
        let mut before = 0u8;
        let mut x = self.next_in_game(self.to_move, r);
        while x != q && before & (1 << x) == 0 {
            before |= 1 << x;
            x = self.next_in_game(x, r);
        }
        let stuck = || {
            (0..3u8).filter(|&x| before & (1 << x) != 0).all(|x| {
                !self.turn_of(x).can_move(r)
                    && (self.checkers[usize::from(x)] != 0 || r.stalemate_pass)
            })
        };
        let mut next = self.turn_of(q);
        let open = [next.ep, next.ep_earlier].map(|e| {
            let closed = e == NONE
                || if r.ep_both {
                    before & (1 << next.stepper(e)) != 0
                } else {
                    !stuck()
                };
            if closed { NONE } else { e }
        });
        [next.ep, next.ep_earlier] = if open[0] == NONE {
            [open[1], NONE]
        } else {
            open
        };
        next
    }

    /// The position with `s` to move, the rights of `s`'s own side over.
    fn turn_of(&self, s: u8) -> Pos {
        let mut p = self.clone();
        p.to_move = s;
        p.close_own_rights();
        p
    }

    /// A right whose double-stepper is to move again is over: no right for the
    /// double-stepper's own side (yalta.en-passant-window).
    fn close_own_rights(&mut self) {
        if self.ep_earlier != NONE && self.stepper(self.ep_earlier) == self.to_move {
            self.ep_earlier = NONE;
        }
        if self.ep != NONE && self.stepper(self.ep) == self.to_move {
            self.ep = self.ep_earlier;
            self.ep_earlier = NONE;
        }
    }

    /// The side to move has a legal move.
    fn can_move(&self, r: &Rules<impl Switch>) -> bool {
        let mut moves = Count(0);
        self.legal(self.to_move, r, &mut moves);
        !moves.is_empty()
    }

    /// yalta.mate-removes-king, yalta.army-takeover, yalta.multiple-check: `s` is checkmated.
    pub(super) fn eliminate(&mut self, s: u8, r: &Rules<impl Switch>) {
        let su = usize::from(s);
        let checkers = self.checkers[su];
        let mater = match checkers.count_ones() {
            0 => return,
            1 => checkers.trailing_zeros() as u8,
            _ if r.bugs.second_check_mates.on() && self.first[su] != NONE => {
                (checkers & !(1 << self.first[su])).trailing_zeros() as u8
            }
            _ if self.first[su] != NONE => self.first[su],
            _ => checkers.trailing_zeros() as u8,
        };
        self.remove(self.king[su]);
        self.king[su] = NONE;
        self.take_over(s, mater, r);
    }

    /// yalta.army-takeover: `s`, whose king has left the board, is out; `by` takes control of
    /// every army `s` controlled.
    fn take_over(&mut self, s: u8, by: u8, r: &Rules<impl Switch>) {
        let su = usize::from(s);
        for a in 0..3 {
            if self.control[a] == s && r.bugs.no_takeover.on() {
                for c in bits(self.b.army[a]) {
                    self.remove(c);
                }
                self.control[a] = NONE;
            } else if self.control[a] == s {
                self.control[a] = by;
                self.control_set |= 1 << a;
            }
        }
        self.castling &= !(3 << (2 * s));
        self.pending &= !(1 << s);
        self.first[su] = NONE;
        self.recheck(r.t);
        if r.after_left {
            self.lift_unchecked_pending();
            // A pending mate whose left player is out of the game is final at once.
            for q in 0..3u8 {
                if self.pending & (1 << q) != 0 && self.king[usize::from(left(q))] == NONE {
                    self.resolve_pending(q, r);
                }
            }
        }
    }

    /// Settles the turn: the side to move, if it cannot move, is checkmated (or its mate
    /// pending), stalemated, or passes; the last king wins (yalta.last-king-wins,
    /// yalta.no-extra-move, yalta.stalemate). Leaves the legal moves of the side to move in
    /// `buf`.
    pub(super) fn settle<B: Moves>(&mut self, r: &Rules<impl Switch>, buf: &mut B) {
        let mut passes = 0;
        loop {
            let in_game = self.king.iter().filter(|&&k| k != NONE).count();
            if in_game <= 1
                && let Some(s) = (0..3u8).find(|&s| self.king[usize::from(s)] != NONE)
            {
                self.to_move = s;
            }
            self.close_own_rights();
            if in_game <= 1 {
                self.over = WON;
                buf.clear();
                return;
            }
            let s = self.to_move;
            self.legal(s, r, buf);
            if !buf.is_empty() {
                return;
            }
            if self.checkers[usize::from(s)] != 0 {
                if !r.after_left || self.king[usize::from(left(s))] == NONE {
                    self.eliminate(s, r);
                    self.to_move = self.next_in_game(s, r);
                    passes = 0;
                    continue;
                }
                self.pending |= 1 << s;
            } else if !r.stalemate_pass {
                self.over = DRAWN;
                return;
            }
            passes += 1;
            if passes >= in_game {
                self.over = DRAWN;
                return;
            }
            if r.after_left {
                for q in 0..3u8 {
                    if q != s && self.pending & (1 << q) != 0 && left(q) == s {
                        self.resolve_pending(q, r);
                    }
                }
                // yalta.stalemate=pass: the game is drawn only when no player in the game
                // has a legal move; a mate made final here hands an army over, so the passes
                // before it say nothing about the position now.
                if self.king.iter().filter(|&&k| k != NONE).count() < in_game {
                    passes = 0;
                }
            }
            self.to_move = self.next_in_game(s, r);
        }
    }
}
