//! Nothing in a census folder is trusted: before merging, every result is derived again
//! from values and compared field by field with what the file says. A proved game's values
//! (the 2 n0 + 2 p + k its proof rests on) are computed again by the sweep and the proof
//! checked by the periodicity theorem (`grundy_core::ask::certifies`); an unsolved
//! game's values are read from its values file and checked against the record's checksum.
//! Either way the record is then derived from the values ([`crate::solve::describe`]) and
//! must be the stored one, but for the time it took.

use grundy_core::ask::{certifies, proved_period_in, CensusRun, Control, Periodicity, Session, StoredRun};
use grundy_core::game::Game;
use serde_json::Value as Json;

use crate::record::{fnv_of, GameRecord, Status, FORMAT};
use crate::solve::describe;
use crate::store::{Store, StoreError};

/// Why a result does not hold up.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The file cannot be read, or its values are not whole.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The record says something its values do not.
    #[error("{path}: {what}; the file was edited or damaged: move it aside or delete it and run the census again")]
    Edited {
        /// The result file.
        path: std::path::PathBuf,
        /// What differs.
        what: String,
    },
}

/// The first field in which two records differ (`seconds` and `values` left out), as
/// "field: stored A, values give B".
fn difference(stored: &GameRecord, derived: &GameRecord) -> Option<String> {
    let plain = |r: &GameRecord| -> serde_json::Map<String, Json> {
        let Json::Object(mut m) = serde_json::to_value(r).expect("a record serializes") else { unreachable!() };
        m.remove("seconds");
        m.remove("values");
        m
    };
    let (a, b) = (plain(stored), plain(derived));
    let fields = a.keys().chain(b.keys());
    let mut differing = fields.filter(|k| a.get(*k) != b.get(*k));
    differing.next().map(|k| {
        let shown = |v: Option<&Json>| v.map_or("nothing".to_string(), Json::to_string);
        format!("{k}: stored {}, its values give {}", shown(a.get(k)), shown(b.get(k)))
    })
}

/// The run of `code` made of `values` under the rule stored with them.
fn stored(r: &GameRecord, values: &[u64], mask: Option<u64>, proof: Option<Periodicity>) -> Result<CensusRun, String> {
    let stored = StoredRun { values: values.to_vec(), mask, heap_parity: r.heap_parity };
    Session::new().census_stored(&r.code, &stored, proof).map_err(|e| e.to_string())
}

/// The record `values` give for a proved game (pre-period `n0`, period `p`; `values` are
/// G(0..computed)), after checking the proof; `Err` says what fails.
fn proved_record(r: &GameRecord, values: &[u64]) -> Result<GameRecord, String> {
    let (Some(n0), Some(p)) = (r.preperiod, r.period) else { return Err("periodic without a period".into()) };
    let game = Game::parse(&r.code).map_err(|e| e.to_string())?;
    let saltus = r.saltus.unwrap_or(0);
    certifies(&game, values, n0 as usize, p as usize, saltus)?;
    let proof =
        Periodicity { preperiod: n0 as usize, period: p as usize, saltus, proved: true, computed: values.len() };
    let octal = game.octal().is_some();
    let run = stored(r, values, r.mask.or(octal.then_some(1)), Some(proof))?;
    let mut derived = describe(&r.code, &r.key, &run);
    derived.seconds = r.seconds;
    Ok(derived)
}

/// G(0..computed) of a proved game, computed again by its engine.
fn proof_values(r: &GameRecord) -> Result<Vec<u64>, String> {
    Session::new().census_values(&r.code, r.computed, &mut Control::unlimited()).map_err(|e| e.to_string())
}

/// Checks one result of `store` and returns the values it rests on: G(0..computed) of a
/// proved game (periodic past them), G(0..budget + 1) of an unsolved one.
pub fn check(store: &Store, r: &GameRecord) -> Result<Vec<u64>, VerifyError> {
    let path = store.path(&r.code);
    let edited = |what: String| VerifyError::Edited { path: path.clone(), what };
    if r.key.format != FORMAT {
        return Err(edited(format!(
            "a result of format {} (format {FORMAT} is current): run the census on the folder to bring it up to date",
            r.key.format
        )));
    }
    let (values, derived) = match r.status {
        Status::Periodic => {
            let values = proof_values(r).map_err(&edited)?;
            let derived = proved_record(r, &values).map_err(|e| edited(format!("the proof does not hold: {e}")))?;
            (values, derived)
        }
        Status::Unsolved => {
            let stored = r.values.as_ref().ok_or_else(|| edited("an unsolved result without stored values".into()))?;
            if stored.heaps != r.key.budget + 1 {
                return Err(edited(format!("{} values stored, the budget needs {}", stored.heaps, r.key.budget + 1)));
            }
            let values = store.read_values(&r.code, stored)?;
            let game = Game::parse(&r.code).map_err(|e| edited(e.to_string()))?;
            let mask = match (r.mask, game.octal()) {
                (None, Some(_)) => return Err(edited("an unsolved octal result without a mask".into())),
                (mask, _) => mask,
            };
            if let Some(p) = proved_period_in(&game, &values) {
                return Err(edited(format!(
                    "listed as unsolved, but its values prove period {} from {}",
                    p.period, p.preperiod
                )));
            }
            let run = self::stored(r, &values, mask, None).map_err(&edited)?;
            (values, describe(&r.code, &r.key, &run))
        }
    };
    match difference(r, &derived) {
        Some(what) => Err(edited(what)),
        None => Ok(values),
    }
}

/// A proved result of format 1 brought up to format 2: the values its proof rests on from
/// its periodic values (extended by the period) when it has them, else computed again;
/// the proof checked; the record derived from them, which must agree with the old one
/// (but for the checksum, whose meaning changed). `Err` says what fails.
pub fn convert_format_1(r: &GameRecord) -> Result<GameRecord, String> {
    let (Some(n0), Some(p)) = (r.preperiod, r.period) else { return Err("periodic without a period".into()) };
    let from_text = r.periodic_values.as_deref().and_then(|text| {
        let digits: Option<Vec<u64>> = text.chars().map(|c| c.to_digit(36).map(u64::from)).collect();
        digits.filter(|d| d.len() as u64 == n0 + p)
    });
    let values: Vec<u64> = match from_text {
        Some(d) => (0..r.computed as usize)
            .map(|n| if n < d.len() { d[n] } else { d[n0 as usize + (n - n0 as usize) % p as usize] })
            .collect(),
        None => proof_values(r)?,
    };
    let old = GameRecord {
        key: crate::record::CensusKey { format: FORMAT, ..r.key.clone() },
        checksum: fnv_of(&values),
        ..r.clone()
    };
    let new = proved_record(&old, &values)?;
    match difference(&old, &new) {
        Some(what) => Err(what),
        None => Ok(new),
    }
}
