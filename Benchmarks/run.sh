#!/usr/bin/env bash
# Benchmarks/run.sh: replay's speed against the I/O floor and the best JSON tools, in one run.
#
#   Benchmarks/run.sh [--runs N] [--dir DIR]
#
# Builds replay in release (.build-release), with Swift's runtime and standard library linked
# statically (`--static-swift-stdlib`, as a Linux binary is built for others to run), generates
# recordings of 10,000, 1,000,000 and 5,000,000 events in DIR (default /tmp/replay-bench; about
# 500 MB; kept between runs while the generator's sources are unchanged), installs orjson with
# pip if it is missing, then times side by side, in N rounds (default 5): `replay check` on each
# file; `wc -l` (the I/O floor); `jq -c . >/dev/null` (not on the 5M file); Python reading each
# line with orjson. It prints each figure, the ratios, and issue 7's targets as PASS/FAIL (also
# `replay FILE --json` output speed, peak memory of streaming and of the debugger's history, and
# time travel). Exit status 1 if a target is missed.
#
# Then Benchmarks/targets.py puts every other path beside `replay check --jobs 1` on the 1M and 5M
# files: `--json` (output rate, and `jq -c .`), `compare` (text and --json), the debugger's load
# and peak memory, `html` when the build has it, and a native simdjson program that extracts every
# field (Benchmarks/simdjson-peer.cpp, built here against Debian's libsimdjson-dev, installed with
# apt-get when missing), each as a ratio with its target and PASS/FAIL. The whole output is kept
# in Benchmarks/results/DATE-TIME.txt.
#
# Both scripts time round-robin (Benchmarks/rounds.py): every round runs each command once, in the
# same order, so a drift of the machine's speed hits all commands alike; a figure is the median over
# the rounds, a ratio the median of the per-round ratios, printed with the lowest and highest.
#
# Recordings come from `replay generate --seed 1` (realistic sessions: ~72 % textChange, 11 %
# keyboard, 8 % pan, the rest sends, scrolls, receives; ~78 bytes per event).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
dir=/tmp/replay-bench
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done

mkdir -p Benchmarks/results
results="Benchmarks/results/$(date -u +%Y-%m-%d-%H%M).txt"
exec > >(tee "$results") 2>&1

for tool in jq python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "Benchmarks/run.sh needs $tool" >&2; exit 1; }
done
python3 -c 'import orjson' 2>/dev/null || python3 -m pip install --quiet orjson

if [ ! -f /usr/include/simdjson.h ]; then
  apt-get install -y -qq libsimdjson-dev >/dev/null || { apt-get update -qq && apt-get install -y -qq libsimdjson-dev >/dev/null; }
fi

# Statically linked Swift runtime: no shared-library symbol lookups at start (about 3 M
# instructions) and direct calls into the runtime (retain, release) instead of through the PLT.
swift build -c release --static-swift-stdlib --scratch-path .build-release --product replay >&2
replay=.build-release/release/replay
peer=.build-release/simdjson-peer
if [ ! -x "$peer" ] || [ Benchmarks/simdjson-peer.cpp -nt "$peer" ]; then
  g++ -O3 -march=native -std=c++17 Benchmarks/simdjson-peer.cpp -lsimdjson -o "$peer"
fi
fresh=.build-release/fresh-memory
if [ ! -x "$fresh" ] || [ Benchmarks/fresh-memory.c -nt "$fresh" ]; then
  gcc -O2 Benchmarks/fresh-memory.c -o "$fresh"
fi

mkdir -p "$dir"
# Recordings made by another version of the generator would not be the same recordings: keep
# them only while the generator's sources are unchanged.
generator=$(git rev-parse HEAD:Sources/ChatReplay/Generation 2>/dev/null || echo unknown)
if [ "$(cat "$dir/generator" 2>/dev/null)" != "$generator" ]; then
  rm -f "$dir"/generated-seed1-*.jsonl
  echo "$generator" > "$dir/generator"
fi
files=()
for count in 10000 1000000 5000000; do
  file="$dir/generated-seed1-$count.jsonl"
  if [ ! -s "$file" ]; then
    echo "generating $file" >&2
    "$replay" generate --seed 1 --events "$count" --output "$file"
  fi
  files+=("$file")
done

echo "machine: $(nproc) cores, $(uname -sm); replay $(git rev-parse --short HEAD)"
echo "build: release (swift build -c release --static-swift-stdlib); simdjson peer: g++ -O3 -march=native"
# The peer's speed depends on the CPU and on the kernel simdjson picks for it (on a Xeon with
# AVX-512, its icelake kernel ran about 1.16× as fast as its haswell one, forced with
# SIMDJSON_FORCE_IMPLEMENTATION): both are part of every figure against it.
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
grep -qw avx512bw /proc/cpuinfo && vector="AVX-512" || vector="no AVX-512"
echo "cpu: ${cpu:-unknown} ($vector); simdjson kernel: $("$peer" --implementation)"
# What a page of memory touched for the first time costs now: on a virtual machine it moves
# with what the host holds back, and `replay html` (about 200 MB touched on the 1M file) with it.
echo "fresh memory: $("$fresh") µs per 4 KiB page touched first (256 MiB; again at the end)"
status=0
python3 Benchmarks/measure.py --replay "$replay" --runs "$runs" "${files[@]}" || status=1
echo
printf 'quit\n' > "$dir/quit.txt"
python3 Benchmarks/targets.py --replay "$replay" --peer "$peer" --runs "$runs" --small "${files[0]}" \
  --quit "$dir/quit.txt" "${files[1]}" "${files[2]}" || status=1
echo "fresh memory at the end: $("$fresh") µs per 4 KiB page touched first"
echo "(kept in $results)"
exit $status
