#!/usr/bin/env bash
# Writes the named seed corpus of every fuzz target (fuzz/corpus/<target>/), using the built
# `trichess` command: run from anywhere after `cargo build --release -p trichess`.
# An input's first byte picks the variant (0 osullivan, 1 yalta, 2 yuri, 3 triple-crown). For
# the engine targets the next bytes choose the readings (0: the defaults), the roots (0: the
# start alone) and the length of the walk (0: the root alone), then the walk itself (see
# trichess_diff::property::Harness::decode); for the parser targets the rest is the text.
set -euo pipefail
cd "$(dirname "$0")/.."
trichess=target/release/trichess
variants=(osullivan yalta yuri triple-crown)
corpus=fuzz/corpus
# seed TARGET NAME VARIANT-INDEX TEXT: the variant's byte, then the text as it is.
seed() {
  mkdir -p "$corpus/$1"
  { printf "\\x$(printf %02x "$3")"; printf '%s' "$4"; } >"$corpus/$1/$2"
}
# walk VARIANT-INDEX N: random readings, the perft tables' roots too, a walk of 40 positions,
# then 160 fixed pseudo-random choices (a linear congruential sequence started at N).
walk() {
  local state=$2 i
  printf "\\x$(printf %02x "$1")\\x01\\x01\\x27"
  for i in $(seq 1 160); do
    state=$(((state * 1103515245 + 12345) % 2147483648))
    printf "\\x$(printf %02x $(((state >> 16) % 256)))"
  done
}
# One position with fields of its variant, in JSON form.
json_fields=(
  '{"to_move":"b","pieces":{"a1":"bK","d2":"bP","e4":"rP","h1":"rK","d8":"wK","b8":"wR"},"castling":["b8"],"en_passant":"e3","p4":{"b":"d2","r":"e4"},"p4_freed":["r"]}'
  '{"to_move":"b","pieces":{"Bd2":"rP","Bc1":"bN","Be1":"gB","Bh1":"gK","Ch1":"bK","Ca2":"bP","Bb2":"gP"},"control":{"r":"b"},"first_check":{},"pending_mate":[]}'
  '{"to_move":"w","pieces":{"g7":"wK","d4":"wN","a1":"bK","g1":"rK","c5":"bP"},"history":["a1:bK,g1:rK,e6:wN,g7:wK"],"unmoved":[]}'
  '{"to_move":"a","pieces":{"Aa1":"aE","Bj1":"bE","Cj1":"cE","Ac3":"aP"},"en_passant":"Bc4","en_passant_earlier":null,"instant_win":[]}'
)
moves=(
  'e7-e5 d8-c8/b8 c2-c1=Q'
  'Ae2-Ae4 Ad4-Bd4 Ae1-Ag1/Ah1'
  'e7-d6 d4-e4 c2-b1=N'
  'Af1-Ah1/Aj1 Ae5-Bf5 Ac4-Cc5=D'
)
for i in 0 1 2 3; do
  v=${variants[$i]}
  for t in engines_same_moves engines_same_positions engines_same_result engines_playable_iff_listed; do
    mkdir -p "$corpus/$t"
    printf "\\x0$i\\x00\\x00\\x00" >"$corpus/$t/start-$v"
    walk "$i" 1 >"$corpus/$t/walk-$v-1"
    walk "$i" 2 >"$corpus/$t/walk-$v-2"
  done
  seed text_round_trip "start-$v" "$i" "$($trichess start "$v" 2>/dev/null)"
  # The last position of the variant's perft table: a position with fields.
  seed text_round_trip "table-$v" "$i" \
    "$(grep '^position ' "fixtures/perft/$v.perft" | grep -v ' start$' | tail -1 | cut -d' ' -f2-)"
  seed json_round_trip "start-$v" "$i" "$($trichess start "$v" --json 2>/dev/null)"
  seed json_round_trip "fields-$v" "$i" "${json_fields[$i]}"
  n=0
  for m in ${moves[$i]}; do
    n=$((n + 1))
    seed move_round_trip "move-$v-$n" "$i" "$m"
  done
done
