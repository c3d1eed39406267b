//! Positions too large to list every move ([`super::model::MAX_LISTED_MOVES`]), where
//! theory still answers: Nim and misère Nim (a winning move on a heap leaves one of at most
//! three sizes), and take-and-break codes whose period is proved, where the moves that split
//! a heap are counted by residue classes of the period instead of one by one.
//!
//! The outcome and the counts of legal and winning moves are exact; the list holds the
//! winning moves up to [`MAX_LISTED_WINNING`] (those that take the fewest stones and leave
//! the smallest piece first), or, in a lost position, the first legal move of each heap.

use crate::game::words::{describe, Words};
use crate::game::{Game, MoveRule};
use crate::period::{HeapValues, Method, Periodicity};
use crate::position::after;
use crate::position::answer::{Analysis, Convention, Listed, MisereMethod, Move, PositionError, Rule};
use crate::position::misere_nim::analyze_misere_nim;
use crate::position::Outcome;

/// The most winning moves a large position lists.
pub const MAX_LISTED_WINNING: usize = 1000;

/// Whether [`analyze_large`] answers positions of `game` with these values, counting by
/// `convention` (Dawson's chess counts placements by its crosses, not by the squares a
/// move removes, so only its heaps and sizes are counted here).
pub fn applies(game: &Game, values: &HeapValues, convention: Convention) -> bool {
    if convention == Convention::Placements && Words::of(game) == Words::Crosses {
        return false;
    }
    match game.move_rule() {
        MoveRule::TakeAny => true,
        MoveRule::Digits { .. } => matches!(values.method(), Method::Period(_)),
        MoveRule::Other => false,
    }
}

/// The analysis of a position too large to list: see the module doc.
pub fn analyze_large(
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
    values: &HeapValues,
) -> Result<Analysis, PositionError> {
    let nim = game.has_misere_nim_rule();
    if rule == Rule::Misere && !nim {
        let stones = heaps.iter().fold(0u64, |s, &h| s.saturating_add(h));
        return Err(PositionError::MisereTooLarge {
            quotient: crate::position::misere_play::beyond_the_quotient(&format!(
                "the position may have more than {} moves",
                crate::position::answer::MAX_LISTED_MOVES
            )),
            game: game.name(),
            stones,
            limit: crate::position::exhaustive::MISERE_MAX_STONES,
            unit: "stones",
        });
    }
    let words = Words::of(game);
    let vals: Vec<u64> = heaps.iter().map(|&n| values.get(n)).collect();
    let nim_sum = vals.iter().fold(0, |x, &v| x ^ v);
    let misere_nim_wins = |position: &[u64]| analyze_misere_nim(position).outcome == Outcome::PlayerToMoveWins;
    let wins = match rule {
        Rule::Normal => nim_sum != 0,
        Rule::Misere => misere_nim_wins(heaps),
    };
    let (mut legal, mut winning) = (0u64, 0u64);
    let mut listed = Vec::new();
    let mut firsts = Vec::new();
    let mut seen_sizes = std::collections::HashSet::new();
    for (i, &n) in heaps.iter().enumerate() {
        if convention == Convention::Sizes && !seen_sizes.insert(n) {
            continue;
        }
        let target = nim_sum ^ vals[i];
        let push = |take: u64, at: Option<u64>, left: Vec<u64>, win: bool, list: &mut Vec<Move>| {
            list.push(new_move(game, words, values, i, n, take, at, left, target, win));
        };
        match game.move_rule() {
            MoveRule::TakeAny => {
                legal = legal.saturating_add(n);
                if n > 0 {
                    push(1, None, vec![n - 1].into_iter().filter(|&h| h > 0).collect(), false, &mut firsts);
                }
                let mut candidates = vec![target];
                if rule == Rule::Misere {
                    candidates.extend([0, 1]);
                }
                candidates.sort_unstable();
                candidates.dedup();
                for x in candidates.into_iter().filter(|&x| x < n) {
                    let left: Vec<u64> = Some(x).filter(|&x| x > 0).into_iter().collect();
                    let win = match rule {
                        Rule::Normal => x == target,
                        Rule::Misere => !misere_nim_wins(&after(heaps, i, &left)),
                    };
                    if win {
                        winning = winning.saturating_add(1);
                        push(n - x, None, left, true, &mut listed);
                    }
                }
            }
            MoveRule::Digits { digits, unequal } => {
                let Method::Period(period) = values.method() else { unreachable!("applies() checked the period") };
                let row = words.on_a_row();
                let placements = convention == Convention::Placements;
                for (k, &d) in digits.iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
                    let m = n - k;
                    // Digit 0 only splits (taking nothing, a move must leave two heaps).
                    let d = if k == 0 { d & 4 } else { d };
                    // Nothing left.
                    if m == 0 && d & 1 != 0 {
                        legal = legal.saturating_add(1);
                        let at = row.then_some(1);
                        push(k, at, vec![], target == 0, if target == 0 { &mut listed } else { &mut firsts });
                        winning = winning.saturating_add(u64::from(target == 0));
                    }
                    // One piece left (on a row: at either end, two placements).
                    if m > 0 && d & 2 != 0 {
                        let count = if placements { 2 } else { 1 };
                        let win = values.get(m) == target;
                        legal = legal.saturating_add(count);
                        winning = winning.saturating_add(if win { count } else { 0 });
                        let at = row.then_some(1);
                        push(k, at, vec![m], win, if win { &mut listed } else { &mut firsts });
                    }
                    // Two pieces a + b = m, a >= 1, b >= 1.
                    if m >= 2 && d & 4 != 0 {
                        let hi = if placements { m - 1 } else { m / 2 };
                        let equal_excluded = unequal && m.is_multiple_of(2);
                        legal = legal.saturating_add(hi - u64::from(equal_excluded && m / 2 <= hi));
                        let cond = |a: u64| values.get(a) ^ values.get(m - a) == target;
                        let mut wins = count_pairs(m, hi, period, &cond);
                        if equal_excluded && cond(m / 2) {
                            wins -= 1;
                        }
                        winning = winning.saturating_add(wins);
                        let first_legal = if equal_excluded && m == 2 { None } else { Some(1) };
                        if let Some(a) = first_legal {
                            push(k, row.then_some(a + 1), vec![a, m - a], cond(a), &mut firsts);
                        }
                        // A sample of the winning splits: every class appears within n0 + 2p.
                        let scan = hi.min((period.preperiod + 2 * period.period) as u64 + 1);
                        for a in 1..=scan {
                            if listed.len() >= MAX_LISTED_WINNING {
                                break;
                            }
                            if cond(a) && !(unequal && 2 * a == m) {
                                let left = if row { vec![a, m - a] } else { vec![m - a, a] };
                                push(k, row.then_some(a + 1), left, true, &mut listed);
                            }
                        }
                    }
                }
            }
            MoveRule::Other => unreachable!("applies() checked the game"),
        }
    }
    listed.truncate(MAX_LISTED_WINNING);
    let moves = if listed.is_empty() { firsts.into_iter().filter(|m| !m.winning).collect() } else { listed };
    let computer_move = if moves.is_empty() { None } else { Some(0) };
    Ok(Analysis {
        game: game.name(),
        rule,
        convention,
        heaps: heaps.to_vec(),
        values: vals,
        nim_sum,
        outcome: if wins { Outcome::PlayerToMoveWins } else { Outcome::PlayerToMoveLoses },
        legal_moves: legal,
        winning_moves: winning,
        listed: Listed::Some,
        computer_move,
        moves,
        misere_method: (rule == Rule::Misere).then_some(MisereMethod::NimRule),
    })
}

