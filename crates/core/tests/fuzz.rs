//! Fuzzing on stable Rust: property tests over arbitrary bytes for every parser in
//! grundy-core (cargo-fuzz needs nightly). Each target must never panic and must answer
//! every input with a value or a typed error whose message is one non-empty line. CI runs
//! them with `cargo test`; each prints how many inputs it ran (`-- --nocapture`).
//!
//! Targets: game codes (`Game::parse`, `TakeAndBreak::parse`), graphs (`Game::graph`, which
//! web requests reach: arbitrary text, and graphs made of valid lines with moves to any
//! name, cycles included), counts (`count::parse_count`), Grundy's checkpoints
//! (`Checkpoint::decode`) and the octal sweep's (`OctalSweep::restore`), on arbitrary bytes
//! and on mutated valid checkpoints (bytes flipped, cut short, and payload bytes changed
//! with the checksum and length fixed up, so that the mutation reaches the reader behind
//! the checksum).

use grundy_core::count::parse_count;
use grundy_core::engine::octal::OctalSweep;
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

/// The graph parser: arbitrary text, text from the format's alphabet, and graphs of well
/// formed lines whose moves name any vertex (so that duplicates, missing vertices and
/// cycles come up), each answered by a game or a one-line error; a game it accepts has
/// every move going to a smaller vertex.
#[test]
fn fuzz_graphs() {
    let check = |text: String| match Game::graph("fuzz", &text) {
        Ok(game) => {
            let n = game.largest_heap().expect("a graph is finite");
            for v in 1..=n.min(200) {
                for m in grundy_core::game::HeapGame::heap_moves(&game, v) {
                    assert!(m.left.iter().all(|&w| w < v), "a move from {v} to {:?}", m.left);
                }
            }
        }
        Err(e) => one_line(e.to_string()),
    };
    fuzz("Game::graph, any text", 20_000, any::<String>(), check);
    fuzz("Game::graph, the format's alphabet", 20_000, text(r"[a-c0-2:# \n\t.\-_]", 60), check);
    let name = proptest::sample::select(vec!["a", "b", "c", "d", "e", "f"]);
    let line = (name.clone(), proptest::collection::vec(name, 0..4));
    fuzz("Game::graph, lines of names", 20_000, proptest::collection::vec(line, 0..8), |lines| {
        let text: String = lines.iter().map(|(v, moves)| format!("{v}: {}\n", moves.join(" "))).collect();
        check(text);
    });
}

/// `Game::any_graph` (graphs with cycles allowed): a game or a one-line error for any lines
/// of names; a graph with a cycle has a value for every vertex and an analysis for a
/// position of two of its tokens, with no panic.
#[test]
fn fuzz_graphs_with_cycles() {
    use grundy_core::ask::{Control, Rule, Session};
    let name = proptest::sample::select(vec!["a", "b", "c", "d", "e", "f"]);
    let line = (name.clone(), proptest::collection::vec(name, 0..4));
    let session = Session::new();
    fuzz("Game::any_graph, lines of names", 5_000, proptest::collection::vec(line, 0..8), |lines| {
        let text: String = lines.iter().map(|(v, moves)| format!("{v}: {}\n", moves.join(" "))).collect();
        match Game::any_graph("fuzz", &text) {
            Ok(game) if game.loopy().is_some() => {
                let n = game.largest_heap().expect("a graph is finite");
                let table = session.loopy_values(&game, Rule::Normal, &mut Control::unlimited()).unwrap();
                assert_eq!(table.len(), n);
                let a = session.analyze_loopy(&game, &[1, n], Rule::Normal, &mut Control::unlimited()).unwrap();
                assert_eq!(a.analysis.value.outcome(), a.analysis.outcome);
            }
            Ok(_) => {}
            Err(e) => one_line(e.to_string()),
        }
    });
}

/// A valid checkpoint of an octal sweep (.6, with sparse heaps and a mask refined).
fn valid_octal_checkpoint(game: &TakeAndBreak) -> Vec<u8> {
    let mut sweep = OctalSweep::auto(game, 600).unwrap();
    sweep.run_to(600).unwrap();
    sweep.checkpoint()
}

/// The octal sweep's checkpoint decoder (`OctalSweep::restore`), as Grundy's above: never a
/// panic, a one-line refusal for damaged bytes, and a flipped byte never accepted.
#[test]
fn fuzz_octal_checkpoints() {
    let game = TakeAndBreak::parse(".6").unwrap();
    let valid = valid_octal_checkpoint(&game);
    let restores_or_refuses = |b: &[u8]| {
        if let Err(e) = OctalSweep::restore(&game, b) {
            one_line(e.to_string());
        }
    };
    assert!(OctalSweep::restore(&game, &valid).is_ok());
    let n = valid.len();
    fuzz("OctalSweep::restore, arbitrary bytes", 20_000, proptest::collection::vec(any::<u8>(), 0..512), |b| {
        restores_or_refuses(&b)
    });
    fuzz("OctalSweep::restore, arbitrary payload", 20_000, proptest::collection::vec(any::<u8>(), 0..512), |payload| {
        let mut b = valid[..HEADER].to_vec();
        b.extend_from_slice(&payload);
        fix_up(&mut b);
        restores_or_refuses(&b);
    });
    let flips = proptest::collection::vec((0..n, 1..=255u8), 1..8);
    fuzz("OctalSweep::restore, flipped bytes", 10_000, flips.clone(), |flips| {
        let mut b = valid.clone();
        for (at, x) in flips {
            b[at] ^= x;
        }
        assert!(OctalSweep::restore(&game, &b).is_err(), "a flipped checkpoint was accepted");
        restores_or_refuses(&b);
    });
    fuzz("OctalSweep::restore, flipped payload, checksum fixed", 10_000, flips, |flips| {
        let mut b = valid.clone();
        for (at, x) in flips {
            b[at.max(HEADER)] ^= x;
        }
        fix_up(&mut b);
        restores_or_refuses(&b);
    });
    fuzz("OctalSweep::restore, cut short", 5_000, 0..n, |keep| {
        let mut b = valid[..keep].to_vec();
        fix_up(&mut b);
        assert!(OctalSweep::restore(&game, &b).is_err(), "a checkpoint cut to {keep} bytes was accepted");
        restores_or_refuses(&b);
    });
}
