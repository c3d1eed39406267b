//! Fuzzing on stable Rust: property tests over arbitrary text for every parser in
//! grundy-sources (cargo-fuzz needs nightly). Each target must never panic and must answer
//! every input with a value or a typed error whose message is one non-empty line. CI runs
//! them with `cargo test`; each prints how many inputs it ran (`-- --nocapture`).
//!
//! Targets: b-files (`parse_bfile`), the OEIS text format (`parse_oeis_text`), Flammenkamp's
//! page (`parse_page`), the stored sparse list (`partial_flammenkamp_html`) and the manifest
//! (`Manifest::from_toml`), on arbitrary text, on text from each format's alphabet, and on
//! mutations of the committed files (lines dropped, doubled or cut, characters changed).

use grundy_core::bfile::parse_bfile;
use grundy_sources::flammenkamp::parse_page;
use grundy_sources::manifest::Manifest;
use grundy_sources::oeis_text::parse_oeis_text;
use grundy_sources::pipeline::partial_flammenkamp_html;
use grundy_testkit::{fuzz, one_line};
use proptest::prelude::*;

const PAGE: &str = include_str!("../../../fixtures/raw/flammenkamp/grundy.partial.html");
const B002187: &str = include_str!("../../../fixtures/raw/oeis/b002187.txt");
const A180120: &str = include_str!("../../../fixtures/raw/stored/oeis_A180120.txt");
const MANIFEST: &str = include_str!("../../../fixtures/manifest.toml");

fn regex(pattern: &str) -> BoxedStrategy<String> {
    proptest::string::string_regex(pattern).unwrap().boxed()
}

/// One edit of a text: a line dropped, doubled or cut short, a character replaced, the
/// text cut short, or arbitrary text inserted.
#[derive(Clone, Debug)]
enum Edit {
    DropLine(usize),
    DoubleLine(usize),
    CutLine(usize, usize),
    Replace(usize, char),
    Truncate(usize),
    Insert(usize, String),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        any::<usize>().prop_map(Edit::DropLine),
        any::<usize>().prop_map(Edit::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(l, at)| Edit::CutLine(l, at)),
        (any::<usize>(), any::<char>()).prop_map(|(at, c)| Edit::Replace(at, c)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), "[ -~\n]{0,12}").prop_map(|(at, s)| Edit::Insert(at, s)),
    ];
    proptest::collection::vec(edit, 1..5)
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut t = text.to_string();
    for e in edits {
        let mut lines: Vec<String> = t.split('\n').map(str::to_string).collect();
        let pick = |i: usize, n: usize| i % n.max(1);
        match e {
            Edit::DropLine(i) => {
                let i = pick(*i, lines.len());
                lines.remove(i);
                t = lines.join("\n");
            }
            Edit::DoubleLine(i) => {
                let i = pick(*i, lines.len());
                lines.insert(i, lines[i].clone());
                t = lines.join("\n");
            }
            Edit::CutLine(i, at) => {
                let i = pick(*i, lines.len());
                let chars: Vec<char> = lines[i].chars().collect();
                lines[i] = chars[..pick(*at, chars.len() + 1)].iter().collect();
                t = lines.join("\n");
            }
            Edit::Replace(at, c) => {
                let mut chars: Vec<char> = t.chars().collect();
                if !chars.is_empty() {
                    let at = pick(*at, chars.len());
                    chars[at] = *c;
                }
                t = chars.into_iter().collect();
            }
            Edit::Truncate(at) => {
                let chars: Vec<char> = t.chars().collect();
                t = chars[..pick(*at, chars.len() + 1)].iter().collect();
            }
            Edit::Insert(at, s) => {
                let mut chars: Vec<char> = t.chars().collect();
                let at = pick(*at, chars.len() + 1);
                chars.splice(at..at, s.chars());
                t = chars.into_iter().collect();
            }
        }
    }
    t
}

