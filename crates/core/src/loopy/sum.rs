//! The value of a sum of tokens from the values of its tokens (Smith's rule): finite values
//! add by nim-sum, ∞(K) plus a finite y is ∞(K ⊕ y), and two or more infinite values make
//! ∞{} (every option of such a sum still has an infinite token, so none has a finite value).

use super::LoopyValue;

/// The value of the sum of positions of values `values`.
pub fn sum<'a>(values: impl IntoIterator<Item = &'a LoopyValue>) -> LoopyValue {
    let mut nim = 0u64;
    let mut infinite: Option<&Vec<u64>> = None;
    for v in values {
        match v {
            LoopyValue::Finite(m) => nim ^= m,
            LoopyValue::Infinite(_) if infinite.is_some() => return LoopyValue::Infinite(Vec::new()),
            LoopyValue::Infinite(k) => infinite = Some(k),
        }
    }
    match infinite {
        None => LoopyValue::Finite(nim),
        Some(k) => {
            let mut k: Vec<u64> = k.iter().map(|x| x ^ nim).collect();
            k.sort_unstable();
            LoopyValue::Infinite(k)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::LoopyOutcome;

    #[test]
    fn sums_follow_smiths_rule() {
        let inf = |k: &[u64]| LoopyValue::Infinite(k.to_vec());
        let fin = LoopyValue::Finite;
        assert_eq!(sum(&[fin(3), fin(5)]), fin(6));
        assert_eq!(sum(&[inf(&[0, 2]), fin(2)]), inf(&[0, 2]));
        assert_eq!(sum(&[inf(&[0, 3]), fin(1)]), inf(&[1, 2]));
        assert_eq!(sum(&[inf(&[0]), fin(1), inf(&[1])]), inf(&[]));
        assert_eq!(sum(&[]), fin(0));
        assert_eq!(sum(&[inf(&[0, 2]), fin(2)]).outcome(), LoopyOutcome::N);
        assert_eq!(sum(&[inf(&[0, 3]), fin(1)]).outcome(), LoopyOutcome::D);
        assert_eq!(sum(&[fin(1), fin(1)]).outcome(), LoopyOutcome::P);
    }
}
