//! Values of any heap game by the mex definition, one heap at a time, with no allocation
//! per move (the definition is the reference; Grundy's game also has the fast sweeps).
//!
//! Values are stored as [`Wide`] (32 bits): Nim and take-at-most-half have values as large
//! as their heaps, so no width smaller than the heap index will do. Cost: O(options) per
//! heap, i.e. O(n^2) for splitting games and take-at-most-half, O(n^3) with three-heap
//! splits; memory 4 bytes a heap.

use thiserror::Error;

use crate::game::Game;

/// A value of a general heap game: as wide as a heap index that fits in memory.
pub type Wide = u32;

/// Why values cannot be computed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ValuesError {
    /// Heap indices (and so values) beyond 2^32 do not fit in memory on any machine this runs on.
    #[error("heap {heap} would have value {value}, beyond 32 bits")]
    TooLarge {
        /// The heap whose value does not fit.
        heap: u64,
        /// The value it would have.
        value: u64,
    },
}

/// G(0), G(1), ... of a game, computed in order.
pub struct Sequence {
    game: Game,
    values: Vec<Wide>,
    /// Scratch: `seen[v] == stamp` marks option v for the current heap.
    seen: Vec<u32>,
    stamp: u32,
}

impl Sequence {
    /// Starts with no values computed; the game was validated when it was built.
    pub fn new(game: Game) -> Sequence {
        Sequence { game, values: Vec::new(), seen: Vec::new(), stamp: 0 }
    }

    /// Goes on from G(0..values.len()) known (a census's stored values): the definition's
    /// whole state is its values.
    pub fn from_values(game: Game, values: Vec<Wide>) -> Sequence {
        Sequence { game, values, seen: Vec::new(), stamp: 0 }
    }

    /// The game whose values these are.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// G(0..len), the values computed so far.
    pub fn values(&self) -> &[Wide] {
        &self.values
    }

    /// Gives the values away.
    pub fn into_values(self) -> Vec<Wide> {
        self.values
    }

    /// How many values are computed: the next heap to compute.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Computes until G(0..end) are known.
    pub fn run_to(&mut self, end: usize) -> Result<&[Wide], ValuesError> {
        while self.values.len() < end {
            self.step()?;
        }
        Ok(&self.values)
    }

    /// Computes the next value.
    pub fn step(&mut self) -> Result<Wide, ValuesError> {
        let n = self.values.len();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let value = mex_of(&mut self.seen, self.stamp, &mut self.game.option_values(n, &self.values));
        let v = Wide::try_from(value).map_err(|_| ValuesError::TooLarge { heap: n as u64, value: value as u64 })?;
        self.values.push(v);
        Ok(v)
    }
}

/// The mex of `options`, marking them in `seen` with `stamp`.
fn mex_of(seen: &mut Vec<u32>, stamp: u32, options: &mut dyn Iterator<Item = Wide>) -> usize {
    for v in options {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, 0);
        }
        seen[v] = stamp;
    }
    (0..).find(|&v| seen.get(v) != Some(&stamp)).expect("a finite set has a mex")
}

/// G(0..end) of `game`.
pub fn values(game: &Game, end: usize) -> Result<Vec<Wide>, ValuesError> {
    let mut s = Sequence::new(game.clone());
    s.run_to(end)?;
    Ok(s.values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{HeapGame, TakeAndBreak};
    use crate::position::exhaustive::Search;

    /// Each game's values against the mex over its listed moves, computed separately.
    #[test]
    fn agrees_with_the_listed_moves() {
        for name in [
            "kayles", ".07", ".137", "4.07", ".6", ".11377", "8.", ".f", "4!.0", "0.4!7", "s1,3", "squares", "half",
            "nim",
        ] {
            let game = Game::parse(name).unwrap();
            let g = values(&game, 80).unwrap();
            for n in 0..80u64 {
                let opts: std::collections::HashSet<Wide> =
                    game.heap_moves(n).into_iter().map(|m| m.left.iter().fold(0, |x, &h| x ^ g[h as usize])).collect();
                let mex = (0..).find(|v| !opts.contains(v)).unwrap();
                assert_eq!(g[n as usize], mex, "{name}, heap {n}");
            }
        }
    }

    #[test]
    fn grundy_through_the_general_engine() {
        let g = values(&Game::parse("4!.0").unwrap(), 3000).unwrap();
        let wide: Vec<Wide> = crate::engine::grundy::naive::grundy_values(2999).into_iter().map(Wide::from).collect();
        assert_eq!(g, wide);
        let t = Game::new(TakeAndBreak::parse("4!.0").unwrap());
        assert_eq!(values(&t, 3000).unwrap(), g, "the same code without the Grundy shortcut");
    }

    #[test]
    fn values_decide_single_heaps() {
        let game = Game::parse(".137").unwrap();
        let g = values(&game, 30).unwrap();
        let mut solver = Search::new(&game, false);
        for n in 0..30u64 {
            assert_eq!(g[n as usize] != 0, solver.player_to_move_wins(&[n]), "heap {n}");
        }
    }
}
