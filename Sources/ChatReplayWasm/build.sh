#!/bin/sh
# Builds the library with Embedded Swift as a WebAssembly module, with the entry points in
# Exports.swift: a recording's `--json` lines, and the page data `replay html` makes.
#
#   Sources/ChatReplayWasm/build.sh OUTPUT.wasm [-O|-Onone]
#
# `-O` (the default) optimizes, in about 75 s of CPU (about 66 s on two cores); `-Onone` builds
# in about 16 s of CPU, for the test that replays recordings through the module in a browser.
#
# It needs the toolchain's Embedded Swift for `wasm32-unknown-none-wasm` (its standard library
# and `wasm-ld`) and a C library for WebAssembly for `malloc` and `strtod` (Debian's `wasi-libc`,
# which `.ci/run` installs). SwiftPM cannot build for that target, so this calls `swiftc` itself.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
library="$here/../ChatReplay"
output=${1:?usage: build.sh OUTPUT.wasm [-O|-Onone]}
optimization=${2:--O}
case "$optimization" in -O | -Onone) ;; *) echo "build.sh: $optimization is not -O or -Onone" >&2; exit 64 ;; esac
swiftc=$(command -v swiftc)
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
embedded="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm"
libc=${WASI_LIBC:-/usr/lib/wasm32-wasi}
for needed in "$embedded/libswiftUnicodeDataTables.a" "$libc/libc.a" "$toolchain/bin/wasm-ld"; do
  if [ ! -e "$needed" ]; then
    echo "build.sh: $needed is missing (Embedded Swift for WebAssembly, or Debian's wasi-libc)" >&2
    exit 1
  fi
done
# The library but the parts that no page or replay in a browser asks for: the comparison of
# layouts side by side (it holds layouts as `AnyHashable`, which Embedded Swift lacks), `check`'s
# report formats, `replay layouts`' text, and the debugger's commands (pages that carry `why` and
# `blame`, which ask the debugger, are not made here; its indexes and state trees are kept).
files=$(cd "$library" && ls \
  Event.swift Geometry.swift JSONValue.swift Recording.swift Observation.swift Platform.swift \
  Codec/*.swift Screen/*.swift Text/*.swift Debugger/*.swift Replay/*.swift Page/*.swift \
  Scene/*.swift Check/*.swift |
  grep -v -e '^Screen/LayoutListing.swift$' -e '^Replay/Compar' -e '^Replay/SideBySide' \
    -e '^Replay/ObservedRanking' -e '^Page/PageData+Layouts' -e '^Check/CheckFormat' \
    -e '^Debugger/Debugger' -e '^Debugger/Command' -e '^Debugger/Condition' \
    -e '^Debugger/Trigger.swift$')
# A module built from the same inputs is taken from .build/wasm (a test builds it at each run).
cache="$here/../../.build/wasm"
digest=$({
  "$swiftc" --version 2>&1
  echo "$optimization"
  ls -l "$embedded/libswiftUnicodeDataTables.a" "$libc/libc.a"
  cat "$0" "$here/Exports.swift" "$here/Runtime.c"
  (cd "$library" && cat $files)
} | sha256sum | cut -c1-32)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -e "$cache/$digest.wasm" ]; then
  cp "$cache/$digest.wasm" "$work/module.wasm"
  mv "$work/module.wasm" "$output"
  exit 0
fi
# Whole-module (Embedded Swift needs it), its code generated on two threads: one object a file.
sources=$(for file in $files; do echo "$library/$file"; done; echo "$here/Exports.swift")
{
  echo "{"
  number=0
  for source in $sources; do
    number=$((number + 1))
    echo "\"$source\": {\"object\": \"$work/$number.o\"},"
  done
  echo "\"\": {}}"
} >"$work/objects.json"
"$swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded \
  "$optimization" -wmo -num-threads 2 -parse-as-library -module-name ChatReplay \
  -package-name replay -Xfrontend -disable-stack-protector \
  $sources -c -output-file-map "$work/objects.json"
"$toolchain/bin/clang" --target=wasm32-wasi -isystem /usr/include/wasm32-wasi -O2 \
  -c "$here/Runtime.c" -o "$work/runtime.o"
"$toolchain/bin/wasm-ld" --no-entry --strip-all --stack-first -z stack-size=8388608 \
  --export=replay_alloc --export=replay_free --export=replay_json --export=replay_output \
  --export=replay_output_count --export=replay_page_data \
  "$work"/[0-9]*.o "$work/runtime.o" "$embedded/libswiftUnicodeDataTables.a" "$libc/libc.a" \
  -o "$work/module.wasm"
mkdir -p "$cache"
cp "$work/module.wasm" "$cache/$digest.wasm.$$" && mv "$cache/$digest.wasm.$$" "$cache/$digest.wasm"
mv "$work/module.wasm" "$output"
