#!/bin/bash -eu
# Builds every cargo fuzz target of trichess into $OUT, each with its seed corpus
# (<target>_seed_corpus.zip) beside it: the ClusterFuzzLite / OSS-Fuzz build script. The
# builder image runs it from $SRC with the repository in $SRC/trichess; `.ci/run` runs the
# same script on a checkout (TRICHESS_ROOT) with the nightly toolchain.
root="${TRICHESS_ROOT:-$SRC/trichess}"
cd "$root"
# -O: optimised, as the fuzzers run; --debug-assertions: overflow checks too.
cargo fuzz build -O --debug-assertions
mkdir -p "$OUT"
for target in $(cargo fuzz list); do
  cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  if [ -d "fuzz/corpus/$target" ] && command -v zip >/dev/null; then
    (cd "fuzz/corpus/$target" && find . -maxdepth 1 -type f ! -name '.*' -print0 \
      | xargs -0 -r zip -q -j "$OUT/${target}_seed_corpus.zip")
  fi
done
