#!/bin/sh
# Builds the library with Embedded Swift as a WebAssembly module, with the entry points in
# Exports.swift: a recording's `--json` lines, and the page data `replay html` makes.
#
#   Sources/ChatReplayWasm/build.sh OUTPUT.wasm [-O|-Onone]
#   Sources/ChatReplayWasm/build.sh --ship
#   Sources/ChatReplayWasm/build.sh --verify
#   Sources/ChatReplayWasm/build.sh --source-digest
#
# `-O` (the default) optimizes, in about 60 s of CPU (about 50 s on two cores); `-Onone` builds
# in about 14 s of CPU. `--ship` builds the optimized module into
# Sources/ReplayPageModule/PageModule.swift, which `replay html` puts in the pages that replay
# their recording: run it after changing the library (a test fails until then). `--verify`
# builds it again, without the cache below, and fails unless it is the shipped module byte for
# byte (the build is reproducible: no path goes into it); with another compiler than the one
# that built the shipped module it says so and compares nothing. `--source-digest` prints the digest of the sources the module is built from, as that
# file records it.
#
# It needs the toolchain's Embedded Swift for `wasm32-unknown-none-wasm` (its standard library
# and `wasm-ld`) and a C library for WebAssembly for `malloc` and `strtod` (Debian's `wasi-libc`).
# SwiftPM cannot build for that target, so this calls `swiftc` itself.
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
library="$root/Sources/ChatReplay"
shipped="$root/Sources/ReplayPageModule/PageModule.swift"
usage="usage: build.sh OUTPUT.wasm [-O|-Onone] | --ship | --verify | --source-digest"
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
case "$mode" in
  --source-digest) echo "$source_digest"; exit 0 ;;
  --ship | --verify) output=$(mktemp); optimization=-O ;;
  -*) echo "build.sh: $mode is not an option; $usage" >&2; exit 64 ;;
  *) output=$mode; optimization=${2:--O} ;;
esac
case "$optimization" in -O | -Onone) ;; *) echo "build.sh: $optimization is not -O or -Onone" >&2; exit 64 ;; esac
swiftc=$(command -v swiftc)
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
compiler=$("$swiftc" --version 2>&1 | head -1 | tr -d '"\\')
embedded="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm"
libc=${WASI_LIBC:-/usr/lib/wasm32-wasi}
for needed in "$embedded/libswiftUnicodeDataTables.a" "$libc/libc.a" "$toolchain/bin/wasm-ld"; do
  if [ ! -e "$needed" ]; then
    echo "build.sh: $needed is missing (Embedded Swift for WebAssembly, or Debian's wasi-libc)" >&2
    exit 1
  fi
done
# A module built from the same inputs is taken from .build/wasm (not by --verify).
cache="$root/.build/wasm"
digest=$({
  "$swiftc" --version 2>&1
  echo "$optimization"
  ls -l "$embedded/libswiftUnicodeDataTables.a" "$libc/libc.a"
  echo "$source_digest"
} | sha256sum | cut -c1-32)
work=$(mktemp -d)
trap 'rm -rf "$work"; [ "$mode" = --verify ] && rm -f "$output"; true' EXIT

# Builds the module into $work/module.wasm. Whole-module (Embedded Swift needs it), its code
# generated on two threads, one object a file, in the language mode and with the upcoming
# features the package builds the library with. The sources and the objects are named relative
# to the build's folder, where `Sources` leads to the checkout's, so that no path goes into the
# module: the `#filePath` lengths that the standard library's inlined checks pass, and each
# object's hash of its code (which the module holds), would otherwise hold the checkout's path
# and the build folder's.
build() {
  ln -s "$root/Sources" "$work/Sources"
  sources=$(for file in $files; do echo "Sources/ChatReplay/$file"; done
    echo "Sources/ChatReplayWasm/Exports.swift")
  {
    echo "{"
    number=0
    for source in $sources; do
      number=$((number + 1))
      echo "\"$source\": {\"object\": \"$number.o\"},"
    done
    echo "\"\": {}}"
  } >"$work/objects.json"
  (
    cd "$work"
    "$swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded \
      "$optimization" -wmo -num-threads 2 -parse-as-library -module-name ChatReplay \
      -package-name replay -swift-version 6 -enable-upcoming-feature ExistentialAny \
      -enable-upcoming-feature InternalImportsByDefault \
      -enable-upcoming-feature MemberImportVisibility \
      -Xfrontend -disable-stack-protector \
      $sources -c -output-file-map objects.json
    "$toolchain/bin/clang" --target=wasm32-wasi -isystem /usr/include/wasm32-wasi -O2 \
      -c Sources/ChatReplayWasm/Runtime.c -o runtime.o
    "$toolchain/bin/wasm-ld" --no-entry --strip-all --stack-first -z stack-size=8388608 \
      --export=replay_alloc --export=replay_free --export=replay_json --export=replay_output \
      --export=replay_output_count --export=replay_page_data \
      $(ls [0-9]*.o | sort -n) runtime.o "$embedded/libswiftUnicodeDataTables.a" "$libc/libc.a" \
      -o module.wasm
  )
}

if [ "$mode" != --verify ] && [ -e "$cache/$digest.wasm" ]; then
  cp "$cache/$digest.wasm" "$work/module.wasm"
else
  build
  mkdir -p "$cache"
  cp "$work/module.wasm" "$cache/$digest.wasm.$$" && mv "$cache/$digest.wasm.$$" "$cache/$digest.wasm"
fi
mv "$work/module.wasm" "$output"
base64 -w 0 "$output" >"$work/module.base64"

if [ "$mode" = --verify ]; then
  # The shipped module's base64 is the one line of its file that starts so.
  if ! grep -q "^  public static let sourceDigest = \"$source_digest\"$" "$shipped"; then
    echo "build.sh: the shipped module was built from other sources: run build.sh --ship" >&2
    exit 1
  fi
  if ! grep -q "^  public static let compiler = \"$compiler\"$" "$shipped"; then
    echo "build.sh: NOT COMPARED: the shipped module was built by" \
      "$(sed -n 's/^  public static let compiler = "\(.*\)"$/\1/p' "$shipped"), this is" \
      "$compiler, whose module may differ (the sources' digest is the shipped one's)" >&2
    exit 0
  fi
  sed -n 's/^  public static let base64: StaticString = "\(.*\)"$/\1/p' "$shipped" \
    | tr -d '\n' >"$work/shipped.base64"
  if ! cmp -s "$work/module.base64" "$work/shipped.base64"; then
    echo "build.sh: the module these sources make is not the shipped one: run build.sh --ship" >&2
    exit 1
  fi
  echo "build.sh: the shipped module is the one these sources make ($(wc -c <"$output") bytes)"
  exit 0
fi
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
  echo "  public static let compiler = \"$compiler\""
  echo "  /// The module's bytes ($(wc -c <"$output") of them), in base64."
  printf '  public static let base64: StaticString = "'
  cat "$work/module.base64"
  echo '"'
  echo "}"
} >"$shipped.$$"
rm -f "$output"
mv "$shipped.$$" "$shipped"
