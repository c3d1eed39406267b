//! The slow reference: a retrograde analysis of a sum's own graph, with no generalized
//! values. A position is the multiset of the tokens' vertices (tokens on vertices with no
//! move, and "no token", left out: they never move). Positions with no move are lost; a
//! position with a lost option is won; a position all of whose options are won is lost,
//! found by counting each position's options not yet known to be won; what is never
//! decided is drawn. Processed in order, this also gives each position's remoteness: the
//! number of moves to the end when the winner hurries and the loser delays.
//!
//! It visits every position reachable from the start (C(r + k - 1, k) for k tokens that
//! reach r vertices), so it answers small sums only: the tests check Smith's theory against
//! it, and the position analysis asks it for exact lengths when the sum is small
//! ([`super::EXACT_POSITIONS`]).

use std::collections::{HashMap, VecDeque};

use super::LoopyOutcome;

/// Every position reachable from some starts, with its outcome and remoteness.
#[derive(Clone, Debug)]
pub struct SumGraph {
    /// Whether vertex v (1-based; 0 is no token) has a move.
    alive: Vec<bool>,
    index: HashMap<Vec<u32>, u32>,
    outcome: Vec<LoopyOutcome>,
    remoteness: Vec<u32>,
}

impl SumGraph {
    /// Walks the sum's graph from every position in `starts` (tokens' vertices, numbered
    /// from 1 as in `moves[v - 1]`; 0 for no token) and decides every position reached;
    /// `None` when there are more than `limit` positions.
    pub fn explore(moves: &[Vec<u32>], starts: &[Vec<u64>], limit: usize) -> Option<SumGraph> {
        let mut alive = vec![false; moves.len() + 1];
        for (i, m) in moves.iter().enumerate() {
            alive[i + 1] = !m.is_empty();
        }
        let mut graph = SumGraph { alive, index: HashMap::new(), outcome: Vec::new(), remoteness: Vec::new() };
        let mut positions: Vec<Vec<u32>> = Vec::new();
        for s in starts {
            let p = graph.canonical(s)?;
            if !graph.index.contains_key(&p) {
                graph.index.insert(p.clone(), positions.len() as u32);
                positions.push(p);
            }
        }
        // Breadth first: every position's options, by index.
        let mut succ: Vec<Vec<u32>> = Vec::new();
        let mut at = 0;
        while at < positions.len() {
            let p = positions[at].clone();
            let mut options = Vec::new();
            for i in 0..p.len() {
                if i > 0 && p[i] == p[i - 1] {
                    continue;
                }
                for &w in &moves[p[i] as usize - 1] {
                    let mut q = p.clone();
                    q.remove(i);
                    if graph.alive[w as usize] {
                        let at = q.partition_point(|&x| x < w);
                        q.insert(at, w);
                    }
                    let id = match graph.index.get(&q) {
                        Some(&id) => id,
                        None => {
                            if positions.len() >= limit {
                                return None;
                            }
                            let id = positions.len() as u32;
                            graph.index.insert(q.clone(), id);
                            positions.push(q);
                            id
                        }
                    };
                    options.push(id);
                }
            }
            options.sort_unstable();
            options.dedup();
            succ.push(options);
            at += 1;
        }
        let n = positions.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (p, s) in succ.iter().enumerate() {
            for &q in s {
                preds[q as usize].push(p as u32);
            }
        }
        let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
        graph.outcome = vec![LoopyOutcome::D; n];
        graph.remoteness = vec![0; n];
        let mut queue: VecDeque<u32> = (0..n as u32).filter(|&p| left[p as usize] == 0).collect();
        for &p in &queue {
            graph.outcome[p as usize] = LoopyOutcome::P;
        }
        while let Some(p) = queue.pop_front() {
            let (lost, r) = (graph.outcome[p as usize] == LoopyOutcome::P, graph.remoteness[p as usize] + 1);
            for &q in &preds[p as usize] {
                let q = q as usize;
                if graph.outcome[q] != LoopyOutcome::D {
                    continue;
                }
                if lost {
                    graph.outcome[q] = LoopyOutcome::N;
                    graph.remoteness[q] = r;
                    queue.push_back(q as u32);
                } else {
                    left[q] -= 1;
                    if left[q] == 0 {
                        graph.outcome[q] = LoopyOutcome::P;
                        graph.remoteness[q] = r;
                        queue.push_back(q as u32);
                    }
                }
            }
        }
        Some(graph)
    }

    /// The position of `tokens` as this graph keeps it; `None` for a vertex past the graph.
    fn canonical(&self, tokens: &[u64]) -> Option<Vec<u32>> {
        let mut p = Vec::with_capacity(tokens.len());
        for &v in tokens {
            if *self.alive.get(usize::try_from(v).ok()?)? {
                p.push(v as u32);
            }
        }
        p.sort_unstable();
        Some(p)
    }

    /// How many positions were decided.
    pub fn len(&self) -> usize {
        self.outcome.len()
    }

    /// Whether no position was (never: a start is a position).
    pub fn is_empty(&self) -> bool {
        self.outcome.is_empty()
    }

    /// The outcome of the position of `tokens` and its remoteness (the moves to the end under
    /// perfect play; 0 for a draw); `None` when the walk did not reach it.
    pub fn outcome(&self, tokens: &[u64]) -> Option<(LoopyOutcome, u32)> {
        let id = *self.index.get(&self.canonical(tokens)?)? as usize;
        Some((self.outcome[id], self.remoteness[id]))
    }
}
