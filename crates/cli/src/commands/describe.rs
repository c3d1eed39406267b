//! `grundy describe CODE`: the game's code in CGSuite's normal form, its rules in words,
//! the subtraction set it is and the theorem that proves its periods (the core's
//! `game::describe`).

use std::io::Write;

use anyhow::Result;
use grundy_core::game::describe::describe;
use grundy_core::game::Game;

pub fn run(out: &mut impl Write, game: &Game) -> Result<()> {
    let d = describe(game);
    match &d.code {
        Some(code) => writeln!(out, "{code}")?,
        None => writeln!(out, "{} (no take-and-break code)", d.name)?,
    }
    writeln!(out, "game: {}", d.name)?;
    writeln!(out, "rules: {}", d.rules)?;
    if let Some(s) = &d.subtraction {
        writeln!(out, "subtraction set: {s}")?;
    }
    match d.periods {
        Some(p) => writeln!(out, "periods: {p}")?,
        None => writeln!(out, "periods: no periodicity theorem applies (a period can only be observed)")?,
    }
    Ok(())
}
