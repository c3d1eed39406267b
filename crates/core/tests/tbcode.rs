//! Take-and-break codes in CGSuite's general notation: the facts of CGSuite's own tests
//! (the normal form of each code, and the options it lists for a heap, in its order), the
//! games a code goes to, loopy codes refused, subtraction sets both ways, and property
//! tests of the moves against a plain enumeration and of the values against the mex
//! definition written here.

use grundy_core::engine::definition;
use grundy_core::game::{Game, GameError, HeapGame, TbCode};
use proptest::prelude::*;

/// Codes and their normal forms (CGSuite's TBCodeTest, as facts).
const NORMAL_FORMS: &[(&str, &str)] = &[
    ("04.30", "4.3"),
    ("04.00[30]", "4.00[30]"),
    ("0.{1,2!}", "0.6!"),
    ("0.{0!,2!,3!}", "0.D!"),
    ("0.{0!,2!,3}", "0.{0,2!,3}"),
    ("0.{0!,2!,3!+}", "0.{0,2+}!"),
    ("0.{0!,2,3!+}", "0.{0,2,3!+}"),
    ("0.{0!,3+}", "0.{0,3+}"),
    ("0.{0,2!,4!+}", "0.{0,2,4+}!"),
    ("0.{0!,2!,4+}", "0.{0,2!,4+}"),
    ("0.{0!,2!,4?+}", "0.{0,2!,4?+}"),
    ("0.{0!,2?,4?+}", "0.{0,2,4+}?"),
    ("0.{0!,2=,4?+}", "0.{0,2=,4?+}"),
    ("0.{0!,2=,3?,4?+}", "0.{0,2=,3?+}"),
    ("0.{0!,2?,3?,4?+}", "0.{0,2+}?"),
    ("0.{0,1!,2,3,4+}", "0.*"),
    ("0.{0,1,2!,3!,4!+}", "0.*!"),
    ("04.00[00]", "4.0"),
];

/// Codes whose every digit is zero: CGSuite prints `0.0`; here such a code has no moves.
const NO_MOVES: &[(&str, &str)] = &[("00.00[00]", "0.0")];