fn bfile_checks(text: String) {
    match parse_bfile(&text) {
        Ok(b) => {
            // What the pipeline relies on: at least one term, consecutive indices.
            assert!(!b.terms.is_empty());
            assert!(b.terms.windows(2).all(|w| w[1].0 == w[0].0 + 1), "indices not consecutive");
        }
        Err(e) => one_line(e.to_string()),
    }
}

#[test]
fn fuzz_bfiles() {
    fuzz("parse_bfile, arbitrary text", 20_000, any::<String>(), bfile_checks);
    fuzz("parse_bfile, b-file alphabet", 20_000, regex("([0-9# \\-+xa]{0,12}\r?\n){0,8}"), bfile_checks);
    // Indices at the end of u64.
    fuzz("parse_bfile, large indices", 5_000, regex("(1844674407370955161[0-9] [0-9]{1,3}\n){1,3}"), bfile_checks);
    // The first 40 lines of a committed b-file and of a stored transcription, edited.
    let head: String = B002187.lines().take(40).map(|l| format!("{l}\n")).collect();
    fuzz("parse_bfile, edited b-file", 10_000, edits(), |e| bfile_checks(apply(&head, &e)));
    fuzz("parse_bfile, edited stored copy", 10_000, edits(), |e| bfile_checks(apply(A180120, &e)));
}

fn oeis_checks(text: String) {
    match parse_oeis_text(&text) {
        Ok(e) => {
            // What the pipeline relies on: at least one term, and every index n in u64.
            assert!(!e.terms.is_empty());
            let indexed = e.indexed();
            assert_eq!(indexed[0].0, e.offset);
        }
        Err(e) => one_line(e.to_string()),
    }
}

#[test]
fn fuzz_oeis_text() {
    fuzz("parse_oeis_text, arbitrary text", 20_000, any::<String>(), oeis_checks);
    fuzz(
        "parse_oeis_text, text-format alphabet",
        20_000,
        regex("(%[STUONIK]( A0[0-9]{5})? ([0-9, \\-]{0,16}|1844674407370955161[0-9]),?[0-9]{0,2}\n){0,6}"),
        oeis_checks,
    );
    let entry = "%I A036685\n%S A036685 0,1,2,4,7,10,20,23,26,50,53,270,273,276,282,285,288,316,334,337,\n\
                 %T A036685 340,346,352,424,427,430,436,442,448,454,460,466,472,478\n%N A036685 P-positions.\n\
                 %O A036685 1,3\n";
    fuzz("parse_oeis_text, edited entry", 10_000, edits(), |e| oeis_checks(apply(entry, &e)));
}

fn page_checks(text: String) {
    if let Err(e) = parse_page(&text) {
        one_line(e.to_string());
    }
}

#[test]
fn fuzz_flammenkamp_page() {
    // The HTML parser is slower per input than the line parsers: fewer cases.
    fuzz("parse_page, arbitrary text", 3_000, any::<String>(), page_checks);
    fuzz(
        "parse_page, tag soup",
        3_000,
        regex("(<(h[1-4]|p|pre|table|tr|td|th|/h2|/pre|/table|/body|/html)>|G\\( *[0-9]{1,4}\\)= *[0-9]{1,3} |[0-9 \n]{1,6}|Sparse|Records|known){0,24}"),
        page_checks,
    );
    fuzz("parse_page, edited page", 3_000, edits(), |e| page_checks(apply(PAGE, &e)));
}

#[test]
fn fuzz_stored_list_and_manifest() {
    fuzz("partial_flammenkamp_html, arbitrary text", 10_000, any::<String>(), |t| {
        if let Err(e) = partial_flammenkamp_html(&t) {
            one_line(e.to_string());
        }
    });
    // Manifest errors come from the toml crate and span lines; only "no panic" is asked.
    fuzz("Manifest::from_toml, edited manifest", 3_000, edits(), |e| {
        let _ = Manifest::from_toml(&apply(MANIFEST, &e));
    });
}
