#!/usr/bin/env bash
# Measures the debugger on a long generated recording: load, goto, back/next, blame,
# reverse-continue and continue across the whole recording, and peak memory, side by side with
# the time to simply read the file. Usage: Benchmarks/debugger-bench.sh [EVENTS] (default 1000000).
#
# The load and the reading of the file are timed round-robin, BENCH_ROUNDS rounds (default 3):
# each round runs cat, wc -l, replay --summary, replay check --jobs 1 and the debugger's load (a
# script that only quits) once, in that order; each figure is the median over the rounds, and the
# load's ratio to check the median of the rounds' ratios. The script of commands then runs once.
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-1000000}
work=${BENCH_DIR:-/tmp/replay-debugger-bench}
mkdir -p "$work"
swift build -c release --static-swift-stdlib --scratch-path .build-release --product replay >/dev/null
replay=.build-release/release/replay
file="$work/recording-$events.jsonl"
if [ ! -s "$file" ]; then
  "$replay" generate --seed 1 --events "$events" >"$file"
fi
bytes=$(stat -c %s "$file")

seconds() { # the wall time of a command, in milliseconds
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}
median() { tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rounds=${BENCH_ROUNDS:-3}
printf 'quit\n' >"$work/quit.txt"
cat_all=() wc_all=() summary_all=() check_all=() loads=() ratios=()
for _ in $(seq "$rounds"); do
  cat_all+=("$(seconds cat "$file")")
  wc_all+=("$(seconds wc -l "$file")")
  summary_all+=("$(seconds "$replay" "$file" --summary)")
  check_all+=("$(seconds "$replay" check --jobs 1 --no-times "$file")")
  loads+=("$("$replay" "$file" --timing <"$work/quit.txt" 2>&1 >/dev/null |
    sed -n 's/^\[timing\] load: \([0-9.]*\) ms/\1/p')")
  ratios+=("$(awk -v a="${loads[-1]}" -v b="${check_all[-1]}" 'BEGIN { printf "%.2f", a / b }')")
done
cat_ms=$(echo "${cat_all[@]}" | median)
wc_ms=$(echo "${wc_all[@]}" | median)
summary_ms=$(echo "${summary_all[@]}" | median)
check_ms=$(echo "${check_all[@]}" | median)
load_ms=$(echo "${loads[@]}" | median)
ratio=$(echo "${ratios[@]}" | median)

last=$events
script="$work/script.txt"
cat >"$script" <<SCRIPT
goto $((last / 2))
goto $((last - 1))
goto 123457
back
next
back 50
goto -1
goto @40000s
blame keyboard.visibleHeight
blame inputBar.frame.maxY
blame inputBar.text
blame messages[3].text
blame t
blame diagnostics[0].message
blame diagnostics[0].gap
goto -1
break when messageCount == 20
reverse-continue
delete
goto -1
watch safeArea.bottom
reverse-continue
delete
goto -1
break when keyboard.visibleHeight > 400
reverse-continue
continue
delete
diagnostics all
quit
SCRIPT
timing="$work/timing.txt"
"$replay" "$file" --timing <"$script" >"$work/output.txt" 2>"$timing"

echo "recording: $events events, $((bytes / 1048576)) MiB ($file); medians of $rounds rounds"
echo "read the file:   cat ${cat_ms} ms, wc -l ${wc_ms} ms; replay --summary ${summary_ms} ms"
echo "debugger load:   ${load_ms} ms (decode, replay, checkpoints, change index);" \
  "replay check --jobs 1 ${check_ms} ms; load / check: ${ratio}x, the median of the rounds' ratios"
echo "  (per round: load ${loads[*]} ms; check ${check_all[*]} ms; ratios ${ratios[*]})"
echo
printf '%-46s %12s %10s\n' "command" "ms" "× load"
grep -v -e '^\[timing\] load' -e 'peak memory' "$timing" | sed 's/^\[timing\] //' |
  while IFS= read -r line; do
    command=${line%: *}
    ms=${line##*: }
    ms=${ms% ms}
    printf '%-46s %12s %10s\n' "$command" "$ms" "$(awk -v a="$ms" -v b="$load_ms" 'BEGIN { printf "%.4f", a / b }')"
  done
echo
peak=$(sed -n 's/^\[timing\] peak memory: \([0-9]*\) MiB.*/\1/p' "$timing")
echo "peak memory: ${peak} MiB = $(awk -v a="$peak" -v b="$bytes" 'BEGIN { printf "%.2f", a * 1048576 / b }') × the file"
