//! Architecture rules that are easy to break without noticing.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// grundy-core is the mathematics only: no files, network, clock, environment or processes.
#[test]
fn core_does_no_io() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(&root.join("crates/core/src"), &mut files);
    assert!(!files.is_empty());
    let forbidden = ["std::fs", "std::net", "std::io", "std::time", "std::env", "std::process", "std::thread::sleep"];
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} uses {word}; grundy-core must stay free of I/O", file.display());
        }
    }
}
