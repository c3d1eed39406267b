//! The worked solution of a position, in the five steps that the pages teaching the
//! Sprague-Grundy theorem use:
//!
//! 1. the table of G(n) for one heap by mex, smallest n first (with the period, if known);
//! 2. each heap's value read from the table, and the nim-sum in binary;
//! 3. nim-sum 0 means the player to move loses: there is no winning move;
//! 4. for each heap the *target* (the nim-sum of the other heaps) and every position one
//!    move away with its value, counting those that reach the target;
//! 5. the total.
//!
//! [`explain`] computes every number as data ([`Explanation`]); [`Explanation::render`]
//! writes it for a reader. The moves of step 4 are those of the move model
//! ([`crate::position::model`]), counted by its [`Convention`] (by default heaps are
//! distinct objects and a split is an unordered pair, as textbook problems count them) and
//! described in the game's own words.

use std::fmt::Write;

use thiserror::Error;

use crate::engine::{Engine, EngineChoice, EngineError, Limits};
use crate::game::HeapGame;
use crate::game::{Game, Played};
use crate::period::{can_prove, find_period, heap_values};
use crate::position::model::{self, heap_label, Convention, PositionError, Rule};

/// Largest heap a worked solution explains: the mex table has a row per heap.
pub const MAX_EXPLAINED_HEAP: u64 = 1000;
/// Most heaps in an explained position.
pub const MAX_EXPLAINED_HEAPS: usize = 26;

/// Why a position cannot be explained.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ExplainError {
    /// No heap was given.
    #[error("the position has no heaps")]
    NoHeaps,
    #[error("a worked solution explains at most {MAX_EXPLAINED_HEAPS} heaps, got {found}")]
    /// More heaps than [`MAX_EXPLAINED_HEAPS`].
    TooManyHeaps {
        /// How many were given.
        found: usize,
    },
    #[error("a worked solution has a table row per heap size, so heaps are at most {MAX_EXPLAINED_HEAP}; got {found} (use `grundy analyze`)")]
    /// A heap above [`MAX_EXPLAINED_HEAP`].
    HeapTooLarge {
        /// The largest heap given.
        found: u64,
    },
    #[error("the value table has G(0..{len}) but heap {heap} needs G({heap})")]
    /// The caller's value table does not reach the largest heap.
    TableTooShort {
        /// Values in the table.
        len: usize,
        /// The heap that needs a value.
        heap: u64,
    },
    /// The move model refused the position (e.g. placements for a game not on a row).
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Misère play: Sprague-Grundy values do not decide it.
    #[error("a worked solution uses Sprague-Grundy values, which hold for normal play only; {game} is played misère")]
    Misere {
        /// The game's name.
        game: String,
    },
    /// The values could not be computed.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// What is known of the period of the single-heap values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodNote {
    /// The first heap from which the values repeat.
    pub preperiod: u64,
    /// The smallest period.
    pub period: u64,
    /// Proved by a periodicity theorem (otherwise the note is not shown).
    pub proved: bool,
}

/// A position one move away from a single heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapOption {
    /// The move in the game's own words (from the move model).
    pub description: String,
    /// Stones taken.
    pub take: u64,
    /// Heaps left in place of the one moved on (empty: none).
    pub left: Vec<u64>,
    /// The value of what is left: the XOR of the values of `left`.
    pub value: u64,
}

/// One row of the mex table: heap n, the values one move away, and their mex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The heap n.
    pub heap: u64,
    /// Every move from a single heap of n, with the value it leaves.
    pub options: Vec<HeapOption>,
    /// G(n), the mex of the options' values.
    pub value: u64,
}

/// Step 4 for one heap of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapStep {
    /// Position of the heap in the position as given (0-based).
    pub index: usize,
    /// The heap's size.
    pub heap: u64,
    /// Its value G(heap).
    pub value: u64,
    /// The nim-sum of the other heaps: a move on this heap wins exactly when it leaves this value.
    pub target: u64,
    /// The moves on this heap (in the move model's convention) with the value each leaves.
    pub options: Vec<HeapOption>,
}

impl HeapStep {
    /// The options that reach the target: the winning moves on this heap.
    pub fn winning(&self) -> impl Iterator<Item = &HeapOption> {
        self.options.iter().filter(move |o| o.value == self.target)
    }
}

/// A mistake learners make that this position would expose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trap {
    /// Adding the values gives another answer than XOR-ing them.
    SumIsNotXor {
        /// The sum of the values.
        sum: u64,
        /// Their XOR, the nim-sum.
        xor: u64,
    },
    /// XOR-ing the heap sizes gives another answer than XOR-ing their values.
    SizesAreNotValues {
        /// The XOR of the heap sizes.
        size_xor: u64,
        /// The XOR of their values.
        value_xor: u64,
    },
    /// A winning move on a heap whose value is not larger than its target (in Nim a
    /// winning move always lowers the heap's value; here it may raise it).
    WinningMoveRaisesValue {
        /// The heap (0-based, in the order given).
        index: usize,
        /// Its value.
        value: u64,
        /// Its target, at least the value.
        target: u64,
    },
    /// A heap with more than one winning move.
    SeveralWinningMoves {
        /// The heap (0-based, in the order given).
        index: usize,
        /// Its winning moves.
        count: usize,
    },
}

