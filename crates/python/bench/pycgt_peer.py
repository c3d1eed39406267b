"""Measures grundy against pycgt, the pure-Python combinatorial game package, on the same
values: G(0..n) of Kayles (.77), Dawson's Kayles (.07), Officers (.6) and Grundy's game
(4!.0), at sizes that double until pycgt passes a time budget; and `Game(".6").values(2**22)`
against `grundy values --game .6 --to 2^22` side by side. Writes the markdown record to
stdout (runs/bench/python-<date>.md).

pycgt has no octal games: a researcher computes a heap's value as pycgt teaches, building
each heap as the game whose options are the sums of the heaps a move leaves (canonical
forms, `pycgt.game.add`), heap after heap, and reading the nimber off the canonical form.
Every measurement runs in a fresh process (no cache carried over) and times the
computation only (imports excluded); the values of both are compared.

    python crates/python/bench/pycgt_peer.py --cli target/release/grundy > runs/bench/python-2026-12-02.md
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time

GAMES = {"Kayles": ".77", "Dawson's Kayles": ".07", "Officers": ".6", "Grundy's game": "4!.0"}

PYCGT = r"""
import json, sys, time
from pycgt.game import ZERO, add, game

code, n = sys.argv[1], int(sys.argv[2])
unequal = "!" in code
before, _, after = code.replace("!", "").partition(".")
digits = [int(before or "0", 16)] + [int(c, 16) for c in after]
start = time.perf_counter()
heaps = []
for h in range(n):
    options = []
    for k, d in enumerate(digits):
        rest = h - k
        if rest < 0 or (k == 0 and d == 0):
            continue
        if d & 1 and rest == 0 and k > 0:
            options.append(ZERO)
        if d & 2 and rest >= 1 and k > 0:
            options.append(heaps[rest])
        if d & 4:
            for a in range(1, rest // 2 + 1):
                if not (unequal and a == rest - a):
                    options.append(add(heaps[rest - a], heaps[a]))
    heaps.append(game(options, options))
values = [len(g.left) for g in heaps]  # the canonical form of *v has v options
print(json.dumps({"seconds": time.perf_counter() - start, "values": values}))
"""

GRUNDY = r"""
import json, sys, time
import grundy

code, n = sys.argv[1], int(sys.argv[2])
g = grundy.Game(code)
start = time.perf_counter()
values = g.values(n, progress=False)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "values": [int(x) for x in values] if n <= 1 << 16 else [int(values[-1])]}))
"""


def measure(script: str, code: str, n: int, timeout: float) -> dict[str, object] | None:
    try:
        out = subprocess.run(
            [sys.executable, "-c", script, code, str(n)], capture_output=True, text=True, timeout=timeout, check=True
        )
    except subprocess.TimeoutExpired:
        return None
    result: dict[str, object] = json.loads(out.stdout)
    return result


def seconds(result: dict[str, object]) -> float:
    t = result["seconds"]
    assert isinstance(t, float)
    return t


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default="target/release/grundy")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds pycgt may take at one size")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sections", default="peer,growth,cli", help="which tables: peer, growth, cli")
    args = parser.parse_args()
    sections = args.sections.split(",")
    if "peer" in sections:
        peer_table(args)
    if "growth" in sections:
        growth_table(args)
    if "cli" in sections:
        cli_table(args)


def growth_table(args: argparse.Namespace) -> None:
    print()
    print("grundy alone as n grows (best of the runs, fresh processes):")
    print()
    print("| game | n = 2^12 (s) | 2^16 (s) | 2^20 (s) | 2^22 (s) | growth 2^20 -> 2^22 |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, code in GAMES.items():
        times = []
        for n in (1 << 12, 1 << 16, 1 << 20, 1 << 22):
            runs = [measure(GRUNDY, code, n, 600) for _ in range(args.runs)]
            times.append(min(seconds(r) for r in runs if r is not None))
        cells = " | ".join(f"{t:.4f}" for t in times)
        print(f"| {name} | {cells} | {times[3] / times[2]:.2f} |", flush=True)


def peer_table(args: argparse.Namespace) -> None:
    print("| game | code | n | pycgt (s) | grundy (s) | pycgt / grundy | pycgt growth (x per doubling) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, code in GAMES.items():
        n, previous = 8, None
        while True:
            peer = measure(PYCGT, code, n, args.budget * 4)
            if peer is None:
                print(f"| {name} | `{code}` | {n} | > {args.budget * 4:.0f} (stopped) | | | |")
                break
            runs = [r for r in (measure(GRUNDY, code, n, 60) for _ in range(args.runs)) if r is not None]
            assert all(r["values"] == peer["values"] for r in runs), f"{code} to {n}: the values differ"
            p, g = seconds(peer), min(seconds(r) for r in runs)
            growth = f"{p / previous:.1f}" if previous else ""
            print(f"| {name} | `{code}` | {n} | {p:.3f} | {g:.6f} | {p / g:,.0f} | {growth} |", flush=True)
            previous = p
            if p > args.budget:
                break
            n *= 2


def cli_table(args: argparse.Namespace) -> None:
    """Whole processes, alternately, with their wall-clock and CPU time (user + system of
    the child, from getrusage): on a machine shared with other builds the wall clock
    follows the load, the CPU time the work."""
    print()
    print("`Game(\".6\").values(2**22)` against `grundy values --game .6 --to 2^22 > /dev/null`, alternately:")
    print()
    print("| run | grundy values: wall (s) | CPU (s) | Python: wall (s) | CPU (s) |")
    print("|---:|---:|---:|---:|---:|")
    commands = {
        "cli": [args.cli, "values", "--game", ".6", "--to", "2^22"],
        "py": [sys.executable, "-c", "import grundy; print(grundy.Game('.6').values(2**22, progress=False)[-1])"],
    }
    wall: dict[str, list[float]] = {"cli": [], "py": []}
    cpu: dict[str, list[float]] = {"cli": [], "py": []}
    out = ""
    for run in range(1, args.runs + 1):
        for side, command in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(command, stdout=subprocess.PIPE if side == "py" else subprocess.DEVNULL, text=True, check=True)
            wall[side].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[side].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if side == "py":
                out = done.stdout.strip()
        print(f"| {run} | {wall['cli'][-1]:.2f} | {cpu['cli'][-1]:.2f} | {wall['py'][-1]:.2f} | {cpu['py'][-1]:.2f} |", flush=True)
    last = subprocess.run([args.cli, "value", "--game", ".6", str((1 << 22) - 1)], capture_output=True, text=True, check=True)
    assert out == last.stdout.strip(), (out, last.stdout)
    m = {k: (statistics.median(wall[k]), statistics.median(cpu[k])) for k in wall}
    print(f"| median | {m['cli'][0]:.2f} | {m['cli'][1]:.2f} | {m['py'][0]:.2f} | {m['py'][1]:.2f} |")
    print()
    print(
        f"Python / CLI: {m['py'][1] / m['cli'][1]:.3f} in CPU time, {m['py'][0] / m['cli'][0]:.3f} in wall-clock time "
        f"(whole processes, numpy's and grundy's import included); G(2^22 - 1) = {out} from both."
    )


if __name__ == "__main__":
    main()
