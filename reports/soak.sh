#!/bin/sh
# A soak run: the differential run of the oracle against the fast engine, every variant, for a
# long time with a fresh seed (CI's main job keeps its fixed seed, 2026), and its line appended
# to the table of reports/soak.md (see the top of that file).
#
# Usage: reports/soak.sh [MINUTES [THREADS]]   (defaults: 30 minutes on 2 threads)
# The report of the run is target/soak/SEED/ (diff.md, diff.json, a diagram per row) and its
# output target/soak/SEED.log; replay it with the command the log's first line names.
# Exits as trichess diff does: 0 if the engines agreed, 1 if it found disagreements.
set -eu
cd "$(dirname "$0")/.."
minutes=${1:-30}
threads=${2:-2}
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
cargo build --release -q -p trichess
mkdir -p target/soak
dir=target/soak/$seed
log=$dir.log
status=0
target/release/trichess diff --variant all --seconds $((minutes * 60)) --seed "$seed" \
  --threads "$threads" --report "$dir" > "$log" 2>&1 || status=$?
if [ "$status" -gt 1 ]; then
  cat "$log"
  exit "$status"
fi

# The positions compared in a variant, from the run's summary table.
positions() {
  awk -F'│' -v v="$1" '{ gsub(/ /, "", $2) } $2 == v { gsub(/ /, "", $3); print $3 }' "$log"
}
rows=$(grep -c '^| [0-9]' "$dir/diff.md" || true)
if [ "$rows" -eq 0 ]; then
  findings="nothing"
else
  findings="$rows rows (target/soak/$seed/diff.md): to settle"
fi
commit=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  commit="$commit+changes"
fi
printf '| %s | %s | %s | %s min x %s threads | random per game | %s | %s | %s | %s | %s |\n' \
  "$(date -u +%Y-%m-%d)" "$commit" "$seed" "$minutes" "$threads" \
  "$(positions osullivan)" "$(positions yalta)" "$(positions yuri)" "$(positions triple-crown)" \
  "$findings" >> reports/soak.md
tail -n 1 reports/soak.md
exit "$status"
