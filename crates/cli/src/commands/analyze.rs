//! `grundy analyze`: the values, nim-sum, outcome and moves of a position, as text or as
//! the JSON document of [`grundy_core::position::model::Analysis`]. Everything shown comes
//! from the core's move model; this module only prints it.

use std::io::Write;

use anyhow::Result;
use clap::ValueEnum;
use grundy_core::engine::{Engine, EngineChoice, EngineError};
use grundy_core::game::Game;
use grundy_core::period::HeapValues;
use grundy_core::position::misere_play::MisereMethod;
use grundy_core::position::model::{analyze_position, heap_label, Analysis, AnswerError, Convention, Listed, Rule};
use grundy_core::position::Outcome;

use crate::progress::{limits, Progress};

/// How `analyze` prints.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum AnalyzeFormat {
    #[default]
    Text,
    Json,
}

/// The analysis of a position, as the terminal game and `analyze` see it.
pub fn analysis(game: &Game, heaps: &[u64], rule: Rule, convention: Convention) -> Result<Analysis> {
    Ok(analysis_and_values(game, heaps, rule, convention)?.0)
}

/// [`analysis`], with the values it rests on (the terminal game checks typed moves of a
/// position too large to list against them).
pub fn analysis_and_values(
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
) -> Result<(Analysis, HeapValues)> {
    let engine = Engine::choose(game, EngineChoice::Auto)?;
    let mut progress = Progress::new(&engine, heaps.iter().copied().max().unwrap_or(0).saturating_add(1), "computing");
    let answer =
        analyze_position(&engine, heaps, rule, convention, limits(), &mut |done, total| progress.set_of(done, total));
    progress.finish();
    match answer {
        Ok(answer) => Ok(answer),
        // A refusal names the game and its estimate itself.
        Err(
            e
            @ (AnswerError::Position(_) | AnswerError::Values(EngineError::Cost(_) | EngineError::NoPeriodYet { .. })),
        ) => Err(e.into()),
        Err(e) => Err(anyhow::Error::new(e).context(format!("computing the values of {}", game.name()))),
    }
}

pub fn run(
    out: &mut impl Write,
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
    format: AnalyzeFormat,
) -> Result<()> {
    let a = analysis(game, heaps, rule, convention)?;
    match format {
        AnalyzeFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&a)?)?,
        AnalyzeFormat::Text => write_text(out, game, &a)?,
    }
    Ok(())
}

fn write_text(out: &mut impl Write, game: &Game, a: &Analysis) -> Result<()> {
    writeln!(out, "game:     {}", a.game)?;
    let rule = match a.rule {
        Rule::Normal => "normal play (whoever cannot move loses)",
        Rule::Misere => "misère play (whoever makes the last move loses)",
    };
    writeln!(out, "rule:     {rule}")?;
    let sizes: Vec<String> =
        a.heaps.iter().enumerate().map(|(i, h)| format!("{}={}", heap_label(i), game.heap_name(*h))).collect();
    writeln!(out, "position: {}", sizes.join(" "))?;
    let vals: Vec<String> =
        a.heaps.iter().zip(&a.values).map(|(h, v)| format!("G({}) = {v}", game.heap_name(*h))).collect();
    let note = if a.rule == Rule::Misere { " (normal-play values, for reference)" } else { "" };
    writeln!(out, "values:   {}{note}", vals.join(", "))?;
    let terms: Vec<String> = a.values.iter().map(u64::to_string).collect();
    writeln!(out, "nim-sum:  {} = {}", terms.join(" xor "), a.nim_sum)?;
    let why = match a.rule {
        Rule::Normal if a.game_over() => "no move is left".to_string(),
        Rule::Misere if a.game_over() => "no move is left, and under misère play whoever cannot move wins".to_string(),
        Rule::Normal if a.nim_sum == 0 => "the nim-sum is 0".to_string(),
        Rule::Normal => "the nim-sum is not 0".to_string(),
        Rule::Misere if game.has_misere_nim_rule() => {
            if a.heaps.iter().any(|&h| h >= 2) {
                "by misère Nim's rule: a heap has 2 or more stones, so the nim-sum decides, as in normal play, until one such heap is left"
                    .to_string()
            } else {
                "by misère Nim's rule: only heaps of one stone: the player to move wins when their number is even"
                    .to_string()
            }
        }
        Rule::Misere => match &a.misere_method {
            Some(m @ MisereMethod::Quotient { tame: true, .. }) => m.describe(),
            Some(m) => format!("{}; the normal-play values do not decide under misère play", m.describe()),
            None => "the normal-play values do not decide under misère play".to_string(),
        },
    };
    match a.outcome {
        Outcome::PlayerToMoveWins => writeln!(out, "outcome:  the player to move wins ({why})")?,
        Outcome::PlayerToMoveLoses => writeln!(out, "outcome:  the player to move loses against perfect play ({why})")?,
    }
    writeln!(out, "counting: {} ({})", a.convention.name(), a.convention.explain())?;
    writeln!(out, "legal moves: {}; winning moves: {}", a.legal_moves, a.winning_moves)?;
    let shown = a.moves.iter().filter(|m| m.winning).count() as u64;
    if a.listed == Listed::Some && shown < a.winning_moves {
        writeln!(out, "  (too many to list: the first {shown})")?;
    }
    for m in a.moves.iter().filter(|m| m.winning) {
        match a.rule {
            Rule::Normal => writeln!(out, "  {} (nim-sum after: 0)", m.description)?,
            Rule::Misere => writeln!(out, "  {}", m.description)?,
        }
    }
    Ok(())
}