/// The worked solution of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The heaps in the order given.
    pub heaps: Vec<u64>,
    /// Step 1: one row per heap size 0..=largest heap.
    pub table: Vec<TableRow>,
    /// The period of the single-heap values, when known.
    pub period: Option<PeriodNote>,
    /// Step 2: the value of each heap, and their XOR.
    pub values: Vec<u64>,
    /// The XOR of the values.
    pub nim_sum: u64,
    /// Step 4: one entry per heap, in the order given.
    pub steps: Vec<HeapStep>,
    /// The traps this position sets.
    pub traps: Vec<Trap>,
    /// How moves are counted in step 4.
    pub convention: Convention,
}

impl Explanation {
    /// Step 3: whether the player to move wins.
    pub fn player_to_move_wins(&self) -> bool {
        self.nim_sum != 0
    }

    /// Step 5: the number of winning moves.
    pub fn winning_moves(&self) -> usize {
        self.steps.iter().map(|s| s.winning().count()).sum()
    }
}

/// Values computed when looking for a proved period to mention in step 1.
const PERIOD_SEARCH: usize = 20_000;

/// The worked solution of `heaps` in `game`: computes the value table up to the largest
/// heap and, where a periodicity theorem applies, the proved period, then [`explain`]s.
/// The CLI (`grundy explain`, `grundy practice`) and the web API (`/api/practice`) both
/// call this, so the two show the same numbers.
pub fn worked(played: &Played, heaps: &[u64], convention: Convention) -> Result<Explanation, ExplainError> {
    let game = &played.game;
    if played.rule == Rule::Misere {
        return Err(ExplainError::Misere { game: game.name() });
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_EXPLAINED_HEAP {
        return Err(ExplainError::HeapTooLarge { found: largest });
    }
    // A worked solution is small (heaps up to MAX_EXPLAINED_HEAP): no limit is needed.
    let unlimited = Limits { bytes: u64::MAX, seconds: f64::INFINITY };
    let values = heap_values(&Engine::choose(game, EngineChoice::Auto)?, largest, unlimited, &mut |_, _| {})?;
    let table: Vec<u64> = (0..=largest).map(|n| values.get(n)).collect();
    // Only games with a periodicity theorem can have a proved period; for the others the
    // search would compute PERIOD_SEARCH values (seconds for Grundy's game) for nothing.
    let period = if can_prove(game) {
        find_period(game, PERIOD_SEARCH)?.filter(|p| p.proved).map(|p| PeriodNote {
            preperiod: p.preperiod as u64,
            period: p.period as u64,
            proved: p.proved,
        })
    } else {
        None
    };
    explain(game, heaps, convention, &table, period)
}

/// Explains a position of `game` under normal play, counting moves by `convention`, with
/// `table[n]` = G(n) for every n up to the largest heap.
pub fn explain(
    game: &Game,
    heaps: &[u64],
    convention: Convention,
    table: &[u64],
    period: Option<PeriodNote>,
) -> Result<Explanation, ExplainError> {
    if heaps.is_empty() {
        return Err(ExplainError::NoHeaps);
    }
    if heaps.len() > MAX_EXPLAINED_HEAPS {
        return Err(ExplainError::TooManyHeaps { found: heaps.len() });
    }
    let largest = *heaps.iter().max().expect("not empty");
    if largest > MAX_EXPLAINED_HEAP {
        return Err(ExplainError::HeapTooLarge { found: largest });
    }
    if table.len() as u64 <= largest {
        return Err(ExplainError::TableTooShort { len: table.len(), heap: largest });
    }
    let xor_of = |left: &[u64]| left.iter().fold(0, |x, &h| x ^ table[h as usize]);
    let rows: Vec<TableRow> = (0..=largest)
        .map(|n| TableRow {
            heap: n,
            options: game
                .heap_moves(n)
                .into_iter()
                .map(|m| HeapOption { description: String::new(), take: m.take, value: xor_of(&m.left), left: m.left })
                .collect(),
            value: table[n as usize],
        })
        .collect();
    let analysis = model::analyze(game, heaps, Rule::Normal, convention, |n| table[n as usize])?;
    let values = analysis.values.clone();
    let nim_sum = analysis.nim_sum;
    let steps: Vec<HeapStep> = heaps
        .iter()
        .zip(&values)
        .enumerate()
        .map(|(index, (&heap, &value))| HeapStep {
            index,
            heap,
            value,
            target: nim_sum ^ value,
            options: analysis
                .moves
                .iter()
                .filter(|m| m.heap_index == index)
                .map(|m| HeapOption {
                    description: m.description.clone(),
                    take: m.take,
                    value: xor_of(&m.left),
                    left: m.left.clone(),
                })
                .collect(),
        })
        .collect();
    let mut traps = Vec::new();
    let sum: u64 = values.iter().sum();
    if sum != nim_sum {
        traps.push(Trap::SumIsNotXor { sum, xor: nim_sum });
    }
    let size_xor = heaps.iter().fold(0, |x, &h| x ^ h);
    if size_xor != nim_sum {
        traps.push(Trap::SizesAreNotValues { size_xor, value_xor: nim_sum });
    }
    if nim_sum != 0 {
        for s in &steps {
            let count = s.winning().count();
            if count > 0 && s.value <= s.target {
                traps.push(Trap::WinningMoveRaisesValue { index: s.index, value: s.value, target: s.target });
            }
            if count > 1 {
                traps.push(Trap::SeveralWinningMoves { index: s.index, count });
            }
        }
    }
    Ok(Explanation { heaps: heaps.to_vec(), table: rows, period, values, nim_sum, steps, traps, convention })
}

/// The value of what a move leaves, with the XOR written out when several heaps are left.
fn option_value(o: &HeapOption, table: &[TableRow]) -> String {
    match o.left.len() {
        0 => "0 (nothing left)".to_string(),
        1 => o.value.to_string(),
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
            let _ = match count {
                0 => writeln!(w, "    no move reaches {}: no winning move on this heap", s.target),
                1 => writeln!(w, "    1 winning move on this heap"),
                n => writeln!(w, "    {n} winning moves on this heap"),
            };
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
            let _ = writeln!(w, "  {total} winning move{} ({}).", if total == 1 { "" } else { "s" }, per.join(", "));
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

#[cfg(test)]
mod tests {
    use super::*;
    fn table(game: &Game, n: usize) -> Vec<u64> {
        crate::engine::definition::values(game, n + 1).unwrap().into_iter().map(u64::from).collect()
    }

    /// The worked example of the pages: heaps 2, 5, 6, take 1, 2 or 3.
    #[test]
    fn subtraction_1_2_3_of_2_5_6() {
        let game = Game::parse("s1,2,3").unwrap();
        let e = explain(&game, &[2, 5, 6], Convention::Heaps, &table(&game, 6), None).unwrap();
        assert_eq!(e.values, vec![2, 1, 2]);
        assert_eq!(e.nim_sum, 1);
        let per_heap: Vec<usize> = e.steps.iter().map(|s| s.winning().count()).collect();
        assert_eq!(per_heap, vec![0, 1, 1]);
        assert_eq!(e.steps[1].winning().next().unwrap().take, 1);
        let on_six = e.steps[2].winning().next().unwrap();
        assert_eq!((on_six.take, on_six.value), (3, 3));
        assert_eq!(e.winning_moves(), 2);
        assert!(e.traps.contains(&Trap::WinningMoveRaisesValue { index: 2, value: 2, target: 3 }));
        assert!(e.traps.contains(&Trap::SumIsNotXor { sum: 5, xor: 1 }));
        // 2 xor 5 xor 6 = 1 too: no trap about sizes here.
        assert!(!e.traps.iter().any(|t| matches!(t, Trap::SizesAreNotValues { .. })));
    }

    /// `worked` computes the table and the proved period itself: Kayles has period 12 from
    /// heap 71 on (Guy and Smith), and Grundy's game no proved period.
    #[test]
    fn worked_finds_the_table_and_the_period() {
        let kayles = Game::parse("kayles").unwrap();
        let e = worked(&Played { game: kayles.clone(), rule: Rule::Normal }, &[3, 4], Convention::Heaps).unwrap();
        assert_eq!(e.period, Some(PeriodNote { preperiod: 71, period: 12, proved: true }));
        assert_eq!(e.values, vec![3, 1]);
        let e = worked(&Played { game: Game::Grundy, rule: Rule::Normal }, &[5, 9, 12], Convention::Heaps).unwrap();
        assert_eq!((e.values.clone(), e.period), (vec![2, 1, 1], None));
        assert!(matches!(
            worked(&Played::parse("misere-nim").unwrap(), &[3], Convention::Heaps),
            Err(ExplainError::Misere { .. })
        ));
        assert_eq!(
            worked(&Played { game: Game::Grundy, rule: Rule::Normal }, &[1001], Convention::Heaps),
            Err(ExplainError::HeapTooLarge { found: 1001 })
        );
    }

    #[test]
    fn refusals() {
        let game = Game::parse("nim").unwrap();
        assert_eq!(explain(&game, &[], Convention::Heaps, &[0], None), Err(ExplainError::NoHeaps));
        assert_eq!(
            explain(&game, &[3], Convention::Heaps, &[0, 1], None),
            Err(ExplainError::TableTooShort { len: 2, heap: 3 })
        );
        assert_eq!(
            explain(&game, &[5000], Convention::Heaps, &[], None),
            Err(ExplainError::HeapTooLarge { found: 5000 })
        );
    }
}
