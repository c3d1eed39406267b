//! Raw snapshots -> parsed fixtures -> manifest.
//!
//! - [`regenerate`] (`cargo xtask fetch --offline`) reads the raw snapshots in `fixtures/`
//!   (the fetched one where present, else the stored copy) and rewrites the parsed files and
//!   the manifest; it is deterministic, so running it twice changes nothing.
//! - [`fetch_all`] (`cargo xtask fetch`) downloads every pinned source, checks that each
//!   parses, and only then writes anything; a source that cannot be reached or read is one
//!   line of the error, and every fixture is left as it was.
//! - [`import_stored`] makes the raw snapshots from the stored copies this project was
//!   given (no network), once.
//!
//! Every write is staged to a temporary file first and renamed into place at the end.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::atomic::{stage, Staged};
use crate::catalog::{Format, Source, BFILE_SHA256_LIST, SOURCES};
use crate::fetch::{FetchError, Fetcher};
use crate::flammenkamp::{parse_page, PageError, SectionKind};
use crate::manifest::{header_statement, Manifest, SourceEntry, StoredEntry};
use crate::oeis_text::{parse_oeis_text, OeisTextError};
use crate::sha256_hex;
use grundy_core::bfile::{parse_bfile, BFileError};

/// Why the pipeline stopped; each names the source and the file a person would look at.
#[derive(Debug, Error)]
pub enum PipelineError {
    #[error("{id}: neither {raw} nor a stored copy is in {root}")]
    /// A source has neither its raw snapshot nor a stored copy in `fixtures/`.
    NoRawFile {
        /// The source's id.
        id: String,
        /// Where its raw snapshot belongs, relative to `root`.
        raw: String,
        /// The fixtures directory looked in.
        root: PathBuf,
    },
    #[error("reading {path}: {err}")]
    /// A file or directory could not be read.
    Read {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        err: io::Error,
    },
    #[error("writing {path}: {err}")]
    /// A file could not be written (or staged).
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        err: io::Error,
    },
    #[error("renaming the staged files into place: {err}")]
    /// The staged files could not all be renamed into place.
    Rename {
        /// The I/O error.
        err: io::Error,
    },
    #[error("{id}: {path}: not UTF-8 text: {err}")]
    /// A raw snapshot is not UTF-8 text.
    NotUtf8 {
        /// The source's id.
        id: String,
        /// The snapshot, relative to `fixtures/`.
        path: String,
        /// Where the bytes stop being UTF-8.
        err: std::str::Utf8Error,
    },
    #[error("{id}: {path}: {err}")]
    /// A raw snapshot does not parse as a b-file.
    BFile {
        /// The source's id.
        id: String,
        /// The snapshot, relative to `fixtures/`.
        path: String,
        /// What the parser found wrong.
        err: BFileError,
    },
    #[error("{id}: {path}: {err}")]
    /// A raw snapshot does not parse as the OEIS text format.
    OeisText {
        /// The source's id.
        id: String,
        /// The snapshot, relative to `fixtures/`.
        path: String,
        /// What the parser found wrong.
        err: OeisTextError,
    },
    #[error("{id}: {path}: {err}")]
    /// A raw snapshot does not parse as Flammenkamp's page.
    Page {
        /// The source's id.
        id: String,
        /// The snapshot, relative to `fixtures/`.
        path: String,
        /// What the parser found wrong.
        err: PageError,
    },
    #[error("{id}: cannot fetch: {err}")]
    /// A source could not be downloaded.
    Fetch {
        /// The source's id.
        id: String,
        /// Why the download failed.
        err: FetchError,
    },
    #[error("{id}: fetched but unreadable: {err}")]
    /// A downloaded source could not be parsed.
    Unreadable {
        /// The source's id.
        id: String,
        /// Why it could not (boxed: it is itself a pipeline error).
        err: Box<PipelineError>,
    },
    #[error("stored sparse list, line {line}: expected \"n G(n)\", found {text:?}")]
    /// A line of the stored sparse list is not two integers "n G(n)".
    StoredLine {
        /// The line number, from 1.
        line: usize,
        /// The line as found.
        text: String,
    },
}

impl PipelineError {
    fn read(path: &Path, err: io::Error) -> PipelineError {
        PipelineError::Read { path: path.to_path_buf(), err }
    }

    fn write(path: &Path, err: io::Error) -> PipelineError {
        PipelineError::Write { path: path.to_path_buf(), err }
    }
}

/// The manifest's path inside `fixtures/`.
pub const MANIFEST: &str = "manifest.toml";

