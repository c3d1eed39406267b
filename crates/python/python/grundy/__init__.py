"""grundy: Sprague-Grundy values of impartial games at native speed.

>>> import grundy
>>> officers = grundy.Game(".6")
>>> officers.values(2**22)            # numpy array of uint16: G(0..2^22)
>>> grundy.Game("kayles").value(10**18), grundy.Game("kayles").period()
>>> grundy.Game(".07").misere.analyze([7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1])
>>> grundy.sweep(2**20).record_heaps   # Grundy's game's records
>>> for r in grundy.census("0.ddd", 2**12): ...

Games are named as on the command line (`kayles`, `.6`, `4.07`, `s1,2,3`, `squares`,
`grundy`, `half`, `nim`, `misere-nim`) or given as a graph (`Game.graph`,
`Game.graph_file`). Every computation runs in Rust with the GIL released; Ctrl-C stops it
within a second (`KeyboardInterrupt`); work that would pass `max_time` (seconds, default an
hour) or `max_memory` (bytes, default three quarters of the memory available) is refused
before it starts with a `LimitError` that carries the estimate and what would fit. A bad
code, heap or graph is a `ValueError`. Every method takes `progress=`: None (a tqdm bar
after a second on a terminal or in a notebook, when tqdm is installed), False, True, or a
function of a `Progress`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping
from types import TracebackType
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from . import _grundy
from ._grundy import LimitError
from ._progress import Progress, ProgressArg, Reporter
from ._results import (
    Analysis,
    CensusRecord,
    Explanation,
    Genus,
    Move,
    Period,
    Quotient,
    QuotientPeriodicity,
    SweepResult,
)

__all__ = [
    "Analysis",
    "Census",
    "CensusRecord",
    "Explanation",
    "Game",
    "Genus",
    "LimitError",
    "MISERE_CENSUS_BOUNDS",
    "Move",
    "Period",
    "Progress",
    "Quotient",
    "QuotientPeriodicity",
    "SweepResult",
    "census",
    "family",
    "parse_count",
    "sweep",
]

__version__ = _grundy.VERSION

#: A count: an int, or text as people write it ("2^22", "1e6", "4_194_304").
Count = Union[int, str]

#: The bounds of a misère census's quotients (`grundy census --misere`; smaller than a single
#: quotient's), as keyword arguments of `Game.quotient`.
MISERE_CENSUS_BOUNDS: dict[str, int] = dict(_grundy.MISERE_CENSUS_BOUNDS)

_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")


def parse_count(n: Count) -> int:
    """A count as an int: ints as they are (refusing negatives), text by the core's count
    parser ("2^22", "1e6", "67_108_864")."""
    if isinstance(n, bool) or not isinstance(n, (int, str, np.integer)):
        raise ValueError(f"expected a count like 67108864, 2^26 or 1e6, got {n!r}")
    if isinstance(n, str):
        return _grundy.parse_count(n)
    if n < 0:
        raise ValueError(f"{n} is negative: counts and heaps are 0 or more")
    if n >= 1 << 64:
        raise ValueError(f"{n} is too large: counts go up to 2^64 - 1 = 18446744073709551615")
    return int(n)


def _seconds(max_time: Optional[float]) -> Optional[float]:
    return None if max_time is None else float(max_time)


class Game:
    """A game: by name, code or subtraction set, or given as a graph; played normally
    unless its name says misère (`misere-nim`) or it was asked for with `.misere`."""

    __slots__ = ("_native", "_vertices", "_numbers")

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise ValueError(f"a game is named by text (kayles, .6, s1,2,3), not {name!r}")
        self._native = _grundy.Game(name)
        self._vertices: Optional[tuple[Hashable, ...]] = None
        self._numbers: dict[Hashable, int] = {}

    @classmethod
    def _of(cls, native: _grundy.Game, vertices: Optional[tuple[Hashable, ...]]) -> Game:
        game = cls.__new__(cls)
        game._native = native
        game._vertices = vertices
        game._numbers = {} if vertices is None else {v: i + 1 for i, v in enumerate(vertices)}
        return game

    @classmethod
    def graph(cls, graph: Any, *, name: str = "graph", cycles: bool = False) -> Game:
        """A game on a directed acyclic graph: a mapping from each vertex to the vertices a
        token there may move to (a vertex only moved to is a vertex without moves), or a
        `networkx.DiGraph`. Vertices may be any hashable objects; a cycle is a ValueError,
        unless `cycles`: then a graph with a cycle is a game that need not end, answered by
        `loopy_values` and `loopy_analyze` (Smith's values, P, N or D)."""
        adjacency: dict[Hashable, list[Hashable]] = {}
        if hasattr(graph, "is_directed") and hasattr(graph, "successors"):
            if not graph.is_directed():
                raise ValueError("a game's graph is directed: a move goes one way (use a networkx.DiGraph)")
            for v in graph.nodes:
                adjacency[v] = list(graph.successors(v))
        elif isinstance(graph, Mapping):
            for v, targets in graph.items():
                if isinstance(targets, (str, bytes)) or not isinstance(targets, Iterable):
                    raise ValueError(f"vertex {v!r}: its moves must be a list of vertices, not {targets!r}")
                adjacency[v] = list(targets)
        else:
            raise ValueError(f"a graph is a mapping of vertices to their moves or a networkx.DiGraph, not {type(graph).__name__}")
        for targets in list(adjacency.values()):
            for t in targets:
                adjacency.setdefault(t, [])
        names = _vertex_names(list(adjacency))
        text = "".join(f"{names[v]}: {' '.join(names[t] for t in adjacency[v])}\n" for v in adjacency)
        native = _grundy.Game.graph_with_cycles(name, text) if cycles else _grundy.Game.graph(name, text)
        node_of = {n: v for v, n in names.items()}
        largest = native.largest_heap or 0
        vertices = tuple(node_of[native.heap_name(i)] for i in range(1, largest + 1))
        return cls._of(native, vertices)

    @classmethod
    def graph_file(cls, path: Union[str, os.PathLike[str]], *, cycles: bool = False) -> Game:
        """A game on the graph in a file of the command line's format (`--game graph:FILE`:
        one vertex a line, `name: the vertices it may move to`, `#` comments); with `cycles`,
        a graph with a cycle is read too (see `graph`)."""
        with open(path, encoding="utf-8") as f:
            text = f.read()
        label = os.path.basename(os.fspath(path))
        native = _grundy.Game.graph_with_cycles(label, text) if cycles else _grundy.Game.graph(label, text)
        largest = native.largest_heap or 0
        return cls._of(native, tuple(native.heap_name(i) for i in range(1, largest + 1)))

    # What the game is.

    @property
    def name(self) -> str:
        """The game's name for people."""
        return self._native.name

    @property
    def rules(self) -> str:
        """The rules in one line, in words."""
        return self._native.rules

    @property
    def rule(self) -> str:
        """"normal" (whoever cannot move loses) or "misere" (whoever moves last loses)."""
        return "misere" if self._native.misere else "normal"

    @property
    def misere(self) -> Game:
        """The same game under misère play: whoever makes the last move loses."""
        return Game._of(self._native.with_rule(True), self._vertices)

    @property
    def normal(self) -> Game:
        """The same game under normal play: whoever cannot move loses."""
        return Game._of(self._native.with_rule(False), self._vertices)

    @property
    def vertices(self) -> Optional[tuple[Hashable, ...]]:
        """A game on a graph: its vertices, in the order of `values()` (every move leads to
        an earlier one); None for heap games."""
        return self._vertices

    def __repr__(self) -> str:
        return f"Game({self.name!r}{', misère' if self._native.misere else ''})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.rule, self._vertices) == (other.name, other.rule, other._vertices)

    def __hash__(self) -> int:
        return hash((self.name, self.rule))

    # Heaps and vertices.

    def _heap(self, h: Any) -> int:
        if self._vertices is None:
            return parse_count(h)
        if h in self._numbers:
            return self._numbers[h]
        raise ValueError(f"{self.name} has no vertex {h!r}")

    def _node(self, n: int) -> Any:
        if self._vertices is None:
            return n
        return None if n == 0 else self._vertices[n - 1]

    # Values.

    def values(
        self,
        n: Optional[Count] = None,
        *,
        engine: str = "auto",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: ProgressArg = None,
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """G(0), ..., G(n - 1) as a numpy array (uint16, or uint32 when the values need it),
        by the cheapest exact way: a closed form, a period proved as soon as the values allow,
        or a table. A game on a graph: the value of every vertex, in the order of `vertices`.
        `engine`: "auto", "definition", "sparse" or "closed"."""
        if self._vertices is not None:
            if n is not None:
                raise ValueError("a game on a graph has its vertices: values() gives them all, in the order of .vertices")
            count = len(self._vertices) + 1
        elif n is None:
            raise ValueError("values(n) needs n: how many values, G(0..n)")
        else:
            count = parse_count(n)
        with Reporter(progress, "computing") as report:
            array = self._native.values(
                count, engine=engine, max_time=_seconds(max_time), max_memory=max_memory, progress=report
            )
        return array[1:] if self._vertices is not None else array

    def value(
        self,
        n: Any,
        *,
        engine: str = "auto",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: ProgressArg = None,
    ) -> int:
        """G(n) of one heap (a vertex, on a graph): any n at once for a closed form or a game
        whose period is proved (Kayles: G(10^18) from the 168 values its proof rests on);
        otherwise a table up to n, refused beyond the limits with the estimate."""
        with Reporter(progress, "computing") as report:
            value, _ = self._native.value(
                self._heap(n), engine=engine, max_time=_seconds(max_time), max_memory=max_memory, progress=report
            )
        return value

    def period(
        self,
        max: Optional[Count] = None,
        *,
        engine: str = "auto",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: ProgressArg = None,
    ) -> Period:
        """The pre-period (the first periodic heap) and period, computed until a periodicity
        theorem proves them (octal codes, finite subtraction sets) or `max` values (by
        default as many as fit the limits); without a theorem a period is only observed."""
        with Reporter(progress, "looking for a period") as report:
            d = self._native.period(
                None if max is None else parse_count(max),
                engine=engine,
                max_time=_seconds(max_time),
                max_memory=max_memory,
                progress=report,
            )
        found = d["found"]
        sparse = d["sparse"]
        return Period(
            preperiod=None if found is None else found["preperiod"],
            period=None if found is None else found["period"],
            proved=found is not None and found["proved"],
            rests_on=None if found is None else found["computed"],
            computed=d["computed"],
            largest=d["largest"],
            sparse_heaps=None if sparse is None else sparse[0],
            last_sparse=None if sparse is None else sparse[1],
            unbounded=d["unbounded"],
            theorem=d["theorem"],
            engine=d["engine"],
            saltus=0 if found is None else found["saltus"],
        )

    # Positions.

    def _rule(self, misere: Optional[bool]) -> bool:
        return self._native.misere if misere is None else bool(misere)

    def _move(self, m: dict[str, Any]) -> Move:
        return Move(
            heap_index=m["heap_index"],
            heap=self._node(m["heap"]),
            take=m["take"],
            left=tuple(self._node(h) for h in m["left"]),
            after=tuple(self._node(h) for h in m["after"]),
            description=m["description"],
            winning=m["winning"],
            nim_sum_after=m["nim_sum_after"],
            reason=m["reason"],
            at=m["at"],
            piece=m["piece"],
        )

    @property
    def loopy(self) -> bool:
        """Whether the game is on a graph with a cycle (read with `cycles=True`)."""
        return self._native.loopy

    def loopy_values(self) -> dict[Hashable, Union[int, str]]:
        """Smith's value of every vertex of a graph with a cycle: a number, or the text
        `"∞{0,2}"` (∞ with the finite values among the vertex's options), as
        `grundy values` prints them."""
        assert self._vertices is not None, "only a game on a graph has vertices"
        texts = self._native.loopy_values()
        return {v: int(t) if t.isdigit() else t for v, t in zip(self._vertices, texts)}

    def loopy_analyze(self, tokens: Iterable[Any]) -> dict[str, Any]:
        """A position of tokens on a graph with a cycle: `outcome` ("P", "N" or "D"), the
        sum's `value` as text, and `moves`, each a dict of `token` (its index), `to` (the
        vertex), `kind` ("Wins", "KeepsDraw" or "Loses"), `description` and `length` (the
        moves the game then lasts, or None), winning moves soonest first."""
        outcome, value, moves = self._native.loopy_analyze([self._heap(t) for t in tokens])
        return {
            "outcome": outcome,
            "value": value,
            "moves": [
                {"token": i, "to": self._node(to), "kind": kind, "description": words, "length": length}
                for i, to, kind, words, length in moves
            ],
        }

    def analyze(
        self,
        heaps: Iterable[Any],
        misere: Optional[bool] = None,
        count: str = "heaps",
        *,
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: ProgressArg = None,
    ) -> Analysis:
        """The position of these heaps (tokens on vertices, on a graph): values, nim-sum,
        outcome, every legal move with its words and whether it wins and why, and the
        computer's move. `misere`: None for the game's rule; `count`: "heaps", "placements"
        or "sizes" (which moves count as different)."""
        numbers = [self._heap(h) for h in heaps]
        with Reporter(progress, "computing") as report:
            d = self._native.analyze(
                numbers,
                misere=self._rule(misere),
                count=count,
                max_time=_seconds(max_time),
                max_memory=max_memory,
                progress=report,
            )
        moves = tuple(self._move(m) for m in d["moves"])
        computer = d["computer_move"]
        return Analysis(
            game=d["game"],
            rule=d["rule"],
            count=d["convention"],
            heaps=tuple(self._node(h) for h in d["heaps"]),
            values=tuple(d["values"]),
            nim_sum=d["nim_sum"],
            outcome=d["outcome"],
            verdict=d["verdict"],
            legal_moves=d["legal_moves"],
            winning_moves=d["winning_moves"],
            every_move_listed=d["listed_every"],
            moves=moves,
            computer=None if computer is None else moves[computer],
            misere_method=d["misere_method"],
            end_reason=d["end_reason"],
            hint=d["hint"],
        )

    def explain(
        self,
        heaps: Iterable[Any],
        misere: Optional[bool] = None,
        count: str = "heaps",
        *,
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: ProgressArg = None,
    ) -> Explanation:
        """The worked solution of a position, as text and HTML: normal play's five textbook
        steps (the mex table, the nim-sum in binary, the targets, every move, the total), or
        the misère quotient's steps."""
        numbers = [self._heap(h) for h in heaps]
        with Reporter(progress, "computing") as report:
            d = self._native.explain(
                numbers,
                misere=self._rule(misere),
                count=count,
                max_time=_seconds(max_time),
                max_memory=max_memory,
                progress=report,
            )
        return Explanation(
            text=d["text"],
            rule=d["rule"],
            winning_moves=d["winning_moves"],
            nim_sum=d["nim_sum"],
            values=None if d["values"] is None else tuple(d["values"]),
            table=tuple((h, tuple(options), v) for h, options, v in d["table"]),
        )

    # Misère play.

    def quotient(
        self,
        to: Count,
        *,
        full: bool = False,
        partial: bool = False,
        max_order: Optional[int] = None,
        trial_elements: Optional[int] = None,
        search_bytes: Optional[int] = None,
        progress: ProgressArg = None,
    ) -> Quotient:
        """The misère quotient of the heaps 0..to (to included), heap by heap, stopping early
        when the pretending function meets MisereSolver's stop rule unless `full`. Past its
        bounds (|Q| <= max_order, 4096 by default) it raises LimitError, or with `partial`
        returns the quotient as far as it got with the reason in `stopped`."""
        with Reporter(progress, "computing the quotient") as report:
            d = self._native.quotient(
                parse_count(to),
                full=full,
                partial=partial,
                max_order=max_order,
                trial_elements=trial_elements,
                search_bytes=search_bytes,
                progress=report,
            )
        per = d["periodicity"]
        return Quotient(
            game=d["game"],
            bound=d["bound"],
            order=d["order"],
            p_portion=d["p_portion"],
            tame=d["tame"],
            generators=tuple(d["generators"]),
            generator_lines=tuple(d["generator_lines"]),
            relations=tuple(d["relations"]),
            elements=tuple(d["elements"]),
            p_elements=tuple(d["p_elements"]),
            pretending=d["pretending"],
            pretending_names=tuple(d["pretending_names"]),
            p_heaps=tuple(d["p_heaps"]),
            changes=tuple(d["changes"]),
            periodicity=None if per is None else QuotientPeriodicity(**per),
            stopped_periodic=d["stopped_periodic"],
            stopped=d["stopped"],
        )

    def genus(self, to: Count, *, progress: ProgressArg = None) -> list[Genus]:
        """Conway's genus of each single heap 0..to (to included), as CGSuite prints it."""
        with Reporter(progress, "computing the genus") as report:
            rows = self._native.genus(parse_count(to), progress=report)
        return [
            Genus(
                heap=g["heap"],
                text=g["text"],
                value=g["value"],
                printed=tuple(g["printed"]),
                superscript=tuple(g["superscript"]),
                tame=g["tame"],
                phylum=g["phylum"],
                nim_heap=g["nim_heap"],
            )
            for g in rows
        ]

    def misere_p_heaps(self, n: Count) -> list[int]:
        """The single heaps among 0..n-1 that are misère P-positions (the player to move
        loses when whoever makes the last move loses)."""
        return self._native.misere_p_heaps(parse_count(n))


def _vertex_names(nodes: list[Hashable]) -> dict[Hashable, str]:
    """A name in the graph format for each vertex: its text when that is a valid, unused
    name, else the text with other characters replaced, made unique."""
    names: dict[Hashable, str] = {}
    used: set[str] = set()
    for v in nodes:
        text = str(v)
        if not _NAME.match(text):
            text = re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_") or "v"
        name, k = text, 1
        while name in used:
            k += 1
            name = f"{text}.{k}"
        used.add(name)
        names[v] = name
    return names


def sweep(
    n: Count,
    *,
    window: Optional[Count] = None,
    max_time: Optional[float] = None,
    max_memory: Optional[int] = None,
    progress: ProgressArg = None,
) -> SweepResult:
    """The long sweep of Grundy's game, G(0..n), and what it records: every sparse heap and
    record, and how often each value occurs, as numpy arrays (`window`: keep only the first
    and the latest values, so memory does not grow with n)."""
    with Reporter(progress, "sweeping") as report:
        d = _grundy.sweep(
            parse_count(n),
            window=None if window is None else parse_count(window),
            max_time=_seconds(max_time),
            max_memory=max_memory,
            progress=report,
        )
    return SweepResult(
        heaps=d["heaps"],
        sparse_heaps=d["sparse_heaps"],
        sparse_values=d["sparse_values"],
        record_heaps=d["record_heaps"],
        record_values=d["record_values"],
        value_counts=d["value_counts"],
        value_first=d["value_first"],
        value_last=d["value_last"],
        scan_average=d["scan_total"] / max(d["scan_count"], 1),
        longest_scan=d["longest_scan"],
        kernel=d["kernel"],
        threads=d["threads"],
    )


def family(name: str) -> list[str]:
    """The codes of a census family, canonical, in census order: "0.ddd", "4.ddd",
    "tczajka", "tczajka-unsolved", "list:.07,.137", ..."""
    return _grundy.family(name)


class Census(Iterator[CensusRecord]):
    """The records of a census, in the family's order, as its games finish; `len()` is the
    number of games. Closing it (or leaving a `with` block, or Ctrl-C) stops the games
    still running; with a folder, what finished is kept and the same call resumes."""

    def __init__(self, native: _grundy.CensusIterator) -> None:
        self._native = native

    def __len__(self) -> int:
        return len(self._native)

    @property
    def family(self) -> str:
        """The family's name, as the result files record it."""
        return self._native.family

    def __iter__(self) -> Census:
        return self

    def __next__(self) -> CensusRecord:
        return CensusRecord(**next(self._native))

    def close(self) -> None:
        """Stops the games still running."""
        self._native.close()

    def __enter__(self) -> Census:
        return self

    def __exit__(
        self,
        kind: Optional[type[BaseException]],
        error: Optional[BaseException],
        trace: Optional[TracebackType],
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Census(family={self.family!r}, games={len(self)})"


def census(
    family_or_codes: Union[str, Iterable[str]],
    budget: Count,
    *,
    threads: Optional[int] = None,
    folder: Optional[Union[str, os.PathLike[str]]] = None,
) -> Census:
    """A census of take-and-break games: every code of a family ("0.ddd", "tczajka", ...)
    or of a list of codes (octal, or CGSuite's notation: "0.[3]", "0.30[3]", "0.D!"),
    computed until its period is proved or `budget` values are computed, games
    in parallel on `threads` threads (every core by default). With `folder`, the folder of
    `grundy census --out`: each result is written there as the command line writes it, and
    a later call (or the command line) with the same family keeps proved games, continues
    unsolved ones from their stored values, and redoes only what was not finished."""
    if isinstance(family_or_codes, str):
        name = family_or_codes
    else:
        codes = list(family_or_codes)
        if not all(isinstance(c, str) for c in codes):
            raise ValueError("a census takes a family's name or a list of codes as text")
        name = "list:" + ",".join(codes)
    return Census(_grundy.census(name, parse_count(budget), threads=threads, folder=folder))
