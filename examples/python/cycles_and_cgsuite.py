"""Games with cycles and rules in CGSuite's notation from Python (issue 40), each number
worked by hand first and checked here:

- Ferguson's cyclic graph (examples/graphs/ferguson-cycle.txt, worked there): e is 0, d is
  1, the cycle a -> b -> c -> a is drawn, a and b are ∞{}, c is ∞{1}; two tokens on c and
  d are ∞{1} + 1 = ∞{0}, a win whose one winning move is c -> d.
- Take any number but 2, `0.30[3]` (examples/tbcode/all-but-2.md): G(n + 4) = G(n) + 2
  from heap 0, proved by the all-but subtraction lemma, so G(1000001) = 2 * 250000 + G(1)
  = 500001.
- A census of `0.30[3]`, Nim, `0.4!` and Kayles (examples/tbcode/census.md): Nim is
  G(n + 1) = G(n) + 1, proved from G(0..2); `0.4!` (no theorem covers `!`) is unsolved.

    python examples/python/cycles_and_cgsuite.py
"""

from __future__ import annotations

import pathlib

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main() -> None:
    ferguson = grundy.Game.graph_file(ROOT / "examples/graphs/ferguson-cycle.txt", cycles=True)
    assert ferguson.loopy
    values = ferguson.loopy_values()
    print("Ferguson's graph:", ", ".join(f"{v} {x}" for v, x in values.items()))
    assert values == {"a": "∞{}", "b": "∞{}", "c": "∞{1}", "d": 1, "e": 0}, values
    drawn = ferguson.loopy_analyze(["c"])
    assert drawn["outcome"] == "D", drawn
    won = ferguson.loopy_analyze(["c", "d"])
    winning = [m for m in won["moves"] if m["kind"] == "Wins"]
    print(f"tokens on c and d: {won['outcome']}, value {won['value']}; wins: {winning[0]['description']}")
    assert (won["outcome"], won["value"]) == ("N", "∞{0}"), won
    assert [(m["token"], m["to"]) for m in winning] == [(0, "d")], winning

    all_but_2 = grundy.Game("0.30[3]")
    p = all_but_2.period(progress=False)
    print(f"0.30[3]: period {p.period} with saltus {p.saltus} from heap {p.preperiod}, proved from G(0..{p.rests_on})")
    assert (p.preperiod, p.period, p.saltus, p.proved, p.rests_on) == (0, 4, 2, True, 7), p
    assert all_but_2.value(1_000_001, progress=False) == 500_001

    records = {r.code: r for r in grundy.census(["0.30[3]", "nim", "0.4!", "kayles"], 2**11)}
    for r in records.values():
        print(f"census {r.code:<8} {r.fate:<9} period {r.period} saltus {r.saltus} engine {r.engine}")
    assert (records["0.30[3]"].period, records["0.30[3]"].saltus) == (4, 2)
    assert (records["0.[3]"].period, records["0.[3]"].saltus, records["0.[3]"].computed) == (1, 1, 2)
    assert records["0.4!"].fate == "unsolved" and records["0.4!"].mask is None
    assert (records["0.77"].preperiod, records["0.77"].period, records["0.77"].saltus) == (71, 12, None)


if __name__ == "__main__":
    main()
