#!/bin/sh
# Regenerates the checked-in cross-check reports, reports/cross-check-*/ (see reports/README.md):
# the example engines of adapters/ (they need python3 and node), the fast engine served, and
# every mutant of the zoo served (trichess serve --mutant NAME).
# cli/tests/adapters.rs fails when a report is no longer what these commands write.
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p trichess
trichess=target/release/trichess

# Runs trichess cross-check; exit 1 (rows found) is what the examples are for.
cross_check() {
  status=0
  "$trichess" cross-check "$@" > /dev/null || status=$?
  if [ "$status" -gt 1 ]; then exit "$status"; fi
}

rm -rf reports/cross-check-python reports/cross-check-javascript reports/cross-check-fast \
  reports/cross-check-mutants
cross_check --engine 'python3 adapters/python/example_osullivan.py' --variant osullivan \
  --positions 400 --seed 2 --report reports/cross-check-python
cross_check --engine 'node adapters/javascript/example_osullivan.js' --variant osullivan \
  --positions 400 --seed 2 --report reports/cross-check-javascript
cross_check --engine "$trichess serve --engine fast" --reference fast \
  --positions 4000 --seed 2 --report reports/cross-check-fast
cross_check --mutants --reference fast --positions 400 --seed 2 --report reports/cross-check-mutants
