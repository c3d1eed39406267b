//! The Fraenkel–Yesha labelling: Smith's generalized values of every vertex, stage by stage,
//! with Fraenkel's counter function (the round in which a vertex got its value).
//!
//! Stage m (m = 0, 1, ...) works on the vertices still unlabelled, each of which has options
//! of every value below m (else an earlier stage would have labelled it ∞):
//!
//! 1. In rounds r = 1, 2, ...: label m (with counter r) every unlabelled vertex u that has
//!    no option labelled m and whose every option that is unlabelled or ∞ has an option
//!    labelled m (in an earlier round). Repeat until a round labels nothing.
//! 2. Label ∞ every unlabelled vertex with no option labelled m: its value cannot be m and,
//!    lacking m among its options, cannot be larger.
//!
//! What is left has an option labelled m, so its value, if finite, is larger: the next
//! stage. Every vertex is labelled when a stage labels nothing finite. Each round is an
//! independent set (a vertex whose unlabelled option is about to be labelled m is not yet
//! ready), so the counters satisfy Fraenkel's condition: every option of u of larger or
//! infinite value has an option of value γ(u) with a smaller counter.
//!
//! The rounds are found with counts, not by scanning: `need[u]` is how many of u's options
//! that are unlabelled or ∞ have no option labelled m yet, and drops as vertices are
//! labelled; a stage costs O(V + E).

use serde::Serialize;

use super::LoopyValue;
use crate::control::{Cancel, Cancelled};

/// One step of the labelling, as a learner reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The stage: the finite value being given.
    pub stage: u64,
    /// The round of the stage that labelled `vertices` with `stage` (so their counter);
    /// `None` for the stage's last step, which labels `vertices` ∞.
    pub round: Option<u32>,
    /// The vertices labelled, by number (1-based), in increasing order.
    pub vertices: Vec<u32>,
}

/// Smith's values and Fraenkel's counters of every vertex of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labelling {
    /// `values[v]` for v in 1..=V; `values[0]` is no token, 0.
    values: Vec<LoopyValue>,
    /// `counters[v]`: the round in which v got its finite value; 0 for ∞ and for no token.
    counters: Vec<u32>,
    /// Every step, in order.
    steps: Vec<Step>,
}

/// A vertex's label while the stages run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Unlabelled,
    Finite(u64),
    Infinite,
}

