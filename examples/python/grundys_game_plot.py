"""Grundy's game's values G(0..100,000), plotted with matplotlib: the common values grow
slowly and fill a band, the sparse values (the few heaps the sweep treats apart) stand
out. Checked against the README: 1,274 sparse heaps below 100,000, G(1222) = 0.

    python examples/python/grundys_game_plot.py [picture.png]
"""

from __future__ import annotations

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import grundy  # noqa: E402

N = 100_000


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "grundys-game-values.png"
    g = grundy.Game("grundy").values(N)
    sweep = grundy.sweep(N)
    assert len(sweep.sparse_heaps) == 1274, len(sweep.sparse_heaps)
    assert int(g[1222]) == 0
    assert (g[sweep.sparse_heaps] == sweep.sparse_values).all()

    fig, ax = plt.subplots(figsize=(10, 5), dpi=120)
    ax.plot(range(N), g, ",", color="0.6", label="G(n)")
    ax.plot(sweep.sparse_heaps, sweep.sparse_values, ".", color="C3", markersize=3, label=f"{len(sweep.sparse_heaps):,} sparse heaps")
    ax.step(sweep.record_heaps, sweep.record_values, where="post", color="C0", linewidth=0.8, label="records")
    ax.set_xlabel("heap n")
    ax.set_ylabel("G(n)")
    ax.set_title(f"Grundy's game, G(0..{N:,})")
    ax.legend(loc="lower right")
    fig.savefig(out)
    last = (int(sweep.record_heaps[-1]), int(sweep.record_values[-1]))
    print(f"wrote {out}: {len(sweep.sparse_heaps):,} sparse heaps (the last {int(sweep.sparse_heaps[-1]):,}), {len(sweep.record_heaps)} records (the last G({last[0]:,}) = {last[1]})")


if __name__ == "__main__":
    main()
