#!/usr/bin/env python3
"""Perft divide of an engine of adapters/real/ against trichess, from the Yalta start or from
the position after a path of moves, descending to the moves where they part.

For each move of the position, the number of move paths of DEPTH-1 after it, by trichess
(`trichess serve`, the oracle) and by the engine (its shim's `perft`); prints the moves whose
counts differ, then both totals. A move only one of them lists is printed with the other's
count as "-". With --descend, follows the first differing move down to depth 1 and prints the
moves each side lists there that the other does not, with the trichess command that lists them.

Usage: divide.py SHIM DEPTH [--after MOVE ...] [--descend] [ID=READING ...]
(trichess: target/release/trichess, or $TRICHESS; python3, standard library)
"""

import sys

from shimclient import Engine, start, trichess


def divide(engine, position, depth):
    return {
        move: engine.ask("perft", position=engine.ask("play", position=position, move=move), depth=depth - 1)
        for move in engine.ask("moves", position=position)
    }


def command(path, readings):
    """The trichess command that lists the moves after `path` under `readings`."""
    flags = "".join(f" -i {k}={v}" for k, v in readings.items())
    return f'trichess moves yalta --after "{" ".join(path)}"{flags}'


def main():
    args = sys.argv[1:]
    shim, depth = args[0], int(args[1])
    after, readings, descend, rest = [], {}, False, args[2:]
    while rest:
        arg = rest.pop(0)
        if arg == "--after":
            while rest and not rest[0].startswith("--") and "=" not in rest[0]:
                after.append(rest.pop(0))
        elif arg == "--descend":
            descend = True
        else:
            key, value = arg.split("=", 1)
            readings[key] = value
    ours, theirs = Engine([trichess(), "serve"], readings), Engine([shim], readings)
    position = start()
    for move in after:
        position = ours.ask("play", position=position, move=move)
    path = list(after)
    while True:
        a, b = divide(ours, position, depth), divide(theirs, position, depth)
        print(f"after {' '.join(path) or 'the start'}, depth {depth}:")
        print(f"  {'move':<14} {'trichess':>10} {'engine':>10} {'difference':>10}")
        differing = [m for m in sorted(set(a) | set(b)) if a.get(m) != b.get(m)]
        for move in differing:
            x, y = a.get(move), b.get(move)
            diff = x - y if x is not None and y is not None else "-"
            print(f"  {move:<14} {x if x is not None else '-':>10} {y if y is not None else '-':>10} {diff:>10}")
        print(f"  {'total':<14} {sum(a.values()):>10} {sum(b.values()):>10} {sum(a.values()) - sum(b.values()):>10}")
        if not descend or not differing:
            return
        if depth == 1 or differing[0] not in a or differing[0] not in b:
            print(f"  the position: {command(path, readings)}")
            print(f"  only trichess: {' '.join(m for m in differing if m not in b) or '-'}")
            print(f"  only the engine: {' '.join(m for m in differing if m not in a) or '-'}")
            return
        move = differing[0]
        position = ours.ask("play", position=position, move=move)
        path.append(move)
        depth -= 1


if __name__ == "__main__":
    main()
