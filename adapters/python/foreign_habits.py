#!/usr/bin/env python3
"""An engine with a game engine's habits, to keep `trichess cross-check` honest: the example
O'Sullivan engine (example_osullivan.py, its three simplifications included), but

1. it takes turns White-Black-Red, and does not say so (it declares no open point);
2. it does not validate positions: its hello says "validates": false, and `check` accepts
   any position it can hold;
3. it cannot hold castling rights or a second en passant cell: a position with either is
   answered "unsupported".

A cross-check of it should find the three simplifications only, infer the turn order, send it
no invalid position and count the positions it does not play. Standard library only."""

import sys

import adapter
import example_osullivan as engine
from adapter import Refused


def white_black_red(readings):
    return [engine.WHITE, engine.BLACK, engine.RED]


def read(position):
    if position.get("castling"):
        raise Refused("unsupported", "castling rights")
    if position.get("en_passant_earlier"):
        raise Refused("unsupported", "a second en passant cell")
    return engine.Position(position)


engine.order = white_black_red
engine.read = read

if __name__ == "__main__":
    adapter.serve(engine, "foreign-habits-python", "1", {"osullivan": {}}, validates=False)