/// What a run did, one line per source.
#[derive(Debug, Default)]
pub struct Report {
    /// The lines to print: per source its id, origin, completeness and files, and any note.
    pub lines: Vec<String>,
}

/// A source made ready to write.
struct Prepared {
    entry: SourceEntry,
    parsed: Vec<u8>,
    /// Raw bytes to write (only for fetched responses).
    raw: Option<(String, Vec<u8>)>,
    note: Option<String>,
}

/// `raw_origin` of a response downloaded by [`fetch_all`].
pub const NETWORK: &str = "network";
/// `raw_origin` of a copy obtained without the network.
pub const STORED: &str = "stored";

/// The official sha256 and size of an OEIS b-file, from the stored list.
fn official_of(root: &Path, anumber: &str) -> Option<(String, u64)> {
    let text = fs::read_to_string(root.join(BFILE_SHA256_LIST)).ok()?;
    text.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let cols: Vec<&str> = l.split_whitespace().collect();
        (cols.len() >= 4 && cols[0] == anumber).then(|| (cols[2].to_string(), cols[3].parse().unwrap_or(0)))
    })
}

fn csv_of(terms: &[(u64, u64)]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["n", "a"]).expect("writing to memory");
    for (n, a) in terms {
        w.write_record([n.to_string(), a.to_string()]).expect("writing to memory");
    }
    w.into_inner().expect("writing to memory")
}

/// Why a raw file is not the official b-file whose sha256 and size are listed, or `None`
/// when it is (or when no official hash is known). At the b-file's own place the file
/// itself is compared; a stored transcription in b-file form is compared by its data lines
/// (comment lines removed, each as "n a(n)\n"), which is how the official file is written.
/// Pure: the caller reads the files.
pub fn official_mismatch(
    official: Option<&(String, u64)>,
    at_official_place: bool,
    raw: &[u8],
    format: Format,
) -> Option<String> {
    let (sha, bytes) = official?;
    if at_official_place {
        let found = sha256_hex(raw);
        return (found != *sha).then(|| {
            format!(
                "its sha256 {found} ({} bytes) differs from the official b-file's {sha} ({bytes} bytes): it may be cut short or edited",
                raw.len()
            )
        });
    }
    if format != Format::BFile {
        return None;
    }
    let lines: String =
        String::from_utf8_lossy(raw).lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
    let found = sha256_hex(lines.as_bytes());
    (found != *sha).then(|| {
        format!(
            "its data lines hash to {found} ({} bytes), which differs from the official b-file's {sha} ({bytes} bytes)",
            lines.len()
        )
    })
}

