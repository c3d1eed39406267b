//! Subtract-a-square: take a positive square number of stones from one heap.

use crate::game::words::Words;
use crate::game::{same_as, HeapMove, Kind, Work};

/// Subtract-a-square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Squares;

impl Kind for Squares {
    fn name(&self) -> String {
        "subtract-a-square".into()
    }

    fn rules(&self) -> String {
        "Take a square number of stones (1, 4, 9, ...) from one heap.".into()
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        (1..)
            .map(|i: u64| i * i)
            .take_while(|&s| s <= n)
            .map(|take| HeapMove { take, left: if take == n { vec![] } else { vec![n - take] } })
            .collect()
    }

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new((1..).map(|i: usize| i * i).take_while(move |&s| s <= n).map(move |s| g[n - s]))
    }

    fn heap_move_bound(&self, n: u64) -> u64 {
        n.isqrt() + 1
    }

    fn words(&self) -> Words {
        Words::Take
    }

    fn definition_work(&self, n: f64) -> Work {
        Work { takes: n * n.sqrt() * 2.0 / 3.0, ..Work::default() }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}
