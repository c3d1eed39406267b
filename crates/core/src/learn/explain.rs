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

use thiserror::Error;

use crate::engine::EngineError;
use crate::game::Game;
use crate::game::HeapGame;
use crate::period::{HeapValues, Method};
use crate::position::model::{self, Convention, PositionError, Rule};

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
    #[error("a worked solution has a table row per heap size, so heaps are at most {MAX_EXPLAINED_HEAP} unless the game has a closed form or a period proved within a short look; got {found} (use `grundy analyze`)")]
    /// A heap above [`MAX_EXPLAINED_HEAP`], in a game with no closed form and no period
    /// proved within a short look.
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
    /// A position with heaps past [`MAX_EXPLAINED_HEAP`], read through a closed form or a
    /// proved period: then the table stops at the period's end, and step 4 lists some of
    /// the winning moves while the counts stay exact.
    pub large: Option<LargeNote>,
}

/// How a position with heaps past the table was worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LargeNote {
    /// Each heap past the table with the heap in the table that has its value (none for a
    /// closed form, where G(n) is read directly).
    pub reduced: Vec<(u64, u64)>,
    /// The closed form, in words, when there is one.
    pub closed_form: Option<String>,
    /// Legal moves of the position, counted exactly.
    pub legal_moves: u64,
    /// Winning moves of the position, counted exactly.
    pub winning_moves: u64,
    /// Whether step 4 lists every winning move.
    pub every_winning_listed: bool,
}

impl Explanation {
    /// Step 3: whether the player to move wins.
    pub fn player_to_move_wins(&self) -> bool {
        self.nim_sum != 0
    }

    /// Step 5: the number of winning moves.
    pub fn winning_moves(&self) -> usize {
        match &self.large {
            Some(l) => usize::try_from(l.winning_moves).unwrap_or(usize::MAX),
            None => self.steps.iter().map(|s| s.winning().count()).sum(),
        }
    }
}

/// The worked solution of `heaps` in `game` under normal play, from the values the caller
/// found for its heaps (a table up to the largest heap, or a closed form or a proved
/// period) and the proved period to mention in step 1, if any. A position with heaps past
/// [`MAX_EXPLAINED_HEAP`] is worked through the closed form or the period: the table then
/// covers the pre-period and one period, and each large heap is read from the heap of the
/// table with the same residue.
pub fn worked(
    game: &Game,
    heaps: &[u64],
    convention: Convention,
    values: &HeapValues,
    period: Option<PeriodNote>,
) -> Result<Explanation, ExplainError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_EXPLAINED_HEAP {
        return worked_large(game, heaps, convention, values);
    }
    let table: Vec<u64> = (0..=largest).map(|n| values.get(n)).collect();
    explain(game, heaps, convention, &table, period)
}

/// The worked solution of a position with heaps past [`MAX_EXPLAINED_HEAP`]: through the
/// game's closed form, or its period when one is proved within a short look; the table
/// then covers the pre-period and one period, and each large heap is read from the heap
/// of the table with the same residue.
fn worked_large(
    game: &Game,
    heaps: &[u64],
    convention: Convention,
    values: &HeapValues,
) -> Result<Explanation, ExplainError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if heaps.len() > MAX_EXPLAINED_HEAPS {
        return Err(ExplainError::TooManyHeaps { found: heaps.len() });
    }
    let too_large = ExplainError::HeapTooLarge { found: largest };
    if !crate::position::large::applies(game, values, convention) {
        return Err(too_large);
    }
    let (table_end, period, closed_form) = match values.method() {
        Method::Period(p) => {
            let end = (p.preperiod + p.period) as u64;
            if end > MAX_EXPLAINED_HEAP + 1 {
                return Err(too_large);
            }
            let note = PeriodNote { preperiod: p.preperiod as u64, period: p.period as u64, proved: true };
            (end, Some(note), None)
        }
        Method::ClosedForm => (0, None, Some(format!("{}: {}", game.name(), game.rules()))),
        Method::Table { .. } => return Err(too_large),
    };
    let table: Vec<u64> = (0..table_end).map(|n| values.get(n)).collect();
    let rows = table_rows(game, &table);
    let analysis = crate::position::large::analyze_large(game, heaps, Rule::Normal, convention, values)?;
    let reduced = match period {
        Some(p) => heaps
            .iter()
            .filter(|&&h| h >= table_end)
            .map(|&h| (h, p.preperiod + (h - p.preperiod) % p.period))
            .collect(),
        None => Vec::new(),
    };
    let steps = heaps
        .iter()
        .zip(&analysis.values)
        .enumerate()
        .map(|(index, (&heap, &value))| HeapStep {
            index,
            heap,
            value,
            target: analysis.nim_sum ^ value,
            options: analysis
                .moves
                .iter()
                .filter(|m| m.heap_index == index && m.winning)
                .map(|m| HeapOption {
                    description: m.description.clone(),
                    take: m.take,
                    value: analysis.nim_sum ^ value ^ m.nim_sum_after,
                    left: m.left.clone(),
                })
                .collect(),
        })
        .collect();
    let traps = sum_traps(heaps, &analysis.values, analysis.nim_sum);
    let listed = analysis.moves.iter().filter(|m| m.winning).count() as u64;
    Ok(Explanation {
        heaps: heaps.to_vec(),
        table: rows,
        period,
        values: analysis.values.clone(),
        nim_sum: analysis.nim_sum,
        steps,
        traps,
        convention,
        large: Some(LargeNote {
            reduced,
            closed_form,
            legal_moves: analysis.legal_moves,
            winning_moves: analysis.winning_moves,
            every_winning_listed: listed == analysis.winning_moves,
        }),
    })
}

/// The traps of adding the values, or XOR-ing the sizes, instead of XOR-ing the values.
fn sum_traps(heaps: &[u64], values: &[u64], nim_sum: u64) -> Vec<Trap> {
    let mut traps = Vec::new();
    let sum = values.iter().fold(0u64, |s, &v| s.saturating_add(v));
    if sum != nim_sum {
        traps.push(Trap::SumIsNotXor { sum, xor: nim_sum });
    }
    let size_xor = heaps.iter().fold(0, |x, &h| x ^ h);
    if size_xor != nim_sum {
        traps.push(Trap::SizesAreNotValues { size_xor, value_xor: nim_sum });
    }
    traps
}

/// The mex table's rows for heaps 0..table.len(), table[n] = G(n).
fn table_rows(game: &Game, table: &[u64]) -> Vec<TableRow> {
    let xor_of = |left: &[u64]| left.iter().fold(0, |x, &h| x ^ table[h as usize]);
    (0..table.len() as u64)
        .map(|n| TableRow {
            heap: n,
            options: game
                .heap_moves(n)
                .into_iter()
                .map(|m| HeapOption { description: String::new(), take: m.take, value: xor_of(&m.left), left: m.left })
                .collect(),
            value: table[n as usize],
        })
        .collect()
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
    let rows = table_rows(game, &table[..=largest as usize]);
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
    let mut traps = sum_traps(heaps, &values, nim_sum);
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
    Ok(Explanation {
        heaps: heaps.to_vec(),
        table: rows,
        period,
        values,
        nim_sum,
        steps,
        traps,
        convention,
        large: None,
    })
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
