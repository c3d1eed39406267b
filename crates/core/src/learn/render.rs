//! The worked solution as text ([`Explanation::render`]): the five steps, the mex table,
//! and the traps, written for a reader.

use std::fmt::Write;

use super::explain::{Explanation, HeapOption, HeapStep, TableRow, Trap};
use crate::position::model::heap_label;

/// The value of what a move leaves, with the XOR written out when several heaps are left.
fn option_value(o: &HeapOption, table: &[TableRow]) -> String {
    match o.left.len() {
        0 => "0 (nothing left)".to_string(),
        1 => o.value.to_string(),
        // A heap past the table (a large position): the value alone.
        _ if o.left.iter().any(|&h| h as usize >= table.len()) => o.value.to_string(),
        _ => {
            let terms: Vec<String> = o.left.iter().map(|&h| table[h as usize].value.to_string()).collect();
            format!("{} = {}", terms.join(" xor "), o.value)
        }
    }
}

impl Explanation {
    /// The worked solution as text, for a reader; `game_name` and `rules` say what is played.
    pub fn render(&self, game_name: &str, rules: &str) -> String {
        self.render_named(game_name, rules, &|h| h.to_string())
    }

    /// [`Explanation::render`] with heaps written by `heap_name` (a graph's vertex names).
    pub fn render_named(&self, game_name: &str, rules: &str, heap_name: &dyn Fn(u64) -> String) -> String {
        let mut out = String::new();
        let w = &mut out;
        let g = |h: u64| format!("G({})", heap_name(h));
        let sizes: Vec<String> = self.heaps.iter().map(|&h| heap_name(h)).collect();
        let _ = writeln!(w, "Position: heaps {} in {game_name}.", sizes.join(", "));
        if !rules.is_empty() {
            let _ = writeln!(w, "Rules: {rules}");
        }
        let _ = writeln!(
            w,
            "Heaps are named A, B, C, ... in the order given. Moves are counted by {}: {}.",
            self.convention.name(),
            self.convention.explain()
        );
        let _ = writeln!(w);

        let _ = writeln!(w, "Step 1. The value G(n) of a single heap of n, smallest n first.");
        let _ = writeln!(
            w,
            "G(n) is the mex (minimum excludant) of the values one move away: the smallest value not among them."
        );
        let _ = writeln!(
            w,
            "A move that leaves several heaps leaves the XOR (^) of their values; nothing left is G(0) = 0."
        );
        for row in &self.table {
            if row.options.is_empty() {
                let _ = writeln!(w, "  {} = mex{{}} = {}    (no move)", g(row.heap), row.value);
                continue;
            }
            let terms: Vec<String> = row.options.iter().map(|o| option_term(o, &g)).collect();
            let values: Vec<String> = row.options.iter().map(|o| o.value.to_string()).collect();
            let _ = writeln!(
                w,
                "  {} = mex{{{}}} = mex{{{}}} = {}",
                g(row.heap),
                terms.join(", "),
                values.join(", "),
                row.value
            );
        }
        if let Some(p) = self.period.filter(|p| p.proved) {
            let _ = writeln!(
                w,
                "  From heap {} on the values repeat with period {} (proved by the periodicity theorem).",
                p.preperiod, p.period
            );
        }
        if let Some(l) = &self.large {
            if let Some(form) = &l.closed_form {
                let _ = writeln!(w, "  The values have a closed form: {form}");
            }
            if let Some(p) = self.period {
                for &(h, r) in &l.reduced {
                    let _ = writeln!(
                        w,
                        "  {} = G({} + ({} - {}) mod {}) = {} = {}",
                        g(h),
                        p.preperiod,
                        heap_name(h),
                        p.preperiod,
                        p.period,
                        g(r),
                        self.table[r as usize].value
                    );
                }
            }
        }
        let _ = writeln!(w);

        let _ =
            writeln!(w, "Step 2. Each heap's value from the table, and the nim-sum: XOR, bit by bit without carry.");
        let largest = self.values.iter().chain([&self.nim_sum]).max().copied().unwrap_or(0);
        let bits = ((64 - largest.leading_zeros()) as usize).max(1);
        let width = self.heaps.iter().map(|&h| heap_name(h).len()).max().unwrap_or(1);
        let vwidth = largest.to_string().len();
        let prefix = |s: &HeapStep| format!("  heap {} = {:>width$}:  G = ", heap_label(s.index), heap_name(s.heap));
        let column = prefix(&self.steps[0]).len();
        for s in &self.steps {
            let _ = writeln!(w, "{}{:>vwidth$} = {:0bits$b}", prefix(s), s.value, s.value);
        }
        let _ = writeln!(w, "{}{}", " ".repeat(column + vwidth + 3), "-".repeat(bits));
        let _ = writeln!(w, "{:<column$}{:>vwidth$} = {:0bits$b}", "  nim-sum", self.nim_sum, self.nim_sum);
        let _ = writeln!(w);

        let _ = writeln!(w, "Step 3. Who wins?");
        if self.nim_sum == 0 {
            let _ = writeln!(
                w,
                "  The nim-sum is 0: the player to move loses against perfect play, and has no winning move."
            );
            let _ =
                writeln!(w, "  (Every move changes exactly one heap's value, so it leaves a nim-sum other than 0.)");
        } else {
            let _ = writeln!(
                w,
                "  The nim-sum is {}, not 0: the player to move wins, by a move that leaves nim-sum 0.",
                self.nim_sum
            );
        }
        let _ = writeln!(w);

        let _ = writeln!(w, "Step 4. For each heap, the target is the nim-sum of the other heaps:");
        let _ = writeln!(w, "a move on that heap wins exactly when what it leaves has the target value.");
        for s in &self.steps {
            let _ = writeln!(
                w,
                "  heap {} ({}), value {}: target {} xor {} = {}",
                heap_label(s.index),
                heap_name(s.heap),
                s.value,
                self.nim_sum,
                s.value,
                s.target
            );
            if s.options.is_empty() {
                let _ = writeln!(w, "    no move from this heap");
            }
            for o in &s.options {
                let mark = if o.value == s.target { "   <- reaches the target" } else { "" };
                let _ = writeln!(w, "    {}: value {}{mark}", o.description, option_value(o, &self.table));
            }
            let count = s.winning().count();
            let _ = match (count, &self.large) {
                (0, Some(l)) if !l.every_winning_listed && l.winning_moves > 0 => {
                    writeln!(w, "    (winning moves on this heap, if any, are not listed: too many to list)")
                }
                (_, Some(l)) if !l.every_winning_listed => writeln!(w, "    {count} winning moves listed on this heap"),
                (0, _) => writeln!(w, "    no move reaches {}: no winning move on this heap", s.target),
                (1, _) => writeln!(w, "    1 winning move on this heap"),
                (n, _) => writeln!(w, "    {n} winning moves on this heap"),
            };
        }
        if let Some(l) = &self.large {
            let _ = writeln!(
                w,
                "  (The position has {} legal moves; they are counted, not listed, by the period's residues.)",
                l.legal_moves
            );
        }
        let _ = writeln!(w);

        let total = self.winning_moves();
        let _ = writeln!(w, "Step 5. The total.");
        if total == 0 {
            let _ = writeln!(w, "  No winning move: the player to move loses if the opponent plays well.");
        } else {
            let per: Vec<String> = self
                .steps
                .iter()
                .filter(|s| s.winning().next().is_some())
                .map(|s| format!("{} on heap {}", s.winning().count(), heap_label(s.index)))
                .collect();
            match &self.large {
                Some(l) if !l.every_winning_listed => {
                    let listed: usize = self.steps.iter().map(|s| s.winning().count()).sum();
                    let _ = writeln!(
                        w,
                        "  {total} winning move{}, counted exactly; {listed} of them are listed ({}).",
                        if total == 1 { "" } else { "s" },
                        per.join(", ")
                    );
                }
                _ => {
                    let _ = writeln!(
                        w,
                        "  {total} winning move{} ({}).",
                        if total == 1 { "" } else { "s" },
                        per.join(", ")
                    );
                }
            }
            let _ = writeln!(w, "  Check: each leaves nim-sum 0.");
            for s in &self.steps {
                for o in s.winning() {
                    // The values in heap order, with the moved heap's value replaced by what the move leaves.
                    let terms: Vec<String> = self
                        .steps
                        .iter()
                        .map(|t| if t.index == s.index { o.value } else { t.value }.to_string())
                        .collect();
                    let _ = writeln!(w, "    {}: {} = 0", o.description, terms.join(" xor "));
                }
            }
        }
        if !self.traps.is_empty() {
            let _ = writeln!(w);
            let _ = writeln!(w, "Traps this position sets:");
            for t in &self.traps {
                let _ = writeln!(w, "  - {}", trap_text(t, self));
            }
        }
        out
    }
}

