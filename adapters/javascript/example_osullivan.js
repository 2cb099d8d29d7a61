#!/usr/bin/env node
// A small O'Sullivan engine behind the adapter, simplified on purpose so that
// `trichess cross-check` has something to find:
//
// 1. the barrier is ignored: rooks, queens and kings pass between d1 and e1;
// 2. the P4 rule is missing: the P4s capture each other freely, and no P4 is ever recorded
//    as freed;
// 3. dead armies still attack: a checkmated player's pieces give check;
// 4. no en passant: no pawn captures en passant and no double step records an en passant
//    cell (the field is read and checked, never used).
//
// Everything else follows the register's default readings (castling towards the rook,
// promotion to any piece, checkmate and stalemate when a player's turn comes, the last king
// wins); it declares osullivan.turn-order with both readings. Node.js only.
"use strict";

const { Refused, serve } = require("./adapter");

const FILES = "abcdefgh";
const WHITE = "w", RED = "r", BLACK = "b";
const NAMES = { w: "White", r: "Red", b: "Black" };
const ORTHOGONAL = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAGONAL = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const P4_HOME = { b: "d2", r: "e2" };

// Cells are written as names ("e7"); xy turns one into [file, rank], from 0.
const xy = (c) => [FILES.indexOf(c[0]), Number(c[1]) - 1];
const unusable = (f, r) => (f === 0 || f === 7) && r >= 6;
const onBoard = (f, r) => f >= 0 && f < 8 && r >= 0 && r < 8 && !unusable(f, r);
const nameOf = (f, r) => FILES[f] + (r + 1);

function cellOf(c) {
  if (!/^[a-h][1-8]$/.test(c) || unusable(...xy(c))) {
    throw new Refused("invalid-position", `${c} is not a usable cell`);
  }
  return c;
}

function step(c, [df, dr]) {
  const [f, r] = xy(c);
  return onBoard(f + df, r + dr) ? nameOf(f + df, r + dr) : null; // simplification 1
}

function read(json) {
  const pos = {
    toMove: json.to_move,
    pieces: {},
    castling: (json.castling || []).map(cellOf),
    enPassant: json.en_passant ? cellOf(json.en_passant) : null,
    p4: {},
  };
  for (const [c, p] of Object.entries(json.pieces)) pos.pieces[cellOf(c)] = p;
  if (json.p4) {
    for (const [s, c] of Object.entries(json.p4)) pos.p4[s] = cellOf(c);
  } else {
    for (const [s, c] of Object.entries(P4_HOME)) if (pos.pieces[c] === s + "P") pos.p4[s] = c;
  }
  const freed = json.p4_freed || [];
  const found = problems(pos, freed);
  if (found.length) throw new Refused("invalid-position", found.join("; "));
  return pos;
}

function toJson(pos) {
  return {
    to_move: pos.toMove, pieces: pos.pieces, castling: pos.castling, en_passant: null,
    en_passant_earlier: null, p4: pos.p4, p4_freed: [], // simplification 2: never freed
  };
}

const king = (pos, seat) => Object.keys(pos.pieces).find((c) => pos.pieces[c] === seat + "K");
const live = (pos) => [WHITE, RED, BLACK].filter((s) => king(pos, s));

function problems(pos, freed) {
  const found = [];
  for (const seat of [WHITE, RED, BLACK]) {
    const kings = Object.values(pos.pieces).filter((p) => p === seat + "K").length;
    if (kings > 1) found.push(`${NAMES[seat]} has ${kings} kings`);
  }
  if (!king(pos, pos.toMove)) found.push(`${pos.toMove} is to move but has no king`);
  for (const [c, p] of Object.entries(pos.pieces)) {
    const rank = xy(c)[1];
    if (p[1] === "P" && (rank === 0 || rank === 7)) found.push(`pawn on ${c}`);
  }
  for (const c of pos.castling) {
    if (c !== "b8" || pos.pieces.b8 !== "wR" || pos.pieces.d8 !== "wK") found.push(`castling right ${c}`);
  }
  const t = pos.enPassant;
  if (t) {
    const victim = t[1] === "6" ? t[0] + "5" : t[1] === "3" ? t[0] + "4" : null;
    const pawn = victim && pos.pieces[victim];
    if (pos.pieces[t] || !pawn || pawn[1] !== "P" || pawn[0] === pos.toMove
        || (t[1] === "6") !== (pawn[0] === WHITE)
        || (pawn[0] !== WHITE && pos.p4[pawn[0]] !== victim)) {
      found.push(`en passant on ${t}`);
    }
  }
  if (pos.p4.w) found.push("White has no P4");
  for (const [s, c] of Object.entries(pos.p4)) {
    if (pos.pieces[c] !== s + "P") found.push(`${s}'s P4 on ${c}: no pawn there`);
  }
  for (const s of freed) if (!pos.p4[s]) found.push(`${s}'s P4 is freed but there is none`);
  return found;
}

const forward = (seat) => (seat === WHITE ? -1 : 1);

function attacks(pos, from, piece) {
  const role = piece[1];
  if (role === "P") return [[-1, forward(piece[0])], [1, forward(piece[0])]].map((d) => step(from, d)).filter(Boolean);
  if (role === "K" || role === "N") {
    return (role === "K" ? ORTHOGONAL.concat(DIAGONAL) : KNIGHT).map((d) => step(from, d)).filter(Boolean);
  }
  const dirs = { Q: ORTHOGONAL.concat(DIAGONAL), R: ORTHOGONAL, B: DIAGONAL }[role];
  const cells = [];
  for (const d of dirs) {
    for (let t = step(from, d); t; t = step(t, d)) {
      cells.push(t);
      if (pos.pieces[t]) break;
    }
  }
  return cells;
}

