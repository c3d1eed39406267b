//! A misère census: for every code of a family, the misère quotient for heaps up to a
//! bound (through grundy-core's request API, `Session::quotient_reached`), stopping
//! early when the pretending function meets MisereSolver's stop rule, or where the
//! quotient grows past the census's limits. One result file per game, written atomically
//! under `<dir>/results/`, skipped when already there, sharded as the normal census; the
//! merge writes `table.csv` and `table.md`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use grundy_core::ask::{AskError, Cancel, Control, QuotientBounds, QuotientRequest, Session};
use grundy_core::game::Game;
use serde::{Deserialize, Serialize};

use crate::family::Family;
use crate::shard::Shard;
use crate::store::StoreError;
use crate::{CensusError, ShardReport};

/// The version of the misère result format.
pub const FORMAT: u32 = 1;

/// The limits of a census game: smaller than a single run's, so that a family of hundreds
/// of codes finishes in minutes; a game that needs more is recorded as stopped at a limit.
pub const CENSUS_BOUNDS: QuotientBounds =
    QuotientBounds { max_order: 1024, trial_elements: 1 << 18, search_bytes: 64 << 20 };

/// What a misère result belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereKey {
    /// [`FORMAT`].
    pub format: u32,
    /// The grundy version.
    pub grundy: String,
    /// The family's name.
    pub family: String,
    /// The largest heap asked for.
    pub bound: u64,
    /// [`CENSUS_BOUNDS`]`.max_order`.
    pub max_order: usize,
}

impl MisereKey {
    /// The key of a misère census of `family` to heap `bound` by this build.
    pub fn new(family: &str, bound: u64) -> MisereKey {
        MisereKey {
            format: FORMAT,
            grundy: env!("CARGO_PKG_VERSION").to_string(),
            family: family.to_string(),
            bound,
            max_order: CENSUS_BOUNDS.max_order,
        }
    }
}

/// One game's misère result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereRecord {
    /// The census.
    pub key: MisereKey,
    /// The code, canonical.
    pub code: String,
    /// The largest heap the quotient covers (None: not even heap 0).
    pub bound_reached: Option<u64>,
    /// |Q| at that bound.
    pub order: Option<usize>,
    /// |P| at that bound.
    pub p_portion: Option<usize>,
    /// Whether every position within the bound plays as misère Nim on its values.
    pub tame: Option<bool>,
    /// Preperiod and period of φ when MisereSolver's stop rule was met (not a proof).
    pub stop_rule: Option<(u64, u64)>,
    /// Why the work stopped before the bound, when a limit stopped it.
    pub limit: Option<String>,
}

/// Computes one game's record.
pub fn solve(code: &str, key: &MisereKey, cancel: &Cancel) -> Result<MisereRecord, AskError> {
    let mut record = MisereRecord {
        key: key.clone(),
        code: code.to_string(),
        bound_reached: None,
        order: None,
        p_portion: None,
        tame: None,
        stop_rule: None,
        limit: None,
    };
    let game = match Game::parse(code) {
        Ok(g) => g,
        Err(e) => {
            record.limit = Some(e.to_string());
            return Ok(record);
        }
    };
    let req = QuotientRequest { game, to: key.bound, full: false, bounds: Some(CENSUS_BOUNDS) };
    let mut ctl = Control::unlimited().with_cancel(cancel.clone());
    let (q, error) = Session::new().quotient_reached(&req, &mut ctl);
    if let Some(AskError::Cancelled) = error {
        return Err(AskError::Cancelled);
    }
    if let Some(q) = q {
        record.bound_reached = Some(q.bound());
        record.order = Some(q.order());
        record.p_portion = Some(q.p_portion());
        record.tame = Some(q.is_tame());
        record.stop_rule = q.periodicity().filter(|p| p.needed <= p.values).map(|p| (p.preperiod, p.period));
    }
    record.limit = error.map(|e| e.to_string());
    Ok(record)
}

fn path(dir: &Path, code: &str) -> PathBuf {
    dir.join("results").join(format!("{code}.json"))
}

