#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and under ThreadSanitizer, each in its own
# scratch folder, and fails on any report. AdversarialReplayTests drive the reducer with seeded
# adversarial recordings and replay branches of one state on several threads at once.
#
#   .ci/sanitizers.sh [address|thread]...     (default: both)
#
# --disable-xctest: XCTest itself leaks under ASan; the suite is Swift Testing only.
set -euo pipefail
cd "$(dirname "$0")/.."

export SWIFT_BACKTRACE=enable=no
# halt_on_error: the first report fails the run instead of scrolling by.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1}
# Leaks inside Foundation itself (used by the tests only) are listed, and suppressed, here.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/.ci/lsan.supp:print_suppressions=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}

for sanitizer in "${@:-address thread}"; do
  for name in $sanitizer; do
    echo "== swift test --sanitize=$name"
    case $name in
      address) swift test --scratch-path .build-asan --sanitize=address --disable-xctest ;;
      thread) swift test --scratch-path .build-tsan --sanitize=thread ;;
      *) echo "unknown sanitizer '$name'; use address or thread" >&2; exit 64 ;;
    esac
  done
done
