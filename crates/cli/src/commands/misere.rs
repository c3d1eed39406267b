//! `grundy values --misere`: the single heaps that are misère P-positions (the player to
//! move loses when whoever makes the last move loses), and the refusal of normal-play
//! values for a game named for misère play (`misere-nim`), whose values would mislead.

use std::io::Write;

use anyhow::{bail, Result};
use grundy_core::game::{Game, Rule};
use grundy_core::position::misere::losing_single_heaps;

use crate::Format;

/// `value` and `period` of a game named for misère play (`misere-nim`) would print
/// normal-play values under a misère name: refuse, and say what to ask instead.
pub fn refuse_normal_values(game: &Game, rule: Rule) -> Result<()> {
    if rule == Rule::Misere {
        bail!("{} played misère has no Sprague-Grundy values to list; `grundy values --misere --game nim --to N` lists the heaps the player to move loses, and `grundy analyze --misere` analyzes a position", game.name());
    }
    Ok(())
}

/// The heaps 0..`to` (as `values --to` counts: heaps 0 to to - 1) that are misère
/// P-positions: one per line (b-file format), every heap with P or N (csv), or one JSON
/// object.
pub fn values(out: &mut impl Write, game: &Game, to: u64, format: Format) -> Result<()> {
    let lost = match to.checked_sub(1) {
        Some(last) => losing_single_heaps(game, last)?,
        None => Vec::new(),
    };
    match format {
        Format::Bfile => {
            for n in &lost {
                writeln!(out, "{n}")?;
            }
        }
        Format::Csv => {
            writeln!(out, "n,misere_outcome")?;
            let mut next = lost.iter().peekable();
            for n in 0..to {
                let p = next.next_if_eq(&&n).is_some();
                writeln!(out, "{n},{}", if p { "P" } else { "N" })?;
            }
        }
        Format::Json => {
            let list: Vec<String> = lost.iter().map(u64::to_string).collect();
            writeln!(
                out,
                "{{\"game\":{:?},\"rule\":\"misere\",\"to\":{to},\"p_positions\":[{}]}}",
                game.name(),
                list.join(",")
            )?;
        }
    }
    Ok(())
}