/// Parses a raw snapshot into the parsed fixture and the facts for the manifest.
#[allow(clippy::too_many_arguments)]
fn prepare(
    root: &Path,
    source: &Source,
    raw_rel: &str,
    raw: &[u8],
    format: Format,
    origin: &str,
    obtained: String,
) -> Result<Prepared, PipelineError> {
    let (id, path) = (source.id.to_string(), raw_rel.to_string());
    let text =
        std::str::from_utf8(raw).map_err(|err| PipelineError::NotUtf8 { id: id.clone(), path: path.clone(), err })?;
    // Only the snapshot at the b-file's own place can be the official file.
    let official = source.official_bfile.filter(|_| raw_rel == source.raw).and_then(|a| official_of(root, a));
    let official_listed = source.official_bfile.and_then(|a| official_of(root, a));
    let raw_sha = sha256_hex(raw);
    let mismatch = official_mismatch(official_listed.as_ref(), raw_rel == source.raw, raw, format);
    let stored_statement = header_statement(text, "Completeness");
    let (parsed, terms, mut complete, mut part) = match format {
        Format::BFile => {
            let b =
                parse_bfile(text).map_err(|err| PipelineError::BFile { id: id.clone(), path: path.clone(), err })?;
            let (first, last) = (b.terms[0].0, b.terms[b.terms.len() - 1].0);
            let mut part = format!("n = {first}..{last} ({} terms)", b.terms.len());
            let complete = match &stored_statement {
                Some(s) => {
                    part = format!("{part}; the stored copy says: {s}");
                    !s.to_uppercase().contains("PARTIAL")
                }
                None => true,
            };
            (csv_of(&b.terms), b.terms.len() as u64, complete, part)
        }
        Format::OeisText => {
            let e = parse_oeis_text(text).map_err(|err| PipelineError::OeisText {
                id: id.clone(),
                path: path.clone(),
                err,
            })?;
            let t = e.indexed();
            let part = format!("OEIS data lines, n = {}..{} ({} terms)", t[0].0, t[t.len() - 1].0, t.len());
            (csv_of(&t), t.len() as u64, true, part)
        }
        Format::FlammenkampHtml => {
            let p = parse_page(text).map_err(|err| PipelineError::Page { id: id.clone(), path: path.clone(), err })?;
            let complete = p.sparse_list_complete() && p.missing.is_empty();
            let stated = p.stated_sparse_count.map_or("an unstated number of".to_string(), |c| c.to_string());
            let last = p.sparse.last().map_or(0, |e| e.0);
            let mut part = format!("sparse list entries 1..{} of {stated} (n <= {last})", p.sparse.len());
            if !p.missing.is_empty() {
                let names: Vec<&str> = p.missing.iter().map(|k| section_name(*k)).collect();
                part.push_str(&format!("; not on this snapshot: {}", names.join(", ")));
            }
            let json = serde_json::to_string_pretty(&p).expect("the page serializes") + "\n";
            (json.into_bytes(), p.sparse.len() as u64, complete, part)
        }
    };
    // A file that is not the official one cannot be called complete, whatever it says. One
    // that already says it is partial keeps its own reason (the report line still notes it).
    if let Some(m) = mismatch.as_ref().filter(|_| complete) {
        complete = false;
        part = format!("{}; partial: {m}", part.trim_end_matches('.'));
    }
    let original_bytes = match (&official, origin) {
        (Some((sha, _)), _) if *sha == raw_sha => "yes (sha256 equals the official b-file's)".to_string(),
        (Some(_), _) => "no (sha256 differs from the official b-file's)".to_string(),
        (None, NETWORK) => "yes (the response as it came)".to_string(),
        (None, _) => "no (a stored transcription, not the original file)".to_string(),
    };
    let official = official.or(official_listed);
    let note = mismatch.map(|m| format!("{}: {raw_rel}: {m}", source.id));
    let entry = SourceEntry {
        id: source.id.to_string(),
        title: source.title.to_string(),
        url: source.url.to_string(),
        raw: raw_rel.to_string(),
        raw_origin: origin.to_string(),
        obtained,
        raw_sha256: raw_sha,
        raw_bytes: raw.len() as u64,
        original_bytes,
        official_sha256: official.as_ref().map(|o| o.0.clone()),
        official_bytes: official.as_ref().map(|o| o.1),
        completeness: if complete { "complete" } else { "partial" }.to_string(),
        part,
        parsed: source.parsed.to_string(),
        parsed_sha256: sha256_hex(&parsed),
        terms,
    };
    Ok(Prepared { entry, parsed, raw: None, note })
}

fn section_name(k: SectionKind) -> &'static str {
    match k {
        SectionKind::Introduction => "introduction",
        SectionKind::SparseList => "sparse list",
        SectionKind::Records => "record table",
        SectionKind::Frequencies => "table of value counts and last positions",
        SectionKind::Statistics => "statistics",
    }
}

fn old_manifest(root: &Path) -> Manifest {
    fs::read_to_string(root.join(MANIFEST)).ok().and_then(|t| Manifest::from_toml(&t).ok()).unwrap_or_default()
}

/// Rewrites every parsed fixture and the manifest from the raw snapshots.
pub fn regenerate(root: &Path) -> Result<Report, PipelineError> {
    regenerate_with(root, &[])
}

