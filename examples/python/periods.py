"""Three octal games' periods side by side, each proved by the octal periodicity theorem
(Guy and Smith) as soon as the values allow: Kayles, .16 and .56, with the values each
proof rests on, the largest value and and the value of a heap of 10^18 that the period gives.
Checked against the README: Kayles 12 from 71; .16 149,459 from 105,351 (509,622 values);
.56 144 from 326,640 (653,570 values).

    python examples/python/periods.py
"""

from __future__ import annotations

import time

import grundy

#: What the README states: (pre-period, period, values the proof rests on, or None).
README = {"kayles": (71, 12, None), ".16": (105_351, 149_459, 509_622), ".56": (326_640, 144, 653_570)}


def main() -> None:
    print(f"{'game':<8} {'pre-period':>10} {'period':>8} {'proof rests on':>15} {'largest':>8} {'G(10^18)':>9} {'seconds':>8}")
    for name, (preperiod, period, rests_on) in README.items():
        game = grundy.Game(name)
        start = time.monotonic()
        p = game.period(progress=False)
        assert p.preperiod is not None and p.period is not None and p.rests_on is not None
        # G(10^18) is the value of the heap of the same residue inside the proved table.
        far = game.value(p.preperiod + (10**18 - p.preperiod) % p.period)
        seconds = time.monotonic() - start
        largest = p.largest[1] if p.largest else None
        print(f"{name:<8} {p.preperiod:>10,} {p.period:>8,} {p.rests_on:>15,} {largest:>8} {far:>9} {seconds:>8.1f}")
        assert p.proved and (p.preperiod, p.period) == (preperiod, period), p
        assert rests_on is None or p.rests_on == rests_on, p
    # Kayles proves its period within the short look one heap gets, so G(10^18) is at once.
    assert grundy.Game("kayles").value(10**18) == 1


if __name__ == "__main__":
    main()
