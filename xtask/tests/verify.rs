//! `cargo xtask verify` holds every fixture file to the manifest's sha256 before it compares
//! any claim: a parsed fixture edited by hand fails it, and the message names the file.

use std::fs;

use std::process::Command;

use grundy_testkit::{copy_dir, repo_fixtures as fixtures};

#[test]
fn verify_fails_on_an_edited_fixture_and_names_it() {
    let dir = std::env::temp_dir().join(format!("grundy-xtask-verify-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&fixtures(), &dir);
    let csv = dir.join("oeis/A002188.csv");
    let text = fs::read_to_string(&csv).unwrap().replacen("\n5,2\n", "\n5,3\n", 1);
    fs::write(&csv, text).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_xtask")).arg("verify").env("GRUNDY_FIXTURES", &dir).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(err.contains("fixtures/oeis/A002188.csv"), "{err}");
    assert!(err.contains("differs from the manifest"), "{err}");
    // Nothing was compared with the edited file.
    assert!(!String::from_utf8_lossy(&o.stdout).contains("match"), "{}", String::from_utf8_lossy(&o.stdout));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fetch_offline_calls_a_truncated_official_bfile_partial() {
    let dir = std::env::temp_dir().join(format!("grundy-xtask-fetch-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&fixtures(), &dir);
    let raw = dir.join("raw/oeis/b002188.txt");
    let cut: String = fs::read_to_string(&raw).unwrap().lines().take(800).map(|l| format!("{l}\n")).collect();
    fs::write(&raw, cut).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["fetch", "--offline"])
        .env("GRUNDY_FIXTURES", &dir)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = out.lines().find(|l| l.starts_with("A002188 ")).unwrap();
    assert!(line.contains("partial"), "{out}");
    assert!(out.contains("A002188: raw/oeis/b002188.txt: its sha256"), "{out}");
    let manifest = fs::read_to_string(dir.join("manifest.toml")).unwrap();
    let entry = &manifest[manifest.find("id = \"A002188\"").unwrap()..];
    let entry = &entry[..entry.find("[[source]]").unwrap()];
    assert!(entry.contains("completeness = \"partial\""), "{entry}");
    assert!(entry.contains("n = 0..799") && entry.contains("differs from the official"), "{entry}");
    fs::remove_dir_all(&dir).unwrap();
}
