//! OEIS b-file text: one "n a(n)" line per term, LF endings, no header. Written exactly so
//! that its sha256 can be compared with the official file's.

use std::fmt::Write;

use crate::Value;

/// The b-file text of `values`, whose first entry is a(offset).
pub fn to_bfile(offset: u64, values: &[Value]) -> String {
    let mut out = String::with_capacity(values.len() * 8);
    for (i, v) in values.iter().enumerate() {
        writeln!(out, "{} {}", offset + i as u64, v).expect("writing to a String cannot fail");
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn format() {
        assert_eq!(super::to_bfile(0, &[0, 0, 0, 1]), "0 0\n1 0\n2 0\n3 1\n");
        assert_eq!(super::to_bfile(1, &[7]), "1 7\n");
    }
}
