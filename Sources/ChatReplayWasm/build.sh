#!/bin/sh
# Builds the replay's core (the decoder, the layouts, the text measurer and the replayer) with
# Embedded Swift as a WebAssembly module, with the entry points in Exports.swift.
#
#   Sources/ChatReplayWasm/build.sh OUTPUT.wasm [-O|-Onone]
#
# `-O` (the default) optimizes, in about 35 s on one core; `-Onone` builds in about 9 s, for the
# test that replays recordings through the module in a browser.
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
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The core, and nothing that needs the C library's I/O, threads or Foundation.
files=$(cd "$library" && ls \
  Event.swift Geometry.swift JSONValue.swift Recording.swift Observation.swift Platform.swift \
  Codec/*.swift Screen/*.swift Text/*.swift \
  Debugger/StatePath.swift Debugger/StateTree.swift Debugger/PathProbe.swift \
  Debugger/String+Text.swift \
  Replay/Replayer.swift Replay/Event+Description.swift |
  grep -v -e '^Text/DraftLines.swift$' -e '^Screen/LayoutListing.swift$')
# (DraftLines writes a page's phone; LayoutListing is `replay layouts`' text.)
(cd "$library" && "$swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded \
  "$optimization" -wmo -parse-as-library -module-name ChatReplay -package-name replay \
  -Xfrontend -disable-stack-protector \
  $files "$here/Exports.swift" -c -o "$work/core.o")
"$toolchain/bin/clang" --target=wasm32-wasi -isystem /usr/include/wasm32-wasi -O2 \
  -c "$here/Runtime.c" -o "$work/runtime.o"
"$toolchain/bin/wasm-ld" --no-entry --strip-all \
  --export=replay_alloc --export=replay_free --export=replay_json --export=replay_output \
  --export=replay_output_count \
  "$work/core.o" "$work/runtime.o" "$embedded/libswiftUnicodeDataTables.a" "$libc/libc.a" \
  -o "$work/module.wasm"
mv "$work/module.wasm" "$output"
