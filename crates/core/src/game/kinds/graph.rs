//! A finite impartial game given by its graph, as the textbooks define any impartial game:
//! positions are vertices, a move goes along an edge, and the player who cannot move loses.
//! A position of several tokens (one per vertex they stand on) is a sum, so the values of
//! the vertices decide it as the heaps' values decide a heap game.
//!
//! The file format (`--game graph:FILE`), one vertex a line:
//!
//! ```text
//! # A comment; blank lines are ignored too.
//! start: left right   # a token on `start` may move to `left` or to `right`
//! left: end
//! right: left end
//! end:                # no moves: a token here is dead
//! ```
//!
//! A name is letters, digits, `_`, `-` or `.`; every vertex a move leads to must have its
//! own line; the graph must have no cycle (a game must end: a graph with one is the kind
//! [`crate::game::LoopyGraph`], which [`crate::game::Game::any_graph`] chooses). Inside, vertices are numbered
//! 1..=V in an order where every move leads to a smaller number (sinks first, file order
//! among equals), so a vertex is a "heap" whose options are all smaller and every engine
//! that walks heaps upwards applies; 0 stands for no token.

use thiserror::Error;

use crate::game::words::Words;
use crate::game::{same_as, HeapMove, Kind, Work};

/// The most vertices a graph may have (the values table is 4 bytes a vertex).
pub const MAX_VERTICES: usize = 1 << 20;
/// The most moves (edges) a graph may have.
pub const MAX_EDGES: usize = 1 << 24;
/// The largest graph file a front end reads, in bytes (64 MiB): past it a graph's table would
/// not be small anyway. The one statement of the limit: the command line reads at most one
/// byte more (to tell a file past it), and the page's own, smaller limit cites it.
pub const MAX_GRAPH_FILE_BYTES: u64 = 64 << 20;

/// Why a graph file was refused: the line and what was wrong with it.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GraphError {
    /// A line that is not `NAME: TARGET ...`, or a name with other characters.
    #[error("graph line {line}: {reason}")]
    Syntax {
        /// The line, counting from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// Two lines for one vertex.
    #[error("graph line {line}: vertex {name:?} already has a line ({first})")]
    Duplicate {
        /// The second line.
        line: usize,
        /// The vertex named twice.
        name: String,
        /// The first line that named it.
        first: usize,
    },
    /// A move to a vertex with no line of its own.
    #[error(
        "graph line {line}: a move leads to {name:?}, which has no line of its own (add `{name}:` if it has no moves)"
    )]
    Missing {
        /// The line of the move.
        line: usize,
        /// The vertex never declared.
        name: String,
    },
    /// The graph has a cycle, so the game could go on for ever.
    #[error("the graph has a cycle ({}), so a game need not end; an impartial game's graph must be acyclic", .cycle.join(" -> "))]
    Cycle {
        /// The vertices around the cycle, the first repeated at the end.
        cycle: Vec<String>,
    },
    /// No vertex at all.
    #[error("the graph has no vertices")]
    Empty,
    /// More vertices or edges than fit.
    #[error("the graph has more than {limit} {what}")]
    TooLarge {
        /// "vertices" or "moves".
        what: &'static str,
        /// The limit.
        limit: usize,
    },
}

/// A game on a directed acyclic graph, with the vertices numbered so that moves go down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GraphGame {
    /// What the graph is called (the file's name, for people).
    label: String,
    /// `names[v - 1]`: the name of vertex v.
    names: Vec<String>,
    /// `moves[v - 1]`: the vertices a token on v may move to, each smaller than v, sorted.
    moves: Vec<Vec<u32>>,
}

impl GraphGame {
    /// Reads a graph in the format of the module documentation; `label` names it for people.
    pub fn parse(label: &str, text: &str) -> Result<GraphGame, GraphError> {
        GraphGame::ordered(label, GraphText::read(text)?)
    }

