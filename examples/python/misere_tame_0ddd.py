"""The tame codes of the three-digit octal games 0.d1d2d3, with their misère quotients to
heap 30: which of the 448 games play as misère Nim on their normal-play values, and how
large their quotients are.

Each quotient is computed heap by heap with the misère census's bounds (|Q| <= 1024), as
far as they allow (`partial=True`), on every core (the GIL is released while each runs).
The counts are checked against the census committed in runs/census-misere/0.ddd (RUN.md:
448 codes, 101 meet MisereSolver's stop rule, 194 stop at a limit, 73 are tame up to the
bound reached) and every game's row against its table.csv; Dawson's Kayles (.07) against
the README's Q_30 of 360 elements.

    python examples/python/misere_tame_0ddd.py
"""

from __future__ import annotations

import csv
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grundy

BOUND = 30
TABLE = Path(__file__).resolve().parents[2] / "runs" / "census-misere" / "0.ddd" / "table.csv"


def main() -> None:
    codes = grundy.family("0.ddd")
    b = grundy.MISERE_CENSUS_BOUNDS

    def quotient(code: str) -> grundy.Quotient:
        return grundy.Game(code).quotient(
            BOUND,
            partial=True,
            max_order=b["max_order"],
            trial_elements=b["trial_elements"],
            search_bytes=b["search_bytes"],
            progress=False,
        )

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        quotients = dict(zip(codes, pool.map(quotient, codes)))

    tame = {c: q for c, q in quotients.items() if q.tame}
    stop_rule = [c for c, q in quotients.items() if q.periodicity is not None and q.periodicity.stop_rule_met]
    limited = [c for c, q in quotients.items() if q.stopped is not None]
    print(f"{len(codes)} codes; {len(tame)} tame up to the bound reached; {len(stop_rule)} met the stop rule; {len(limited)} stopped at a limit")
    print("tame codes with a quotient larger than 2 (code: |Q|, heaps covered):")
    for code, q in tame.items():
        if q.order > 2:
            print(f"  {code}: {q.order} (0-{q.bound})")

    assert (len(codes), len(tame), len(stop_rule), len(limited)) == (448, 73, 101, 194)
    assert all(q.order % 2 == 0 for q in quotients.values()), "every misère quotient has even order"
    with open(TABLE, newline="") as f:
        for row in csv.DictReader(f):
            q = quotients[row["code"]]
            assert (q.bound, q.order, q.p_portion) == (int(row["bound_reached"]), int(row["order"]), int(row["p_portion"])), row
            assert q.tame == (row["tame"] == "true"), row
    dawson = grundy.Game(".07").quotient(BOUND, full=True)
    assert dawson.order == 360, dawson.order
    print(f"Dawson's Kayles (.07): |Q_30| = {dawson.order}, as the README states; every row matches {TABLE.name}")


if __name__ == "__main__":
    main()