/// A code, a heap, and the options CGSuite lists for it, in its order: heaps smallest first
/// joined by commas, `-` for a move that leaves nothing (CGSuite's TBCodeTest, as facts).
const OPTIONS: &[(&str, u64, &str)] = &[
    ("0.3", 9, "8"),
    ("0.7", 9, "8  1,7  2,6  3,5  4,4"),
    ("0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"),
    ("4.0", 8, "1,7  2,6  3,5  4,4"),
    ("4!.0", 8, "1,7  2,6  3,5"),
    ("0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"),
    ("0.3F?", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"),
    ("0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"),
    ("0.3f", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3"),
    ("0.3f?", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"),
    ("0.3f!", 11, "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"),
    ("0.*3", 7, "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5"),
    ("0.*?3", 7, "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5"),
    ("0.*!3", 7, "6  1,5  2,4  1,2,3  5"),
    ("0.[3]", 7, "6  5  4  3  2  1  -"),
    ("0.[2]", 7, "6  5  4  3  2  1"),
    ("0.3[1]", 7, "6  -"),
    ("0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"),
    ("80.0", 7, "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3"),
    ("0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
    ("{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
    ("0.{0,1,3+}", 1, "-"),
    ("0.{0,1,3+}", 2, "1"),
    ("0.{0,1,3+}", 7, "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1"),
    ("0.{1,3+}", 1, ""),
    ("0.{2,3?+}", 7, "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"),
];

fn listed(moves: impl IntoIterator<Item = Vec<u64>>) -> String {
    let each: Vec<String> = moves
        .into_iter()
        .map(|mut left| {
            left.reverse();
            if left.is_empty() {
                "-".to_string()
            } else {
                left.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            }
        })
        .collect();
    each.join("  ")
}

#[test]
fn normal_forms_are_cgsuites() {
    for &(code, normal) in NORMAL_FORMS {
        assert_eq!(TbCode::parse(code).unwrap().to_string(), normal, "{code}");
        assert_eq!(TbCode::parse(normal).unwrap().to_string(), normal, "{normal} is its own normal form");
    }
    for &(code, _) in NO_MOVES {
        assert_eq!(TbCode::parse(code), Err(GameError::NoMoves { code: code.into() }));
    }
    assert_eq!(TbCode::parse("0.[3]").unwrap().to_string(), "0.[3]");
    assert_eq!(TbCode::parse(".07").unwrap().to_string(), "0.07", "a code may start with its point");
    assert_eq!(TbCode::parse("0.&21;").unwrap().to_string(), "0.L", "&N; is a digit");
    assert_eq!(TbCode::parse("0.&64;").unwrap().to_string(), "0.&64;");
    assert_eq!(TbCode::parse("0.g").unwrap().to_string(), "0.G");
}

/// Every code lists CGSuite's options in CGSuite's order, and the game it parses to (which
/// may be an older kind: `0.77` is Kayles, `4!.0` Grundy's game) has the same options.
#[test]
fn options_are_cgsuites() {
    for &(code, heap, expected) in OPTIONS {
        let tb = TbCode::parse(code).unwrap();
        let ours = listed(tb.heap_moves(heap).into_iter().map(|m| m.left));
        assert_eq!(ours, expected, "{code} at heap {heap}");
        let game = Game::parse(code).unwrap();
        let mut a: Vec<Vec<u64>> = game.heap_moves(heap).into_iter().map(|m| m.left).collect();
        let mut b: Vec<Vec<u64>> = tb.heap_moves(heap).into_iter().map(|m| m.left).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{code} as {}", game.name());
    }
}

/// Plain codes keep their kind and name; codes in the new notation that a plain code plays
/// go to it under their normal form; `!` on one digit is CGSuite's.
#[test]
fn codes_go_to_the_kind_that_plays_them() {
    let name = |code: &str| Game::parse(code).unwrap().name();
    assert_eq!(name(".07"), "take-and-break .07");
    assert_eq!(name("4!.0"), "Grundy's game (4!.0)");
    assert_eq!(name("0.{0!,2!,3!}"), "take-and-break 0.D!");
    assert!(Game::parse("0.{1,2}").unwrap().octal().is_some(), "0.{{1,2}} is 0.6, an octal code");
    assert_eq!(Game::parse("0.{1,2}").unwrap(), Game::parse(".6").unwrap());
    assert_eq!(name(".6!"), "take-and-break .6!");
    assert_eq!(name("0.4!7"), "take-and-break 0.4!7");
    assert!(Game::parse("0.4!7").unwrap().octal().is_none());
    assert_eq!(name("0.[3]"), "take-and-break 0.[3]");
    assert_eq!(name("0.1?"), "take-and-break 0.1", "a mark on a digit that never splits means nothing");
    assert!(matches!(Game::parse("20.017"), Err(GameError::Loopy { .. })));
    assert!(matches!(Game::parse("{1,2}.0"), Err(GameError::Loopy { .. })), "a pass move");
    assert!(matches!(Game::parse("{2=}0.0"), Err(GameError::Loopy { .. })), "heap 1 leaves 1 + 1");
    assert!(Game::parse("80.0").is_ok(), "adding 1 and leaving 3 heaps leaves each smaller");
    assert!(matches!(Game::parse("0.[3"), Err(GameError::BadCode { .. })));
    assert!(matches!(Game::parse("0.3]"), Err(GameError::BadCode { .. })));
    assert!(matches!(Game::parse("0.{2!}!"), Err(GameError::BadCode { .. })));
    assert!(matches!(Game::parse("0.{64}"), Err(GameError::BadCode { .. })));
    assert!(matches!(Game::parse("0.[!]"), Err(GameError::BadCode { .. })));
    assert!(matches!(Game::parse("4!!.0"), Err(GameError::BadCode { .. })));
    assert!(matches!(Game::parse("2.07"), Err(GameError::PassMove { .. })), "today's error for today's text");
    assert_eq!(name("4!.7!"), "take-and-break 4!.7!", "a mark on each of two digits");
    assert!(matches!(Game::parse("chess"), Err(GameError::Unknown { .. })), "a name is not a code");
    let loopy = Game::parse("20.017").unwrap_err().to_string();
    assert!(loopy.contains("loopy") && loopy.contains("play may never end"), "{loopy}");
}

#[test]
fn subtraction_sets_both_ways() {
    let s = TbCode::of_subtraction(&[2, 3, 5, 9], false);
    assert_eq!(s.to_string(), "0.033030003");
    assert_eq!(s.subtraction_set(), Some((vec![2, 3, 5, 9], false)));
    let a = TbCode::of_subtraction(&[2, 3, 5, 9], true);
    assert_eq!(a.to_string(), "0.300303330[3]");
    assert_eq!(a.subtraction_set(), Some((vec![2, 3, 5, 9], true)));
    assert_eq!(TbCode::parse("0.[3]").unwrap().subtraction_set(), Some((vec![], true)));
    assert_eq!(TbCode::parse("0.[37]").unwrap().subtraction_set(), None);
    assert_eq!(Game::parse("s2,3,5,9").unwrap().tbcode().unwrap().to_string(), "0.033030003");
    assert_eq!(Game::parse("nim").unwrap().tbcode().unwrap().to_string(), "0.[3]");
    assert_eq!(Game::parse("kayles").unwrap().tbcode().unwrap().to_string(), "0.77");
    assert_eq!(Game::parse("grundy").unwrap().tbcode().unwrap().to_string(), "4!.0");
    assert_eq!(Game::parse("0.033030003").unwrap(), Game::parse("0.033030003").unwrap());
}

#[test]
fn all_but_games_have_their_values() {
    let nim = definition::values(&Game::parse("0.[3]").unwrap(), 10).unwrap();
    assert_eq!(nim, (0..10).collect::<Vec<u32>>());
    // Take any number but 1: 0 0 1 1 2 2 ...
    let g = definition::values(&Game::parse("0.0[3]").unwrap(), 8).unwrap();
    assert_eq!(g, [0, 0, 1, 1, 2, 2, 3, 3]);
}

/// Text of a random code: a few digits, each a base-32 digit, `*` or a count list, with a
/// mark, maybe a repeating tail.
fn code() -> impl Strategy<Value = String> {
    let mark = prop_oneof![Just(""), Just("!"), Just("?"), Just("=")];
    let counts = proptest::collection::btree_set(0u8..6, 1..4);
    let digit = prop_oneof![
        4 => (0u8..32, mark.clone()).prop_map(|(d, m)| format!("{}{m}", "0123456789ABCDEFGHIJKLMNOPQRSTUV".as_bytes()[d as usize] as char)),
        1 => mark.clone().prop_map(|m| format!("*{m}")),
        2 => (counts, any::<bool>(), mark).prop_map(|(c, more, m)| {
            let list: Vec<String> = c.iter().map(u8::to_string).collect();
            format!("{{{}{}}}{m}", list.join(","), if more { "+" } else { "" })
        }),
    ];
    let d0 = prop_oneof![Just("0"), Just("4"), Just("8"), Just("4!"), Just("C?"), Just("{2+}="), Just("*")];
    (d0, proptest::collection::vec(digit.clone(), 0..4), proptest::collection::vec(digit, 0..2)).prop_map(
        |(d0, body, tail)| {
            let tail = if tail.is_empty() { String::new() } else { format!("[{}]", tail.concat()) };
            format!("{d0}.{}{tail}", body.concat())
        },
    )
}

/// The moves from a heap of `n` straight from the rules: every multiset of heaps whose
/// count the digit allows, which holds what is left, and meets the digit's mark.
fn plain_moves(code: &TbCode, n: u64) -> Vec<Vec<u64>> {
    fn multisets(t: u64, i: u64, lo: u64, out: &mut Vec<Vec<u64>>, cur: &mut Vec<u64>) {
        if i == 0 {
            if t == 0 {
                out.push(cur.clone());
            }
            return;
        }
        for a in lo.max(1)..=t {
            cur.push(a);
            multisets(t - a, i - 1, a, out, cur);
            cur.pop();
        }
    }
    let mut moves = Vec::new();
    for j in 1..=n {
        let d = code.digit(j as i64);
        let t = n - j;
        for i in 0..=t {
            let Some(c) = d.count(i) else { continue };
            let mut all = Vec::new();
            multisets(t, i, 1, &mut all, &mut Vec::new());
            for parts in all {
                let sizes: std::collections::BTreeSet<u64> = parts.iter().copied().collect();
                let ok = parts.len() < 2
                    || match c {
                        grundy_core::game::Constraint::Any => true,
                        grundy_core::game::Constraint::SomeUnequal => sizes.len() > 1,
                        grundy_core::game::Constraint::Unequal => sizes.len() == parts.len(),
                        grundy_core::game::Constraint::Equal => sizes.len() == 1,
                    };
                if ok {
                    moves.push(parts.into_iter().rev().collect());
                }
            }
        }
    }
    // Digit 0 splits without taking: into two heaps or more.
    let d0 = code.digit(0);
    for i in 2..=n {
        let Some(c) = d0.count(i) else { continue };
        let mut all = Vec::new();
        multisets(n, i, 1, &mut all, &mut Vec::new());
        for parts in all {
            let sizes: std::collections::BTreeSet<u64> = parts.iter().copied().collect();
            let ok = match c {
                grundy_core::game::Constraint::Any => true,
                grundy_core::game::Constraint::SomeUnequal => sizes.len() > 1,
                grundy_core::game::Constraint::Unequal => sizes.len() == parts.len(),
                grundy_core::game::Constraint::Equal => sizes.len() == 1,
            };
            if ok {
                moves.push(parts.into_iter().rev().collect());
            }
        }
    }
    moves.sort();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every code prints a normal form that reads back as the same code; its moves are
    /// those of the plain enumeration; the game it parses to (a plain kind where one
    /// applies) has the same moves and, by whatever engine, the mex definition's values.
    #[test]
    fn moves_and_values_agree_with_the_rules(text in code()) {
        agrees_with_the_rules(&text)?;
    }

    /// The same for subtraction games written with a repeating tail (digits 0-3), whose
    /// values the definition reads without listing moves.
    #[test]
    fn subtraction_tails_agree_with_the_rules(body in "[0-3]{0,4}", tail in "[0-3]{1,3}") {
        agrees_with_the_rules(&format!("0.{body}[{tail}]"))?;
    }
}

/// The check of [`moves_and_values_agree_with_the_rules`] for one code's text.
fn agrees_with_the_rules(text: &str) -> Result<(), TestCaseError> {
    let Ok(code) = TbCode::parse(text) else { return Ok(()) };
    let again = TbCode::parse(&code.to_string()).unwrap();
    prop_assert_eq!(&again, &code, "{} reads back", code);
    let game = Game::parse(text).unwrap();
    let n_max = 14;
    let mut g: Vec<u32> = Vec::new();
    for n in 0..n_max {
        let mut ours: Vec<Vec<u64>> = code.heap_moves(n).into_iter().map(|m| m.left).collect();
        ours.sort();
        prop_assert_eq!(&ours, &plain_moves(&code, n), "{} at {}", code, n);
        let mut theirs: Vec<Vec<u64>> = game.heap_moves(n).into_iter().map(|m| m.left).collect();
        theirs.sort();
        theirs.dedup();
        ours.dedup();
        prop_assert_eq!(&theirs, &ours, "{} as {} at {}", code, game.name(), n);
        let options: std::collections::BTreeSet<u32> =
            ours.iter().map(|left| left.iter().fold(0, |x, &h| x ^ g[h as usize])).collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    prop_assert_eq!(definition::values(&game, n_max as usize).unwrap(), g);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The all-but subtraction lemma's proofs hold: for random excluded sets, the period
    /// and saltus proved from the first values predict every value of a longer table
    /// computed by the definition.
    #[test]
    fn all_but_periods_predict_the_values(excluded in proptest::collection::btree_set(1u64..12, 0..5)) {
        let set: Vec<u64> = excluded.into_iter().collect();
        let game = Game::parse(&TbCode::of_subtraction(&set, true).to_string()).unwrap();
        let p = grundy_core::period::find_period(&game, 1500).unwrap().expect("all-but games are arithmetic-periodic");
        prop_assert!(p.proved);
        let g = definition::values(&game, 1500).unwrap();
        for n in p.preperiod..g.len() - p.period {
            prop_assert_eq!(g[n + p.period] as u64, g[n] as u64 + p.saltus, "{:?} at {}", set, n);
        }
    }
}

#[test]
fn describe_says_what_a_code_is() {
    use grundy_core::game::describe::describe;
    let d = describe(&Game::parse("0.{0!,2!,3!}").unwrap());
    assert_eq!(d.code.as_deref(), Some("0.D!"));
    assert_eq!(d.periods, None);
    let d = describe(&Game::parse("s2,3,5,9").unwrap());
    assert_eq!((d.code.as_deref(), d.subtraction.as_deref()), (Some("0.033030003"), Some("s2,3,5,9")));
    let d = describe(&Game::parse("0.[3]").unwrap());
    assert_eq!(d.subtraction.as_deref(), Some("take any number (Nim)"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any text over the notation's characters is a game or a typed error, never a panic,
    /// and a game lists its moves from small heaps.
    #[test]
    fn any_text_of_the_notation_is_read_or_refused(text in "[0-9a-vA-V.!?=\\[\\]{}*&;,+]{0,12}") {
        if let Ok(game) = Game::parse(&text) {
            for n in 0..10 {
                let _ = game.heap_moves(n);
            }
            let code = game.tbcode().expect("a code has its code");
            prop_assert_eq!(TbCode::parse(&code.to_string()), Ok(code));
        }
    }
}
