"""Stubs of the extension module grundy._grundy (crates/python/src), checked by stubtest.

The module is the thin binding: it answers in dicts and numpy arrays, which the package
(grundy/__init__.py) turns into dataclasses. Use the package, not this module.
"""

from collections.abc import Callable
from os import PathLike
from typing import Any, Optional, final

import numpy as np
import numpy.typing as npt

_ProgressFn = Callable[[int, int, str, float, Optional[float]], object]

__all__ = [
    "Game",
    "CensusIterator",
    "parse_count",
    "sweep",
    "census",
    "family",
    "LimitError",
    "VERSION",
    "MISERE_CENSUS_BOUNDS",
]

VERSION: str
MISERE_CENSUS_BOUNDS: dict[str, int]

class LimitError(Exception):
    """Work refused because it would pass max_time or max_memory, or a bound of the method."""

    estimate_seconds: Optional[float]
    estimate_bytes: Optional[int]
    max_time: Optional[float]
    max_memory: Optional[int]
    heaps: Optional[int]
    fits: Optional[int]
    engine: Optional[str]

@final
class Game:
    def __new__(cls, text: str) -> Game: ...
    @staticmethod
    def graph(label: str, text: str) -> Game: ...
    @staticmethod
    def graph_with_cycles(label: str, text: str) -> Game: ...
    @property
    def loopy(self) -> bool: ...
    def loopy_values(self) -> list[str]: ...
    def loopy_analyze(self, tokens: list[int]) -> tuple[str, str, list[tuple[int, int, str, str, Optional[int]]]]: ...
    def with_rule(self, misere: bool) -> Game: ...
    @property
    def name(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def misere(self) -> bool: ...
    @property
    def largest_heap(self) -> Optional[int]: ...
    def heap_named(self, name: str) -> Optional[int]: ...
    def heap_name(self, n: int) -> str: ...
    def values(
        self,
        count: int,
        *,
        engine: str = "auto",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: Optional[_ProgressFn] = None,
    ) -> npt.NDArray[np.unsignedinteger[Any]]: ...
    def value(
        self,
        heap: int,
        *,
        engine: str = "auto",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: Optional[_ProgressFn] = None,
    ) -> tuple[int, dict[str, Any]]: ...
    def period(
        self,
        max: Optional[int] = None,
        *,
        engine: str = "auto",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: Optional[_ProgressFn] = None,
    ) -> dict[str, Any]: ...
    def analyze(
        self,
        heaps: list[int],
        *,
        misere: bool,
        count: str = "heaps",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: Optional[_ProgressFn] = None,
    ) -> dict[str, Any]: ...
    def explain(
        self,
        heaps: list[int],
        *,
        misere: bool,
        count: str = "heaps",
        max_time: Optional[float] = None,
        max_memory: Optional[int] = None,
        progress: Optional[_ProgressFn] = None,
    ) -> dict[str, Any]: ...
    def quotient(
        self,
        to: int,
        *,
        full: bool = False,
        partial: bool = False,
        max_order: Optional[int] = None,
        trial_elements: Optional[int] = None,
        search_bytes: Optional[int] = None,
        progress: Optional[_ProgressFn] = None,
    ) -> dict[str, Any]: ...
    def genus(self, to: int, *, progress: Optional[_ProgressFn] = None) -> list[dict[str, Any]]: ...
    def misere_p_heaps(self, count: int) -> list[int]: ...

@final
class CensusIterator:
    def __iter__(self) -> CensusIterator: ...
    def __next__(self) -> dict[str, Any]: ...
    def __len__(self) -> int: ...
    @property
    def family(self) -> str: ...
    def close(self) -> None: ...

def parse_count(text: str) -> int: ...
def sweep(
    n: int,
    *,
    window: Optional[int] = None,
    max_time: Optional[float] = None,
    max_memory: Optional[int] = None,
    progress: Optional[_ProgressFn] = None,
) -> dict[str, Any]: ...
def census(
    family: str,
    budget: int,
    *,
    threads: Optional[int] = None,
    folder: Optional[str | PathLike[str]] = None,
) -> CensusIterator: ...
def family(name: str) -> list[str]: ...