/// The move on heap `i` (of size `n`) that takes `take` and leaves `left`; `target` is the
/// nim-sum of the other heaps, `win` whether the move wins.
#[allow(clippy::too_many_arguments)]
fn new_move(
    game: &Game,
    words: Words,
    values: &HeapValues,
    i: usize,
    n: u64,
    take: u64,
    at: Option<u64>,
    left: Vec<u64>,
    target: u64,
    win: bool,
) -> Move {
    let piece = at.map(|p| crate::game::words::piece_of(words, n, take, p));
    let nim_sum_after = left.iter().fold(target, |x, &h| x ^ values.get(h));
    let description = describe(game, i, n, take, at, piece, &left);
    Move { heap_index: i, heap: n, take, at, piece, left, nim_sum_after, winning: win, description }
}

/// Why a move typed in a position too large to list is not one.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum TypedMoveError {
    /// The rules do not allow the move (the reason in words).
    #[error("{0}")]
    NotLegal(String),
    /// More than one move takes that many: the heaps to leave must be given.
    #[error("taking {take} from a heap of {heap} can leave one heap or two: add the heaps to leave")]
    Ambiguous {
        /// Stones taken.
        take: u64,
        /// The heap's size.
        heap: u64,
    },
}

/// The move a player typed in `analysis`'s position when it is too large to list every
/// move (heap `i`, `take` stones, leaving `left` if given, in any order): checked against
/// the game's rule and marked winning or losing from the values, without listing the
/// position's moves. On a row, two pieces are placed as typed (left piece first).
pub fn typed_move(
    game: &Game,
    analysis: &Analysis,
    values: &HeapValues,
    i: usize,
    take: u64,
    left: Option<&[u64]>,
) -> Result<Move, TypedMoveError> {
    let heaps = &analysis.heaps;
    let n = *heaps.get(i).ok_or_else(|| TypedMoveError::NotLegal(format!("there is no heap {}", i + 1)))?;
    let bad = |why: String| TypedMoveError::NotLegal(why);
    if take > n {
        return Err(bad(format!("a heap of {n} has no {take} to take")));
    }
    let m = n - take;
    let left: Option<Vec<u64>> = left.map(|l| l.iter().copied().filter(|&h| h > 0).collect());
    let left = match game.move_rule() {
        MoveRule::TakeAny => {
            let only: Vec<u64> = Some(m).filter(|&m| m > 0).into_iter().collect();
            if take == 0 || left.as_ref().is_some_and(|l| *l != only) {
                return Err(bad(format!("in Nim a move takes at least one stone and leaves the rest: {m} here")));
            }
            only
        }
        MoveRule::Digits { digits, unequal } => {
            let d = digits.get(take as usize).copied().unwrap_or(0);
            let d = if take == 0 { d & 4 } else { d };
            let one = m > 0 && d & 2 != 0;
            let two = m >= 2 && d & 4 != 0;
            match left.as_deref() {
                None | Some([]) if m == 0 && d & 1 != 0 => vec![],
                None if one && !two => vec![m],
                None if two => return Err(TypedMoveError::Ambiguous { take, heap: n }),
                Some([a]) if *a == m && one => vec![m],
                Some([a, b]) if two && a + b == m && !(unequal && a == b) => vec![*a, *b],
                _ => return Err(bad(format!("{} does not allow that move", game.name()))),
            }
        }
        MoveRule::Other => return Err(bad(format!("{} has no rule for typed moves here", game.name()))),
    };
    let target = analysis.nim_sum ^ analysis.values[i];
    let after = crate::position::after(heaps, i, &left);
    let win = match analysis.rule {
        Rule::Normal => left.iter().fold(target, |x, &h| x ^ values.get(h)) == 0,
        Rule::Misere => analyze_misere_nim(&after).outcome == Outcome::PlayerToMoveLoses,
    };
    let words = Words::of(game);
    let at = words.on_a_row().then_some(if left.len() == 2 { left[0] + 1 } else { 1 });
    let left = if at.is_some() || left.len() < 2 { left } else { vec![left[0].max(left[1]), left[0].min(left[1])] };
    Ok(new_move(game, words, values, i, n, take, at, left, target, win))
}

