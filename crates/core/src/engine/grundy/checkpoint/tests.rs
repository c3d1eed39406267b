//! The checkpoint format's round trips and every refusal, on small sweeps.
use super::*;
use crate::SparseSweep;

fn sample() -> Vec<u8> {
    let mut s = SparseSweep::with_interval_log2(8);
    s.run_to(1000).unwrap();
    s.checkpoint()
}

/// Header and payload, with the payload's length and checksum.
fn framed(version: u32, payload: &[u8]) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&version.to_le_bytes());
    b.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    b.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    b.extend_from_slice(payload);
    b
}

#[test]
fn round_trip() {
    let mut s = SparseSweep::with_interval_log2(8);
    s.run_to(1000).unwrap();
    let back = SparseSweep::restore(&s.checkpoint()).unwrap();
    assert_eq!(back.values(), s.values());
    assert_eq!(back.stats(), s.stats());
}

#[test]
fn refuses_corruption() {
    let good = sample();
    assert_eq!(Checkpoint::decode(b"hello"), Err(CheckpointError::BadMagic));
    let mut v = good.clone();
    v[8] = 9;
    assert_eq!(
        Checkpoint::decode(&v).unwrap_err().to_string(),
        "checkpoint format version 9 is not supported (versions 1 to 3 are read)"
    );
    assert!(matches!(Checkpoint::decode(&v), Err(CheckpointError::UnsupportedVersion { found: 9, .. })));
    assert!(matches!(Checkpoint::decode(&good[..good.len() - 1]), Err(CheckpointError::Truncated { .. })));
    assert!(matches!(Checkpoint::decode(&good[..20]), Err(CheckpointError::Truncated { .. })));
    let mut v = good.clone();
    let mid = v.len() / 2;
    v[mid] ^= 1;
    assert!(matches!(Checkpoint::decode(&v), Err(CheckpointError::ChecksumMismatch { .. })));
    assert!(matches!(Checkpoint::decode_for(&good, "other/1"), Err(CheckpointError::WrongAlgorithm { .. })));
    // An unknown kind, behind a valid checksum.
    let mut payload = good[HEADER..].to_vec();
    let kind_at = 4 + SparseSweep::ALGORITHM.len() + 1;
    assert_eq!(payload[kind_at], KIND_FULL);
    payload[kind_at] = 7;
    let e = Checkpoint::decode(&framed(VERSION, &payload)).unwrap_err();
    assert_eq!(e.to_string(), "checkpoint is inconsistent: unknown kind 7 (0 = every value, 1 = window)");
}

#[test]
fn refuses_statistics_that_disagree_with_the_values() {
    let mut s = SparseSweep::with_interval_log2(8);
    s.run_to(500).unwrap();
    let mut stats = s.stats().clone();
    stats.values[1].count += 1;
    let bytes = encode(SparseSweep::ALGORITHM, s.values(), &stats);
    assert!(matches!(Checkpoint::decode(&bytes), Err(CheckpointError::Inconsistent(_))));
}

/// Version 2 had no kind byte, and version 1 also stored the longest scan's stopping
/// split after its length; such checkpoints, built here by hand from a version-3 one,
/// still resume to the same state.
#[test]
fn reads_versions_1_and_2() {
    let mut s = SparseSweep::with_interval_log2(8);
    s.run_to(1000).unwrap();
    let v3 = s.checkpoint();
    let mut payload = v3[HEADER..].to_vec();
    let kind_at = 4 + SparseSweep::ALGORITHM.len() + 1;
    assert_eq!(payload.remove(kind_at), KIND_FULL);
    let v2 = framed(2, &payload);
    let back = SparseSweep::restore(&v2).unwrap();
    assert_eq!(back.stats(), s.stats());
    assert_eq!(back.checkpoint(), v3);
    // The longest scan is the only place where heap and length follow each other.
    let longest = s.stats().scan.longest.unwrap();
    let mut needle = longest.heap.to_le_bytes().to_vec();
    needle.extend_from_slice(&longest.length.to_le_bytes());
    let at = payload.windows(16).position(|w| w == needle.as_slice()).unwrap() + 16;
    payload.splice(at..at, longest.length.to_le_bytes());
    let mut v1 = framed(1, &payload);
    let back = SparseSweep::restore(&v1).unwrap();
    assert_eq!(back.stats(), s.stats());
    assert_eq!(back.checkpoint(), v3);
    // The same bytes labelled version 2 have 8 bytes too many.
    v1[8] = 2;
    assert!(matches!(Checkpoint::decode(&v1), Err(CheckpointError::Inconsistent(_))));
}

/// A window-mode state made by hand from a full sweep to 3000: a window of 1024, the
/// latest 1500 values from heap 1500 (the encoder does not care how it was reached).
fn window_sample() -> (SparseSweep, u64, u64) {
    let mut s = SparseSweep::with_interval_log2(8);
    s.run_to(3000).unwrap();
    (s, 1024, 1500)
}

