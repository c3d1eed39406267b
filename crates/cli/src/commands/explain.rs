//! `grundy explain` and `grundy practice`: the worked solution of a position for learners,
//! and practice problems whose answers are checked against it.

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use grundy_core::game::Played;
use grundy_core::learn::explain::{worked, Explanation};
use grundy_core::learn::practice::{parse_answer, problem, PRACTICE_MAX_HEAP};
use grundy_core::position::model::Convention;

/// The worked solution of `heaps` in `played` (the core's, shared with the web API).
pub fn worked_solution(played: &Played, heaps: &[u64], convention: Convention) -> Result<Explanation> {
    Ok(worked(played, heaps, convention)?)
}

pub fn run(out: &mut impl Write, played: &Played, heaps: &[u64], convention: Convention) -> Result<()> {
    let e = worked_solution(played, heaps, convention)?;
    let game = &played.game;
    out.write_all(e.render_named(&game.name(), &game.rules(), &|h| game.heap_name(h)).as_bytes())?;
    Ok(())
}

/// Asks a problem, reads the answer from `input`, then shows the worked solution.
/// The question states the convention the answer counts in.
pub fn practice(
    out: &mut impl Write,
    input: &mut impl BufRead,
    played: &Played,
    seed: u64,
    convention: Convention,
) -> Result<()> {
    let p = problem(seed, PRACTICE_MAX_HEAP);
    let e = worked_solution(played, &p.heaps, convention)?;
    let game = &played.game;
    let sizes: Vec<String> = p.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "Practice problem (seed {seed}), {}.", game.name())?;
    writeln!(out, "Rules: {}", game.rules())?;
    writeln!(out, "Heaps: {}. How many winning moves does the player to move have? (0 if none)", sizes.join(", "))?;
    writeln!(out, "Count moves by {}: {}.", convention.name(), convention.explain())?;
    write!(out, "Your answer: ")?;
    out.flush()?;
    let mut line = String::new();
    input.read_line(&mut line).context("reading the answer")?;
    let right = e.winning_moves() as u64;
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
    out.write_all(e.render_named(&game.name(), &game.rules(), &|h| game.heap_name(h)).as_bytes())?;
    Ok(())
}