impl Labelling {
    /// Labels the graph whose vertex v (1..=moves.len()) may move to `moves[v - 1]` (numbers
    /// from 1, sorted, no repeats). Checks `cancel` at every stage.
    pub fn of(moves: &[Vec<u32>], cancel: &Cancel) -> Result<Labelling, Cancelled> {
        let n = moves.len();
        let succ = |v: usize| -> &[u32] { &moves[v - 1] };
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
        for v in 1..=n {
            for &w in succ(v) {
                preds[w as usize].push(v as u32);
            }
        }
        let mut label = vec![Label::Unlabelled; n + 1];
        label[0] = Label::Finite(0);
        let mut counters = vec![0u32; n + 1];
        let mut steps = Vec::new();
        let mut left = n;
        let mut hit = vec![false; n + 1];
        let mut need = vec![0u32; n + 1];
        let mut m = 0u64;
        while left > 0 {
            cancel.check()?;
            hit.iter_mut().for_each(|h| *h = false);
            let mut ready = Vec::new();
            for u in 1..=n {
                if label[u] == Label::Unlabelled {
                    let open = |w: &&u32| matches!(label[**w as usize], Label::Unlabelled | Label::Infinite);
                    need[u] = succ(u).iter().filter(open).count() as u32;
                    if need[u] == 0 {
                        ready.push(u as u32);
                    }
                }
            }
            let mut round = 0u32;
            loop {
                ready.retain(|&u| label[u as usize] == Label::Unlabelled && !hit[u as usize] && need[u as usize] == 0);
                ready.sort_unstable();
                ready.dedup();
                if ready.is_empty() {
                    break;
                }
                round += 1;
                for &u in &ready {
                    label[u as usize] = Label::Finite(m);
                    counters[u as usize] = round;
                }
                left -= ready.len();
                let mut next = Vec::new();
                for &u in &ready {
                    // Every vertex that moves to u now has an option labelled m: it cannot be
                    // labelled m, and a move to it can be reversed to u.
                    for &p in &preds[u as usize] {
                        if std::mem::replace(&mut hit[p as usize], true) {
                            continue;
                        }
                        if matches!(label[p as usize], Label::Unlabelled | Label::Infinite) {
                            for &q in &preds[p as usize] {
                                if label[q as usize] == Label::Unlabelled {
                                    need[q as usize] -= 1;
                                    if need[q as usize] == 0 {
                                        next.push(q);
                                    }
                                }
                            }
                        }
                    }
                }
                steps.push(Step { stage: m, round: Some(round), vertices: std::mem::replace(&mut ready, next) });
            }
            let infinite: Vec<u32> =
                (1..=n).filter(|&u| label[u] == Label::Unlabelled && !hit[u]).map(|u| u as u32).collect();
            for &u in &infinite {
                label[u as usize] = Label::Infinite;
            }
            left -= infinite.len();
            if !infinite.is_empty() {
                steps.push(Step { stage: m, round: None, vertices: infinite });
            }
            m += 1;
        }
        let values = (0..=n)
            .map(|u| match label[u] {
                Label::Finite(m) => LoopyValue::Finite(m),
                Label::Infinite => {
                    let mut k: Vec<u64> = succ(u)
                        .iter()
                        .filter_map(|&w| match label[w as usize] {
                            Label::Finite(m) => Some(m),
                            _ => None,
                        })
                        .collect();
                    k.sort_unstable();
                    k.dedup();
                    LoopyValue::Infinite(k)
                }
                Label::Unlabelled => unreachable!("every vertex is labelled when the stages end"),
            })
            .collect();
        Ok(Labelling { values, counters, steps })
    }

    /// How many vertices: they are numbered 1..=len.
    pub fn len(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// γ(v); 0 for no token (v = 0). Panics past the last vertex, which the caller checked.
    pub fn value(&self, v: u64) -> &LoopyValue {
        &self.values[v as usize]
    }

    /// Fraenkel's counter c(v): the round of its stage in which v got its finite value (1 for
    /// a vertex with no move); 0 for an infinite value and for no token.
    pub fn counter(&self, v: u64) -> u32 {
        self.counters[v as usize]
    }

    /// Every step of the labelling, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(moves: &[&[u32]]) -> Labelling {
        let moves: Vec<Vec<u32>> = moves.iter().map(|m| m.to_vec()).collect();
        Labelling::of(&moves, &Cancel::never()).unwrap()
    }

    /// A 2-cycle with an exit: v1 is dead (0), v2 <-> v3 and v3 -> v1. v3 has the option 0,
    /// v2's only option v3 has value... v2 -> v3 -> v1: v2 is 0 (its option v3 reverses to
    /// v1, labelled 0 first), v3 is 1.
    #[test]
    fn a_cycle_with_an_exit_is_finite() {
        let l = label(&[&[], &[3], &[1, 2]]);
        assert_eq!(l.value(1), &LoopyValue::Finite(0));
        assert_eq!(l.value(3), &LoopyValue::Finite(1));
        assert_eq!(l.value(2), &LoopyValue::Finite(0));
        assert_eq!((l.counter(1), l.counter(2), l.counter(3)), (1, 2, 1));
    }

    /// A pure cycle and a self-loop are ∞ with no finite option; a vertex moving to them and
    /// to a dead vertex is ∞{0}.
    #[test]
    fn cycles_without_exits_are_infinite() {
        let l = label(&[&[2], &[1], &[3], &[], &[1, 4]]);
        for v in 1..=3 {
            assert_eq!(l.value(v), &LoopyValue::Infinite(vec![]), "v{v}");
        }
        assert_eq!(l.value(5), &LoopyValue::Infinite(vec![0]));
        assert_eq!(l.value(5).to_string(), "∞{0}");
        assert_eq!(l.value(1).to_string(), "∞{}");
    }
}