fn read(dir: &Path, code: &str) -> Result<Option<MisereRecord>, StoreError> {
    let path = path(dir, code);
    match fs::read(&path) {
        Ok(bytes) => {
            serde_json::from_slice(&bytes).map(Some).map_err(|e| StoreError::Corrupt { path, reason: e.to_string() })
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(StoreError::Io { path, source }),
    }
}

/// Runs shard `shard` of the misère census of `family` to heap `bound` into `dir`,
/// skipping finished games; a result of another census in the folder is an error.
pub fn run_shard(
    family: &Family,
    bound: u64,
    shard: Shard,
    dir: &Path,
    cancel: &Cancel,
    mut progress: impl FnMut(usize, usize, &str),
) -> Result<ShardReport, CensusError> {
    let key = MisereKey::new(&family.name, bound);
    let mine: Vec<&String> = family.codes.iter().enumerate().filter(|(i, _)| shard.takes(*i)).map(|(_, c)| c).collect();
    let mut report = ShardReport { games: mine.len(), ..ShardReport::default() };
    for (done, code) in mine.iter().enumerate() {
        match read(dir, code).map_err(CensusError::Store)? {
            Some(r) if r.key == key => {
                // Finished by an earlier run of this census: kept as it is.
                report.current += 1;
                continue;
            }
            Some(r) => {
                return Err(StoreError::OtherCensus {
                    path: path(dir, code),
                    found: format!("misère, family {}, bound {}, grundy {}", r.key.family, r.key.bound, r.key.grundy),
                }
                .into())
            }
            None => {}
        }
        progress(done, mine.len(), code);
        let record = solve(code, &key, cancel).map_err(|_| CensusError::Cancelled)?;
        let path = path(dir, code);
        let mut text = serde_json::to_string_pretty(&record).expect("a record serializes");
        text.push('\n');
        grundy_sources::atomic::write_atomic(&path, text.as_bytes())
            .map_err(|source| CensusError::Store(StoreError::Io { path, source }))?;
        report.computed += 1;
    }
    Ok(report)
}

/// The merged table of a finished misère census: (csv, markdown, summary line). Every
/// code of the family must have its result, of this census.
pub fn merge(family: &Family, bound: u64, dir: &Path) -> Result<(String, String, String), StoreError> {
    let key = MisereKey::new(&family.name, bound);
    let mut csv = String::from("code,bound_reached,order,p_portion,tame,stop_rule_preperiod,stop_rule_period,limit\n");
    let mut md = format!(
        "# Misère census of {} to heap {bound}\n\nMade by `grundy census --misere --family {} --bound {bound}`; do not edit.\n\
         Limits per game: |Q| <= {}, {} trial elements, {} MB of transition sets. \"stop rule\" means the pretending\n\
         function repeated over enough heaps for MisereSolver's stop rule (2·n0 + 2·p + k + 2 heaps); that is not a proof here.\n\n\
         | code | heaps | order | P | tame | stop rule (n0, p) | stopped by |\n|---|---|---|---|---|---|---|\n",
        family.name, family.name, CENSUS_BOUNDS.max_order, CENSUS_BOUNDS.trial_elements, CENSUS_BOUNDS.search_bytes >> 20
    );
    let (mut periodic, mut limited, mut tame) = (0, 0, 0);
    for code in &family.codes {
        let r = read(dir, code)?.ok_or_else(|| StoreError::Io {
            path: path(dir, code),
            source: io::Error::new(io::ErrorKind::NotFound, "no result: run the census (or this shard) first"),
        })?;
        if r.key != key {
            return Err(StoreError::OtherCensus { path: path(dir, code), found: format!("{:?}", r.key) });
        }
        let opt = |v: Option<String>| v.unwrap_or_default();
        periodic += usize::from(r.stop_rule.is_some());
        limited += usize::from(r.limit.is_some());
        tame += usize::from(r.tame == Some(true));
        let limit = opt(r.limit.clone()).replace(',', ";");
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            r.code,
            opt(r.bound_reached.map(|b| b.to_string())),
            opt(r.order.map(|b| b.to_string())),
            opt(r.p_portion.map(|b| b.to_string())),
            opt(r.tame.map(|b| b.to_string())),
            opt(r.stop_rule.map(|p| p.0.to_string())),
            opt(r.stop_rule.map(|p| p.1.to_string())),
            limit
        ));
        md.push_str(&format!(
            "| {} | 0-{} | {} | {} | {} | {} | {} |\n",
            r.code,
            opt(r.bound_reached.map(|b| b.to_string())),
            opt(r.order.map(|b| b.to_string())),
            opt(r.p_portion.map(|b| b.to_string())),
            if r.tame == Some(true) { "yes" } else { "" },
            r.stop_rule.map(|(a, b)| format!("{a}, {b}")).unwrap_or_default(),
            if r.limit.is_some() { "a limit" } else { "" }
        ));
    }
    let summary = format!(
        "{} games: {periodic} met the stop rule, {limited} stopped at a limit, {} reached heap {bound}; {tame} tame",
        family.codes.len(),
        family.codes.len() - periodic - limited
    );
    md.push_str(&format!("\n{summary}.\n"));
    Ok((csv, md, summary))
}