/// [`regenerate`], with new (origin, obtained) statements for some sources; the others
/// keep the manifest's.
fn regenerate_with(root: &Path, now: &[(String, &'static str, String)]) -> Result<Report, PipelineError> {
    let old = old_manifest(root);
    let mut prepared = Vec::new();
    for source in SOURCES {
        let (rel, format) = if root.join(source.raw).exists() {
            (source.raw, source.format)
        } else if let Some(stored) = source.stored.filter(|s| root.join(s.path).exists()) {
            (stored.path, stored.format)
        } else {
            return Err(PipelineError::NoRawFile {
                id: source.id.to_string(),
                raw: source.raw.to_string(),
                root: root.to_path_buf(),
            });
        };
        let raw = fs::read(root.join(rel)).map_err(|e| PipelineError::read(&root.join(rel), e))?;
        let kept = old.source(source.id).filter(|e| e.raw == rel);
        let (origin, obtained) = match now.iter().find(|(id, _, _)| id == source.id) {
            Some((_, origin, how)) => (*origin, how.clone()),
            None => match kept {
                Some(e) => (if e.raw_origin == NETWORK { NETWORK } else { STORED }, e.obtained.clone()),
                None if rel == source.raw => (NETWORK, format!("snapshot {rel} (when not recorded)")),
                None => (STORED, format!("stored copy {rel} (when not recorded)")),
            },
        };
        prepared.push(prepare(root, source, rel, &raw, format, origin, obtained)?);
    }
    write_all(root, prepared)
}

/// Downloads every source (through `url_of`, which maps the pinned URL to the one to use)
/// and writes the fixtures only if all of them arrived and parse.
pub fn fetch_all(
    root: &Path,
    fetcher: &Fetcher,
    url_of: impl Fn(&Source) -> String,
    today: &str,
) -> Result<Report, Vec<PipelineError>> {
    let mut prepared = Vec::new();
    let mut failures = Vec::new();
    for source in SOURCES {
        let url = url_of(source);
        match fetcher.get(&url) {
            Err(err) => failures.push(PipelineError::Fetch { id: source.id.to_string(), err }),
            Ok(body) => {
                let obtained = format!("fetched from {} on {today}", source.url);
                match prepare(root, source, source.raw, &body, source.format, NETWORK, obtained) {
                    Ok(mut p) => {
                        p.raw = Some((source.raw.to_string(), body));
                        prepared.push(p);
                    }
                    Err(err) => {
                        failures.push(PipelineError::Unreadable { id: source.id.to_string(), err: Box::new(err) })
                    }
                }
            }
        }
    }
    if !failures.is_empty() {
        return Err(failures);
    }
    write_all(root, prepared).map_err(|e| vec![e])
}

/// Stages every file, then renames them all into place.
fn write_all(root: &Path, prepared: Vec<Prepared>) -> Result<Report, PipelineError> {
    let mut report = Report::default();
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    let mut manifest = Manifest::default();
    for p in prepared {
        if let Some((rel, bytes)) = p.raw {
            files.push((root.join(rel), bytes));
        }
        files.push((root.join(&p.entry.parsed), p.parsed));
        report.lines.push(format!(
            "{:<20} {:<8} {:<8} {} -> {}",
            p.entry.id, p.entry.raw_origin, p.entry.completeness, p.entry.raw, p.entry.parsed
        ));
        if let Some(n) = p.note {
            report.lines.push(n);
        }
        manifest.sources.push(p.entry);
    }
    manifest.stored = stored_entries(root)?;
    files.push((root.join(MANIFEST), manifest.to_toml().into_bytes()));
    let mut staged: Vec<Staged> = Vec::new();
    for (path, bytes) in &files {
        match stage(path, bytes) {
            Ok(s) => staged.push(s),
            Err(e) => {
                staged.into_iter().for_each(Staged::abandon);
                return Err(PipelineError::write(path, e));
            }
        }
    }
    for s in staged {
        s.commit().map_err(|err| PipelineError::Rename { err })?;
    }
    Ok(report)
}

/// Every file in `raw/stored/`, with its own statements of source and completeness.
fn stored_entries(root: &Path) -> Result<Vec<StoredEntry>, PipelineError> {
    let dir = root.join("raw/stored");
    let mut names: Vec<String> = match fs::read_dir(&dir) {
        Ok(rd) => rd.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => return Ok(Vec::new()),
    };
    names.retain(|n| !n.starts_with('.'));
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let bytes = fs::read(dir.join(&name)).map_err(|e| PipelineError::read(&dir.join(&name), e))?;
            let text = String::from_utf8_lossy(&bytes);
            Ok(StoredEntry {
                path: format!("raw/stored/{name}"),
                source: header_statement(&text, "Source").unwrap_or_else(|| "not stated".into()),
                completeness: header_statement(&text, "Completeness").unwrap_or_else(|| "not stated".into()),
                sha256: sha256_hex(&bytes),
                bytes: bytes.len() as u64,
            })
        })
        .collect()
}