    /// The game of a graph read, numbered so that moves go down; a cycle is an error.
    pub(crate) fn ordered(label: &str, read: GraphText) -> Result<GraphGame, GraphError> {
        let GraphText { names: file_names, succ } = read;
        let order = sinks_first(&succ)
            .map_err(|cycle| GraphError::Cycle { cycle: cycle.into_iter().map(|v| file_names[v].clone()).collect() })?;
        // number[v] = the vertex's number, 1-based.
        let mut number = vec![0u32; file_names.len()];
        for (k, &v) in order.iter().enumerate() {
            number[v] = k as u32 + 1;
        }
        let names = order.iter().map(|&v| file_names[v].clone()).collect();
        let moves = order
            .iter()
            .map(|&v| {
                let mut m: Vec<u32> = succ[v].iter().map(|&w| number[w]).collect();
                m.sort_unstable();
                m
            })
            .collect();
        Ok(GraphGame { label: label.to_string(), names, moves })
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

    /// The vertices a token on `v` may move to, each smaller than `v`; none for 0 or a
    /// number beyond the graph.
    pub fn moves(&self, v: u64) -> &[u32] {
        let i = usize::try_from(v).ok().and_then(|v| v.checked_sub(1));
        i.and_then(|i| self.moves.get(i)).map_or(&[], Vec::as_slice)
    }

    /// How many moves the whole graph has.
    pub fn edges(&self) -> u64 {
        self.moves.iter().map(|m| m.len() as u64).sum()
    }

    /// How many vertices a token on `v` can reach, `v` itself included (1 for a sink, 0 for
    /// no token).
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

    /// An upper bound on the positions a search from `tokens` visits (issue 35: a vertex's
    /// number is no count of stones): each token stays among the vertices it can reach, so
    /// k tokens on a vertex reaching r vertices take at most C(r + k - 1, k) multisets, and
    /// tokens on different vertices multiply. Saturates at `u64::MAX`.
    pub fn positions_from(&self, tokens: &[u64]) -> u64 {
        let mut by_vertex: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
        for &v in tokens.iter().filter(|&&v| v > 0) {
            *by_vertex.entry(v).or_default() += 1;
        }
        by_vertex.into_iter().fold(1u64, |total, (v, k)| total.saturating_mul(multisets(self.reachable(v), k)))
    }
}

/// C(r + k - 1, k): the multisets of k items from r kinds (1 for r = 0: no token),
/// saturating at `u64::MAX`.
pub(crate) fn multisets(r: u64, k: u64) -> u64 {
    if r == 0 {
        return 1;
    }
    let n = u128::from(r) + u128::from(k) - 1;
    let m = u128::from(k.min(r - 1));
    let mut c: u128 = 1;
    for i in 1..=m {
        // C(n - m + i, i) from C(n - m + i - 1, i - 1): exact at every step.
        c = c * (n - m + i) / i;
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// A graph as its file gives it, before any order is chosen: the vertices in file order
/// and, for each, the file indices of the vertices it moves to (sorted, without repeats).
#[derive(Clone, Debug)]
pub(crate) struct GraphText {
    /// The vertices' names, in file order.
    pub(crate) names: Vec<String>,
    /// `succ[v]`: where a token on vertex v (a file index) may move.
    pub(crate) succ: Vec<Vec<usize>>,
}

impl GraphText {
    /// Reads the format of the module documentation, cycles allowed.
    pub(crate) fn read(text: &str) -> Result<GraphText, GraphError> {
        let syntax = |line: usize, reason: String| GraphError::Syntax { line, reason };
        // Vertices in file order: (name, line, targets).
        let mut lines: Vec<(String, usize, Vec<String>)> = Vec::new();
        let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let mut edges = 0usize;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            // A vertex with no moves is written `name:`; a line without the colon is more
            // likely a mistake (a move list whose colon was lost) than a dead vertex.
            let Some((name, rest)) = body.split_once(':').map(|(n, r)| (n.trim(), r)) else {
                return Err(syntax(
                    line,
                    format!(
                        "{body:?} has no colon: a vertex's line is `name: moves...` (`name:` when it has no moves)"
                    ),
                ));
            };
            check_name(name).map_err(|r| syntax(line, r))?;
            let targets: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            for t in &targets {
                check_name(t).map_err(|r| syntax(line, r))?;
            }
            edges += targets.len();
            if edges > MAX_EDGES {
                return Err(GraphError::TooLarge { what: "moves", limit: MAX_EDGES });
            }
            if let Some(&first) = index.get(name) {
                return Err(GraphError::Duplicate { line, name: name.to_string(), first: lines[first].1 });
            }
            if lines.len() == MAX_VERTICES {
                return Err(GraphError::TooLarge { what: "vertices", limit: MAX_VERTICES });
            }
            index.insert(name.to_string(), lines.len());
            lines.push((name.to_string(), line, targets));
        }
        if lines.is_empty() {
            return Err(GraphError::Empty);
        }
        let mut succ: Vec<Vec<usize>> = Vec::with_capacity(lines.len());
        for (_, line, targets) in &lines {
            let mut s = Vec::with_capacity(targets.len());
            for t in targets {
                let &j = index.get(t.as_str()).ok_or_else(|| GraphError::Missing { line: *line, name: t.clone() })?;
                s.push(j);
            }
            s.sort_unstable();
            s.dedup();
            succ.push(s);
        }
        Ok(GraphText { names: lines.into_iter().map(|(name, _, _)| name).collect(), succ })
    }

    /// Whether some vertex can be reached again from itself.
    pub(crate) fn has_cycle(&self) -> bool {
        sinks_first(&self.succ).is_err()
    }
}

fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a vertex needs a name before the ':'".into());
    }
    match name.chars().find(|c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))) {
        Some(c) => Err(format!("{name:?} has {c:?}; names are letters, digits, '_', '-' or '.'")),
        None => Ok(()),
    }
}

