#!/usr/bin/env node
// A trichess engine adapter (see PROTOCOL.md): copy this file, fill in the four functions
// with calls to your engine, and run
//
//     trichess cross-check --engine 'node adapter.js'
//
// Node.js only, no npm packages. Everything below `serve` is the protocol; above it is yours.
"use strict";

const NAME = "my-engine";
const VERSION = "0.1";
// The variants you play; for each, the open points you declare, with the readings you play
// (`trichess rules VARIANT` lists them). Points you leave out, cross-check works out itself.
const VARIANTS = { osullivan: {} };

// An error reply; kind is invalid-position, illegal-move, unsupported or failed.
class Refused extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

// Each function gets the variant id, the readings ({point: reading}; a point left out is at its
// default) and the position in the JSON form ({to_move: "w", pieces: {d8: "wK"}, ...}).
const engine = {
  // Throws Refused("invalid-position", why) unless the position is valid.
  check(variant, readings, position) {
    throw new Refused("unsupported", "check is not written yet");
  },
  // Returns the legal moves, as strings: "e7-e5", "c2-c1=Q", "d8-c8/b8".
  moves(variant, readings, position) {
    throw new Refused("unsupported", "moves is not written yet");
  },
  // Returns the position after the move (JSON form), or throws Refused("illegal-move", why).
  play(variant, readings, position, move) {
    throw new Refused("unsupported", "play is not written yet");
  },
  // Returns the outcome: {status: "ongoing"}, {status: "drawn", reason: "stalemate"}, ...
  result(variant, readings, position) {
    throw new Refused("unsupported", "result is not written yet");
  },
};

// Answers the requests on standard input with the engine's four functions, until it ends.
function serve(engine, name, version, variants) {
  function answer(request) {
    if (request.cmd === "hello") {
      return { name, version, protocol: 1, variants, perft: false, batch: true };
    }
    const variant = request.variant;
    const readings = request.readings || {};
    const declared = variants[variant];
    if (!declared) throw new Refused("unsupported", `${name} does not play ${variant}`);
    for (const [point, reading] of Object.entries(readings)) {
      if (declared[point] && !declared[point].includes(reading)) {
        throw new Refused("unsupported", `${name} does not play ${point}=${reading}`);
      }
    }
    const args = [variant, readings, request.position];
    switch (request.cmd) {
      case "check": engine.check(...args); return true;
      case "moves": return engine.moves(...args);
      case "play": return engine.play(...args, request.move);
      case "result": return engine.result(...args);
      default: throw new Refused("unsupported", `unknown cmd ${JSON.stringify(request.cmd)}`);
    }
  }
  function reply(request) {
    const id = request && typeof request === "object" && "id" in request ? request.id : null;
    try {
      return { id, ok: answer(request) };
    } catch (e) {
      return { id, error: e instanceof Refused ? e.kind : "failed", message: String(e.message || e) };
    }
  }
  let buffered = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      let message = null;
      try { message = JSON.parse(line); } catch (e) { /* answered as failed below */ }
      const out = Array.isArray(message) ? message.map(reply) : reply(message);
      process.stdout.write(JSON.stringify(out) + "\n");
    }
  });
}

module.exports = { Refused, serve };

if (require.main === module) serve(engine, NAME, VERSION, VARIANTS);
