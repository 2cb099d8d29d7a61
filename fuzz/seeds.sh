#!/usr/bin/env bash
# Writes the named seed corpus of every fuzz target (fuzz/corpus/<target>/), using the built
# `trichess` command: run from anywhere after `cargo build --release -p trichess`.
# An input's first byte picks the variant (0 osullivan, 1 yalta, 2 yuri, 3 triple-crown). For
# the engine targets the next bytes choose the readings (0: the defaults), the root (0: the
# start) and the length of the walk (0: the root alone), then the walk itself (see
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
# walk VARIANT-INDEX N: random readings, then 160 fixed pseudo-random choices (a linear
# congruential sequence started at N) for the readings, the root and the walk.
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
    "$(grep '^position ' "suite/fixtures/perft/$v.perft" | grep -v ' start$' | tail -1 | cut -d' ' -f2-)"
  seed json_round_trip "start-$v" "$i" "$($trichess start "$v" --json 2>/dev/null)"
  seed json_round_trip "fields-$v" "$i" "${json_fields[$i]}"
  n=0
  for m in ${moves[$i]}; do
    n=$((n + 1))
    seed move_round_trip "move-$v-$n" "$i" "$m"
  done
done
# The protocol reader: every line of PROTOCOL.md's examples (requests '>' and replies '<', each
# reply read for the variant of the request before it), then lines that must be refused.
protocol=fuzz/corpus/protocol_reader_never_panics
mkdir -p "$protocol"
n=0
variant=0
while IFS= read -r example; do
  n=$((n + 1))
  line=${example:2}
  if [ "${example:0:1}" = ">" ]; then
    cmd=$( (grep -o '"cmd": "[a-z]*"' <<<"$line" || true) | head -1 | cut -d'"' -f4)
    kind=request${cmd:+-$cmd}
    for i in 0 1 2 3; do
      case "$line" in *"\"variant\": \"${variants[$i]}\""*) variant=$i ;; esac
    done
  else
    answer=$( (grep -o '"ok"\|"error"' <<<"$line" || true) | head -1 | tr -d '"')
    kind=reply${answer:+-$answer}
  fi
  case "$line" in \[*) kind=$kind-batch ;; esac
  seed protocol_reader_never_panics "$(printf '%02d' "$n")-$kind" "$variant" "$line"
done < <(grep -E '^[<>] ' PROTOCOL.md)
# A Yuri position with its board history, asked about and answered.
yuri='{"to_move":"w","pieces":{"g7":"wK","d4":"wN","a1":"bK","g1":"rK"},"history":["a1:bK,g1:rK,e6:wN,g7:wK"],"unmoved":[]}'
seed protocol_reader_never_panics yuri-play 2 \
  "{\"id\": 1, \"cmd\": \"play\", \"variant\": \"yuri\", \"readings\": {}, \"position\": $yuri, \"move\": \"d4-e6\"}"
seed protocol_reader_never_panics yuri-reply 2 "{\"id\": 1, \"ok\": $yuri}"
seed protocol_reader_never_panics text-position 0 \
  '{"id": 2, "cmd": "perft", "variant": "osullivan", "readings": {}, "position": "a1:bK,d8:wK,h1:rK b", "depth": 2}'
seed protocol_reader_never_panics outcome-won 2 '{"id": 3, "ok": {"status": "won", "winner": "w", "reason": "kings-meet"}}'
seed protocol_reader_never_panics problems 0 \
  '{"id": 4, "error": "invalid-position", "message": "two", "problems": [{"kind": "missing-royal", "detail": "x"}, {"kind": "unclassified", "detail": "y"}]}'
seed protocol_reader_never_panics empty-batch 0 '[]'
seed protocol_reader_never_panics empty 0 ''
seed protocol_reader_never_panics huge-id 0 '{"id": 18446744073709551616, "ok": 1e400}'
seed protocol_reader_never_panics huge-depth 0 \
  '{"id": 18446744073709551615, "cmd": "perft", "variant": "osullivan", "position": "a1:bK,d8:wK,h1:rK b", "depth": 99999999999999999999}'
seed protocol_reader_never_panics floats 0 '{"id": 5, "ok": [-0.0, 1.5e-323, 0.1, 123456789012345678901234567890]}'
seed protocol_reader_never_panics duplicate-key 0 '{"id": 6, "id": 7, "ok": true}'
seed protocol_reader_never_panics control-message 0 \
  "{\"id\": 8, \"error\": \"failed\", \"message\": \"$(printf 'a\\u0007b\\n%.0s' $(seq 1 60))\"}"
seed protocol_reader_never_panics deep-nesting 0 "$(printf '[%.0s' $(seq 1 200))$(printf ']%.0s' $(seq 1 200))"
seed protocol_reader_never_panics deep-answer 0 "{\"id\": 9, \"ok\": $(printf '{"a":%.0s' $(seq 1 120))1$(printf '}%.0s' $(seq 1 120))}"
seed protocol_reader_never_panics garbage 0 'garbage'
seed protocol_reader_never_panics crlf 0 "$(printf '{"id": 10, "ok": true}\r')"
{ printf '\x00{"id": 11, "ok": "\xff\xfe"}'; } >"$protocol/invalid-utf8"
{ printf '\x00{"id": 12, "cmd": "hello", "protocol": 1}\xc3'; } >"$protocol/truncated-utf8"
