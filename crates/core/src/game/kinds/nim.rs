//! Nim: take any positive number of stones from one heap. Its closed form, G(n) = n: the
//! options of n are the heaps 0..n, whose values are 0..n by induction; so any heap is
//! answered at once. Misère Nim has its own exact rule at any size (Bouton:
//! `crate::position::misere_nim`).

use crate::game::words::Words;
use crate::game::{same_as, HeapMove, Kind, MoveRule, Work};

/// Nim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl Kind for Nim {
    fn name(&self) -> String {
        "Nim".into()
    }

    fn rules(&self) -> String {
        "Take any number of stones from one heap; whoever takes the last stone wins.".into()
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        (1..=n).map(|take| HeapMove { take, left: if take == n { vec![] } else { vec![n - take] } }).collect()
    }

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new(g[..n].iter().copied())
    }

    fn heap_move_bound(&self, n: u64) -> u64 {
        n
    }

    fn words(&self) -> Words {
        Words::Take
    }

    fn definition_work(&self, n: f64) -> Work {
        Work { takes: n * n / 2.0, ..Work::default() }
    }

    fn move_rule(&self) -> MoveRule<'_> {
        MoveRule::TakeAny
    }

    fn closed_form(&self, n: u64) -> Option<u64> {
        Some(n)
    }

    fn has_misere_nim_rule(&self) -> bool {
        true
    }

    /// Seconds a value takes into a table, each asked of the kind through the game
    /// (2^26 values in 0.24 to 0.27 s, here and on CI's machine).
    fn closed_form_seconds(&self) -> f64 {
        3.8e-9
    }

    /// Nim is `0.[3]`: take any positive number.
    fn tbcode(&self) -> Option<super::tbcode::TbCode> {
        Some(super::tbcode::TbCode::of_subtraction(&[], true))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}
