#!/usr/bin/env python3
"""A small O'Sullivan engine behind the adapter, simplified on purpose so that
`trichess cross-check` has something to find:

1. no castling: White never castles, and positions after a move keep no castling right;
2. no en passant: no pawn captures en passant, and no double step records an en passant cell
   (the field is read and checked, never used);
3. promotion to a queen only.

Everything else follows the register's default readings (the barrier, the P4 rule, dead
armies, checkmate and stalemate when a player's turn comes, the last king wins), and it
declares osullivan.turn-order with both readings. Standard library only."""

import sys

import adapter
from adapter import Refused

FILES = "abcdefgh"
UNUSABLE = {(0, 6), (0, 7), (7, 6), (7, 7)}  # a7 a8 h7 h8
WHITE, RED, BLACK = "w", "r", "b"
NAMES = {WHITE: "White", RED: "Red", BLACK: "Black"}
ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
P4_HOME = {BLACK: (3, 1), RED: (4, 1)}  # d2, e2


def cell(name):
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        raise Refused("invalid-position", "%r is not a cell" % name)
    c = (FILES.index(name[0]), int(name[1]) - 1)
    if c in UNUSABLE:
        raise Refused("invalid-position", "%s is unusable" % name)
    return c


def name(c):
    return FILES[c[0]] + str(c[1] + 1)


def on_board(c):
    return 0 <= c[0] < 8 and 0 <= c[1] < 8 and c not in UNUSABLE


def step(c, d):
    """The cell one step from c in direction d, or None; the barrier stops d1-e1 both ways."""
    to = (c[0] + d[0], c[1] + d[1])
    if not on_board(to) or {c, to} == {(3, 0), (4, 0)}:
        return None
    return to


class Position:
    def __init__(self, json):
        self.to_move = json["to_move"]
        self.pieces = {cell(k): v for k, v in json["pieces"].items()}
        self.castling = [cell(c) for c in json.get("castling") or []]
        ep = json.get("en_passant")
        self.en_passant = cell(ep) if ep else None
        if "p4" in json:
            self.p4 = {s: cell(c) for s, c in json["p4"].items()}
        else:
            self.p4 = {s: h for s, h in P4_HOME.items() if self.pieces.get(h) == s + "P"}
        self.freed = set(json.get("p4_freed") or [])

    def copy(self):
        other = Position.__new__(Position)
        other.to_move, other.pieces = self.to_move, dict(self.pieces)
        other.castling, other.en_passant = [], None
        other.p4, other.freed = dict(self.p4), set(self.freed)
        return other

    def to_json(self):
        return {"to_move": self.to_move,
                "pieces": {name(c): p for c, p in self.pieces.items()},
                "castling": [], "en_passant": None, "en_passant_earlier": None,
                "p4": {s: name(c) for s, c in self.p4.items()}, "p4_freed": sorted(self.freed)}

    def king(self, seat):
        return next((c for c, p in self.pieces.items() if p == seat + "K"), None)

    def live(self):
        return [s for s in (WHITE, RED, BLACK) if self.king(s) is not None]


def problems(pos):
    found = []
    for seat in (WHITE, RED, BLACK):
        kings = sum(1 for p in pos.pieces.values() if p == seat + "K")
        if kings > 1:
            found.append("%s has %d kings" % (NAMES[seat], kings))
    if pos.king(pos.to_move) is None:
        found.append("%s is to move but has no king" % NAMES.get(pos.to_move, pos.to_move))
    for c, p in pos.pieces.items():
        if p[1] == "P" and c[1] in ((7, 0) if p[0] == WHITE else (0, 7)):
            found.append("pawn on %s" % name(c))
    for c in pos.castling:
        if c != (1, 7) or pos.pieces.get(c) != "wR" or pos.pieces.get((3, 7)) != "wK":
            found.append("castling right %s" % name(c))
    if pos.en_passant is not None:
        t = pos.en_passant
        victim = {5: (t[0], 4), 2: (t[0], 3)}.get(t[1])
        pawn = pos.pieces.get(victim) if victim else None
        if (t in pos.pieces or pawn is None or pawn[1] != "P" or pawn[0] == pos.to_move
                or (t[1] == 5) != (pawn[0] == WHITE)
                or (pawn[0] != WHITE and pos.p4.get(pawn[0]) != victim)):
            found.append("en passant on %s" % name(t))
    if WHITE in pos.p4:
        found.append("White has no P4")
    for seat, c in pos.p4.items():
        if pos.pieces.get(c) != seat + "P":
            found.append("%s's P4 on %s: no pawn there" % (NAMES.get(seat, seat), name(c)))
    for seat in pos.freed:
        if seat not in pos.p4:
            found.append("%s's P4 is freed but there is none" % NAMES.get(seat, seat))
    return found


def forward(seat):
    return -1 if seat == WHITE else 1


def attacks(pos, frm, piece):
    """The cells the piece on frm attacks."""
    role = piece[1]
    if role == "P":
        return [t for t in (step(frm, (-1, forward(piece[0]))), step(frm, (1, forward(piece[0])))) if t]
    if role in "KN":
        steps = ORTHOGONAL + DIAGONAL if role == "K" else KNIGHT
        return [t for t in (step(frm, d) for d in steps) if t]
    dirs = {"Q": ORTHOGONAL + DIAGONAL, "R": ORTHOGONAL, "B": DIAGONAL}[role]
    cells = []
    for d in dirs:
        t = step(frm, d)
        while t:
            cells.append(t)
            if t in pos.pieces:
                break
            t = step(t, d)
    return cells


