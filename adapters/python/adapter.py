#!/usr/bin/env python3
"""A trichess engine adapter (see PROTOCOL.md): copy this file, fill in the four functions
with calls to your engine, and run

    trichess cross-check --engine 'python3 adapter.py'

Standard library only. Everything below `serve` is the protocol; above it is yours."""

import json
import sys

NAME = "my-engine"
VERSION = "0.1"
# The variants you play; for each, the open points you declare, with the readings you play
# (`trichess rules VARIANT` lists them). Points you leave out, cross-check works out itself.
VARIANTS = {"osullivan": {}}


class Refused(Exception):
    """An error reply; kind is invalid-position, illegal-move, unsupported or failed."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


# Each function gets the variant id, the readings ({point: reading}; a point left out is at its
# default) and the position in the JSON form ({"to_move": "w", "pieces": {"d8": "wK"}, ...}).


def check(variant, readings, position):
    """Raises Refused("invalid-position", why) unless the position is valid."""
    raise Refused("unsupported", "check is not written yet")


def moves(variant, readings, position):
    """Returns the legal moves, as strings: "e7-e5", "c2-c1=Q", "d8-c8/b8"."""
    raise Refused("unsupported", "moves is not written yet")


def play(variant, readings, position, move):
    """Returns the position after the move (JSON form), or raises Refused("illegal-move", why)."""
    raise Refused("unsupported", "play is not written yet")


def result(variant, readings, position):
    """Returns the outcome: {"status": "ongoing"}, {"status": "drawn", "reason": "stalemate"}..."""
    raise Refused("unsupported", "result is not written yet")


def serve(engine, name, version, variants, **hello):
    """Answers the requests on standard input with engine's four functions, until it ends;
    hello's other fields (validates=False, classifies=True) go into the handshake's answer."""

    def answer(request):
        if request["cmd"] == "hello":
            return dict({"name": name, "version": version, "protocol": 1, "variants": variants,
                         "perft": False, "batch": True}, **hello)
        variant, readings = request["variant"], request.get("readings") or {}
        declared = variants.get(variant)
        if declared is None:
            raise Refused("unsupported", "%s does not play %s" % (name, variant))
        for point, reading in readings.items():
            if point in declared and reading not in declared[point]:
                raise Refused("unsupported", "%s does not play %s=%s" % (name, point, reading))
        args = (variant, readings, request["position"])
        if request["cmd"] == "check":
            engine.check(*args)
            return True
        if request["cmd"] == "moves":
            return engine.moves(*args)
        if request["cmd"] == "play":
            return engine.play(*args, request["move"])
        if request["cmd"] == "result":
            return engine.result(*args)
        raise Refused("unsupported", "unknown cmd %r" % request["cmd"])

    def reply(request):
        rid = request.get("id") if isinstance(request, dict) else None
        try:
            return {"id": rid, "ok": answer(request)}
        except Refused as e:
            return {"id": rid, "error": e.kind, "message": str(e)}
        except Exception as e:  # a bug on this side: say so, and go on
            return {"id": rid, "error": "failed", "message": repr(e)}

    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        out = [reply(r) for r in message] if isinstance(message, list) else reply(message)
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(sys.modules[__name__], NAME, VERSION, VARIANTS)
