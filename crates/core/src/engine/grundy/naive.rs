//! Grundy's game straight from the definition: the slow, obviously correct reference.
//!
//! G(n) = mex { G(a) ^ G(n - a) : 1 <= a < n - a }. Quadratic in N; every fast path is
//! tested against it.

use crate::Value;

/// The minimum excludant of a list of values.
pub fn mex(options: impl IntoIterator<Item = Value>) -> Value {
    let mut seen = vec![false; 1];
    for v in options {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as Value
}

/// G(0), ..., G(n_max) of Grundy's game by the definition.
pub fn grundy_values(n_max: usize) -> Vec<Value> {
    let mut g: Vec<Value> = Vec::with_capacity(n_max + 1);
    for n in 0..=n_max {
        let options = (1..n).take_while(|&a| a < n - a).map(|a| g[a] ^ g[n - a]);
        let value = mex(options);
        g.push(value);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_examples() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([2, 0, 1]), 3);
    }

    #[test]
    fn first_values_by_hand() {
        // Heaps 0, 1, 2 have no move; 3 -> 1+2 (0^0 = 0) so 1; 4 -> 1+3 (0^1) so 0.
        assert_eq!(grundy_values(8), vec![0, 0, 0, 1, 0, 2, 1, 0, 2]);
    }
}
