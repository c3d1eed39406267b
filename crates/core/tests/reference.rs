//! The sweep against published data committed in `fixtures/` (copied from the stored
//! sources; see `fixtures/manifest.toml` for where each file came from).

use grundy_core::bfile::to_bfile;
use grundy_core::engine::grundy::naive;
use grundy_core::SparseSweep;

const B002188: &str = include_str!("../../../fixtures/raw/oeis/b002188.txt");
const SHA256_LIST: &str = include_str!("../../../fixtures/raw/stored/oeis_bfile_sha256.txt");
const A036685: &str = include_str!("../../../fixtures/raw/stored/oeis_A036685.txt");
const A180120: &str = include_str!("../../../fixtures/raw/stored/oeis_A180120.txt");
const A180121: &str = include_str!("../../../fixtures/raw/stored/oeis_A180121.txt");
const FLAMMENKAMP: &str = include_str!("../../../fixtures/raw/stored/flammenkamp_grundy_sparse_partial.txt");

/// The terms of a stored OEIS b-file, read by the project's b-file parser.
fn terms(text: &str) -> Vec<(u64, u64)> {
    grundy_core::bfile::parse_bfile(text).unwrap().terms
}

/// "heap value" lines of Flammenkamp's stored list under its `#` header. Not a b-file: the
/// heaps are not consecutive.
fn heap_values(text: &str) -> Vec<(u64, u64)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace().map(|t| t.parse::<u64>().expect(l));
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect()
}

fn sweep(heaps: u64) -> SparseSweep {
    let mut s = SparseSweep::new();
    s.run_to(heaps).unwrap();
    s
}

#[test]
fn sweep_equals_definition_up_to_20000() {
    let s = sweep(20_001);
    let g = naive::grundy_values(20_000);
    let first_difference = s.values().iter().zip(&g).position(|(a, b)| a != b);
    assert_eq!(first_difference, None);
}

#[test]
fn bfile_is_byte_identical_to_oeis_a002188() {
    let s = sweep(10_001);
    let text = to_bfile(0, s.values());
    assert_eq!(text, B002188);
    let official = SHA256_LIST
        .lines()
        .find(|l| l.starts_with("A002188 "))
        .and_then(|l| l.split_whitespace().nth(2))
        .expect("A002188 row in the sha256 list");
    let ours = sha256_hex(text.as_bytes());
    assert_eq!(ours, official);
}

#[test]
fn up_to_100000_zeros_sparse_heaps_and_records() {
    let s = sweep(100_001);
    let stats = s.stats();

    let zeros: Vec<u64> = (0..s.len()).filter(|&n| s.values()[n as usize] == 0).collect();
    let expected: Vec<u64> = terms(A036685).iter().map(|&(_, n)| n).collect();
    assert_eq!(expected.len(), 42);
    assert_eq!(zeros, expected);
    assert_eq!(stats.values[0].count, 42);
    assert_eq!(stats.values[0].last, 1222);

    let ours: Vec<(u64, u64)> =
        stats.sparse_heaps.iter().take_while(|h| h.heap <= 231).map(|h| (h.heap, h.value as u64)).collect();
    let theirs = heap_values(FLAMMENKAMP);
    assert_eq!(theirs.len(), 48);
    assert_eq!(ours, theirs);

    let positions = terms(A180120);
    let values = terms(A180121);
    assert_eq!((positions.len(), values.len()), (45, 63));
    let in_range = positions.iter().filter(|&&(_, n)| n < s.len()).count();
    assert_eq!(in_range, 45, "every available A180120 term is below 100,000");
    for (k, &(index, n)) in positions.iter().enumerate() {
        assert_eq!(index, k as u64 + 1);
        assert_eq!(stats.records[k].heap, n, "record {}", k + 1);
    }
    // The values list reaches further than the positions list; compare the records we have.
    let ours: Vec<u64> = stats.records.iter().map(|r| r.value as u64).collect();
    let theirs: Vec<u64> = values.iter().map(|&(_, v)| v).take(ours.len()).collect();
    assert!(ours.len() >= 45);
    assert_eq!(ours[..theirs.len()], theirs[..]);
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}
