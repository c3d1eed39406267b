"""The definition, in a few lines of Python, that the package is tested against: G(n) is the
mex of the values of the positions one move away, and a position's value is the XOR of its
heaps' values. Nothing here comes from grundy."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

Moves = Callable[[int], list[tuple[int, ...]]]


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def octal_moves(code: str) -> Moves:
    """The moves of a take-and-break code with digits 0-7 (and `!`: the heaps left differ):
    digit d_k allows taking k stones and leaving nothing (bit 1), one heap (bit 2) or two
    heaps (bit 4)."""
    unequal = "!" in code
    before, _, after = code.replace("!", "").partition(".")
    digits = [int(before or "0", 16)] + [int(c, 16) for c in after]

    def moves(n: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for k, d in enumerate(digits):
            rest = n - k
            if rest < 0 or (k == 0 and d == 0):
                continue
            if d & 1 and rest == 0 and k > 0:
                out.append(())
            if d & 2 and rest >= 1 and k > 0:
                out.append((rest,))
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    if not (unequal and a == rest - a):
                        out.append((rest - a, a))
        return out

    return moves


def subtraction_moves(s: Sequence[int]) -> Moves:
    return lambda n: [(n - k,) if n > k else () for k in s if k <= n]


def values(moves: Moves, n: int) -> list[int]:
    """G(0..n) by the definition."""
    g: list[int] = []
    for h in range(n):
        options = set()
        for left in moves(h):
            x = 0
            for part in left:
                x ^= g[part]
            options.add(x)
        g.append(mex(options))
    return g


def graph_values(adjacency: dict[str, list[str]]) -> dict[str, int]:
    """The value of every vertex of an acyclic graph."""

    @lru_cache(maxsize=None)
    def value(v: str) -> int:
        return mex({value(t) for t in adjacency[v]})

    return {v: value(v) for v in adjacency}


def misere_wins(moves: Moves, heaps: Sequence[int]) -> bool:
    """Whether the player to move wins under misère play (whoever moves last loses), by a
    search of every position (heaps as a sorted tuple)."""

    @lru_cache(maxsize=None)
    def wins(position: tuple[int, ...]) -> bool:
        successors = []
        for i, h in enumerate(position):
            for left in moves(h):
                rest = position[:i] + position[i + 1 :] + tuple(x for x in left if x > 0)
                successors.append(tuple(sorted(rest)))
        if not successors:
            return True  # no move: the previous player moved last and lost
        return any(not wins(p) for p in successors)

    return wins(tuple(sorted(h for h in heaps if h > 0)))
