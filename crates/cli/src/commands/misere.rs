//! `grundy values --misere`: the single heaps that are misère P-positions (the player to
//! move loses when whoever makes the last move loses), and the refusal of normal-play
//! values for `misere-nim`, whose values would be those of Nim and mislead.

use std::io::Write;

use anyhow::{bail, Result};
use grundy_core::game::Game;
use grundy_core::position::misere::losing_single_heaps;

use crate::Format;

/// `value`/`values` of `misere-nim` would print Nim's normal-play values under a misère
/// name: refuse, and say what to ask instead.
pub fn refuse_normal_values(game: &Game) -> Result<()> {
    if game.is_misere() {
        bail!("misère Nim has no Sprague-Grundy values to list; use `grundy values --misere --game nim --to N` for the heaps the player to move loses, or `grundy analyze --misere`");
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
