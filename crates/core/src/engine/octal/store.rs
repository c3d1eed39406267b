//! How the octal sweep keeps its values: two bytes a heap while every value fits in 16
//! bits (as ogsolve keeps them, and as the block kernel reads them), four after.

use super::Wide;

/// G(0..len) as the sweep keeps them.
pub(super) enum Store {
    /// Every value below 2^16: two bytes a heap.
    Narrow(Vec<u16>),
    /// Once a value needs more.
    Wide(Vec<Wide>),
}

impl Store {
    pub(super) fn len(&self) -> usize {
        match self {
            Store::Narrow(g) => g.len(),
            Store::Wide(g) => g.len(),
        }
    }

    pub(super) fn get(&self, n: usize) -> Wide {
        match self {
            Store::Narrow(g) => Wide::from(g[n]),
            Store::Wide(g) => g[n],
        }
    }

    pub(super) fn reserve(&mut self, more: usize) {
        match self {
            Store::Narrow(g) => g.reserve(more),
            Store::Wide(g) => g.reserve(more),
        }
    }

    /// Appends `v`, widening the store when `v` does not fit in 16 bits.
    pub(super) fn push(&mut self, v: Wide) {
        match self {
            Store::Narrow(g) => match u16::try_from(v) {
                Ok(v) => g.push(v),
                Err(_) => {
                    let mut wide: Vec<Wide> = g.iter().map(|&x| Wide::from(x)).collect();
                    wide.push(v);
                    *self = Store::Wide(wide);
                }
            },
            Store::Wide(g) => g.push(v),
        }
    }

    pub(super) fn to_wide(&self) -> Vec<Wide> {
        (0..self.len()).map(|n| self.get(n)).collect()
    }
}
