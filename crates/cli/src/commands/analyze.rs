//! `grundy analyze`: the values, nim-sum, outcome and moves of a position, as text or as
//! the JSON document of the core's analysis. Everything shown, the words of the outcome
//! included, comes from the core's request API; this module only prints it.

use std::io::Write;

use anyhow::Result;
use grundy_core::ask::{heap_label, Analyzed, Convention, Listed, PositionRequest, Rule};
use grundy_core::game::Game;

use super::asked;
use crate::args::ReportFormat;
use crate::job::Job;

/// The core's analysis of a position, as the terminal game and `analyze` see it.
pub fn analysis(job: &Job, game: &Game, heaps: &[u64], rule: Rule, convention: Convention) -> Result<Analyzed> {
    let req = PositionRequest::new(game.clone(), heaps.to_vec(), rule, convention);
    let (mut ctl, display) = job.control("computing");
    let answer = job.session.analyze(&req, &mut ctl);
    display.finish();
    asked(answer, game)
}

pub fn run(
    out: &mut impl Write,
    job: &Job,
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
    format: ReportFormat,
) -> Result<()> {
    let a = analysis(job, game, heaps, rule, convention)?;
    match format {
        ReportFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&a.analysis)?)?,
        ReportFormat::Text => write_text(out, game, &a)?,
    }
    Ok(())
}

fn write_text(out: &mut impl Write, game: &Game, answer: &Analyzed) -> Result<()> {
    let a = &answer.analysis;
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
    writeln!(out, "outcome:  {}", answer.verdict())?;
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
