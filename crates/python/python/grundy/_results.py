"""The answers, as frozen dataclasses: every field is what the core computed, every sentence
the core's words; `_repr_html_` where a table reads better in a notebook."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np
import numpy.typing as npt


def _table(header: list[str], rows: list[list[object]], caption: str = "") -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


@dataclass(frozen=True)
class Period:
    """The pre-period and period of a game's values.

    The pre-period is the first periodic heap (the last exception is `preperiod - 1`).
    `proved` says whether a periodicity theorem proved them from G(0..rests_on); otherwise
    they are only observed. `saltus` is s in G(n + period) = G(n) + s (0 for an ordinary
    period; all-but subtraction games such as `0.[3]` have one). `computed` values were
    computed in all; `largest` is (heap,
    value) of the largest among them; `sparse_heaps` and `last_sparse` count the sparse
    heaps of a sparse sweep.
    """

    preperiod: Optional[int]
    period: Optional[int]
    proved: bool
    rests_on: Optional[int]
    computed: int
    largest: Optional[tuple[int, int]]
    sparse_heaps: Optional[int]
    last_sparse: Optional[int]
    unbounded: bool
    theorem: bool
    engine: str
    saltus: int = 0

    @property
    def found(self) -> bool:
        """Whether a period was proved or observed."""
        return self.period is not None


@dataclass(frozen=True)
class Move:
    """One legal move: on heap `heap_index` (of size `heap`), taking `take` and leaving
    `left` in its place; `after` is the whole position it leaves. `reason` says why it wins
    or not, in the core's words."""

    heap_index: int
    heap: Any
    take: int
    left: tuple[Any, ...]
    after: tuple[Any, ...]
    description: str
    winning: bool
    nim_sum_after: int
    reason: str
    at: Optional[int] = None
    piece: Optional[tuple[int, int]] = None


@dataclass(frozen=True)
class Analysis:
    """A position analyzed: values, nim-sum, outcome, every legal move (or, for a position
    too large to list, the winning ones with exact counts) and the computer's move."""

    game: str
    rule: str
    count: str
    heaps: tuple[Any, ...]
    values: tuple[int, ...]
    nim_sum: int
    outcome: str
    verdict: str
    legal_moves: int
    winning_moves: int
    every_move_listed: bool
    moves: tuple[Move, ...] = field(repr=False)
    computer: Optional[Move]
    misere_method: Optional[str]
    end_reason: Optional[str]
    hint: str

    @property
    def player_to_move_wins(self) -> bool:
        """Whether the player to move wins with perfect play."""
        return self.outcome == "player-to-move-wins"

    @property
    def winning(self) -> tuple[Move, ...]:
        """The winning moves listed."""
        return tuple(m for m in self.moves if m.winning)

    def _repr_html_(self) -> str:
        rows: list[list[object]] = [
            [m.description, "✓" if m.winning else "✗", m.reason] for m in self.moves
        ]
        caption = f"{self.game}: {self.verdict}; {self.winning_moves} of {self.legal_moves} moves win"
        return _table(["move", "wins", "why"], rows, caption)


@dataclass(frozen=True)
class Explanation:
    """The worked solution of a position: `text` (normal play's five steps, or the misère
    quotient's), and for normal play the mex table `(heap, option values, value)`."""

    text: str = field(repr=False)
    rule: str
    winning_moves: int
    nim_sum: Optional[int]
    values: Optional[tuple[int, ...]]
    table: tuple[tuple[int, tuple[int, ...], int], ...] = field(repr=False)

    def __str__(self) -> str:
        return self.text

    @property
    def html(self) -> str:
        """The solution as HTML: the text as written, and the mex table as a table."""
        parts = [f"<pre>{html.escape(self.text)}</pre>"]
        if self.table:
            rows: list[list[object]] = [
                [heap, ", ".join(map(str, options)) or "none", value] for heap, options, value in self.table
            ]
            parts.append(_table(["heap", "values of its options", "G (the mex)"], rows, "the mex table"))
        return "<div>" + "".join(parts) + "</div>"

    def _repr_html_(self) -> str:
        return self.html


@dataclass(frozen=True)
class QuotientPeriodicity:
    """A repetition of the pretending function: preperiod and period over `values` heaps;
    `stop_rule_met` when MisereSolver's stop rule (`needed` heaps) holds. Not a proof."""

    preperiod: int
    period: int
    values: int
    needed: int
    stop_rule_met: bool