/// An order of the vertices in which every edge goes backwards (sinks first; among the
/// vertices ready at once, the earlier in the file first), or a cycle.
fn sinks_first(succ: &[Vec<usize>]) -> Result<Vec<usize>, Vec<usize>> {
    let n = succ.len();
    let mut out_left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (v, s) in succ.iter().enumerate() {
        for &w in s {
            pred[w].push(v);
        }
    }
    let mut ready: std::collections::BinaryHeap<std::cmp::Reverse<usize>> =
        (0..n).filter(|&v| out_left[v] == 0).map(std::cmp::Reverse).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(std::cmp::Reverse(v)) = ready.pop() {
        order.push(v);
        for &p in &pred[v] {
            out_left[p] -= 1;
            if out_left[p] == 0 {
                ready.push(std::cmp::Reverse(p));
            }
        }
    }
    if order.len() == n {
        return Ok(order);
    }
    // Every vertex not ordered has a successor not ordered: walk them until one repeats.
    let mut seen = vec![usize::MAX; n];
    let mut path = Vec::new();
    let mut v = (0..n).find(|&v| out_left[v] > 0).expect("a vertex left over");
    while seen[v] == usize::MAX {
        seen[v] = path.len();
        path.push(v);
        v = *succ[v].iter().find(|&&w| out_left[w] > 0).expect("a vertex on a cycle has a successor on it");
    }
    let mut cycle = path[seen[v]..].to_vec();
    cycle.push(v);
    Err(cycle)
}

impl Kind for GraphGame {
    fn name(&self) -> String {
        format!("the game on graph {}", self.label())
    }

    fn rules(&self) -> String {
        format!(
            "Move one token along a move of graph {} ({} vertices, {} moves); a token with no move is dead.",
            self.label(),
            self.len(),
            self.edges()
        )
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        self.moves(n).iter().map(|&w| HeapMove { take: 0, left: vec![u64::from(w)] }).collect()
    }

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new(self.moves(n as u64).iter().map(move |&w| g[w as usize]))
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

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}

#[cfg(test)]
mod tests {
    /// Multisets and reachable vertices on a path v0 <- v1 <- ... <- v9: a token on the
    /// top reaches all 10, two tokens there take C(11, 2) = 55 multisets.
    #[test]
    fn positions_a_search_visits() {
        assert_eq!((super::multisets(3, 2), super::multisets(1, 5), super::multisets(0, 3)), (6, 1, 1));
        assert_eq!(super::multisets(u64::MAX, 3), u64::MAX);
        let text: String =
            (0..10).map(|i| if i > 0 { format!("v{i}: v{}\n", i - 1) } else { "v0:\n".into() }).collect();
        let g = super::GraphGame::parse("path", &text).unwrap();
        let top = g.vertex("v9").unwrap();
        assert_eq!((g.reachable(top), g.reachable(0)), (10, 0));
        assert_eq!(g.positions_from(&[top, top]), 55);
        assert_eq!(g.positions_from(&[top, g.vertex("v0").unwrap()]), 10);
    }

    use super::*;

    const EXAMPLE: &str = "# a small game\nstart: left right\nleft: end\nright: left end # two ways\nend:\n";

    #[test]
    fn numbers_go_down_along_moves() {
        let g = GraphGame::parse("example", EXAMPLE).unwrap();
        assert_eq!(g.len(), 4);
        let names: Vec<&str> = (1..=4).map(|v| g.name(v).unwrap()).collect();
        assert_eq!(names, ["end", "left", "right", "start"]);
        for v in 1..=4 {
            assert!(g.moves(v).iter().all(|&w| (w as u64) < v));
        }
        assert_eq!(g.moves(g.vertex("right").unwrap()), &[1, 2]);
        assert_eq!(g.moves(0), &[] as &[u32]);
        assert_eq!(g.name(0), None);
        assert_eq!(g.edges(), 5);
    }

    #[test]
    fn bad_graphs_are_one_line_errors() {
        let err = |t: &str| GraphGame::parse("t", t).unwrap_err().to_string();
        assert_eq!(
            err("a: b\nb: a\n"),
            "the graph has a cycle (a -> b -> a), so a game need not end; an impartial game's graph must be acyclic"
        );
        assert_eq!(
            err("a: a\n"),
            "the graph has a cycle (a -> a), so a game need not end; an impartial game's graph must be acyclic"
        );
        assert!(err("a: b\n").starts_with("graph line 1: a move leads to \"b\", which has no line of its own"));
        assert!(err("a:\nb:\na: b\n").contains("line 3: vertex \"a\" already has a line (1)"));
        assert!(err("a b: c\n").starts_with("graph line 1: \"a b\" has ' '"));
        assert!(err(": c\n").contains("needs a name"));
        assert_eq!(err("# nothing\n\n"), "the graph has no vertices");
    }

    #[test]
    fn a_long_chain_is_ordered_without_recursion() {
        let n = 200_000;
        let text: String =
            (0..n).map(|i| if i + 1 < n { format!("v{i}: v{}\n", i + 1) } else { format!("v{i}:\n") }).collect();
        let g = GraphGame::parse("chain", &text).unwrap();
        assert_eq!(g.name(1), Some("v199999"));
        assert_eq!(g.moves(n as u64), &[n as u32 - 1]);
    }
}
