#!/usr/bin/env python3
"""Checks the cell-name mapping of a shim of adapters/real/ against trichess.

1. The engine's own starting position (`SHIM --start`), written in trichess's names, must be
   `trichess start yalta --json` square by square.
2. For each of the 96 cells and each of king, rook, bishop and knight, a Red piece alone on
   that cell (Red's king elsewhere, Green's and Blue's kings in far corners) must have the same
   moves in the engine and in trichess, under the readings given (those the engine was found
   to follow; a piece that finds an enemy king on its line takes it only under
   exposed-king=capture). With a wrong mapping (a sector, file or rank turned), the rook's and
   the king's moves differ almost everywhere; where a piece's moves differ with the mapping
   right, the difference is one of the findings.

Usage: verify-mapping.py SHIM [ID=READING ...]   (trichess: target/release/trichess, or $TRICHESS)
"""

import json
import subprocess
import sys

from shimclient import Engine, start, trichess

def cells():
    return [s + f + r for s in "ABC" for r in "1234" for f in "abcdefgh"]


def position(cell, role, reference):
    """A Red piece on `cell`, with the three kings placed where that piece does not reach them
    (as trichess sees it: a piece that reaches a king would take it under
    yalta.exposed-king=capture, and some engines end the game there)."""
    def build(kings):
        pieces = {cell: "r" + role, **{c: k for k, c in kings.items()}}
        return {"to_move": "r", "pieces": pieces, "castling": [], "en_passant": None,
                "en_passant_earlier": None, "control": {}, "first_check": {}, "pending_mate": []}
    kings = {}
    for king, seat in (("rK", "A"), ("gK", "B"), ("bK", "C")):
        if role == "K" and king == "rK":
            continue
        for candidate in [seat + f + r for r in "12" for f in "hadebgcf"]:
            if candidate == cell or candidate in kings.values():
                continue
            trial = build({**kings, king: candidate})
            reach = {m.split("-")[1][:3] for m in reference.ask(
                "moves", {"yalta.exposed-king": "capture"}, position=dict(trial, to_move="r"))
                if m.startswith(cell + "-")}
            if king == "rK" or candidate not in reach:
                kings[king] = candidate
                break
        else:
            kings[king] = next(seat + f + "1" for f in "hadebgcf" if seat + f + "1" != cell)
    return build(kings)


def main():
    shim = sys.argv[1]
    readings = dict(arg.split("=", 1) for arg in sys.argv[2:])
    engine_start = json.loads(subprocess.check_output([shim, "--start"]))
    trichess_start = start()
    same = engine_start["pieces"] == trichess_start["pieces"]
    print(f"start position: {len(engine_start['pieces'])} pieces, "
          f"{'the same square by square' if same else 'DIFFERENT'}; "
          f"to move {engine_start['to_move']} / {trichess_start['to_move']}; "
          f"castling {engine_start['castling'] == trichess_start['castling']}")
    engine, reference = Engine([shim], readings), Engine([trichess(), "serve"], readings)
    failures = 0 if same else 1
    for role in "KRBN":
        differ = []
        for cell in cells():
            pos = position(cell, role, reference)
            a = {m for m in reference.ask("moves", position=pos) if m.startswith(cell + "-")}
            b = {m for m in engine.ask("moves", position=pos) if m.startswith(cell + "-")}
            if a != b:
                differ.append((cell, sorted(a - b), sorted(b - a)))
        print(f"{role}: {96 - len(differ)} of 96 cells give the same moves")
        for cell, only_trichess, only_engine in differ:
            print(f"   {cell}: only trichess {' '.join(only_trichess) or '-'}; only the engine {' '.join(only_engine) or '-'}")
        if role in "KR" and differ:
            failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
