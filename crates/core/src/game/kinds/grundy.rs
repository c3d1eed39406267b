//! Grundy's game: split one heap into two heaps of different sizes; heaps of 1 and 2
//! cannot be split. Also the take-and-break code `4!.0`, which reads as this kind (it has
//! its own sweep).

use crate::game::words::Words;
use crate::game::{same_as, HeapMove, Kind, Work};

/// Grundy's game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrundysGame;

impl Kind for GrundysGame {
    fn name(&self) -> String {
        "Grundy's game (4!.0)".into()
    }

    fn rules(&self) -> String {
        "Split one heap into two heaps of different sizes (4!.0); heaps of 1 and 2 cannot be split.".into()
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        (1..n).take_while(|&a| a < n - a).map(|a| HeapMove { take: 0, left: vec![n - a, a] }).collect()
    }

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new((1..n).take_while(move |&a| a < n - a).map(move |a| g[a] ^ g[n - a]))
    }

    fn heap_move_bound(&self, n: u64) -> u64 {
        n / 2
    }

    fn words(&self) -> Words {
        Words::Split
    }

    fn definition_work(&self, n: f64) -> Work {
        Work { splits: n * n / 4.0, ..Work::default() }
    }

    fn is_grundys_game(&self) -> bool {
        true
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}
