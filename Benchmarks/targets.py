#!/usr/bin/env python3
"""Times every path a user runs on a big recording against `replay check --jobs 1`, in one run.

Called by Benchmarks/run.sh after measure.py:

    python3 Benchmarks/targets.py --replay .build-release/release/replay \
        --peer .build-release/simdjson-peer --runs 5 medium.jsonl large.jsonl

Side by side on the 1M-event file, medians of --runs runs after a warm-up, each as a ratio to
`check --jobs 1` measured in this run: `replay FILE --json` (and its output rate, and `jq -c .`
on the same file), `replay compare` (text and --json), the debugger's load (`--timing`, with its
peak memory against the file's size), `check` with its second thread, and a native simdjson
program extracting every field (Benchmarks/simdjson-peer.cpp). Then each path on the 5M-event file
against its 1M time. `replay html` is measured on the 10k-event file (--small) and the 1M one
(a page holds at most 2,000,000 steps, so the 5M file is refused by design): its time against
`check --jobs 1` on the same file, the page's size, and its peak memory. Every figure is printed in wall time
and in CPU time (user + system), which other processes on a busy machine disturb less; the
verdicts use wall time, as the targets are stated.
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def median_times(command, runs, stdin=None):
    """The median wall and CPU times of `runs` runs after one warm-up run."""
    def once():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        with open(stdin or os.devnull, "rb") as source:
            subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    once()
    samples = [once() for _ in range(runs)]
    return (statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples))


def load_time(replay, path, runs, quit_script):
    """The debugger's own load time (`--timing`), median of `runs`, and its peak memory (MiB)."""
    loads, peak = [], 0.0
    for _ in range(runs + 1):
        with open(quit_script, "rb") as source:
            result = subprocess.run(["/usr/bin/time", "-v", replay, path, "--timing"],
                                    stdin=source, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True, check=True)
        match = re.search(r"\[timing\] load: ([\d.]+) ms", result.stderr)
        loads.append(float(match.group(1)) / 1000 if match else float("nan"))
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
        peak = max(peak, int(match.group(1)) / 1024 if match else float("nan"))
    return statistics.median(loads[1:]), peak


def html_figures(replay, path, runs):
    """`replay html` on `path`: median wall and CPU times, the page's size (bytes) and the peak
    resident memory (MiB) of one run, the page written to a temporary file as a user's would be."""
    with tempfile.TemporaryDirectory() as scratch:
        page = os.path.join(scratch, "page.html")
        command = [replay, "html", path, "--output", page]
        wall, cpu = median_times(command, runs)
        result = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, check=True)
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
        peak = int(match.group(1)) / 1024 if match else float("nan")
        return wall, cpu, os.path.getsize(page), peak


