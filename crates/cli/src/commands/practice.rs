//! `grundy practice`: a practice problem (how many winning moves?) drawn from a seed, the
//! answer read from standard input and checked, then the worked solution, all from the
//! core's request API.

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use grundy_core::ask::{parse_answer, Convention};
use grundy_core::game::Played;

use super::asked;
use crate::job::Job;

/// Asks a problem, reads the answer from `input`, then shows the worked solution.
/// The question states the convention the answer counts in.
pub fn run(
    out: &mut impl Write,
    input: &mut impl BufRead,
    job: &Job,
    played: &Played,
    seed: u64,
    convention: Convention,
) -> Result<()> {
    let game = &played.game;
    let p = asked(job.session.practice(game, played.rule, seed, convention, &mut job.quiet()), game)?;
    let sizes: Vec<String> = p.heaps.iter().map(|&h| game.heap_name(h)).collect();
    writeln!(out, "Practice problem (seed {seed}), {}.", game.name())?;
    writeln!(out, "Rules: {}", game.rules())?;
    writeln!(out, "Heaps: {}. How many winning moves does the player to move have? (0 if none)", sizes.join(", "))?;
    writeln!(out, "Count moves by {}: {}.", convention.name(), convention.explain())?;
    write!(out, "Your answer: ")?;
    out.flush()?;
    let mut line = String::new();
    input.read_line(&mut line).context("reading the answer")?;
    let right = p.answer;
    writeln!(out)?;
    if line.trim().is_empty() {
        writeln!(out, "No answer given. The answer is {right}.")?;
    } else {
        match parse_answer(&line) {
            Ok(a) if a == right => writeln!(out, "Right: {right}.")?,
            Ok(a) => writeln!(out, "Not quite: you said {a}, the answer is {right}.")?,
            Err(e) => writeln!(out, "{e}. The answer is {right}.")?,
        }
    }
    writeln!(out)?;
    out.write_all(p.solution.render().as_bytes())?;
    Ok(())
}
