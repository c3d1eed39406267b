"""The package's API: games and their rules, arrays, errors as exceptions, limits,
Ctrl-C, progress, misère answers and censuses."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

import grundy
from definition import octal_moves, values

REPO = Path(__file__).resolve().parents[3]


def test_games_by_name_code_and_set() -> None:
    kayles = grundy.Game("kayles")
    assert kayles.name == "take-and-break .77"
    assert kayles.rules and kayles.rule == "normal"
    assert grundy.Game("misere-nim").rule == "misere"
    assert kayles.misere.rule == "misere" and kayles.misere.normal == kayles
    assert grundy.Game("s1,2,3").value(5) == 1
    assert repr(grundy.Game(".6")) == "Game('take-and-break .6')"


def test_values_are_arrays_as_wide_as_needed() -> None:
    assert grundy.Game(".6").values(1000).dtype == np.uint16
    nim = grundy.Game("nim").values(70_000)
    assert nim.dtype == np.uint32 and int(nim[-1]) == 69_999
    assert grundy.Game("grundy").values("2^10").shape == (1024,)
    assert grundy.Game("half").value(1_000_000) == 500_000


def test_a_proved_period_answers_any_heap() -> None:
    kayles = grundy.Game("kayles")
    p = kayles.period()
    assert p.proved and p.found
    assert p.preperiod is not None and p.period is not None and p.rests_on is not None
    g = values(octal_moves(".77"), p.rests_on)
    assert kayles.value(10**18) == g[p.preperiod + (10**18 - p.preperiod) % p.period]
    assert not grundy.Game("grundy").period(max=5000).proved


def test_codes_in_cgsuites_notation() -> None:
    nim = grundy.Game("0.[3]")
    assert nim.name == "take-and-break 0.[3]"
    assert nim.values(10).tolist() == list(range(10))
    p = grundy.Game("0.30[3]").period()
    assert p.proved and (p.preperiod, p.period, p.saltus) == (0, 4, 2)
    assert grundy.Game("0.30[3]").value(1_000_001) == 500_001
    with pytest.raises(ValueError, match="loopy"):
        grundy.Game("20.017")


@pytest.mark.parametrize(
    "make",
    [
        lambda: grundy.Game("no such game"),
        lambda: grundy.Game(""),
        lambda: grundy.Game(".6").values(-1),
        lambda: grundy.Game(".6").values(0),
        lambda: grundy.Game(".6").values("many"),
        lambda: grundy.Game(".6").analyze([3, -2]),
        lambda: grundy.Game(".6").analyze([3], count="pairs"),
        lambda: grundy.Game(".6").values(10, engine="fastest"),
        lambda: grundy.Game.graph({"a": ["b"], "b": ["a"]}),
        lambda: grundy.Game.graph(nx.Graph([(1, 2)])),
        lambda: grundy.Game.graph({"a": ["b"]}).value("z"),
        lambda: grundy.census("list:.6,.06", 10),
        lambda: grundy.census("0.dddddddd", 2**12),
    ],
)
def test_bad_input_is_a_value_error_in_one_line(make: object) -> None:
    with pytest.raises(ValueError) as e:
        make()  # type: ignore[operator]
    assert str(e.value) and "\n" not in str(e.value)


def test_work_past_the_limits_is_refused_with_the_estimate() -> None:
    with pytest.raises(grundy.LimitError) as e:
        grundy.Game(".6").values(2**26, max_time=0.5)
    err = e.value
    assert err.estimate_seconds is not None and err.estimate_seconds > 0.5
    assert err.max_time == 0.5 and err.fits is not None and 0 < err.fits < 2**26
    assert "\n" not in str(err)
    with pytest.raises(grundy.LimitError) as e:
        grundy.Game(".6").values(2**24, max_memory=1 << 20)
    assert e.value.estimate_bytes is not None and e.value.estimate_bytes > 1 << 20
    with pytest.raises(grundy.LimitError):
        grundy.Game(".6").value(10**18)


def test_ctrl_c_cancels_within_a_second() -> None:
    """A SIGINT during a long table raises KeyboardInterrupt within a second."""
    sent: list[float] = []

    def interrupt() -> None:
        time.sleep(0.5)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    # Python raises KeyboardInterrupt only where SIGINT has its default handler: a process
    # started in the background by a shell without job control (as a CI runner may start
    # this one) inherits SIGINT ignored, and the signal would never arrive.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=interrupt).start()
        with pytest.raises(KeyboardInterrupt):
            grundy.Game(".6").values(2**30, progress=False)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - sent[0] < 1.0


def test_progress_reaches_a_callback() -> None:
    seen: list[grundy.Progress] = []
    grundy.Game(".6").values(2**19, progress=seen.append)
    assert seen and all(p.unit == "values" and 0 <= p.done <= p.total for p in seen)
    assert [p.done for p in seen] == sorted(p.done for p in seen)

    def fail(p: grundy.Progress) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        grundy.Game(".6").values(2**22, progress=fail)


def test_positions_in_words() -> None:
    a = grundy.Game("s1,2,3").analyze([5, 5, 3])
    assert (a.legal_moves, a.winning_moves) == (9, 3)
    assert "<table>" in a._repr_html_()
    over = grundy.Game("grundy").analyze([1, 2, 2])
    assert over.end_reason == "no move is left: heaps of 1 and 2 only"
    placements = grundy.Game(".07").analyze([7], count="placements")
    assert placements.legal_moves == 6
    e = grundy.Game("kayles").explain([3, 4])
    assert "Step 1" in e.text and e.values == (3, 1) and "<table>" in e.html


def test_misere_quotient_and_genus() -> None:
    q = grundy.Game(".07").quotient(7, full=True)
    assert (q.order, q.p_portion, q.tame) == (6, 2, True)
    assert q.relations == ("a^2 = 1", "b^3 = b") and q.p_heaps == (2, 3, 7)
    assert q.pretending.dtype == np.uint32 and len(q.pretending) == 8
    genus = grundy.Game("kayles").genus(20)
    assert genus[7].text == "2^2" and len(genus) == 21
    assert grundy.Game("kayles").misere_p_heaps(41) == [1, 4, 9, 12, 20]
    with pytest.raises(grundy.LimitError):
        grundy.Game(".07").quotient(40, full=True, max_order=8)
    part = grundy.Game(".07").quotient(40, full=True, partial=True, max_order=8)
    assert part.stopped is not None and part.order <= 8


def test_graphs_from_a_mapping_networkx_and_a_file() -> None:
    g = grundy.Game.graph(nx.DiGraph([((0, 0), (0, 1)), ((0, 1), (1, 1))]))
    assert g.vertices == ((1, 1), (0, 1), (0, 0))
    assert [int(x) for x in g.values()] == [0, 1, 0]
    a = g.analyze([(0, 1)])
    assert a.heaps == ((0, 1),) and a.moves[0].after == ((1, 1),)
    wythoff = grundy.Game.graph_file(REPO / "examples/graphs/wythoff-4x4.txt")
    assert wythoff.vertices is not None and len(wythoff.values()) == len(wythoff.vertices)
    assert wythoff.analyze(["d4", "c2"]).player_to_move_wins


def test_census_in_memory_and_resumed_from_a_folder(tmp_path: Path) -> None:
    codes = [".07", ".137", ".6", "4.07"]
    records = list(grundy.census(codes, 2**12, threads=2))
    assert [r.code for r in records] == ["0.07", "0.137", "0.6", "4.07"]
    for r in records:
        p = grundy.Game(r.code).period(max=2**12 + 1)
        if r.fate == "periodic":
            assert (r.preperiod, r.period) == (p.preperiod, p.period) and p.proved
        else:
            assert r.fate == "unsolved" and not p.proved
    first = list(grundy.census(codes, 2**12, folder=tmp_path))
    assert [r.source for r in first] == ["computed"] * 4
    assert (tmp_path / "results" / "0.6.json").exists()
    again = list(grundy.census(codes, 2**13, folder=tmp_path))
    by_code = {r.code: r for r in again}
    assert by_code["0.6"].source == "continued" and by_code["0.07"].source == "kept"
    assert len(grundy.census("0.ddd", 2**10)) == 448


def test_graphs_with_cycles_have_smiths_values() -> None:
    """Issue 40: with `cycles=True` a graph with a cycle is read; its values are Smith's
    (as `grundy values` prints them), and two infinite tokens are drawn."""
    with pytest.raises(ValueError):
        grundy.Game.graph({"a": ["b", "end"], "b": ["a", "end"]})
    g = grundy.Game.graph({"a": ["b", "end"], "b": ["a", "end"]}, cycles=True)
    assert g.loopy
    assert g.loopy_values() == {"a": "∞{0}", "b": "∞{0}", "end": 0}
    drawn = g.loopy_analyze(["a", "b"])
    assert (drawn["outcome"], drawn["value"]) == ("D", "∞{}")
    assert {(m["token"], m["to"]) for m in drawn["moves"] if m["kind"] == "KeepsDraw"} == {(0, "b"), (1, "a")}
    won = g.loopy_analyze(["a"])
    assert won["outcome"] == "N" and won["moves"][0]["to"] == "end" and won["moves"][0]["length"] == 1
    ferguson = grundy.Game.graph_file(REPO / "examples/graphs/ferguson-cycle.txt", cycles=True)
    assert ferguson.loopy_values() == {"a": "∞{}", "b": "∞{}", "c": "∞{1}", "d": 1, "e": 0}
    assert not grundy.Game.graph_file(REPO / "examples/graphs/wythoff-4x4.txt", cycles=True).loopy