fn window_bytes(s: &SparseSweep, size: u64, base: u64, first: &[Value], stats: &SweepStats) -> Vec<u8> {
    let view = WindowView { size, first, base, latest: &s.values()[base as usize..] };
    let mut out = Vec::new();
    encode_window_with(SparseSweep::ALGORITHM, view, stats, |b| out.extend_from_slice(b));
    out
}

#[test]
fn window_round_trip_and_refusals() {
    let (s, size, base) = window_sample();
    let first = &s.values()[..size as usize];
    let bytes = window_bytes(&s, size, base, first, s.stats());
    let cp = Checkpoint::decode(&bytes).unwrap();
    assert_eq!(cp.window, Some(Window { size, first: first.to_vec(), base }));
    assert_eq!(cp.values, &s.values()[base as usize..]);
    assert_eq!(&cp.stats, s.stats());
    // A sweep that needs every value, or another window, refuses it with the reason.
    let e = SparseSweep::restore(&bytes).unwrap_err();
    assert_eq!(e, CheckpointError::WrongWindow { found: Some(size), expected: None });
    assert_eq!(
        e.to_string(),
        "checkpoint was written keeping a window of 1024 heaps, but this run keeps every value (no window)"
    );
    let e = Checkpoint::decode_for_window(&bytes, SparseSweep::ALGORITHM, Some(2048)).unwrap_err();
    assert_eq!(e, CheckpointError::WrongWindow { found: Some(size), expected: Some(2048) });
    let e = Checkpoint::decode_for_window(&s.checkpoint(), SparseSweep::ALGORITHM, Some(size)).unwrap_err();
    assert_eq!(e, CheckpointError::WrongWindow { found: None, expected: Some(size) });
    assert!(Checkpoint::decode_for_window(&bytes, SparseSweep::ALGORITHM, Some(size)).is_ok());

    let inconsistent = |bytes: &[u8], what: &str| match Checkpoint::decode(bytes) {
        Err(CheckpointError::Inconsistent(m)) => assert!(m.contains(what), "{m}"),
        other => panic!("expected an inconsistency about {what:?}, got {:?}", other.map(|c| c.heaps())),
    };
    // With a window of 2000 from base 1000, heaps 1000..2000 are held twice; first values
    // that disagree with the latest ones there are refused.
    let first2000 = &s.values()[..2000];
    assert!(Checkpoint::decode(&window_bytes(&s, 2000, 1000, first2000, s.stats())).is_ok());
    let mut changed = first2000.to_vec();
    changed[1500] ^= 1;
    inconsistent(&window_bytes(&s, 2000, 1000, &changed, s.stats()), "overlap");
    let mut changed = first.to_vec();
    changed[1010] ^= 1;
    // A first value changed where only it is held: the counts no longer fit, or a sparse
    // heap's listed value disagrees.
    assert!(Checkpoint::decode(&window_bytes(&s, size, base, &changed, s.stats())).is_err());
    // Statistics that undercount a value held.
    let mut stats = s.stats().clone();
    let v = s.values()[2999] as usize;
    let w = (v + 1) % 4;
    stats.values[v].count = 0;
    stats.values[w].count += s.stats().values[v].count;
    inconsistent(&window_bytes(&s, size, base, first, &stats), "count of value");
    // Latest values not reaching back a whole window.
    inconsistent(&window_bytes(&s, size, 2100, first, s.stats()), "fewer than the window");
    // First values of the wrong length, or before the window moved.
    let mut payload = bytes[HEADER..].to_vec();
    let size_at = 4 + SparseSweep::ALGORITHM.len() + 2;
    assert_eq!(payload[size_at..size_at + 8], size.to_le_bytes());
    payload[size_at..size_at + 8].copy_from_slice(&(size + 1).to_le_bytes());
    inconsistent(&framed(VERSION, &payload), "first values stored for a window of 1025");
    // A base that does not add up to the heaps done.
    let mut payload = bytes[HEADER..].to_vec();
    let base_at = size_at + 16 + 2 * size as usize;
    assert_eq!(payload[base_at..base_at + 8], base.to_le_bytes());
    payload[base_at..base_at + 8].copy_from_slice(&(base + 1).to_le_bytes());
    inconsistent(&framed(VERSION, &payload), "1500 latest values from heap 1501 but statistics for 3000 heaps");
}

/// Before the window first moves, a window checkpoint holds every value and is checked
/// as fully as a full one.
#[test]
fn window_before_it_moves_is_checked_fully() {
    let mut s = SparseSweep::with_interval_log2(8);
    s.run_to(1500).unwrap();
    let view = WindowView { size: 1024, first: &[], base: 0, latest: s.values() };
    let mut stats = s.stats().clone();
    stats.values[1].count += 1;
    stats.values[2].count -= 1;
    for (st, ok) in [(s.stats().clone(), true), (stats, false)] {
        let mut out = Vec::new();
        encode_window_with(SparseSweep::ALGORITHM, view, &st, |b| out.extend_from_slice(b));
        assert_eq!(Checkpoint::decode(&out).is_ok(), ok);
    }
}
