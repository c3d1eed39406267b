//! The values one move away from a heap, read from the values of smaller heaps: what the
//! mex definition takes the mex of. Written once here, from each game's rules, for every
//! engine that computes by the definition.

use super::{Game, SubtractionSet, TakeAndBreak};

impl Game {
    /// The values of the options of heap `n`, given `g` = G(0..n): a move that leaves
    /// several heaps has the XOR of their values, one that leaves nothing has 0.
    pub fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        match self {
            Game::Nim => Box::new(g[..n].iter().copied()),
            Game::Grundy => Box::new((1..n).take_while(move |&a| a < n - a).map(move |a| g[a] ^ g[n - a])),
            Game::TakeAndBreak(t) => Box::new(take_and_break_options(t, g, n)),
            Game::Subtraction(SubtractionSet::Finite(set)) => {
                Box::new(set.iter().take_while(move |&&s| s as usize <= n).map(move |&s| g[n - s as usize]))
            }
            Game::Subtraction(SubtractionSet::Squares) => {
                Box::new((1..).map(|i: usize| i * i).take_while(move |&s| s <= n).map(move |s| g[n - s]))
            }
            Game::TakeAtMostHalf => Box::new((1..=n / 2).map(move |k| g[n - k])),
            Game::Graph(graph) => Box::new(graph.moves(n as u64).iter().map(move |&w| g[w as usize])),
        }
    }
}

/// The options of heap n of a take-and-break game, as values.
fn take_and_break_options<'a>(t: &'a TakeAndBreak, g: &'a [u32], n: usize) -> impl Iterator<Item = u32> + 'a {
    let unequal = t.unequal();
    t.digits().iter().enumerate().take_while(move |&(k, _)| k <= n).flat_map(move |(k, &d)| {
        let rest = n - k;
        let none = (d & 1 != 0 && rest == 0 && k > 0).then_some(0);
        let one = (d & 2 != 0 && rest >= 1 && k > 0).then(|| g[rest]);
        let two = (d & 4 != 0)
            .then(|| (1..=rest / 2).filter(move |&a| !(unequal && 2 * a == rest)).map(move |a| g[a] ^ g[rest - a]))
            .into_iter()
            .flatten();
        let three = (d & 8 != 0)
            .then(|| {
                (1..=rest / 3).flat_map(move |a| {
                    (a..=(rest - a) / 2)
                        .filter(move |&b| !(unequal && (a == b || b == rest - a - b)))
                        .map(move |b| g[a] ^ g[b] ^ g[rest - a - b])
                })
            })
            .into_iter()
            .flatten();
        none.into_iter().chain(one).chain(two).chain(three)
    })
}