def attacked(pos, target, by):
    """Does a piece of the live seat `by` attack target? Dead armies attack nothing."""
    if pos.king(by) is None:
        return False
    return any(p[0] == by and target in attacks(pos, c, p) for c, p in pos.pieces.items())


def in_check(pos, seat):
    king = pos.king(seat)
    return king is not None and any(attacked(pos, king, s) for s in (WHITE, RED, BLACK) if s != seat)


def across_equator(c):
    return c[1] >= 4


def p4_forbidden(pos, frm, victim):
    mover = next((s for s, c in pos.p4.items() if c == frm), None)
    if mover is None:
        return False
    other = RED if mover == BLACK else BLACK
    return (pos.p4.get(other) == victim and mover not in pos.freed
            and not across_equator(frm) and not across_equator(victim))


def capturable(pos, seat, c):
    p = pos.pieces.get(c)
    return p is not None and p[0] != seat and p[1] != "K"  # kings are never captured


def pseudo_moves(pos):
    seat = pos.to_move
    for frm, piece in list(pos.pieces.items()):
        if piece[0] != seat:
            continue
        if piece[1] != "P":
            for to in attacks(pos, frm, piece):
                if to not in pos.pieces or capturable(pos, seat, to):
                    yield frm, to, None
            continue
        targets = []
        one = step(frm, (0, forward(seat)))
        if one and one not in pos.pieces:
            targets.append(one)
            two = step(one, (0, forward(seat)))
            double = frm[1] == 6 if seat == WHITE else pos.p4.get(seat) == frm == P4_HOME[seat]
            if double and two and two not in pos.pieces:
                targets.append(two)
        for to in attacks(pos, frm, piece):
            if capturable(pos, seat, to) and not p4_forbidden(pos, frm, to):
                targets.append(to)
        for to in targets:
            last = 0 if seat == WHITE else 7
            yield frm, to, ("Q" if to[1] == last else None)  # simplification 3: queens only


def make(pos, frm, to, promote):
    """The board change of a move; the turn stays with the mover."""
    nxt = pos.copy()
    piece = nxt.pieces.pop(frm)
    victim = pos.pieces.get(to)
    seat = piece[0]
    nxt.pieces[to] = seat + promote if promote else piece
    frees = (victim is not None and piece[1] == "P" and pos.p4.get(seat) == frm
             and (frm[0] <= 3) != (to[0] <= 3) and to not in pos.p4.values())
    for s, c in list(nxt.p4.items()):
        if c == to and s != seat:
            del nxt.p4[s]
        elif c == frm and s == seat:
            if promote:
                del nxt.p4[s]
            else:
                nxt.p4[s] = to
    if frees:
        nxt.freed.add(seat)
    nxt.freed = {s for s in nxt.freed if s in nxt.p4}
    return nxt


def legal(pos):
    if len(pos.live()) <= 1:
        return []
    return [m for m in pseudo_moves(pos) if not in_check(make(pos, *m), pos.to_move)]


def text(m):
    return name(m[0]) + "-" + name(m[1]) + ("=" + m[2] if m[2] else "")


def order(readings):
    if readings.get("osullivan.turn-order") == "white-black-red":
        return [WHITE, BLACK, RED]
    return [WHITE, RED, BLACK]


def next_seat(pos, readings, seat):
    seats = order(readings)
    for k in range(1, 4):
        s = seats[(seats.index(seat) + k) % 3]
        if pos.king(s) is not None:
            return s
    return seat


def read(position):
    pos = Position(position)
    found = problems(pos)
    if found:
        raise Refused("invalid-position", "; ".join(found))
    return pos


def check(variant, readings, position):
    read(position)


def moves(variant, readings, position):
    return [text(m) for m in legal(read(position))]


def play(variant, readings, position, move):
    pos = read(position)
    chosen = [m for m in legal(pos) if text(m) == move]
    if not chosen:
        raise Refused("illegal-move", "%s is not a legal move here" % move)
    nxt = make(pos, *chosen[0])
    nxt.to_move = next_seat(nxt, readings, pos.to_move)
    while True:  # players whose turn comes while checkmated leave; a stalemate draws
        live = nxt.live()
        if len(live) <= 1:
            if live:
                nxt.to_move = live[0]
            return nxt.to_json()
        if legal(nxt) or not in_check(nxt, nxt.to_move):
            return nxt.to_json()
        del nxt.pieces[nxt.king(nxt.to_move)]
        nxt.to_move = next_seat(nxt, readings, nxt.to_move)


def result(variant, readings, position):
    pos = read(position)
    live = pos.live()
    if len(live) == 1:
        return {"status": "won", "winner": live[0], "reason": "last-king-standing"}
    if legal(pos):
        return {"status": "ongoing"}
    if in_check(pos, pos.to_move):
        return {"status": "eliminated", "seat": pos.to_move, "reason": "checkmate"}
    return {"status": "drawn", "reason": "stalemate"}


if __name__ == "__main__":
    adapter.serve(sys.modules[__name__], "example-osullivan-python", "1",
                  {"osullivan": {"osullivan.turn-order": ["white-red-black", "white-black-red"]}})
