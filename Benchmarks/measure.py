#!/usr/bin/env python3
"""Times `replay check` against wc -l, jq and Python + orjson on the same files, in one run.

Called by Benchmarks/run.sh, which builds and generates the recordings first:

    python3 Benchmarks/measure.py --replay .build-release/release/replay --runs 5 \
        small.jsonl medium.jsonl large.jsonl

Every figure is the median wall time of --runs runs after one warm-up run. Ratios compare
figures of this run only, as the machine may be noisy.
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time

ORJSON_READER = """
import sys, orjson
loads = orjson.loads
with open(sys.argv[1], "rb") as f:
    for line in f:
        loads(line)
"""


def median_times(command, runs):
    """The median wall time and the median CPU time (user + system) of `runs` runs."""
    def once():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall, cpu
    once()  # warm-up: the file in the page cache, the binary loaded
    samples = [once() for _ in range(runs)]
    return (statistics.median(wall for wall, _ in samples),
            statistics.median(cpu for _, cpu in samples))


def median_time(command, runs):
    return median_times(command, runs)[0]


def peak_rss_mib(command):
    result = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, check=True)
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    return int(match.group(1)) / 1024 if match else float("nan")


def output_size(command):
    size = 0
    with subprocess.Popen(command, stdout=subprocess.PIPE) as process:
        while chunk := process.stdout.read(1 << 20):
            size += len(chunk)
    return size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replay", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("files", nargs=3, help="the 10k, 1M and 5M event recordings")
    args = parser.parse_args()
    replay, runs = args.replay, args.runs
    results = {}
    verdicts = []

    def verdict(name, ok, detail):
        verdicts.append((name, ok, detail))

    print(f"median of {runs} runs after a warm-up; MB = 10^6 bytes; cpu = user + system time,")
    print("which other processes on a busy machine disturb less than wall time\n")
    header = f"{'file':<34}{'tool':<16}{'wall':>9}{'MB/s':>9}{'cpu':>9}{'MB/s':>9}"
    print(header)
    print("-" * len(header))
    for path in args.files:
        size = os.path.getsize(path)
        tools = {
            # As a user runs it: on one file, a second core decodes ahead of the replay.
            "replay check": [replay, "check", "--no-times", path],
            # One core: the same work without the decoding thread.
            "check --jobs 1": [replay, "check", "--jobs", "1", "--no-times", path],
            "wc -l": ["wc", "-l", path],
            "jq -c .": ["jq", "-c", ".", path],
            "python+orjson": [sys.executable, "-c", ORJSON_READER, path],
        }
        times = {}
        cpus = {}
        for name, command in tools.items():
            times[name], cpus[name] = median_times(command, runs)
            print(f"{os.path.basename(path):<34}{name:<16}{times[name]:>8.4f}s"
                  f"{size / times[name] / 1e6:>9.1f}{cpus[name]:>8.4f}s"
                  f"{size / max(cpus[name], 1e-6) / 1e6:>9.1f}")
        results[path] = (size, times, cpus)
        for label, figures in (("wall", times), ("cpu", cpus)):
            mine = figures["replay check"]
            print(f"{'':<34}{label} ratios: orjson/replay {figures['python+orjson'] / mine:.2f}x, "
                  f"jq/replay {figures['jq -c .'] / mine:.2f}x, "
                  f"replay/wc {mine / max(figures['wc -l'], 1e-6):.2f}x, "
                  f"orjson/(replay --jobs 1) "
                  f"{figures['python+orjson'] / figures['check --jobs 1']:.2f}x")
        print()

    small, medium, large = args.files
    size, times, cpus = results[medium]
    speed = size / times["replay check"] / 1e6
    verdict("1M events: replay check >= 400 MB/s", speed >= 400,
            f"{speed:.1f} MB/s (cpu time: {size / cpus['replay check'] / 1e6:.1f} MB/s)")
    ratio = times["python+orjson"] / times["replay check"]
    verdict("1M events: >= 3x Python+orjson", ratio >= 3,
            f"{ratio:.2f}x (cpu time: {cpus['python+orjson'] / cpus['replay check']:.2f}x)")
    ratio = times["jq -c ."] / times["replay check"]
    verdict("1M events: >= 10x jq -c .", ratio >= 10,
            f"{ratio:.2f}x (cpu time: {cpus['jq -c .'] / cpus['replay check']:.2f}x)")
    ratio = results[large][1]["replay check"] / times["replay check"]
    verdict("5M events take <= 5.5x the 1M time", ratio <= 5.5,
            f"{ratio:.2f}x (cpu time: {results[large][2]['replay check'] / cpus['replay check']:.2f}x)")
    small_time = results[small][1]["replay check"]
    verdict("10k events: whole process <= 15 ms", small_time <= 0.015,
            f"{small_time * 1000:.1f} ms")

    json_command = [replay, medium, "--json"]
    json_bytes = output_size(json_command)
    json_time = median_time(json_command, runs)
    speed = json_bytes / json_time / 1e6
    print(f"replay {os.path.basename(medium)} --json: {json_bytes / 1e6:.1f} MB of states in "
          f"{json_time:.3f} s")
    verdict("replay FILE --json >= 100 MB/s of output", speed >= 100, f"{speed:.1f} MB/s")

    rss = max(peak_rss_mib([replay, "check", large]),
              peak_rss_mib([replay, "check", "--jobs", "1", large]))
    print(f"replay check {os.path.basename(large)} ({os.path.getsize(large) / 1e6:.0f} MB), "
          f"with and without decoding ahead: peak RSS {rss:.1f} MiB")
    verdict("streaming replay of the 5M file <= 64 MiB peak RSS", rss <= 64, f"{rss:.1f} MiB")

    rss = peak_rss_mib([replay, "check", "--jobs", "1", "--timeline", large])
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
