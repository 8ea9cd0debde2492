#!/usr/bin/env python3
"""Times `replay check` against wc -l, jq and Python + orjson on the same files, in one run.

Called by Benchmarks/run.sh, which builds and generates the recordings first:

    python3 Benchmarks/measure.py --replay .build-release/release/replay --runs 5 \
        small.jsonl medium.jsonl large.jsonl

The commands run round-robin (Benchmarks/rounds.py): --runs rounds, each running every command
on every file once, in the same order, after the files are read once into the page cache. Every
figure is the median over the rounds; every ratio the median of its per-round ratios, with the
lowest and highest in parentheses. Ratios compare figures of this run only, as the machine may be
noisy. `jq -c .` is not run on the 5M file (no target needs it; it took half a minute a round).
"""
import argparse
import os
import re
import subprocess
import sys

from rounds import Command, Rounds, run_once, spread, warm_up

ORJSON_READER = """
import sys, orjson
loads = orjson.loads
with open(sys.argv[1], "rb") as f:
    for line in f:
        loads(line)
"""


def output_size(command):
    size = 0
    with subprocess.Popen(command, stdout=subprocess.PIPE) as process:
        while chunk := process.stdout.read(1 << 20):
            size += len(chunk)
    return size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replay", required=True)
    parser.add_argument("--runs", type=int, default=5, help="rounds")
    parser.add_argument("files", nargs=3, help="the 10k, 1M and 5M event recordings")
    args = parser.parse_args()
    replay, runs = args.replay, args.runs
    small, medium, large = args.files
    verdicts = []

    def verdict(name, ok, detail):
        verdicts.append((name, ok, detail))

    def tools(path):
        result = {
            # As a user runs it: on one file, a second core decodes ahead of the replay.
            "replay check": Command([replay, "check", "--no-times", path], peak=path == large),
            # One core: the same work without the decoding thread.
            "check --jobs 1": Command([replay, "check", "--jobs", "1", "--no-times", path],
                                      peak=path == large),
            "wc -l": Command(["wc", "-l", path]),
            "jq -c .": Command(["jq", "-c", ".", path]),
            "python+orjson": Command([sys.executable, "-c", ORJSON_READER, path]),
        }
        if path == large:
            del result["jq -c ."]
        return result

    commands = {(path, name): command
                for path in args.files for name, command in tools(path).items()}
    json_command = [replay, medium, "--json"]
    commands[(medium, "--json")] = Command(json_command)
    warm_up(args.files)
    rounds = Rounds(commands)
    rounds.run(runs, progress=lambda done, total: print(
        f"(measure.py: round {done} of {total} done)", file=sys.stderr, flush=True))

    print(f"{runs} rounds, each running every command once in the same order; medians over the")
    print("rounds; MB = 10^6 bytes; cpu = user + system time, which other processes on a busy")
    print("machine disturb less than wall time; ratios are medians of the per-round ratios\n")
    header = f"{'file':<34}{'tool':<16}{'wall':>9}{'MB/s':>9}{'cpu':>9}{'MB/s':>9}"
    print(header)
    print("-" * len(header))
    for path in args.files:
        size = os.path.getsize(path)
        for name in tools(path):
            wall, cpu = rounds.median((path, name)), rounds.median((path, name), "cpu")
            print(f"{os.path.basename(path):<34}{name:<16}{wall:>8.4f}s"
                  f"{size / wall / 1e6:>9.1f}{cpu:>8.4f}s{size / max(cpu, 1e-6) / 1e6:>9.1f}")
        mine = (path, "replay check")
        for field in ("wall", "cpu"):
            ratios = [f"orjson/replay {spread(rounds.ratio((path, 'python+orjson'), mine, field))}"]
            if rounds.has((path, "jq -c .")):
                ratios.append(f"jq/replay {spread(rounds.ratio((path, 'jq -c .'), mine, field))}")
            ratios.append(f"replay/wc {spread(rounds.ratio(mine, (path, 'wc -l'), field))}")
            ratios.append("orjson/(replay --jobs 1) "
                          f"{spread(rounds.ratio((path, 'python+orjson'), (path, 'check --jobs 1'), field))}")
            print(f"{'':<34}{field} ratios: " + ", ".join(ratios))
        print()

    size = os.path.getsize(medium)
    check = (medium, "replay check")
    speed = size / rounds.median(check) / 1e6
    verdict("1M events: replay check >= 400 MB/s", speed >= 400,
            f"{speed:.1f} MB/s (cpu time: {size / rounds.median(check, 'cpu') / 1e6:.1f} MB/s)")
    for tool, label, target in (("python+orjson", "Python+orjson", 3), ("jq -c .", "jq -c .", 10)):
        ratio = rounds.ratio((medium, tool), check)
        verdict(f"1M events: >= {target}x {label}", ratio[0] >= target,
                f"{spread(ratio)} (cpu time: {spread(rounds.ratio((medium, tool), check, 'cpu'))})")
    ratio = rounds.ratio((large, "replay check"), check)
    verdict("5M events take <= 5.5x the 1M time", ratio[0] <= 5.5,
            f"{spread(ratio)} (cpu time: {spread(rounds.ratio((large, 'replay check'), check, 'cpu'))})")
    small_time = rounds.median((small, "replay check"))
    verdict("10k events: whole process <= 15 ms", small_time <= 0.015,
            f"{small_time * 1000:.1f} ms")

    json_bytes = output_size(json_command)
    json_time = rounds.median((medium, "--json"))
    speed = json_bytes / json_time / 1e6
    print(f"replay {os.path.basename(medium)} --json: {json_bytes / 1e6:.1f} MB of states in "
          f"{json_time:.3f} s")
    verdict("replay FILE --json >= 100 MB/s of output", speed >= 100, f"{speed:.1f} MB/s")

    rss = max(rounds.peak((large, "replay check")), rounds.peak((large, "check --jobs 1")))
    print(f"replay check {os.path.basename(large)} ({os.path.getsize(large) / 1e6:.0f} MB), "
          f"with and without decoding ahead: peak RSS {rss:.1f} MiB (the largest of the rounds)")
    verdict("streaming replay of the 5M file <= 64 MiB peak RSS", rss <= 64, f"{rss:.1f} MiB")

    rss = run_once([replay, "check", "--jobs", "1", "--timeline", large], peak=True).peak
    print(f"Timeline.load of {os.path.basename(large)}: peak RSS {rss:.1f} MiB")
    verdict("history of the 5M file < 1 GiB", rss < 1024, f"{rss:.1f} MiB")

    output = subprocess.run([replay, "check", "--jobs", "1", "--timeline", medium],
                            stdout=subprocess.PIPE, text=True, check=True).stdout
    print(output.strip())
    match = re.search(r"slowest ([\d.]+) ms", output)
    slowest = float(match.group(1)) if match else float("inf")
    verdict("state(at:) anywhere in 1M events <= 10 ms", slowest <= 10, f"slowest {slowest} ms")

    print("\ntargets (issue 7):")
    for name, ok, detail in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {name}: {detail}")
    return 0 if all(ok for _, ok, _ in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