@dataclass(frozen=True, eq=False)
class Quotient:
    """The misère quotient of a game's heaps 0..bound (Plambeck and Siegel).

    `pretending[h]` is the element heap h pretends to be (an index into `elements`, the
    elements' names); a position is a P-position exactly when the product of its heaps'
    elements is in `p_elements`. `stopped` is the bound that stopped a partial quotient.
    """

    game: str
    bound: int
    order: int
    p_portion: int
    tame: bool
    generators: tuple[int, ...]
    generator_lines: tuple[str, ...]
    relations: tuple[str, ...]
    elements: tuple[str, ...] = field(repr=False)
    p_elements: tuple[str, ...]
    pretending: npt.NDArray[np.uint32] = field(repr=False)
    pretending_names: tuple[str, ...] = field(repr=False)
    p_heaps: tuple[int, ...]
    changes: tuple[int, ...] = field(repr=False)
    periodicity: Optional[QuotientPeriodicity]
    stopped_periodic: bool
    stopped: Optional[str]

    def _repr_html_(self) -> str:
        head = (
            f"<p>{html.escape(self.game)}, heaps 0 to {self.bound}: |Q| = {self.order}, |P| = {self.p_portion}"
            f"{' (tame)' if self.tame else ''}; generators {html.escape(', '.join(self.generator_lines) or 'none')};"
            f" relations {html.escape(', '.join(self.relations) or 'none')}</p>"
        )
        rows: list[list[object]] = [
            [h, name, "P" if h in self.p_heaps else ""] for h, name in enumerate(self.pretending_names)
        ]
        return head + _table(["heap", "pretends to be", "P-position"], rows)


@dataclass(frozen=True)
class Genus:
    """Conway's genus of a single heap: `text` as CGSuite prints it (`3`, `2^2`, `4^146`),
    the normal-play `value`, the digits CGSuite prints and the trimmed superscript, whether
    it is tame, its misère canonical form's phylum, and whether it equals a nim heap."""

    heap: int
    text: str
    value: int
    printed: tuple[int, ...]
    superscript: tuple[int, ...]
    tame: bool
    phylum: str
    nim_heap: bool


@dataclass(frozen=True, eq=False)
class SweepResult:
    """What the sweep of Grundy's game to `heaps` recorded: every sparse heap and its value,
    every record (a value larger than all before), and the count, first and last heap of
    each value 0..largest, as numpy arrays; the stage-2 scan statistics."""

    heaps: int
    sparse_heaps: npt.NDArray[np.uint64]
    sparse_values: npt.NDArray[np.uint16]
    record_heaps: npt.NDArray[np.uint64]
    record_values: npt.NDArray[np.uint16]
    value_counts: npt.NDArray[np.uint64]
    value_first: npt.NDArray[np.uint64]
    value_last: npt.NDArray[np.uint64]
    scan_average: float
    longest_scan: Optional[tuple[int, int]]
    kernel: str
    threads: int

    def __repr__(self) -> str:
        last_sparse = int(self.sparse_heaps[-1]) if len(self.sparse_heaps) else None
        last_record = (int(self.record_heaps[-1]), int(self.record_values[-1])) if len(self.record_heaps) else None
        return (
            f"SweepResult(heaps={self.heaps}, sparse_heaps=<{len(self.sparse_heaps)}, the last {last_sparse}>, "
            f"records=<{len(self.record_heaps)}, the last (heap, value) {last_record}>, "
            f"scan_average={self.scan_average:.2f}, longest_scan={self.longest_scan}, kernel={self.kernel!r})"
        )


@dataclass(frozen=True)
class CensusRecord:
    """One game of a census: `fate` is "periodic" (proved by a periodicity theorem, from
    G(0..computed); `saltus` is set for an arithmetic period, G(n + period) = G(n) + saltus,
    which only all-but subtraction games prove) or "unsolved" (no period proved in
    G(0..budget)); `mask` is None for a code that is not octal (the definition computes it,
    not the octal sweep); `candidate` is the
    (preperiod, period, span) an unsolved game's last values show, not proved. `source`
    says what this run did: "computed" from heap 0, "continued" from stored values,
    "kept" (proved earlier) or "current" (already at this budget)."""

    code: str
    fate: str
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    computed: int
    largest: int
    largest_at: int
    mask: Optional[int]
    heap_parity: bool
    sparse_heaps: Optional[int]
    last_sparse: Optional[int]
    candidate: Optional[tuple[int, int, int]]
    head: str = field(repr=False)
    checksum: str = field(repr=False)
    engine: str = field(repr=False)
    seconds: float = field(repr=False)
    source: str = field(repr=False)
