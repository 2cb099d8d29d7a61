//! How the pieces move: the legal moves of a seat, piece by piece (pawns in [`super::pawns`]).

use super::board::Pos;
use super::options::Rules;
use super::tables::{Line, NONE, bit, bits};
use super::turn::{Moves, mv};
use crate::mutant::Switch;
use crate::types::{Kind, Role, Seat};

impl Pos {
    /// Pushes the plain moves from `c` to each of `targets`. `risky` holds the cells a piece
    /// may not leave without the full test (see [`Pos::legal`]).
    #[inline(always)]
    fn push_all<B: Moves>(
        &self,
        c: u8,
        targets: u128,
        s: Seat,
        r: &Rules<impl Switch>,
        buf: &mut B,
        risky: u128,
    ) {
        if risky == 0 || risky & bit(c) == 0 {
            buf.push_plain(c, targets);
        } else {
            for x in bits(targets) {
                self.push_if_safe(mv(c, x, Kind::Normal, 0), s, r, buf);
            }
        }
    }

    /// The cells a line piece on `c` reaches along `lines`.
    fn slides(lines: &[Line], occ: u128) -> u128 {
        lines.iter().fold(0, |m, line| m | line.reach(occ))
    }

    /// The legal moves of `s` (yalta.fide-movement, yalta.check-response).
    pub(super) fn legal<B: Moves>(&self, s: Seat, r: &Rules<impl Switch>, buf: &mut B) {
        buf.clear();
        let t = r.t;
        let own = self.controlled(s);
        let occ = self.b.occ;
        let kings = self.b.role[Role::King.index()];
        let k = self.king[s.index()];
        // The cells a piece may not leave without the full test: those of pinned pieces (all
        // of them in check), and the king's.
        let risky = if r.test_all || self.checkers[s.index()] != 0 || k == NONE {
            !0
        } else if r.bugs.pins_ignored.on() {
            0
        } else {
            self.pinned(k, own, t)
        };
        // yalta.exposed-king: kings are taken only under the reading capture.
        let free = if r.king_capture { !own } else { !own & !kings };
        let role = |r: Role| self.b.role[r.index()] & own;
        for c in bits(role(Role::Knight)) {
            self.push_all(c, t.knight[usize::from(c)] & free, s, r, buf, risky);
        }
        for c in bits(role(Role::Rook)) {
            let m = Self::slides(t.orth_lines(c), occ);
            self.push_all(c, m & free, s, r, buf, risky);
        }
        for c in bits(role(Role::Bishop)) {
            let m = Self::slides(t.diag_lines(c), occ);
            self.push_all(c, m & free, s, r, buf, risky);
        }
        for c in bits(role(Role::Queen)) {
            let m = Self::slides(t.orth_lines(c), occ) | Self::slides(t.diag_lines(c), occ);
            self.push_all(c, m & free, s, r, buf, risky);
        }
        for a in 0..3 {
            if self.control[a] == Some(s) {
                self.pawns(a, s, own, r, buf, risky);
            }
        }
        for c in bits(role(Role::King)) {
            let risky = risky | bit(k);
            self.push_all(c, t.king[usize::from(c)] & free, s, r, buf, risky);
            self.castles(c, self.b.army_of_bit(bit(c)), s, r, buf);
        }
    }
}
