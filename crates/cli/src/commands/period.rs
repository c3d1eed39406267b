//! `grundy period`: the pre-period and period of a game's values, proved where a theorem applies.

use std::io::Write;

use anyhow::{Context, Result};
use grundy_core::games::period::find_period;
use grundy_core::games::Game;

pub fn run(out: &mut impl Write, game: &Game, max: u64) -> Result<()> {
    let p = find_period(game, max as usize).with_context(|| format!("computing the values of {}", game.name()))?;
    match p {
        Some(p) if p.proved => writeln!(
            out,
            "{}: periodic from heap {} with period {} (proved by the periodicity theorem after {} values)",
            game.name(),
            p.preperiod,
            p.period,
            p.computed
        )?,
        Some(p) => writeln!(
            out,
            "{}: period {} from heap {} observed up to heap {} (not proved)",
            game.name(),
            p.period,
            p.preperiod,
            p.computed - 1
        )?,
        None => writeln!(out, "{}: no period seen up to heap {}", game.name(), max.saturating_sub(1))?,
    }
    Ok(())
}
