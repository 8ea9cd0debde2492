"""Round-robin timing for the benchmark scripts (measure.py, targets.py).

Every round runs each command once, in the same order, so a drift in the machine's speed (a
neighbour starting a build, the CPU clocking down) hits every command of a round alike instead of
skewing the commands timed while it lasted. Each command's figure is its median over the rounds;
each ratio is the median of its per-round ratios (both commands of a ratio ran in the same round,
minutes apart at most), reported with its spread: the lowest and highest per-round ratio.

Each run is one child process: its wall time is perf_counter around it, its CPU time (user +
system) the child's own rusage (os.wait4). A command asked for its peak resident memory runs under
`/usr/bin/time -f %M` (about a millisecond more), because a child's rusage also counts the memory
of the Python process it was forked from; the peak then comes from the same runs as the times.
"""
import os
import statistics
import subprocess
import tempfile
import time


class Sample:
    """One run of a command: wall and CPU seconds, peak resident MiB, standard error's text."""

    def __init__(self, wall, cpu, peak, stderr):
        self.wall, self.cpu, self.peak, self.stderr = wall, cpu, peak, stderr


def run_once(command, stdin=None, capture_stderr=False, peak=False):
    """Runs `command` once, standard output to /dev/null, standard input from `stdin` (a path;
    /dev/null when None), and returns its Sample (peak NaN unless `peak`); raises
    CalledProcessError when it fails."""
    with tempfile.NamedTemporaryFile("r") as peak_file, open(stdin or os.devnull, "rb") as source:
        argv = (["/usr/bin/time", "-f", "%M", "-o", peak_file.name] if peak else []) + command
        start = time.perf_counter()
        process = subprocess.Popen(
            argv, stdin=source, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE if capture_stderr else subprocess.DEVNULL)
        stderr = process.stderr.read() if capture_stderr else b""
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.stderr:
            process.stderr.close()
        if process.returncode != 0:
            raise subprocess.CalledProcessError(process.returncode, command)
        # /usr/bin/time writes the peak in KiB as the last line of its file.
        peak_mib = int(peak_file.read().split()[-1]) / 1024 if peak else float("nan")
    return Sample(wall, usage.ru_utime + usage.ru_stime, peak_mib,
                  stderr.decode(errors="replace"))


class Command:
    """A command to time: its arguments, its standard input, whether to read its peak memory,
    how to read its time from a Sample (by default the wall time; the debugger's load reads
    what `--timing` printed), and what to do, untimed, before each run (`before`)."""

    def __init__(self, argv, stdin=None, time_of=None, peak=False, before=None):
        self.argv, self.stdin, self.time_of, self.peak = argv, stdin, time_of, peak
        self.before = before

    def run(self):
        if self.before is not None:
            self.before()
        sample = run_once(self.argv, self.stdin, capture_stderr=self.time_of is not None,
                          peak=self.peak)
        if self.time_of is not None:
            sample.wall = self.time_of(sample)
        return sample


class Rounds:
    """Runs named commands round-robin and keeps every sample, by name."""

    def __init__(self, commands):
        # {name: Command}, in the order each round runs them.
        self.commands = commands
        self.samples = {name: [] for name in commands}
        self.refused = {}

    def run(self, rounds, progress=None):
        """Runs `rounds` rounds. A command that fails is reported in `refused` (with its exit
        status) and left out of the later rounds."""
        for number in range(rounds):
            for name, command in self.commands.items():
                if name in self.refused:
                    continue
                try:
                    self.samples[name].append(command.run())
                except subprocess.CalledProcessError as error:
                    self.refused[name] = error.returncode
            if progress:
                progress(number + 1, rounds)

    def has(self, name):
        return bool(self.samples.get(name)) and name not in self.refused

    def median(self, name, field="wall"):
        return statistics.median(getattr(sample, field) for sample in self.samples[name])

    def peak(self, name):
        """The largest peak resident memory (MiB) of any run of `name`."""
        return max(sample.peak for sample in self.samples[name])

    def ratio(self, name, reference, field="wall"):
        """The median over the rounds of `name`'s time divided by `reference`'s time in the same
        round, and the lowest and highest of those per-round ratios."""
        ratios = [getattr(a, field) / getattr(b, field)
                  for a, b in zip(self.samples[name], self.samples[reference])]
        return statistics.median(ratios), min(ratios), max(ratios)


def spread(ratio):
    """`1.23x (1.20-1.31)`: a ratio from Rounds.ratio with its spread over the rounds."""
    value, low, high = ratio
    return f"{value:.2f}x ({low:.2f}-{high:.2f})"


def warm_up(paths):
    """Reads every file once, so that the first round does not pay for the page cache."""
    for path in paths:
        with open(path, "rb") as source:
            while source.read(1 << 24):
                pass
