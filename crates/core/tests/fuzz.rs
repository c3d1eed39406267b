//! Fuzzing on stable Rust: property tests over arbitrary bytes for every parser in
//! grundy-core (cargo-fuzz needs nightly). Each target must never panic and must answer
//! every input with a value or a typed error whose message is one non-empty line. CI runs
//! them with `cargo test`; each prints how many inputs it ran (`-- --nocapture`).
//!
//! Targets: game codes (`Game::parse`, `TakeAndBreak::parse`), counts (`count::parse_count`),
//! checkpoints (`Checkpoint::decode`) on arbitrary bytes and on mutated valid checkpoints
//! (bytes flipped, cut short, and payload bytes changed with the checksum and length
//! fixed up, so that the mutation reaches the reader behind the checksum).

use grundy_core::count::parse_count;
use grundy_core::game::{Game, TakeAndBreak};
use grundy_core::{Checkpoint, SparseSweep};
use grundy_testkit::{fuzz, one_line};
use proptest::prelude::*;

/// Strings of any Unicode, and strings from the alphabet the parsers read, which reach
/// far deeper than random Unicode does.
fn text(alphabet: &'static str, max: usize) -> BoxedStrategy<String> {
    prop_oneof![any::<String>(), proptest::string::string_regex(&format!("{alphabet}{{0,{max}}}")).unwrap()].boxed()
}

#[test]
fn fuzz_game_codes() {
    fuzz("Game::parse", 100_000, text("[0-9a-fA-F.!s,{}\\- xyzgrundykaylesnimhalfsquaresmisere]", 14), |s| {
        if let Err(e) = Game::parse(&s) {
            one_line(e.to_string());
        }
    });
    fuzz("TakeAndBreak::parse", 100_000, text("[0-9a-fA-F.!{} ]", 14), |s| {
        if let Err(e) = TakeAndBreak::parse(&s) {
            one_line(e.to_string());
        }
    });
}

#[test]
fn fuzz_counts() {
    fuzz("count::parse_count", 100_000, text("[0-9eE^_ +\\-.x]", 24), |s| {
        if let Err(e) = parse_count(&s) {
            one_line(e.to_string());
        }
    });
    // Every u64 written plainly reads back as itself.
    fuzz("count::parse_count round trip", 5_000, any::<u64>(), |n| {
        assert_eq!(parse_count(&n.to_string()).ok(), Some(n));
    });
}

/// A valid checkpoint of a small sweep: enough sparse heaps, records and scans that every
/// part of the format is present.
fn valid_checkpoint() -> Vec<u8> {
    let mut sweep = SparseSweep::new();
    sweep.run_to(300).unwrap();
    sweep.checkpoint()
}

const HEADER: usize = 24;

/// Rewrites the length and CRC-32 so that a changed payload passes the checksum.
fn fix_up(bytes: &mut [u8]) {
    if bytes.len() < HEADER {
        return;
    }
    let len = (bytes.len() - HEADER) as u64;
    bytes[16..24].copy_from_slice(&len.to_le_bytes());
    let crc = crc32fast::hash(&bytes[HEADER..]);
    bytes[12..16].copy_from_slice(&crc.to_le_bytes());
}

fn decodes_or_refuses(bytes: &[u8]) {
    if let Err(e) = Checkpoint::decode(bytes) {
        one_line(e.to_string());
    }
}

#[test]
fn fuzz_checkpoints() {
    let valid = valid_checkpoint();
    assert!(Checkpoint::decode(&valid).is_ok());
    let n = valid.len();
    fuzz("Checkpoint::decode, arbitrary bytes", 20_000, proptest::collection::vec(any::<u8>(), 0..512), |b| {
        decodes_or_refuses(&b)
    });
    // Arbitrary bytes behind a valid header, so that they reach the reader.
    fuzz("Checkpoint::decode, arbitrary payload", 20_000, proptest::collection::vec(any::<u8>(), 0..512), |payload| {
        let mut b = valid[..HEADER].to_vec();
        b.extend_from_slice(&payload);
        fix_up(&mut b);
        decodes_or_refuses(&b);
    });
    let flips = proptest::collection::vec((0..n, 1..=255u8), 1..8);
    fuzz("Checkpoint::decode, flipped bytes", 10_000, flips.clone(), |flips| {
        let mut b = valid.clone();
        for (at, x) in flips {
            b[at] ^= x;
        }
        // Without a fix-up the checksum (or magic, version, length) must catch it.
        assert!(Checkpoint::decode(&b).is_err(), "a flipped checkpoint was accepted");
        decodes_or_refuses(&b);
    });
    fuzz("Checkpoint::decode, flipped payload, checksum fixed", 10_000, flips, |flips| {
        let mut b = valid.clone();
        for (at, x) in flips {
            b[at.max(HEADER)] ^= x;
        }
        fix_up(&mut b);
        decodes_or_refuses(&b);
    });
    fuzz("Checkpoint::decode, cut short", 5_000, (0..n, any::<bool>()), |(keep, fixed)| {
        let mut b = valid[..keep].to_vec();
        if fixed {
            fix_up(&mut b);
        }
        assert!(Checkpoint::decode(&b).is_err(), "a checkpoint cut to {keep} bytes was accepted");
        decodes_or_refuses(&b);
    });
    // Bytes inserted into the payload, checksum fixed.
    fuzz(
        "Checkpoint::decode, bytes inserted",
        5_000,
        (HEADER..n, proptest::collection::vec(any::<u8>(), 1..16)),
        |(at, extra)| {
            let mut b = valid.clone();
            b.splice(at..at, extra);
            fix_up(&mut b);
            decodes_or_refuses(&b);
        },
    );
}
