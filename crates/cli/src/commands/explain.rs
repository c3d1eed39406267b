//! `grundy explain` and `grundy practice`: the worked solution of a position for learners,
//! and practice problems whose answers are checked against it.

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use grundy_core::games::Game;
use grundy_core::learn::explain::{worked, Explanation};
use grundy_core::learn::practice::{parse_answer, problem, PRACTICE_MAX_HEAP};
use grundy_core::position::model::Convention;

/// The worked solution of `heaps` in `game` (the core's, shared with the web API).
pub fn worked_solution(game: &Game, heaps: &[u64], convention: Convention) -> Result<Explanation> {
    Ok(worked(game, heaps, convention)?)
}

/// The rules of `game` in one sentence.
pub fn rules(game: &Game) -> String {
    use grundy_core::games::SubtractionSet;
    match game {
        Game::Grundy => "split one heap into two heaps of different sizes; heaps of 1 and 2 cannot be split; \
                         who cannot move loses."
            .into(),
        Game::Subtraction(SubtractionSet::Finite(s)) => {
            let s: Vec<String> = s.iter().map(u64::to_string).collect();
            format!("take {} stones from one heap; who cannot move loses.", or_list(&s))
        }
        Game::Subtraction(SubtractionSet::Squares) => {
            "take a square number of stones (1, 4, 9, ...) from one heap; who cannot move loses.".into()
        }
        Game::TakeAtMostHalf => {
            "take at least one and at most half of the stones of one heap; who cannot move loses.".into()
        }
        Game::Nim { .. } => "take any number of stones from one heap; who cannot move loses.".into(),
        Game::TakeAndBreak(t) => format!(
            "take-and-break code {}: digit k says what may be left after taking k stones (1: nothing, 2: one heap, \
             4: two heaps); who cannot move loses.",
            t.code()
        ),
    }
}

fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

pub fn run(out: &mut impl Write, game: &Game, heaps: &[u64], convention: Convention) -> Result<()> {
    let e = worked_solution(game, heaps, convention)?;
    out.write_all(e.render(&game.name(), &rules(game)).as_bytes())?;
    Ok(())
}

/// Asks a problem, reads the answer from `input`, then shows the worked solution.
pub fn practice(out: &mut impl Write, input: &mut impl BufRead, game: &Game, seed: u64) -> Result<()> {
    let p = problem(seed, PRACTICE_MAX_HEAP);
    let e = worked_solution(game, &p.heaps, Convention::Heaps)?;
    let sizes: Vec<String> = p.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "Practice problem (seed {seed}), {}.", game.name())?;
    writeln!(out, "Rules: {}", rules(game))?;
    writeln!(out, "Heaps: {}. How many winning moves does the player to move have? (0 if none)", sizes.join(", "))?;
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
    out.write_all(e.render(&game.name(), &rules(game)).as_bytes())?;
    Ok(())
}
