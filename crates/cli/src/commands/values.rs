//! `grundy value` and `grundy values`: G(n) of one heap, or the table G(0..=N).

use std::io::Write;

use anyhow::{bail, Context, Result};
use grundy_core::bfile::to_bfile;
use grundy_core::games::sequence::values as game_values;
use grundy_core::games::Game;
use grundy_core::{FastSweep, Value};

use crate::Format;

/// Other games are computed by the definition, which is quadratic for splitting games.
const MAX_OTHER: u64 = 1 << 20;

pub fn value(out: &mut impl Write, game: &Game, n: u64) -> Result<()> {
    let g = values_through(game, n)?;
    writeln!(out, "{}", g[n as usize])?;
    Ok(())
}

pub fn values(out: &mut impl Write, game: &Game, to: u64, format: Format) -> Result<()> {
    let g = values_through(game, to)?;
    match format {
        Format::Bfile => out.write_all(to_bfile(0, &g).as_bytes())?,
        Format::Csv => {
            writeln!(out, "n,g")?;
            for (n, v) in g.iter().enumerate() {
                writeln!(out, "{n},{v}")?;
            }
        }
        Format::Json => {
            let list: Vec<String> = g.iter().map(Value::to_string).collect();
            writeln!(out, "{{\"game\":{:?},\"values\":[{}]}}", game.name(), list.join(","))?;
        }
    }
    Ok(())
}

/// G(0..=n) of `game`.
pub fn values_through(game: &Game, n: u64) -> Result<Vec<Value>> {
    if *game == Game::Grundy {
        let mut sweep = FastSweep::new();
        sweep.run_to(n + 1).with_context(|| format!("computing G(0..={n})"))?;
        return Ok(sweep.values().to_vec());
    }
    if n > MAX_OTHER {
        bail!("{} is computed by the definition; heaps above {MAX_OTHER} would take too long", game.name());
    }
    game_values(game, n as usize + 1).with_context(|| format!("computing the values of {}", game.name()))
}