/// What a move leaves, as a term of the mex table: "G(4)", "G(3)^G(1)", "G(0)" for nothing.
fn option_term(o: &HeapOption, g: &dyn Fn(u64) -> String) -> String {
    if o.left.is_empty() {
        "G(0)".to_string()
    } else {
        o.left.iter().map(|&h| g(h)).collect::<Vec<_>>().join("^")
    }
}

fn trap_text(t: &Trap, e: &Explanation) -> String {
    match *t {
        Trap::SumIsNotXor { sum, xor } => {
            let terms: Vec<String> = e.values.iter().map(u64::to_string).collect();
            format!(
                "adding the values instead of XOR-ing them: {} = {sum}, but the nim-sum is {xor}",
                terms.join(" + ")
            )
        }
        Trap::SizesAreNotValues { size_xor, value_xor } => {
            let terms: Vec<String> = e.heaps.iter().map(u64::to_string).collect();
            format!(
                "XOR-ing the heap sizes instead of their values: {} = {size_xor}, but the values give {value_xor}",
                terms.join(" xor ")
            )
        }
        Trap::WinningMoveRaisesValue { index, value, target } => format!(
            "heap {} has value {value} and target {target}: in Nim you would skip it (a move there can only lower \
             a value), but here a move reaches the larger value {target}",
            heap_label(index)
        ),
        Trap::SeveralWinningMoves { index, count } => {
            format!("heap {} has {count} winning moves, not just one", heap_label(index))
        }
    }
}
