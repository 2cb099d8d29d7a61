#!/bin/sh
# Builds the shim against the checkout of https://github.com/cmrschwarz/three_player_chess named
# by CMRSCHWARZ_CHECKOUT (the repository's root); the binary is target/release/cmrschwarz-shim.
# The hello's version is the checkout's commit when it is a git clone.
set -eu
cd "$(dirname "$0")"
: "${CMRSCHWARZ_CHECKOUT:?set CMRSCHWARZ_CHECKOUT to a checkout of cmrschwarz/three_player_chess}"
ln -sfn "$CMRSCHWARZ_CHECKOUT" checkout
CMRSCHWARZ_VERSION=$(git -C "$CMRSCHWARZ_CHECKOUT" rev-parse --short HEAD 2>/dev/null || echo unknown)
export CMRSCHWARZ_VERSION
cargo build --release