/// Makes the raw snapshots from the stored copies in `shared` (the folder of stored source
/// files this project was given), then regenerates everything.
pub fn import_stored(root: &Path, shared: &Path, today: &str) -> Result<Report, PipelineError> {
    let read =
        |name: &str| fs::read_to_string(shared.join(name)).map_err(|e| PipelineError::read(&shared.join(name), e));
    let mut names: Vec<String> = fs::read_dir(shared)
        .map_err(|e| PipelineError::read(shared, e))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    let mut obtained = Vec::new();
    for name in &names {
        let text = read(name)?;
        let target = root.join("raw/stored").join(name);
        crate::atomic::write_atomic(&target, text.as_bytes()).map_err(|e| PipelineError::write(&target, e))?;
        // A b-file whose lines are the official bytes becomes the raw snapshot itself.
        if let Some(a) = name.strip_prefix("oeis_A").and_then(|n| n.strip_suffix("_bfile.txt")) {
            let lines: String = text.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
            let id = format!("A{a}");
            let Some(source) = SOURCES.iter().find(|s| s.id == id) else { continue };
            let official = official_of(root, &id).or_else(|| {
                // The list itself may not be imported yet: read it from `shared`.
                let list = fs::read_to_string(shared.join("oeis_bfile_sha256.txt")).ok()?;
                list.lines().find_map(|l| {
                    let c: Vec<&str> = l.split_whitespace().collect();
                    (c.len() >= 4 && c[0] == id).then(|| (c[2].to_string(), 0))
                })
            });
            if official.is_some_and(|(sha, _)| sha == sha256_hex(lines.as_bytes())) {
                let target = root.join(source.raw);
                crate::atomic::write_atomic(&target, lines.as_bytes()).map_err(|e| PipelineError::write(&target, e))?;
                let how = header_statement(&text, "How obtained").unwrap_or_default();
                obtained.push((
                    id,
                    STORED,
                    format!("copied from stored {name} on {today}, comment lines removed; {how}"),
                ));
            }
        }
    }
    let flammenkamp = read("flammenkamp_grundy_sparse_partial.txt")?;
    let html = partial_flammenkamp_html(&flammenkamp)?;
    let source = crate::catalog::source("flammenkamp-grundy").expect("catalogued");
    let stored = source.stored.expect("a stored path").path;
    let target = root.join(stored);
    crate::atomic::write_atomic(&target, html.as_bytes()).map_err(|e| PipelineError::write(&target, e))?;
    obtained.push((
        source.id.to_string(),
        STORED,
        format!("reconstructed on {today} from stored flammenkamp_grundy_sparse_partial.txt: the page's headings and its <pre> list layout with the 48 stored entries; introduction paraphrased from the stored copy; not the original bytes"),
    ));
    for s in SOURCES {
        let fetched_raw_exists = root.join(s.raw).exists();
        if let Some(st) = s.stored.filter(|st| st.path.starts_with("raw/stored/") && !fetched_raw_exists) {
            obtained.push((
                s.id.to_string(),
                STORED,
                format!("stored copy {} (copied on {today}); see its # header for how it was obtained", st.path),
            ));
        }
    }
    regenerate_with(root, &obtained)
}

/// The first part of Flammenkamp's page, rebuilt from the stored copy of its sparse list:
/// the same headings and the same `<pre>` layout, `G(%8d)=%3d` entries five to a line.
pub fn partial_flammenkamp_html(stored: &str) -> Result<String, PipelineError> {
    // Not a b-file: n increases, but not by one.
    let entries: Vec<(u64, u64)> = stored
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let mut t = l.split_whitespace().map(|x| x.parse::<u64>());
            match (t.next(), t.next()) {
                (Some(Ok(n)), Some(Ok(v))) => Ok((n, v)),
                _ => Err(PipelineError::StoredLine { line: i + 1, text: l.to_string() }),
            }
        })
        .collect::<Result<_, _>>()?;
    let mut pre = String::new();
    for (i, (n, v)) in entries.iter().enumerate() {
        pre.push_str(&format!("G({n:>8})={v:>3}"));
        pre.push_str(if i % 5 == 4 || i + 1 == entries.len() { "\n" } else { "  " });
    }
    Ok(format!(
        "<!DOCTYPE html>\n<!-- PARTIAL RECONSTRUCTION, not the original bytes: made by `cargo xtask fetch --import-stored`\n\
     from a stored copy of the first part of http://wwwhomes.uni-bielefeld.de/achim/grundy.html\n\
     (introduction and the first {count} of the sparse values). The introduction is paraphrased;\n\
     the sparse entries are exactly those of the stored copy. The rest of the page could not be obtained. -->\n\
<html>\n<head><title>Sprague-Grundy Values of Grundy's Game</title></head>\n<body>\n\
<h1>Sprague-Grundy Values of Grundy's Game</h1>\n\
<h2>Introduction</h2>\n\
<p>Grundy's game: a player splits one heap into two heaps of different sizes; who cannot move loses,\n\
so heaps of size at most 2 have value 0.</p>\n\
<p>The values divide into a sparse set, where parity(G(n) AND m) = 0 for the game's bit string\n\
m = 0111...10, and the common set. Sparse values are very rare: 1287 are known for Grundy's Game.</p>\n\
<h2>Known Sparse SGV of Grundy's Game</h2>\n<pre>\n{pre}</pre>\n</body>\n</html>\n",
        count = entries.len()
    ))
}
