//! The store loop both sparse-space sweeps spend stage 1 in: one byte set per option, in
//! a row of marks per heap.

/// Sets `rows[j * stride + ((parts[j] ^ x) & mask)]` to 1 for every j: the options
/// x ^ G(part) of consecutive heaps, a row of `stride` bytes each.
///
/// Four parts are read as one 64-bit word, XORed with x in all four lanes, and each mark is
/// stored from it: one store a mark, no multiply and no bounds check. Offsets written by
/// a vector loop and read back cost a store-to-load forward a mark: on a Zen 3 EPYC 2.4
/// cycles a mark in isolation against 1.5 so, and Grundy's sweep to 2^22 on one thread
/// 6.43-6.52 s against 5.83-6.07 s (three runs alternating). With
/// `rows.chunks_exact_mut(stride)` each mark cost a multiply and a check (.36 spent a
/// quarter of its time there).
#[inline(always)]
pub(crate) fn mark_xors(rows: &mut [u8], stride: usize, parts: &[u16], x: u16, mask: usize) {
    assert!(mask <= 0xffff && mask < stride, "a mark's place fits its row and the 16 bits of a lane");
    assert!(parts.is_empty() || (parts.len() - 1) * stride + mask < rows.len(), "a row for every part");
    let x4 = u64::from(x) * 0x0001_0001_0001_0001;
    let mask64 = mask as u64;
    let mut at = 0;
    let mut quads = parts.chunks_exact(4);
    for quad in &mut quads {
        let w =
            (u64::from(quad[0]) | u64::from(quad[1]) << 16 | u64::from(quad[2]) << 32 | u64::from(quad[3]) << 48) ^ x4;
        // SAFETY: at = j * stride for a j with j + 3 < parts.len(), and each offset is at
        // most mask, so every index is at most (parts.len() - 1) * stride + mask, below
        // rows.len() (asserted above).
        unsafe {
            *rows.get_unchecked_mut(at + (w & mask64) as usize) = 1;
            *rows.get_unchecked_mut(at + stride + (w >> 16 & mask64) as usize) = 1;
            *rows.get_unchecked_mut(at + 2 * stride + (w >> 32 & mask64) as usize) = 1;
            *rows.get_unchecked_mut(at + 3 * stride + (w >> 48 & mask64) as usize) = 1;
        }
        at += 4 * stride;
    }
    for &p in quads.remainder() {
        rows[at + ((p ^ x) as usize & mask)] = 1;
        at += stride;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length (whole words and the parts after them), against the formula.
    #[test]
    fn marks_the_xor_of_each_part_in_its_row() {
        for len in 0..13 {
            let parts: Vec<u16> = (0..len).map(|j| (j * 37 % 64) as u16).collect();
            let mut rows = vec![0u8; 13 * 80];
            mark_xors(&mut rows, 80, &parts, 21, 63);
            let mut expected = vec![0u8; 13 * 80];
            for (j, &p) in parts.iter().enumerate() {
                expected[j * 80 + ((p ^ 21) & 63) as usize] = 1;
            }
            assert_eq!(rows, expected, "{len} parts");
        }
    }
}
