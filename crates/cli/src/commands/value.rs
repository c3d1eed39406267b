//! `grundy value`: G(n) of one heap by the cheapest exact way the core has: a closed form
//! or a proved period answers any n at once; otherwise a table up to n, refused beyond
//! `--max-time` or `--max-memory` with the estimate and what would fit.

use std::io::Write;

use anyhow::Result;
use grundy_core::ask::{EngineChoice, ValueRequest};
use grundy_core::game::Game;

use super::asked;
use crate::job::Job;

/// Prints G(n).
pub fn run(out: &mut impl Write, job: &Job, game: &Game, n: u64, engine: EngineChoice) -> Result<()> {
    let (mut ctl, display) = job.control("computing");
    let answer = job.session.value(&ValueRequest { game: game.clone(), heap: n, engine }, &mut ctl);
    display.finish();
    writeln!(out, "{}", asked(answer, game)?.value)?;
    Ok(())
}
