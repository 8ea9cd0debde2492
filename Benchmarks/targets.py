#!/usr/bin/env python3
"""Times every path a user runs on a big recording against `replay check --jobs 1`, in one run.

Called by Benchmarks/run.sh after measure.py:

    python3 Benchmarks/targets.py --replay .build-release/release/replay \
        --peer .build-release/simdjson-peer --runs 5 medium.jsonl large.jsonl

Side by side on the 1M-event file, each as a ratio to `check --jobs 1` measured in the same
round: `replay FILE --json` (and its output rate, and `jq -c .`
on the same file), `replay compare` (text and --json), the debugger's load (`--timing`, with its
peak memory against the file's size), `check` with its second thread, and a native simdjson
program extracting every field (Benchmarks/simdjson-peer.cpp). Then each path on the 5M-event file
against its 1M time in the same round (`jq -c .` is not run on it: no target needs it). `replay html` is measured on the 10k-event file (--small) and the 1M one
(a page holds at most 2,000,000 steps, so the 5M file is refused by design): its time against
`check --jobs 1` on the same file, the page's size, and its peak memory; on the 1M file, also
`replay html --precomputed`, the page that carries its data (no target: for reference). Every figure is printed in wall time
and in CPU time (user + system), which other processes on a busy machine disturb less; the
verdicts use wall time, as the targets are stated.

The commands run round-robin (Benchmarks/rounds.py): --runs rounds, each running every command
once in the same order, after the files are read once into the page cache. A time is the median
over the rounds; a ratio is the median of the per-round ratios, printed with its spread (the
lowest and highest per-round ratio), so a drift of the machine's speed between commands shows
instead of skewing the ratio.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from rounds import Command, Rounds, spread, warm_up


def output_size(command):
    size = 0
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as process:
        while chunk := process.stdout.read(1 << 20):
            size += len(chunk)
    return size


def debugger_load(sample):
    """The debugger's own load time in seconds, from what `--timing` printed."""
    match = re.search(r"\[timing\] load: ([\d.]+) ms", sample.stderr)
    return float(match.group(1)) / 1000 if match else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replay", required=True)
    parser.add_argument("--peer", required=True, help="the simdjson peer program")
    parser.add_argument("--runs", type=int, default=5, help="rounds")
    parser.add_argument("--quit", required=True, help="a debugger script that only quits")
    parser.add_argument("--small", help="the 10k-event recording, for html's page (optional)")
    parser.add_argument("--only-html", action="store_true",
                        help="measure only html (and check --jobs 1 beside it)")
    parser.add_argument("files", nargs=2, help="the 1M and 5M event recordings")
    args = parser.parse_args()
    replay, runs = args.replay, args.runs
    medium, large = args.files
    html_help = subprocess.run([replay, "html", "--help"], capture_output=True, text=True)
    has_html = html_help.returncode == 0
    # The page made with its data in it, which `replay html` made before pages replayed their
    # recording: measured beside the page the command makes, for reference (no target).
    has_precomputed = has_html and "--precomputed" in html_help.stdout
    # The pages go to a file system in memory where there is one: on a disk, writing the 1M
    # page (129 MB, `fsync`ed before its rename) took anywhere from about 0.1 s to 1.8 s more
    # from one run to the next on this project's machines (a virtual disk mounted with
    # `discard`), which is the disk's time, not replay's. Every other path writes to /dev/null.
    memory = "/dev/shm"
    page_directory = memory if os.path.isdir(memory) and os.access(memory, os.W_OK) else None
    scratch = tempfile.TemporaryDirectory(dir=page_directory)
    html_paths = [p for p in (args.small, medium) if p] if has_html else []
    pages = {path: os.path.join(scratch.name, f"page-{index}.html")
             for index, path in enumerate(html_paths)}

    def check(path):
        return Command([replay, "check", "--jobs", "1", "--no-times", path])

    def html_command(path, precomputed=False):
        """`replay html` writing its page to a new file, as a user's first page is. Before each
        run, untimed, the last round's page is deleted and the file systems synced: on a disk
        mounted with `discard` (this project's machines), a page written over the last one took
        0.7 to 1.2 s longer than one written after the old page's deletion had been synced
        (1.84-2.41 s against 1.04-1.31 s, six pairs, 3 December 2026)."""
        page = pages[path] + (".precomputed.html" if precomputed else "")

        def fresh():
            if os.path.exists(page):
                os.remove(page)
            os.sync()
        return Command([replay, "html", path, "--output", page]
                       + (["--precomputed"] if precomputed else []), peak=True, before=fresh)

    def paths(path):
        result = {
            "check --jobs 1": check(path),
            "check (2 threads)": Command([replay, "check", "--no-times", path]),
            "simdjson peer": Command([args.peer, path]),
            "--json": Command([replay, path, "--json"]),
            "jq -c .": Command(["jq", "-c", ".", path]),
            "compare": Command([replay, "compare", path]),
            "compare --json": Command([replay, "compare", path, "--json"]),
            "debugger load": Command([replay, path, "--timing"], stdin=args.quit,
                                     time_of=debugger_load, peak=True),
        }
        if path == large:
            del result["jq -c ."]
        if path in pages:
            result["html"] = html_command(path)
            if path == medium and has_precomputed:
                result["html --precomputed"] = html_command(path, precomputed=True)
        return result

    commands = {}
    for path in ([args.small] if args.small and has_html else []):
        commands[(path, "check --jobs 1")] = check(path)
        commands[(path, "html")] = html_command(path)
    for path in (medium,) if args.only_html else (medium, large):
        for name, command in paths(path).items():
            if args.only_html and name not in ("check --jobs 1", "html", "html --precomputed"):
                continue
            commands[(path, name)] = command

    warm_up([p for p in (args.small, medium, large) if p])
    rounds = Rounds(commands)
    rounds.run(runs, progress=lambda done, total: print(
        f"(targets.py: round {done} of {total} done)", file=sys.stderr, flush=True))
    print(f"{runs} rounds, each running every command once in the same order; times are medians"
          " over the rounds,\nratios the median of the per-round ratios with their lowest and"
          " highest (in parentheses)\n")

    verdicts = []

    def verdict(name, value, target, detail="", lower_is_better=True, unit="x"):
        ok = value <= target if lower_is_better else value >= target
        verdicts.append((name, ok, f"{value:.2f}{unit} (target {'<=' if lower_is_better else '>='}"
                                   f" {target}{unit}){detail}"))

    def rounds_detail(ratio):
        return f"; rounds {ratio[1]:.2f}-{ratio[2]:.2f}x"

    if html_paths:
        where = "a file system in memory" if page_directory else "a temporary directory"
        print(f"replay html (each page a new file in {where}) against check --jobs 1 on the same"
              " file")
        print(f"  {'file':<31}{'check':>8}{'html':>9}{'wall/check':>22}{'cpu/check':>22}"
              f"{'page':>10}{'page/file':>10}{'peak':>8}")
        for path in html_paths:
            html, reference = (path, "html"), (path, "check --jobs 1")
            if not rounds.has(html):
                print(f"  {os.path.basename(path):<31}html refused the file"
                      f" (exit {rounds.refused.get(html)})")
                continue
            wall = rounds.ratio(html, reference)
            cpu = rounds.ratio(html, reference, "cpu")
            page, size = os.path.getsize(pages[path]), os.path.getsize(path)
            print(f"  {os.path.basename(path):<31}{rounds.median(reference):>7.3f}s"
                  f"{rounds.median(html):>8.3f}s{spread(wall):>22}{spread(cpu):>22}"
                  f"{page / 1e6:>8.1f}MB{page / size:>9.2f}x{rounds.peak(html):>5.0f}MiB")
            if path == medium:
                verdict("html vs check --jobs 1 (1M events)", wall[0], 3, rounds_detail(wall))
            precomputed = (path, "html --precomputed")
            if rounds.has(precomputed):
                wall = rounds.ratio(precomputed, reference)
                cpu = rounds.ratio(precomputed, reference, "cpu")
                page = os.path.getsize(pages[path] + ".precomputed.html")
                print(f"  {os.path.basename(path) + ' --precomputed':<31}"
                      f"{rounds.median(reference):>7.3f}s{rounds.median(precomputed):>8.3f}s"
                      f"{spread(wall):>22}{spread(cpu):>22}{page / 1e6:>8.1f}MB"
                      f"{page / size:>9.2f}x{rounds.peak(precomputed):>5.0f}MiB")
        print()
    if args.only_html:
        print("targets (wall time, this run):")
        for name, ok, detail in verdicts:
            print(f"  {'PASS' if ok else 'FAIL'}  {name}: {detail}")
        return 0 if all(ok for _, ok, _ in verdicts) else 1

    for path in (medium, large):
        size = os.path.getsize(path)
        print(f"{os.path.basename(path)} ({size / 1e6:.0f} MB)")
        print(f"  {'path':<20}{'wall':>9}{'cpu':>9}{'wall/check':>22}{'cpu/check':>22}")
        reference = (path, "check --jobs 1")
        for name in paths(path):
            key = (path, name)
            if name == "html":
                continue
            if key in rounds.refused:
                print(f"  {name:<20}refused the file (exit {rounds.refused[key]})")
                continue
            # The debugger's wall time is its load (`--timing`); its CPU time is the process's,
            # which is the load and little else (its script only quits).
            print(f"  {name:<20}{rounds.median(key):>8.3f}s{rounds.median(key, 'cpu'):>8.3f}s"
                  f"{spread(rounds.ratio(key, reference)):>22}"
                  f"{spread(rounds.ratio(key, reference, 'cpu')):>22}")
        peak = rounds.peak((path, "debugger load"))
        print(f"  debugger peak memory {peak:.1f} MiB = {peak * 1048576 / size:.2f}x the file")
        print()

    def at(name, path=medium):
        return (path, name)

    size = os.path.getsize(medium)
    check = at("check --jobs 1")
    json_bytes = output_size([replay, medium, "--json"])
    rates = [json_bytes / sample.wall / 1e9 for sample in rounds.samples[at("--json")]]
    rate = json_bytes / rounds.median(at("--json")) / 1e9
    print(f"--json on the 1M file: {json_bytes / 1e6:.0f} MB of output")
    verdict("--json output rate (GB/s)", rate, 1.0,
            f"; rounds {min(rates):.2f}-{max(rates):.2f} GB/s", lower_is_better=False,
            unit=" GB/s")
    ratio = rounds.ratio(at("jq -c ."), at("--json"))
    verdict("--json vs jq -c . (jq time / replay time)", ratio[0], 1.0, rounds_detail(ratio),
            lower_is_better=False)
    for name, target in (("compare", 4), ("compare --json", 4), ("debugger load", 2)):
        ratio = rounds.ratio(at(name), check)
        verdict(f"{name} vs check --jobs 1", ratio[0], target, rounds_detail(ratio))
    peak = rounds.peak(at("debugger load"))
    verdict("debugger peak memory vs the file", peak * 1048576 / size, 1.5,
            " (the largest of the rounds)")
    ratio = rounds.ratio(check, at("simdjson peer"))
    verdict("check --jobs 1 vs simdjson peer", ratio[0], 0.75, rounds_detail(ratio))
    ratio = rounds.ratio(at("check (2 threads)"), at("simdjson peer"))
    verdict("check (2 threads) vs simdjson peer", ratio[0], 0.55, rounds_detail(ratio))
    for name in ("check --jobs 1", "check (2 threads)", "--json", "compare", "compare --json",
                 "debugger load"):
        if rounds.has(at(name, large)) and rounds.has(at(name)):
            ratio = rounds.ratio(at(name, large), at(name))
            verdict(f"5M vs 1M: {name}", ratio[0], 5.5, rounds_detail(ratio))

    print("\ntargets (wall time, this run; each ratio the median of its rounds'):")
    for name, ok, detail in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {name}: {detail}")
    return 0 if all(ok for _, ok, _ in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