def output_size(command):
    size = 0
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as process:
        while chunk := process.stdout.read(1 << 20):
            size += len(chunk)
    return size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replay", required=True)
    parser.add_argument("--peer", required=True, help="the simdjson peer program")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quit", required=True, help="a debugger script that only quits")
    parser.add_argument("--small", help="the 10k-event recording, for html's page (optional)")
    parser.add_argument("--only-html", action="store_true",
                        help="measure only html (and check --jobs 1 beside it)")
    parser.add_argument("files", nargs=2, help="the 1M and 5M event recordings")
    args = parser.parse_args()
    replay, runs = args.replay, args.runs
    medium, large = args.files
    has_html = subprocess.run([replay, "html", "--help"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0

    def paths(path):
        result = {
            "check --jobs 1": [replay, "check", "--jobs", "1", "--no-times", path],
            "check (2 threads)": [replay, "check", "--no-times", path],
            "simdjson peer": [args.peer, path],
            "--json": [replay, path, "--json"],
            "jq -c .": ["jq", "-c", ".", path],
            "compare": [replay, "compare", path],
            "compare --json": [replay, "compare", path, "--json"],
        }
        return result

    verdicts = []

    def verdict(name, value, target, lower_is_better=True, unit="x"):
        ok = value <= target if lower_is_better else value >= target
        verdicts.append((name, ok, f"{value:.2f}{unit} (target {'<=' if lower_is_better else '>='}"
                                   f" {target}{unit})"))

    check_times = {}
    if has_html:
        print("replay html (page to a temporary file) against check --jobs 1 on the same file")
        print(f"  {'file':<34}{'check':>8}{'html':>9}{'wall/check':>12}{'cpu/check':>11}"
              f"{'page':>10}{'page/file':>11}{'peak':>10}")
        html_results = {}
        for path in [p for p in (args.small, medium) if p]:
            check = median_times([replay, "check", "--jobs", "1", "--no-times", path], runs)
            check_times[path] = check
            wall, cpu, page, peak = html_figures(replay, path, runs)
            html_results[path] = (wall / check[0], cpu / check[1])
            size = os.path.getsize(path)
            print(f"  {os.path.basename(path):<34}{check[0]:>7.3f}s{wall:>8.3f}s"
                  f"{wall / check[0]:>11.2f}x{cpu / check[1]:>10.2f}x{page / 1e6:>8.1f}MB"
                  f"{page / size:>10.2f}x{peak:>7.0f}MiB")
        print()
        verdict("html vs check --jobs 1 (1M events)", html_results[medium][0], 3)
    if args.only_html:
        print("targets (wall time, this run):")
        for name, ok, detail in verdicts:
            print(f"  {'PASS' if ok else 'FAIL'}  {name}: {detail}")
        return 0 if all(ok for _, ok, _ in verdicts) else 1

    results = {}
    for path in (medium, large):
        size = os.path.getsize(path)
        print(f"{os.path.basename(path)} ({size / 1e6:.0f} MB)")
        print(f"  {'path':<20}{'wall':>10}{'cpu':>10}{'wall/check':>12}{'cpu/check':>11}")
        figures = {}
        refused = {}
        for name, command in paths(path).items():
            try:
                figures[name] = median_times(command, runs)
            except subprocess.CalledProcessError as error:
                # A path that refuses the file (html's page limit) is reported, not timed.
                refused[name] = error.returncode
                print(f"  {name:<20}refused the file (exit {error.returncode})")
        load, peak = load_time(replay, path, runs, args.quit)
        figures["debugger load"] = (load, float("nan"))
        reference = figures["check --jobs 1"]
        for name, (wall, cpu) in figures.items():
            print(f"  {name:<20}{wall:>9.3f}s{cpu:>9.3f}s{wall / reference[0]:>11.2f}x"
                  f"{cpu / reference[1]:>10.2f}x")
        print(f"  debugger peak memory {peak:.1f} MiB = {peak * 1048576 / size:.2f}x the file")
        results[path] = (size, figures, peak, refused)
        print()

    size, figures, peak, refused = results[medium]
    check = figures["check --jobs 1"][0]
    json_bytes = output_size([replay, medium, "--json"])
    rate = json_bytes / figures["--json"][0] / 1e9
    print(f"--json on the 1M file: {json_bytes / 1e6:.0f} MB of output")
    verdict("--json output rate (GB/s)", rate, 1.0, lower_is_better=False, unit=" GB/s")
    verdict("--json vs jq -c . (jq time / replay time)",
            figures["jq -c ."][0] / figures["--json"][0], 1.0, lower_is_better=False)
    verdict("compare vs check --jobs 1", figures["compare"][0] / check, 4)
    verdict("compare --json vs check --jobs 1", figures["compare --json"][0] / check, 4)
    verdict("debugger load vs check --jobs 1", figures["debugger load"][0] / check, 2)
    verdict("debugger peak memory vs the file", peak * 1048576 / size, 1.5)
    verdict("check --jobs 1 vs simdjson peer", check / figures["simdjson peer"][0], 0.75)
    verdict("check (2 threads) vs simdjson peer",
            figures["check (2 threads)"][0] / figures["simdjson peer"][0], 0.55)
    large_figures = results[large][1]
    for name in ("check --jobs 1", "check (2 threads)", "--json", "compare", "compare --json",
                 "debugger load"):
        if name in large_figures and name in figures:
            verdict(f"5M vs 1M: {name}", large_figures[name][0] / figures[name][0], 5.5)

    print("\ntargets (wall time, this run):")
    for name, ok, detail in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {name}: {detail}")
    return 0 if all(ok for _, ok, _ in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
