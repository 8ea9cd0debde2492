#!/usr/bin/env bash
# Fuzzes the decoder and the reducer together, and the console importer (Sources/ReplayFuzz),
# with libFuzzer.
#
#   .ci/fuzz.sh SECONDS [--asan] [-- LIBFUZZER_FLAGS…]
#
# Builds the ReplayFuzz product alone, instrumented, in .build-fuzz (or .build-fuzz-asan with
# --asan), then runs it for SECONDS on a working corpus seeded with Recordings/*.jsonl and
# .ci/fuzz/seeds/*, with the dictionary .ci/fuzz/recording.dict, two jobs' worth of memory
# (-rss_limit_mb=2048), a 10 s per-input timeout and inputs of at most 512 bytes (a few lines;
# longer inputs cost more per execution than they add coverage). Extra flags go to libFuzzer
# (e.g. -runs=10000000). Crashes are saved in .build-fuzz*/artifacts/.
# Prints the executions, exec/s and coverage (cov: edges, ft: features) and exits non-zero on any
# crash, hang or out-of-memory.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: .ci/fuzz.sh SECONDS [--asan] [-- LIBFUZZER_FLAGS...]}
shift
sanitizers=fuzzer
scratch=.build-fuzz
if [[ ${1:-} == --asan ]]; then
  sanitizers=fuzzer,address
  scratch=.build-fuzz-asan
  shift
fi
[[ ${1:-} == -- ]] && shift

# Both flags are needed: --sanitize links libFuzzer's main, -Xswiftc instruments every module.
swift build -c release --scratch-path "$scratch" --product ReplayFuzz \
  --sanitize=fuzzer -Xswiftc -sanitize="$sanitizers"

corpus=$scratch/corpus
artifacts=$scratch/artifacts
mkdir -p "$corpus" "$artifacts"
cp -n Recordings/*.jsonl .ci/fuzz/seeds/* "$corpus"/ 2>/dev/null || true

log=$scratch/fuzz.log
# The Swift backtracer can hang for minutes after a crash; libFuzzer reports crashes itself.
set +e
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
  timeout -k 5 $((seconds + 60)) "$scratch/release/ReplayFuzz" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=512 \
  -dict=.ci/fuzz/recording.dict -artifact_prefix="$artifacts/" -print_final_stats=1 \
  "$@" "$corpus" >"$log" 2>&1
status=$?
set -e
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|ERROR|SUMMARY|^(at once|in chunks|the encoded)' "$log" || true
echo
echo "sanitizers: $sanitizers"
last=$(grep -E '^#[0-9]+[[:space:]]' "$log" | tail -1 || true)
executions=$(sed -nE 's/^stat::number_of_executed_units: +([0-9]+)/\1/p' "$log")
rate=$(sed -nE 's/^stat::average_exec_per_sec: +([0-9]+)/\1/p' "$log")
rss=$(sed -nE 's/^stat::peak_rss_mb: +([0-9]+)/\1/p' "$log")
edges=$(sed -nE 's/.* cov: ([0-9]+) .*/\1/p' <<<"$last")
features=$(sed -nE 's/.* ft: ([0-9]+) .*/\1/p' <<<"$last")
echo "executions: ${executions:-?}  exec/s: ${rate:-?}  coverage: ${edges:-?} edges, ${features:-?} features  peak RSS: ${rss:-?} MB"
if [[ $status -ne 0 ]]; then
  echo "fuzzing failed (exit $status); see $log and $artifacts/" >&2
fi
exit "$status"
