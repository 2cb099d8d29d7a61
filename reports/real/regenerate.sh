#!/bin/sh
# Regenerates reports/real/ (see reports/README.md): builds the shims of adapters/real/ against
# the checkouts you name, cross-checks each engine into reports/real/NAME/, then writes the
# triage tables and the interop table (reports/real/interop.py, which fails if a row of a new
# report is not triaged in reports/real/NAME/triage.toml).
#   YALTA_CHECKOUT=/path/to/Jeu-d-Echec-Yalta CMRSCHWARZ_CHECKOUT=/path/to/three_player_chess \
#     DRTNF_CHECKOUT=/path/to/threeChess reports/real/regenerate.sh
# An engine whose checkout variable is unset is left as it is (its report is not rewritten).
# The cross-check arguments after --engine are those cli/tests/real_engines.rs runs again: it
# reads them from each report's own invocation line.
set -eu
cd "$(dirname "$0")/../.."
cargo build --release -q -p trichess
trichess=target/release/trichess

# Runs trichess cross-check; exit 1 (rows found) is what these runs are for.
cross_check() {
  status=0
  "$trichess" cross-check "$@" > /dev/null || status=$?
  if [ "$status" -gt 1 ]; then exit "$status"; fi
}

if [ -n "${YALTA_CHECKOUT:-}" ]; then
  make -s -C adapters/real/g-amoros YALTA_CHECKOUT="$YALTA_CHECKOUT"
  rm -rf reports/real/g-amoros/cross-check* reports/real/g-amoros/index.html reports/real/g-amoros/expect.toml
  cross_check --engine adapters/real/g-amoros/build/yalta-shim --variant yalta \
    --positions 8000 --seed 1 --max-rows 100 --report reports/real/g-amoros \
    --write-expect reports/real/g-amoros/expect.toml
else
  echo "YALTA_CHECKOUT is not set: reports/real/g-amoros/ left as it is" >&2
fi

if [ -n "${CMRSCHWARZ_CHECKOUT:-}" ]; then
  CMRSCHWARZ_CHECKOUT="$CMRSCHWARZ_CHECKOUT" adapters/real/cmrschwarz/build.sh
  rm -rf reports/real/cmrschwarz/cross-check* reports/real/cmrschwarz/index.html reports/real/cmrschwarz/expect.toml
  cross_check --engine adapters/real/cmrschwarz/target/release/cmrschwarz-shim --variant yalta \
    --positions 20000 --seed 1 --max-rows 100 --report reports/real/cmrschwarz \
    --write-expect reports/real/cmrschwarz/expect.toml
else
  echo "CMRSCHWARZ_CHECKOUT is not set: reports/real/cmrschwarz/ left as it is" >&2
fi

if [ -n "${DRTNF_CHECKOUT:-}" ]; then
  DRTNF_CHECKOUT="$DRTNF_CHECKOUT" adapters/real/drtnf/build.sh
  rm -rf reports/real/drtnf/cross-check* reports/real/drtnf/index.html reports/real/drtnf/expect.toml
  # Its moves are isLegalMove over every pair of cells, about 11 ms a position: a perft of
  # depth 1 at each position, and 20 s a line for the perft table's rows.
  cross_check --engine adapters/real/drtnf/build/drtnf-shim --variant yalta \
    --positions 2000 --seed 1 --max-rows 100 --depth 1 --timeout-ms 20000 --report reports/real/drtnf \
    --write-expect reports/real/drtnf/expect.toml
else
  echo "DRTNF_CHECKOUT is not set: reports/real/drtnf/ left as it is" >&2
fi

python3 reports/real/interop.py
