#!/usr/bin/env python3
"""Compares two census tables (table.csv) of the same family: codes newly periodic in the
second, grouped by the second's group column, and any code whose period changed."""
import csv, sys
from collections import OrderedDict

def load(p):
    with open(p) as f:
        return {r["code"]: r for r in csv.DictReader(f)}

old, new = load(sys.argv[1]), load(sys.argv[2])
changed = [c for c in old if old[c]["status"] != "unsolved" and (old[c]["preperiod"], old[c]["period"]) != (new[c]["preperiod"], new[c]["period"])]
groups = OrderedDict()
for c, r in new.items():
    if old[c]["status"] == "unsolved" and r["status"] != "unsolved":
        groups.setdefault(r["group"], []).append(c)
counts = {}
for r in new.values():
    counts[r["status"]] = counts.get(r["status"], 0) + 1
print("statuses:", counts)
print("codes periodic before whose pre-period or period changed:", changed or "none")
n = sum(len(v) for v in groups.values())
print(f"newly periodic: {n} codes in {len(groups)} groups\n")
print("| group | codes | pre-period | period | values used by the proof |")
print("|---|---|---:|---:|---:|")
for g, codes in sorted(groups.items(), key=lambda kv: int(new[kv[1][0]]["preperiod"])):
    r = new[codes[0]]
    print(f"| {g} | {', '.join(codes)} | {int(r['preperiod']):,} | {int(r['period']):,} | {int(r['computed']):,} |")
