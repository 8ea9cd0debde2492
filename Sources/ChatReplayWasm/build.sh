#!/bin/sh
# Builds the library with Embedded Swift as a WebAssembly module, with the entry points in
# Exports.swift: a recording's `--json` lines, and the page data `replay html` makes.
#
#   Sources/ChatReplayWasm/build.sh OUTPUT.wasm [-O|-Onone]
#   Sources/ChatReplayWasm/build.sh --ship
#   Sources/ChatReplayWasm/build.sh --source-digest
#
# `-O` (the default) optimizes, in about 60 s of CPU (about 50 s on two cores); `-Onone` builds
# in about 14 s of CPU. `--ship` builds the optimized module into
# Sources/ReplayPageModule/PageModule.swift, which `replay html` puts in the pages that replay
# their recording: run it after changing the library (a test fails until then).
# `--source-digest` prints the digest of the sources the module is built from, as that file
# records it.
#
# It needs the toolchain's Embedded Swift for `wasm32-unknown-none-wasm` (its standard library
# and `wasm-ld`) and a C library for WebAssembly for `malloc` and `strtod` (Debian's `wasi-libc`).
# SwiftPM cannot build for that target, so this calls `swiftc` itself.
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
library="$here/../ChatReplay"
usage="usage: build.sh OUTPUT.wasm [-O|-Onone] | --ship | --source-digest"
mode=${1:?$usage}
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
# The sources' digest, as the shipped module records it: their names and contents.
source_digest=$({
  cat "$0" "$here/Exports.swift" "$here/Runtime.c"
  (cd "$library" && for file in $files; do echo "$file"; cat "$file"; done)
} | sha256sum | cut -c1-32)
shipped="$here/../ReplayPageModule/PageModule.swift"
case "$mode" in
  --source-digest) echo "$source_digest"; exit 0 ;;
  --ship) output=$(mktemp); optimization=-O ;;
  -*) echo "build.sh: $mode is not an option; $usage" >&2; exit 64 ;;
  *) output=$mode; optimization=${2:--O} ;;
esac
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
build() {
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
}
[ -e "$cache/$digest.wasm" ] || build
cp "$cache/$digest.wasm" "$work/module.wasm"
mv "$work/module.wasm" "$output"
[ "$mode" = --ship ] || exit 0
# The shipped module: a Swift file of the module in base64, written atomically.
{
  echo "// swift-format-ignore-file"
  echo "// Made by Sources/ChatReplayWasm/build.sh --ship; do not edit (see that script)."
  echo ""
  echo "/// The library built as a WebAssembly module, for the pages that replay their recording"
  echo "/// (\`PageReplaySettings\`): \`replay html\` copies it into them."
  echo "public enum PageModule {"
  echo "  /// The digest of the sources it was built from (\`build.sh --source-digest\`)."
  echo "  public static let sourceDigest = \"$source_digest\""
  echo "  /// The compiler that built it."
  echo "  public static let compiler = \"$("$swiftc" --version 2>&1 | head -1 | tr -d '"\\')\""
  echo "  /// The module's bytes ($(wc -c <"$output") of them), in base64."
  printf '  public static let base64: StaticString = "'
  base64 -w 0 "$output"
  echo '"'
  echo "}"
} >"$shipped.$$"
rm -f "$output"
mv "$shipped.$$" "$shipped"
