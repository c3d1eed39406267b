"""Property tests: the package's answers against the definition (tests/definition.py) on
games and positions drawn by hypothesis."""

from __future__ import annotations

import functools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from definition import graph_values, misere_wins, octal_moves, subtraction_moves, values

#: Octal codes: d0 in {0, 4}, one to three digits 0-7 after the point, the last not 0.
codes = st.builds(
    lambda d0, tail, last: f"{d0}.{''.join(map(str, tail))}{last}",
    st.sampled_from(["", "4"]),
    st.lists(st.integers(0, 7), max_size=2),
    st.integers(1, 7),
)

sets = st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True).map(sorted)


@functools.lru_cache(maxsize=None)
def by_definition(code: str, n: int) -> tuple[int, ...]:
    return tuple(values(octal_moves(code), n))


@settings(max_examples=150, deadline=None)
@given(codes, st.integers(1, 90))
def test_octal_values_are_the_definitions(code: str, n: int) -> None:
    got = grundy.Game(code).values(n)
    assert got.dtype == np.uint16
    assert tuple(int(x) for x in got) == by_definition(code, n)


@settings(max_examples=60, deadline=None)
@given(codes, st.integers(0, 3000))
def test_one_value_is_the_tables(code: str, n: int) -> None:
    game = grundy.Game(code)
    assert game.value(n) == int(game.values(n + 1)[-1])


@settings(max_examples=40, deadline=None)
@given(codes, st.integers(10**6, 10**15))
def test_a_proved_period_answers_far_heaps(code: str, n: int) -> None:
    game = grundy.Game(code)
    p = game.period(max=20_000)
    if p.proved:
        assert p.preperiod is not None and p.period is not None
        reduced = n if n < p.preperiod else p.preperiod + (n - p.preperiod) % p.period
        assert game.value(n) == game.value(reduced)
        # And the values the proof rests on begin as the definition's.
        assert tuple(int(x) for x in game.values(90)) == by_definition(code, 90)


@settings(max_examples=60, deadline=None)
@given(sets, st.integers(1, 200))
def test_subtraction_values_are_the_definitions(s: list[int], n: int) -> None:
    game = grundy.Game("s" + ",".join(map(str, s)))
    assert [int(x) for x in game.values(n)] == values(subtraction_moves(s), n)


def test_grundys_game_is_the_definition() -> None:
    assert [int(x) for x in grundy.Game("grundy").values(400)] == values(octal_moves("4!.0"), 400)
    sweep = grundy.sweep(400)
    g = values(octal_moves("4!.0"), 400)
    records = [h for h in range(400) if all(g[h] > g[k] for k in range(h))]
    assert [int(h) for h in sweep.record_heaps] == records
    assert [int(c) for c in sweep.value_counts] == [g.count(v) for v in range(max(g) + 1)]


@settings(max_examples=80, deadline=None)
@given(codes, st.lists(st.integers(0, 14), min_size=1, max_size=4))
def test_positions_follow_the_nim_sum(code: str, heaps: list[int]) -> None:
    g = by_definition(code, 15)
    a = grundy.Game(code).analyze(heaps)
    nim_sum = functools.reduce(lambda x, h: x ^ g[h], heaps, 0)
    assert a.values == tuple(g[h] for h in heaps)
    assert a.nim_sum == nim_sum
    assert a.player_to_move_wins == (nim_sum != 0)
    assert (a.winning_moves > 0) == (nim_sum != 0)
    for m in a.moves:
        after = functools.reduce(lambda x, h: x ^ g[h], m.after, 0)
        assert m.winning == (after == 0), m
    if a.computer is not None and nim_sum != 0:
        assert a.computer.winning


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([".07", ".77", ".137", "4.07", ".6", "s1,2,3"]), st.lists(st.integers(0, 6), min_size=1, max_size=3))
def test_misere_positions_are_the_searchs(code: str, heaps: list[int]) -> None:
    moves = subtraction_moves([1, 2, 3]) if code.startswith("s") else octal_moves(code)
    a = grundy.Game(code).analyze(heaps, misere=True)
    assert a.player_to_move_wins == misere_wins(moves, heaps)
    for m in a.moves:
        assert m.winning == (not misere_wins(moves, m.after)), m


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=30).map(lambda e: (n, e))))
def test_graph_values_are_the_definitions(graph: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = graph
    # Moves go from a larger number to a smaller one: acyclic.
    adjacency = {f"v{i}": sorted({f"v{b}" for a, b in edges if a == i and b < i}) for i in range(n)}
    game = grundy.Game.graph(adjacency)
    want = graph_values(adjacency)
    assert game.vertices is not None
    assert {v: int(x) for v, x in zip(game.vertices, game.values())} == want
    assert all(game.value(v) == want[v] for v in adjacency)
