#!/usr/bin/env python3
"""Two builds of `replay` side by side on one command, in alternating order.

    python3 Benchmarks/ab.py OLD NEW [--rounds N] [--stdin FILE] [--time REGEX] -- ARGS...

runs `OLD ARGS...` and `NEW ARGS...` once each per round, N rounds (default 30), the first of the
two alternating from round to round, and prints each build's median wall and CPU time and the
median of the per-round ratios NEW/OLD, with the number of rounds in which NEW took less.

`--stdin FILE` feeds FILE to each run (the debugger's script, say). `--time REGEX` takes the
"wall" time from what each run prints on standard error instead: the regex's first group, in
milliseconds. The debugger's load, as the benchmark times it:

    python3 Benchmarks/ab.py OLD NEW --stdin quit.txt --time 'load: ([\d.]+) ms' -- FILE --timing

Why alternate: on the shared machines this project is measured on, the speed drifts by 10 to
20 % within minutes. A tool that runs every run of one build and then every run of the other
(`hyperfine A B`) puts that drift into the difference; on 3 December 2026 it showed `compare` 14 %
faster for a change that this script, run right after, measured at 1 to 2 %. A pair of runs
seconds apart shares the machine's state, and the order alternates so that neither build always
runs on the cache the other left.
"""
import argparse
import re
import statistics
import sys

from rounds import run_once, warm_up


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 64
    split = argv.index("--")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the build to compare against")
    parser.add_argument("new", help="the build measured")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--stdin", help="a file each run reads as its standard input")
    parser.add_argument("--time", type=re.compile,
                        help="a regex whose first group, on standard error, is the time in ms")
    options = parser.parse_args(argv[:split])
    args = argv[split + 1:]
    if not args:
        parser.error("give the command's arguments after --")
    warm_up([arg for arg in args if arg.endswith(".jsonl")])
    old, new = [], []
    for number in range(options.rounds):
        pair = [(old, options.old), (new, options.new)]
        for samples, build in (pair if number % 2 == 0 else reversed(pair)):
            sample = run_once([build] + args, options.stdin,
                              capture_stderr=options.time is not None)
            if options.time is not None:
                match = options.time.search(sample.stderr)
                if match is None:
                    print(f"{build}: --time found nothing in standard error", file=sys.stderr)
                    return 1
                sample.wall = float(match.group(1)) / 1000
            samples.append(sample)
    for field in ("wall", "cpu"):
        ratios = [getattr(b, field) / getattr(a, field) for a, b in zip(old, new)]
        print(f"{field}: old {statistics.median(getattr(s, field) for s in old):.3f}s, "
              f"new {statistics.median(getattr(s, field) for s in new):.3f}s, "
              f"new/old {statistics.median(ratios):.3f} ({min(ratios):.2f}-{max(ratios):.2f}), "
              f"new less in {sum(r < 1 for r in ratios)} of {len(ratios)} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