/// How many a in 1..=hi make `cond(a)` true, where the values are periodic from n0 with
/// period p: a below n0, or with m - a below n0, one by one; the rest by the residue of a
/// mod p, on which `cond` depends alone there.
fn count_pairs(m: u64, hi: u64, period: &Periodicity, cond: &dyn Fn(u64) -> bool) -> u64 {
    let (n0, p) = (period.preperiod as u64, period.period as u64);
    let lo_periodic = n0.max(1);
    let hi_periodic = hi.min(m.saturating_sub(n0));
    let mut count = 0u64;
    let explicit = |from: u64, to: u64| (from..=to).filter(|&a| cond(a)).count() as u64;
    if lo_periodic > hi_periodic {
        return explicit(1, hi);
    }
    count += explicit(1, lo_periodic - 1);
    count += explicit(hi_periodic + 1, hi);
    for r in 0..p {
        // The first a >= lo_periodic with a = n0 + r (mod p).
        let first = lo_periodic + ((n0 + r) % p + p - lo_periodic % p) % p;
        if first > hi_periodic || !cond(first) {
            continue;
        }
        count += (hi_periodic - first) / p + 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, EngineChoice, Limits};
    use crate::period::heap_values;
    use crate::position::model::analyze;

    /// The large analysis counts exactly what the full listing counts, on positions small
    /// enough to list: every convention, heaps up to 300 (past Kayles' and Dawson's
    /// pre-periods), codes with and without `!`, winning and losing positions.
    #[test]
    fn counts_agree_with_the_full_listing() {
        let limits = Limits { bytes: 1 << 30, seconds: 60.0 };
        let mut tested = Vec::new();
        for name in ["kayles", "dominoes", "crosses", ".6", ".4!", ".71", ".35", ".15", ".31", "4.07", "nim"] {
            let game = Game::parse(name).unwrap();
            let engine = Engine::choose(&game, EngineChoice::Auto).unwrap();
            let values = heap_values(&engine, 400, limits, &mut |_, _| {}).unwrap();
            if !applies(&game, &values, Convention::Heaps) {
                continue;
            }
            tested.push(name);
            let mut conventions = vec![Convention::Heaps, Convention::Sizes];
            if Words::of(&game).on_a_row() && applies(&game, &values, Convention::Placements) {
                conventions.push(Convention::Placements);
            }
            for heaps in [vec![300, 5], vec![299, 77, 1], vec![150, 150], vec![400], vec![2, 3, 1], vec![0]] {
                for &convention in &conventions {
                    let full = analyze(&game, &heaps, Rule::Normal, convention, |n| values.get(n)).unwrap();
                    let large = analyze_large(&game, &heaps, Rule::Normal, convention, &values).unwrap();
                    let what = format!("{name} {heaps:?} {convention:?}");
                    assert_eq!(large.outcome, full.outcome, "{what}");
                    assert_eq!(large.legal_moves, full.legal_moves, "{what}");
                    assert_eq!(large.winning_moves, full.winning_moves, "{what}");
                    for m in large.moves.iter().filter(|m| m.winning) {
                        assert!(
                            full.moves.iter().any(|f| f.winning && f.description == m.description),
                            "{what}: {m:?}"
                        );
                    }
                    assert_eq!(large.game_over(), full.game_over(), "{what}");
                }
            }
        }
        assert!(tested.len() >= 6 && tested.contains(&"kayles") && tested.contains(&"nim"), "{tested:?}");
    }

    /// A move typed in a large position is legal, winning and worded exactly as the full
    /// listing has it; moves the rules do not allow are refused, and a take that can leave
    /// one heap or two needs the heaps to leave.
    #[test]
    fn typed_moves_agree_with_the_full_listing() {
        let limits = Limits { bytes: 1 << 30, seconds: 60.0 };
        for name in ["kayles", ".6!", ".4!", "nim", ".35", "4.07"] {
            let game = Game::parse(name).unwrap();
            let engine = Engine::choose(&game, EngineChoice::Auto).unwrap();
            let values = heap_values(&engine, 400, limits, &mut |_, _| {}).unwrap();
            if !applies(&game, &values, Convention::Heaps) {
                continue;
            }
            for heaps in [vec![300, 5], vec![150, 150, 7], vec![1, 2, 3]] {
                let large = analyze_large(&game, &heaps, Rule::Normal, Convention::Heaps, &values).unwrap();
                let full = analyze(&game, &heaps, Rule::Normal, Convention::Heaps, |n| values.get(n)).unwrap();
                for m in &full.moves {
                    let typed = typed_move(&game, &large, &values, m.heap_index, m.take, Some(&m.left)).unwrap();
                    assert_eq!((typed.winning, &typed.left), (m.winning, &m.left), "{name} {heaps:?} {m:?}");
                    assert_eq!(typed.description, m.description, "{name} {heaps:?}");
                }
                let n = heaps[0];
                assert!(typed_move(&game, &large, &values, 0, n + 1, None).is_err(), "{name}: more than the heap");
                assert!(typed_move(&game, &large, &values, 9, 1, None).is_err(), "{name}: no such heap");
            }
        }
        let game = Game::parse("kayles").unwrap();
        let engine = Engine::choose(&game, EngineChoice::Auto).unwrap();
        let values = heap_values(&engine, 400, limits, &mut |_, _| {}).unwrap();
        let large = analyze_large(&game, &[300, 5], Rule::Normal, Convention::Heaps, &values).unwrap();
        assert_eq!(
            typed_move(&game, &large, &values, 0, 1, None),
            Err(TypedMoveError::Ambiguous { take: 1, heap: 300 })
        );
        assert!(matches!(typed_move(&game, &large, &values, 0, 3, None), Err(TypedMoveError::NotLegal(_))));
        assert!(matches!(
            typed_move(&game, &large, &values, 0, 1, Some(&[100, 100])),
            Err(TypedMoveError::NotLegal(_))
        ));
    }

    /// Misère Nim: the winning moves at any size are those of its rule.
    #[test]
    fn misere_nim_agrees_with_the_full_listing() {
        let game = Game::parse("misere-nim").unwrap();
        let engine = Engine::choose(&game, EngineChoice::Auto).unwrap();
        let values = heap_values(&engine, 0, Limits { bytes: 0, seconds: 0.0 }, &mut |_, _| {}).unwrap();
        for heaps in [vec![5, 5, 1], vec![1, 1, 1], vec![1, 1], vec![7, 1, 1], vec![6, 3, 5, 1], vec![0, 2]] {
            let full = analyze(&game, &heaps, Rule::Misere, Convention::Heaps, |n| n).unwrap();
            let large = analyze_large(&game, &heaps, Rule::Misere, Convention::Heaps, &values).unwrap();
            assert_eq!(
                (large.outcome, large.legal_moves, large.winning_moves),
                (full.outcome, full.legal_moves, full.winning_moves),
                "{heaps:?}"
            );
        }
    }
}
