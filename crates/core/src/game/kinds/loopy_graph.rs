//! A finite impartial game on a graph that has a cycle (a *loopy* game): the file format of
//! [`super::graph`], read the same way, but a token may come back to where it was, so a game
//! need not end. Such a game has no Sprague-Grundy values; its vertices have Smith's
//! generalized values instead, a number or ∞ (see [`crate::loopy`]), and a position may be
//! a draw.
//!
//! Vertices are numbered 1..=V in file order (no order makes every move go down); 0 stands
//! for no token. The engines that walk heaps upwards do not apply ([`crate::engine::Engine`]
//! refuses the kind); every question about it goes to [`crate::loopy`] through the request
//! API.

use super::graph::{multisets, GraphText};
use crate::game::words::Words;
use crate::game::{same_as, HeapMove, Kind, Work};

/// A game on a directed graph with at least one cycle, vertices in file order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyGraph {
    /// What the graph is called (the file's name, for people).
    label: String,
    /// `names[v - 1]`: the name of vertex v.
    names: Vec<String>,
    /// `moves[v - 1]`: the vertices a token on v may move to, sorted, without repeats.
    moves: Vec<Vec<u32>>,
}

impl LoopyGraph {
    /// The graph read from its file, kept in file order.
    pub(crate) fn from_text(label: &str, read: GraphText) -> LoopyGraph {
        let GraphText { names, succ } = read;
        let moves = succ.into_iter().map(|s| s.into_iter().map(|w| w as u32 + 1).collect()).collect();
        LoopyGraph { label: label.to_string(), names, moves }
    }

    /// A graph from its moves (`moves[v - 1]` the vertices a token on v may move to,
    /// numbered from 1), its vertices named `v1`, `v2`, ...: for tests and generated graphs.
    /// `None` when a move leads past the last vertex or to 0.
    pub fn from_moves(label: &str, moves: Vec<Vec<u32>>) -> Option<LoopyGraph> {
        let n = moves.len() as u32;
        let mut moves = moves;
        for m in &mut moves {
            if m.iter().any(|&w| w == 0 || w > n) {
                return None;
            }
            m.sort_unstable();
            m.dedup();
        }
        let names = (1..=moves.len()).map(|v| format!("v{v}")).collect();
        Some(LoopyGraph { label: label.to_string(), names, moves })
    }

    /// What the graph is called.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// How many vertices it has: they are numbered 1..=len.
    pub fn len(&self) -> u64 {
        self.names.len() as u64
    }

    /// Whether it has no vertex (never: parsing refuses an empty graph).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of vertex `v` (1..=len); `None` for 0 (no token) or a number beyond.
    pub fn name(&self, v: u64) -> Option<&str> {
        let i = usize::try_from(v).ok()?.checked_sub(1)?;
        self.names.get(i).map(String::as_str)
    }

    /// The number of the vertex called `name`.
    pub fn vertex(&self, name: &str) -> Option<u64> {
        self.names.iter().position(|n| n == name).map(|i| i as u64 + 1)
    }

    /// The vertices a token on `v` may move to; none for 0 or a number beyond the graph.
    pub fn moves(&self, v: u64) -> &[u32] {
        let i = usize::try_from(v).ok().and_then(|v| v.checked_sub(1));
        i.and_then(|i| self.moves.get(i)).map_or(&[], Vec::as_slice)
    }

    /// How many moves the whole graph has.
    pub fn edges(&self) -> u64 {
        self.moves.iter().map(|m| m.len() as u64).sum()
    }

    /// How many vertices a token on `v` can reach, `v` itself included (0 for no token).
    pub fn reachable(&self, v: u64) -> u64 {
        if self.name(v).is_none() {
            return 0;
        }
        let mut seen = vec![false; self.names.len() + 1];
        let (mut stack, mut count) = (vec![v as u32], 0u64);
        seen[v as usize] = true;
        while let Some(u) = stack.pop() {
            count += 1;
            for &w in self.moves(u64::from(u)) {
                if !std::mem::replace(&mut seen[w as usize], true) {
                    stack.push(w);
                }
            }
        }
        count
    }

    /// An upper bound on the positions of the sum a game from `tokens` can reach: k tokens
    /// on a vertex reaching r vertices take at most C(r + k - 1, k) multisets, and tokens on
    /// different vertices multiply (as [`super::graph::GraphGame::positions_from`]).
    pub fn positions_from(&self, tokens: &[u64]) -> u64 {
        let mut by_vertex: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
        for &v in tokens.iter().filter(|&&v| v > 0) {
            *by_vertex.entry(v).or_default() += 1;
        }
        by_vertex.into_iter().fold(1u64, |total, (v, k)| total.saturating_mul(multisets(self.reachable(v), k)))
    }
}

impl Kind for LoopyGraph {
    fn name(&self) -> String {
        format!("the game on graph {}", self.label())
    }

    fn rules(&self) -> String {
        format!(
            "Move one token along a move of graph {} ({} vertices, {} moves, with cycles: a game may be drawn); a token with no move is dead.",
            self.label(),
            self.len(),
            self.edges()
        )
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        self.moves(n).iter().map(|&w| HeapMove { take: 0, left: vec![u64::from(w)] }).collect()
    }

    /// The engines never ask (they refuse the kind): a graph with a cycle has no table
    /// G(0..n) to read options from. Kept total: the values at the followers `g` holds.
    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new(self.moves(n as u64).iter().filter_map(move |&w| g.get(w as usize).copied()))
    }

    fn heap_move_bound(&self, n: u64) -> u64 {
        self.moves(n).len() as u64
    }

    fn words(&self) -> Words {
        Words::Token
    }

    fn definition_work(&self, n: f64) -> Work {
        Work { takes: self.edges() as f64 + n, ..Work::default() }
    }

    fn largest_heap(&self) -> Option<u64> {
        Some(self.len())
    }

    fn search_positions(&self, heaps: &[u64]) -> Option<u64> {
        Some(self.positions_from(heaps))
    }

    fn heap_named(&self, text: &str) -> Option<u64> {
        self.vertex(text)
    }

    fn heap_name(&self, n: u64) -> String {
        self.name(n).map_or_else(|| "no token".to_string(), str::to_string)
    }

    fn loopy(&self) -> Option<&LoopyGraph> {
        Some(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}
