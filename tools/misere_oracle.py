#!/usr/bin/env python3
"""misere_oracle.py -- a slow, independent reference for misere play of heap games.

Written for issue 28 (misere quotients and genus) of grundy: everything here follows the
definitions directly, with memoized search over sorted tuples of heaps, so that the
Rust engine can be tested against it. It shares no code with the engine or with CGSuite.

Rules (CGSuite's take-and-break conventions, as in crates/core/src/games/take_and_break.rs):
a code d0.d1d2... (octal or hexadecimal digits); digit d_k says what may be left after
taking k stones from one heap: bit 1 nothing (the heap had exactly k), bit 2 one heap,
bit 4 two heaps, bit 8 three heaps (all nonempty). d0 (k = 0) may only split (bits 4, 8).
A `!` anywhere: the heaps left must be pairwise different (Grundy's game is `4!.0`); this is
grundy's reading. CGSuite's `!` binds to the digit before it; the two agree on `4!.0`.
`[d]` at the end repeats the digit d forever (CGSuite writes Nim as `0.[3]`).

Misere play: the player who cannot move wins. A position with no move is an N-position;
otherwise it is P iff every option is N. A heap with no move is the zero game, so such
heaps are dropped from positions (an exact simplification, nothing more).

Commands (all default runs finish in well under a minute):

  python3 tools/misere_oracle.py outcome 0.77 3 5 7
      misere outcome (P or N) of the sum of heaps 3, 5, 7 in Kayles.
  python3 tools/misere_oracle.py genus 0.07 --to 20 [--terms 6]
      genus of heaps 0..20: base = normal Grundy value, superscript gamma_0 gamma_1 ...
      with gamma_k = misere Grundy value of G + k copies of *2, computed twice: by the
      definition (search on G + *2 + ... + *2, first --terms values) and by the mex
      recursion on options; trimmed as CGSuite trims (see genus_trim below).
  python3 tools/misere_oracle.py quotient 0.75 --heap 6 --total 24 [--totals 12,16,20]
      brute-force misere quotient of the heaps <= 6: positions up to total size T/2,
      told apart by every X up to total size T - T/2; prints |Q| (classes found), |P|
      (classes of P-positions) and the class of each heap. Classes found are a LOWER bound
      of the true |Q_n| (two positions may differ only by a larger X); watch them settle
      as T grows (--totals prints a row for each).
  python3 tools/misere_oracle.py check [--fixture fixtures/cgsuite/genus.toml] [--quick]
      checks every genus, normal and misere nim value in the fixture against this oracle
      (by meaning: CGSuite's short forms are expanded first, see expand_cgsuite_genus),
      and the quotient orders recorded there that name an oracle run. Exit status 1 on
      any disagreement.

Definitions used (sources: Conway, On Numbers and Games ch. 12; Winning Ways ch. 13;
CGSuite lib/core/src/main/scala/org/cgsuite/core/misere/Genus.java, read for its rules):

  G^-(X)  misere Grundy value: 1 if X has no move, else mex of G^-(X') over options X'.
  gamma_k(G) = G^-(G + k.*2).  gamma_0 = G^-(G).  The genus is g^{gamma_0 gamma_1 ...},
  g = normal Grundy value. Because G^-(H + *1) = G^-(H) xor 1 for every H, the options of
  G + k.*2 give the recursion (G with at least one move)
      gamma_k(G) = mex({gamma_k(G') : G' option of G} + {gamma_{k-1}, gamma_{k-1} xor 1}),
  gamma_0(G) = mex{gamma_0(G')}; for G = 0: gamma = 1, 2, 0, 2, 0, ...
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from functools import lru_cache

sys.setrecursionlimit(100000)


# ---------------------------------------------------------------------------------------
# Rules


class Rules:
    """A take-and-break game given by its code."""

    def __init__(self, code: str):
        self.code = code
        c = code.strip()
        self.unequal = "!" in c
        c = c.replace("!", "")
        self.repeat = None
        if "[" in c:
            head, _, tail = c.partition("[")
            if not tail.endswith("]") or len(tail) != 2:
                raise ValueError(f"bad repeat in {code!r}: use one digit, as in 0.[3]")
            self.repeat = int(tail[0], 16)
            c = head
        if "." in c:
            before, after = c.split(".", 1)
        else:
            before, after = c, ""
        d0 = int(before, 16) if before else 0
        if d0 & 3:
            raise ValueError("the digit before the point may only split (bits 4, 8)")
        self.digits = [d0] + [int(ch, 16) for ch in after]

    def digit(self, k: int) -> int:
        if k < len(self.digits):
            return self.digits[k]
        return self.repeat if self.repeat is not None else 0

    def max_take(self, n: int) -> int:
        return n if self.repeat is not None else min(n, len(self.digits) - 1)

    @staticmethod
    def _parts(total: int, count: int, smallest: int):
        """Nondecreasing tuples of `count` positive parts >= smallest summing to total."""
        if count == 0:
            if total == 0:
                yield ()
            return
        if count == 1:
            if total >= smallest:
                yield (total,)
            return
        for a in range(smallest, total // count + 1):
            for rest in Rules._parts(total - a, count - 1, a):
                yield (a,) + rest

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        """Every distinct result of one move on a heap of n, as a sorted tuple of heaps."""
        return _heap_options(self.code, n)


@lru_cache(maxsize=None)
def _rules(code: str) -> Rules:
    return Rules(code)


@lru_cache(maxsize=None)
def _heap_options(code: str, n: int) -> list[tuple[int, ...]]:
    r = _rules(code)
    out = set()
    for k in range(0, r.max_take(n) + 1):
        d = r.digit(k)
        rest = n - k
        for j in range(0, 4):
            if not d & (1 << j):
                continue
            if j <= 1 and k == 0:
                continue  # taking nothing and leaving one heap (or nothing) is no move
            for parts in Rules._parts(rest, j, 1):
                if r.unequal and len(set(parts)) != len(parts):
                    continue
                out.add(parts)
    return sorted(out)


def live(code: str, n: int) -> bool:
    """Whether a heap of n has a move (a heap without one is the zero game)."""
    return bool(_heap_options(code, n))


def norm(code: str, heaps) -> tuple[int, ...]:
    return tuple(sorted(h for h in heaps if h > 0 and live(code, h)))


def position_options(code: str, pos: tuple[int, ...]) -> set[tuple[int, ...]]:
    out = set()
    for i, h in enumerate(pos):
        if i > 0 and pos[i - 1] == h:
            continue
        rest = pos[:i] + pos[i + 1:]
        for o in _heap_options(code, h):
            out.add(norm(code, rest + o))
    return out


# ---------------------------------------------------------------------------------------
# (a) outcomes and Grundy values


@lru_cache(maxsize=None)
def misere_is_p(code: str, pos: tuple[int, ...]) -> bool:
    """Misere outcome of a normalized position: True for P (previous player wins)."""
    opts = position_options(code, pos)
    if not opts:
        return False  # no move: the player to move has already won
    return all(not misere_is_p(code, o) for o in opts)


@lru_cache(maxsize=None)
def normal_grundy(code: str, n: int) -> int:
    vals = set()
    for o in _heap_options(code, n):
        v = 0
        for h in o:
            v ^= normal_grundy(code, h)
        vals.add(v)
    return mex(vals)


def mex(s) -> int:
    m = 0
    while m in s:
        m += 1
    return m


@lru_cache(maxsize=None)
def misere_grundy_sum(code: str, pos: tuple[int, ...], twos: int, ones: int) -> int:
    """G^-(pos + twos.*2 + ones.*1), straight from the definition."""
    opts = set()
    for o in position_options(code, pos):
        opts.add(misere_grundy_sum(code, o, twos, ones))
    if twos:
        opts.add(misere_grundy_sum(code, pos, twos - 1, ones + 1))  # *2 -> *1
        opts.add(misere_grundy_sum(code, pos, twos - 1, ones))      # *2 -> 0
    if ones:
        opts.add(misere_grundy_sum(code, pos, twos, ones - 1))      # *1 -> 0
    if not opts:
        return 1
    return mex(opts)


# ---------------------------------------------------------------------------------------
# (b) genus


@lru_cache(maxsize=None)
def gamma_rec(code: str, pos: tuple[int, ...], length: int) -> tuple[int, ...]:
    """gamma_0 .. gamma_{length-1} of a position by the mex recursion on its options."""
    opts = position_options(code, pos)
    if not opts:
        return tuple(1 if k == 0 else (2 if k % 2 else 0) for k in range(length))
    opt_seqs = [gamma_rec(code, o, length) for o in opts]
    seq = []
    for k in range(length):
        s = {q[k] for q in opt_seqs}
        if k > 0:
            s.add(seq[k - 1])
            s.add(seq[k - 1] ^ 1)
        seq.append(mex(s))
    return tuple(seq)


def genus_trim(seq) -> list[int]:
    """CGSuite's trimming (Genus.java): keep gamma_0..gamma_m, m >= 1 least such that
    gamma_j == gamma_{j-2} for every j > m in the computed sequence (which must be long
    enough that the tail is truly periodic; see heap_genus)."""
    m = len(seq) - 1
    while m > 1 and seq[m] == seq[m - 2]:
        m -= 1
    return list(seq[: m + 1])


def fmt_genus(base: int, sup) -> str:
    if not sup:
        return str(base)
    if any(x >= 10 for x in sup):
        return f"{base}^({','.join(map(str, sup))})"
    return f"{base}^{''.join(map(str, sup))}"


def heap_genus(code: str, n: int, def_terms: int = 6, length: int = 24):
    """(base, full sequence gamma_0..gamma_{length-1}, trimmed superscript, agreement).

    The recursion runs to `length` terms; the trimmed form must leave at least 6 terms of
    verified period-2 tail, else ValueError. The first def_terms terms are recomputed from
    the definition and must agree."""
    pos = norm(code, (n,))
    seq = gamma_rec(code, pos, length)
    sup = genus_trim(seq)
    if len(sup) > length - 6:
        raise ValueError(f"heap {n}: genus not visibly periodic within {length} terms")
    for k in range(min(def_terms, length)):
        d = misere_grundy_sum(code, pos, k, 0)
        if d != seq[k]:
            raise AssertionError(f"heap {n}: gamma_{k} definition {d} != recursion {seq[k]}")
    return normal_grundy(code, n), seq, sup


def expand_cgsuite_genus(text: str, terms: int):
    """CGSuite's printed genus -> (base, gamma_0..gamma_{terms-1}), following Genus.java:
    a bare g is a nim heap (gamma_0 = 1 - g if g < 2 else g, then g xor 2, g, ...);
    one digit s: tame (s == g or both < 2: gamma_i = g xor 2 for odd i, g for even i >= 2)
    or restive (gamma_i = (s if s < 4 else g) xor 2 for odd i, that value for even i >= 2);
    two or more digits: the last two alternate."""
    text = text.strip()
    if "^" not in text:
        g = int(text)
        seq = [(1 - g) if g < 2 else g]
        seq += [g ^ (2 if i % 2 else 0) for i in range(1, terms)]
        return g, seq
    b, s = text.split("^", 1)
    g = int(b)
    s = s.strip("{}")
    if s.startswith("("):
        sup = [int(x) for x in s.strip("()").split(",")]
    else:
        sup = [int(ch) for ch in s.replace(" ", "")]
    if len(sup) == 1:
        s0 = sup[0]
        tame = s0 == g or (s0 < 2 and g < 2)
        anchor = g if tame else (s0 if s0 < 4 else g)
        seq = [s0] + [anchor ^ (2 if i % 2 else 0) for i in range(1, terms)]
        return g, seq
    seq = list(sup[:terms])
    while len(seq) < terms:
        i = len(seq)
        seq.append(sup[len(sup) - 2 + ((len(sup) ^ i) & 1)])
    return g, seq


# ---------------------------------------------------------------------------------------
# (c) brute-force misere quotient


def multisets(parts, total):
    """All sorted tuples over `parts` (ascending) with sum <= total."""
    out = []

    def rec(start, remaining, cur):
        out.append(tuple(cur))
        for i in range(start, len(parts)):
            p = parts[i]
            if p > remaining:
                break
            cur.append(p)
            rec(i, remaining - p, cur)
            cur.pop()

    rec(0, total, [])
    return out


def quotient(code: str, heap: int, total: int):
    """Brute-force quotient of the positions made of heaps <= heap.

    Positions up to size total//2 are told apart by all X up to size total - total//2.
    Returns (classes, p_classes, heap_class, reps) where heap_class[h] is the class of
    a heap of h (0 for a heap without a move) and reps the least representative of each
    class (classes numbered in order of first appearance by size, then lexicographically).
    """
    parts = [h for h in range(1, heap + 1) if live(code, h)]
    small = total // 2
    xs = multisets(parts, total - small)
    gs = multisets(parts, small)
    gs.sort(key=lambda t: (sum(t), len(t), t))
    sig_index: dict[tuple, int] = {}
    reps = []
    cls_of = {}
    for g in gs:
        sig = tuple(misere_is_p(code, tuple(sorted(g + x))) for x in xs)
        if sig not in sig_index:
            sig_index[sig] = len(reps)
            reps.append(g)
        cls_of[g] = sig_index[sig]
    p_classes = sum(1 for r in reps if misere_is_p(code, r))
    heap_class = [cls_of.get(norm(code, (h,)), None) for h in range(heap + 1)]
    return len(reps), p_classes, heap_class, reps


# ---------------------------------------------------------------------------------------
# checks against the fixture


def check_fixture(path: str, quick: bool) -> int:
    import tomllib

    with open(path, "rb") as f:
        data = tomllib.load(f)
    bad = 0
    rows = 0
    for entry in data.get("genus", []):
        code = entry["code"]
        first = entry.get("first_heap", 0)
        values = entry["values"]
        for i, text in enumerate(values):
            n = first + i
            if quick and n > 12:
                break
            base, seq, sup = heap_genus(code, n)
            cg_base, cg_seq = expand_cgsuite_genus(text, 12)
            ok = cg_base == base and cg_seq == list(seq[:12])
            rows += 1
            if not ok:
                bad += 1
                print(f"MISMATCH {entry['game']} heap {n}: source {text} -> "
                      f"{cg_base}^{cg_seq}, oracle {fmt_genus(base, sup)} -> {list(seq[:12])}")
        for key, fn in (("misere_nim_values", lambda n: misere_grundy_sum(code, norm(code, (n,)), 0, 0)),
                        ("nim_values", lambda n: normal_grundy(code, n))):
            if key in entry:
                f0 = entry.get(key + "_first_heap", 0)
                for i, v in enumerate(entry[key]):
                    n = f0 + i
                    if quick and n > 12:
                        break
                    rows += 1
                    if fn(n) != v:
                        bad += 1
                        print(f"MISMATCH {entry['game']} {key} heap {n}: source {v}, oracle {fn(n)}")
    for q in data.get("quotient", []):
        run = q.get("oracle_run")
        if not run or (quick and q.get("slow", False)):
            continue
        classes, pcl, _, _ = quotient(q["code"], run["heap"], run["total"])
        rows += 1
        want = (q.get("order"), q.get("p_portion"))
        got = (classes, pcl)
        agree = want == got
        if not agree:
            bad += 1
        print(f"{'ok      ' if agree else 'MISMATCH'} quotient {q['code']} heaps<={run['heap']} "
              f"T={run['total']}: source |Q|={want[0]} |P|={want[1]}, oracle {got[0]}, {got[1]}")
    print(f"{rows} checks, {bad} mismatches")
    return 1 if bad else 0


# ---------------------------------------------------------------------------------------
# command line


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("outcome")
    p.add_argument("code")
    p.add_argument("heaps", type=int, nargs="*")
    p = sub.add_parser("genus")
    p.add_argument("code")
    p.add_argument("--to", type=int, default=20)
    p.add_argument("--terms", type=int, default=6)
    p = sub.add_parser("quotient")
    p.add_argument("code")
    p.add_argument("--heap", type=int, default=6)
    p.add_argument("--total", type=int, default=24)
    p.add_argument("--totals", default="")
    p = sub.add_parser("check")
    here = os.path.dirname(os.path.abspath(__file__))
    p.add_argument("--fixture", default=os.path.join(here, "..", "fixtures", "cgsuite", "genus.toml"))
    p.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)

    if a.cmd == "outcome":
        pos = norm(a.code, a.heaps)
        print("P" if misere_is_p(a.code, pos) else "N")
    elif a.cmd == "genus":
        out = []
        for n in range(a.to + 1):
            base, seq, sup = heap_genus(a.code, n, a.terms)
            out.append(fmt_genus(base, sup))
        print("[" + ",".join(out) + "]")
    elif a.cmd == "quotient":
        totals = [int(t) for t in a.totals.split(",") if t] + [a.total]
        for t in totals:
            q, pcl, hc, reps = quotient(a.code, a.heap, t)
            note = "  (odd: not settled; a misere quotient has even order)" if q % 2 else ""
            print(f"{a.code} heaps<={a.heap} T={t}: |Q| >= {q}, |P| = {pcl}, "
                  f"heap classes {hc}{note}")
        print("representatives:", " ".join("{" + ",".join(map(str, r)) + "}" for r in reps))
    elif a.cmd == "check":
        return check_fixture(a.fixture, a.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
