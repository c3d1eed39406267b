"""Progress of long work: a caller's callback, a tqdm bar, or nothing.

The extension calls `progress(done, total, unit, fraction, eta)` from the calling thread
about every 50 ms while a job runs (the fraction and the ETA follow the engine's cost model,
as the command line's bar does). `Reporter` turns the `progress=` argument every method
takes into such a function and closes what it opened.
"""

from __future__ import annotations

import importlib
import sys
import time
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Callable, Optional, Union

#: Seconds a job runs before the automatic bar appears (the command line waits as long).
SHOW_AFTER = 1.0


@dataclass(frozen=True)
class Progress:
    """How far a job has come: `done` of `total` units: "values" (G(0..done) of
    G(0..total)), "heaps" (of a misère quotient) or "games" (of a census).

    `fraction` and `eta` (seconds left, or None before it can be told) follow the engine's
    model of its cost, so a quadratic job's second half is expected to take three times the
    first.
    """

    done: int
    total: int
    unit: str
    fraction: float
    eta: Optional[float]


#: What `progress=` accepts: None (a tqdm bar after a second on a terminal or in a notebook,
#: when tqdm is installed),
#: False (nothing), True (a bar at once: tqdm, else a line on stderr now and then), or a
#: function called with each `Progress`.
ProgressArg = Union[None, bool, Callable[[Progress], object]]

NativeProgress = Callable[[int, int, str, float, Optional[float]], None]


def _tqdm() -> Any:
    try:
        return importlib.import_module("tqdm.auto").tqdm
    except ImportError:
        return None


class Reporter:
    """The `progress=` argument as the extension's callback; use as a context manager."""

    def __init__(self, progress: ProgressArg, what: str) -> None:
        self._arg = progress
        self._what = what
        self._started = time.monotonic()
        self._bar: Any = None
        self._last_line = self._started
        # By default a bar only where someone watches: a terminal or a notebook (on a pipe
        # or in a log a bar's redrawing is noise, as the command line also judges).
        watched = sys.stderr.isatty() or "ipykernel" in sys.modules
        wanted = progress is True or (progress is None and watched)
        self._tqdm = _tqdm() if wanted else None

    def __enter__(self) -> Optional[NativeProgress]:
        if self._arg is False or (self._arg is None and self._tqdm is None):
            return None
        return self._report

    def __exit__(
        self,
        kind: Optional[type[BaseException]],
        error: Optional[BaseException],
        trace: Optional[TracebackType],
    ) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def _report(self, done: int, total: int, unit: str, fraction: float, eta: Optional[float]) -> None:
        p = Progress(done, total, unit, fraction, eta)
        if callable(self._arg):
            self._arg(p)
            return
        elapsed = time.monotonic() - self._started
        if self._arg is None and elapsed < SHOW_AFTER:
            return
        if self._tqdm is not None:
            if self._bar is None:
                self._bar = self._tqdm(total=total, unit=f" {unit}", desc=self._what, unit_scale=True, leave=False)
            self._bar.total = total
            self._bar.n = done
            if eta is not None:
                self._bar.set_postfix_str(f"ETA {eta:.0f} s", refresh=False)
            self._bar.refresh()
        elif elapsed - (self._last_line - self._started) >= 10.0:
            self._last_line = time.monotonic()
            eta_text = "?" if eta is None else f"{eta:.0f} s"
            print(f"{self._what}: {done} of {total} {unit} ({fraction:.0%}), ETA {eta_text}", file=sys.stderr)
