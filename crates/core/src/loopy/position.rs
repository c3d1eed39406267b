//! A position of tokens on a graph with cycles: each token's value, the sum's value and
//! outcome, and every move with what it does: wins (soonest first), keeps the draw, or
//! loses. The first move listed is the one to play: the soonest win, else a move that
//! keeps the draw, else the longest resistance.

use serde::Serialize;

use super::naive::SumGraph;
use super::sum::sum;
use super::{Labelling, LoopyOutcome, LoopyValue};

/// What a move does for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MoveKind {
    /// It leaves a position of value 0: the mover wins in finitely many moves.
    Wins,
    /// It leaves a drawn position.
    KeepsDraw,
    /// It leaves a position the opponent wins.
    Loses,
}

/// One move of one token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyMove {
    /// Which token moves (its index in the position as given).
    pub token: usize,
    /// The vertex it leaves.
    pub from: u64,
    /// The vertex it goes to.
    pub to: u64,
    /// The value of the sum after the move.
    pub after: LoopyValue,
    /// What the move does.
    pub kind: MoveKind,
    /// How many moves the game lasts from here with this move first, both players' moves
    /// counted, under perfect play (the winner hurries, the loser delays); `None` for a draw
    /// and when the sum's graph is too large to walk.
    pub length: Option<u32>,
    /// For a winning move: the sum of the values and the sum of Fraenkel's counters after
    /// it, the order the winner follows when the lengths are not known (it decreases along
    /// every game the winner plays that way, so the game ends).
    pub progress: Option<(u64, u64)>,
}

/// A position analyzed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyAnalysis {
    /// The tokens' vertices, in the order given (0: no token).
    pub tokens: Vec<u64>,
    /// Each token's value.
    pub values: Vec<LoopyValue>,
    /// Each token's counter (0 for an infinite value).
    pub counters: Vec<u32>,
    /// The value of the sum.
    pub value: LoopyValue,
    /// Who wins.
    pub outcome: LoopyOutcome,
    /// How many moves the game lasts under perfect play, when won or lost and the sum's
    /// graph was walked.
    pub length: Option<u32>,
    /// Whether the lengths are exact (the sum's graph was walked).
    pub exact: bool,
    /// Every move (a move of two tokens on one vertex to the same vertex listed once):
    /// winning moves soonest first, then the moves that keep a draw, then losing moves,
    /// the longest resistance first when the lengths are known.
    pub moves: Vec<LoopyMove>,
}

impl LoopyAnalysis {
    /// The move to play: the first listed; `None` when no token can move.
    pub fn best(&self) -> Option<&LoopyMove> {
        self.moves.first()
    }

    /// The tokens after `m`.
    pub fn after(&self, m: &LoopyMove) -> Vec<u64> {
        let mut t = self.tokens.clone();
        t[m.token] = m.to;
        t
    }
}

/// Analyzes the position of `tokens` on the graph of `moves` (vertex v moves to
/// `moves[v - 1]`) labelled by `labelling`; walks the sum's graph for exact lengths when it
/// has at most `exact_limit` positions.
pub fn analyze(moves: &[Vec<u32>], labelling: &Labelling, tokens: &[u64], exact_limit: usize) -> LoopyAnalysis {
    let values: Vec<LoopyValue> = tokens.iter().map(|&v| labelling.value(v).clone()).collect();
    let counters: Vec<u32> = tokens.iter().map(|&v| labelling.counter(v)).collect();
    let value = sum(&values);
    let outcome = value.outcome();
    let walked = SumGraph::explore(moves, &[tokens.to_vec()], exact_limit);
    let mut list = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, &from) in tokens.iter().enumerate() {
        if from == 0 {
            continue;
        }
        for &to in &moves[from as usize - 1] {
            let to = u64::from(to);
            if !seen.insert((from, to)) {
                continue;
            }
            let after = sum(values.iter().enumerate().map(|(j, v)| if j == i { labelling.value(to) } else { v }));
            let kind = match after.outcome() {
                LoopyOutcome::P => MoveKind::Wins,
                LoopyOutcome::D => MoveKind::KeepsDraw,
                LoopyOutcome::N => MoveKind::Loses,
            };
            let mut t = tokens.to_vec();
            t[i] = to;
            let length =
                walked.as_ref().and_then(|g| g.outcome(&t)).filter(|o| o.0 != LoopyOutcome::D).map(|o| o.1 + 1);
            let progress = (kind == MoveKind::Wins).then(|| {
                t.iter().fold((0, 0), |(s, c), &v| {
                    (s + labelling.value(v).finite().unwrap_or(0), c + u64::from(labelling.counter(v)))
                })
            });
            list.push(LoopyMove { token: i, from, to, after, kind, length, progress });
        }
    }
    let rank = |m: &LoopyMove| match m.kind {
        MoveKind::Wins => 0,
        MoveKind::KeepsDraw => 1,
        MoveKind::Loses => 2,
    };
    list.sort_by(|a, b| {
        rank(a).cmp(&rank(b)).then_with(|| match a.kind {
            MoveKind::Wins => (a.length, a.progress).cmp(&(b.length, b.progress)),
            MoveKind::KeepsDraw => std::cmp::Ordering::Equal,
            MoveKind::Loses => b.length.cmp(&a.length),
        })
    });
    let length = walked.as_ref().and_then(|g| g.outcome(tokens)).filter(|o| o.0 != LoopyOutcome::D).map(|o| o.1);
    LoopyAnalysis {
        tokens: tokens.to_vec(),
        values,
        counters,
        value,
        outcome,
        length,
        exact: walked.is_some(),
        moves: list,
    }
}
