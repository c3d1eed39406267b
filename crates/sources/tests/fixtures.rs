//! Fixture files against the official hashes and the manifest: a raw b-file cut short is
//! never called complete by `fetch --offline`, and a parsed file edited by hand is named by
//! the check that `cargo xtask verify` runs first.

use std::fs;
use std::path::Path;

use grundy_sources::manifest::{check_files, FixtureError, Manifest};
use grundy_sources::pipeline;
use grundy_testkit::{repo_fixtures, scratch_fixtures as scratch};

fn manifest(dir: &Path) -> Manifest {
    Manifest::from_toml(&fs::read_to_string(dir.join(pipeline::MANIFEST)).unwrap()).unwrap()
}

fn check(dir: &Path) -> Vec<FixtureError> {
    check_files(&manifest(dir), |rel| fs::read(dir.join(rel)))
}

#[test]
fn the_committed_fixtures_match_their_manifest() {
    let problems = check(&repo_fixtures());
    assert!(problems.is_empty(), "{problems:?}");
    // Raw and parsed files of every source, and the stored files.
    let m = manifest(&repo_fixtures());
    assert!(m.files().len() >= m.sources.len() + m.stored.len(), "{}", m.files().len());
}

#[test]
fn a_truncated_official_bfile_is_partial_with_the_reason() {
    let dir = scratch("truncated");
    let raw = dir.join("raw/oeis/b002188.txt");
    let text = fs::read_to_string(&raw).unwrap();
    let cut: String = text.lines().take(800).map(|l| format!("{l}\n")).collect();
    fs::write(&raw, cut).unwrap();
    let report = pipeline::regenerate(&dir).unwrap();
    let entry = manifest(&dir).source("A002188").unwrap().clone();
    assert_eq!(entry.completeness, "partial", "{entry:?}");
    assert!(entry.part.contains("n = 0..799"), "{}", entry.part);
    assert!(entry.part.contains("differs from the official"), "{}", entry.part);
    assert!(entry.original_bytes.starts_with("no"), "{}", entry.original_bytes);
    assert!(report.lines.iter().any(|l| l.starts_with("A002188: ") && l.contains("differs from the official")));
    // Every other source keeps its completeness.
    let before = manifest(&repo_fixtures());
    for s in manifest(&dir).sources.iter().filter(|s| s.id != "A002188") {
        assert_eq!(s.completeness, before.source(&s.id).unwrap().completeness, "{}", s.id);
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_edited_fixture_is_named() {
    let dir = scratch("edited");
    let csv = dir.join("oeis/A002188.csv");
    let text = fs::read_to_string(&csv).unwrap().replacen("\n5,2\n", "\n5,3\n", 1);
    fs::write(&csv, text).unwrap();
    let problems = check(&dir);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(matches!(&problems[0], FixtureError::Differs { path, .. } if path == "oeis/A002188.csv"));
    assert!(problems[0].to_string().starts_with("fixtures/oeis/A002188.csv: "), "{}", problems[0]);
    // A raw snapshot cut short, too.
    let raw = dir.join("raw/oeis/b002187.txt");
    let bytes = fs::read(&raw).unwrap();
    fs::write(&raw, &bytes[..bytes.len() / 2]).unwrap();
    let problems = check(&dir);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().any(|p| p.to_string().starts_with("fixtures/raw/oeis/b002187.txt: ")));
    // A missing file is reported, not skipped.
    fs::remove_file(dir.join("oeis/A046695.csv")).unwrap();
    assert!(check(&dir)
        .iter()
        .any(|p| matches!(p, FixtureError::Unreadable { path, .. } if path == "oeis/A046695.csv")));
    fs::remove_dir_all(&dir).unwrap();
}