// Simplification 3: a dead army's pieces attack like live ones.
const attacked = (pos, target, by) =>
  Object.entries(pos.pieces).some(([c, p]) => p[0] === by && attacks(pos, c, p).includes(target));

function inCheck(pos, seat) {
  const k = king(pos, seat);
  return Boolean(k) && [WHITE, RED, BLACK].some((s) => s !== seat && attacked(pos, k, s));
}

const capturable = (pos, seat, c) => Boolean(pos.pieces[c]) && pos.pieces[c][0] !== seat && pos.pieces[c][1] !== "K";

function pseudoMoves(pos) {
  const seat = pos.toMove;
  const moves = [];
  for (const [from, piece] of Object.entries(pos.pieces)) {
    if (piece[0] !== seat) continue;
    if (piece[1] !== "P") {
      for (const to of attacks(pos, from, piece)) {
        if (!pos.pieces[to] || capturable(pos, seat, to)) moves.push({ from, to });
      }
      if (piece[1] === "K" && from === "d8" && pos.castling.includes("b8") && pos.pieces.b8 === "wR"
          && !pos.pieces.c8 && !inCheck(pos, WHITE)) {
        moves.push({ from, to: "c8", partner: "b8" });
      }
      continue;
    }
    const targets = [];
    const one = step(from, [0, forward(seat)]);
    if (one && !pos.pieces[one]) {
      targets.push(one);
      const two = step(one, [0, forward(seat)]);
      const double = seat === WHITE ? from[1] === "7" : pos.p4[seat] === from && from === P4_HOME[seat];
      if (double && two && !pos.pieces[two]) targets.push(two);
    }
    for (const to of attacks(pos, from, piece)) if (capturable(pos, seat, to)) targets.push(to);
    const last = seat === WHITE ? "1" : "8";
    for (const to of targets) {
      if (to[1] === last) for (const role of "QRBN") moves.push({ from, to, promote: role });
      else moves.push({ from, to });
    }
  }
  return moves;
}

// The board change of a move; the turn stays with the mover.
function make(pos, move) {
  const next = { toMove: pos.toMove, pieces: { ...pos.pieces }, castling: [], enPassant: null, p4: { ...pos.p4 } };
  const piece = next.pieces[move.from];
  delete next.pieces[move.from];
  next.pieces[move.to] = move.promote ? piece[0] + move.promote : piece;
  if (move.partner) {
    delete next.pieces[move.partner];
    next.pieces[move.from] = "wR";
  }
  const kingMoved = move.from === "d8" || move.to === "d8";
  next.castling = kingMoved ? [] : pos.castling.filter((c) => c !== move.from && c !== move.to);
  for (const [s, c] of Object.entries(pos.p4)) {
    if (c === move.to && s !== piece[0]) delete next.p4[s];
    if (c === move.from && s === piece[0]) {
      if (move.promote) delete next.p4[s];
      else next.p4[s] = move.to;
    }
  }
  return next;
}

const text = (m) => `${m.from}-${m.to}${m.promote ? "=" + m.promote : ""}${m.partner ? "/" + m.partner : ""}`;

function legal(pos) {
  if (live(pos).length <= 1) return [];
  return pseudoMoves(pos).filter((m) => !inCheck(make(pos, m), pos.toMove));
}

function nextSeat(pos, readings, seat) {
  const seats = readings["osullivan.turn-order"] === "white-black-red" ? [WHITE, BLACK, RED] : [WHITE, RED, BLACK];
  for (let k = 1; k <= 3; k++) {
    const s = seats[(seats.indexOf(seat) + k) % 3];
    if (king(pos, s)) return s;
  }
  return seat;
}

const engine = {
  check(variant, readings, position) {
    read(position);
  },
  moves(variant, readings, position) {
    return legal(read(position)).map(text);
  },
  play(variant, readings, position, move) {
    const pos = read(position);
    const chosen = legal(pos).find((m) => text(m) === move);
    if (!chosen) throw new Refused("illegal-move", `${move} is not a legal move here`);
    const next = make(pos, chosen);
    next.toMove = nextSeat(next, readings, pos.toMove);
    for (;;) { // players whose turn comes while checkmated leave; a stalemate draws
      const left = live(next);
      if (left.length <= 1) {
        if (left.length) next.toMove = left[0];
        return toJson(next);
      }
      if (legal(next).length || !inCheck(next, next.toMove)) return toJson(next);
      delete next.pieces[king(next, next.toMove)];
      if (next.toMove === WHITE) next.castling = [];
      next.toMove = nextSeat(next, readings, next.toMove);
    }
  },
  result(variant, readings, position) {
    const pos = read(position);
    const left = live(pos);
    if (left.length === 1) return { status: "won", winner: left[0], reason: "last-king-standing" };
    if (legal(pos).length) return { status: "ongoing" };
    if (inCheck(pos, pos.toMove)) return { status: "eliminated", seat: pos.toMove, reason: "checkmate" };
    return { status: "drawn", reason: "stalemate" };
  },
};

serve(engine, "example-osullivan-javascript", "1", {
  osullivan: {
    "osullivan.turn-order": ["white-red-black", "white-black-red"],
    "osullivan.castling-direction": ["towards-rook"],
  },
});
