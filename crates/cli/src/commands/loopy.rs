//! `values`, `analyze`, `explain` and `play` for a game on a graph with cycles: Smith's values
//! (a number or `∞{K}`), P, N or D, winning moves soonest first and the moves that keep a
//! draw. Every word comes from the core (`Session::loopy_values`, `Session::analyze_loopy`);
//! this module only prints, and in `play` declares the draw the core says a repetition is.

use std::io::{self, BufRead, Write};

use anyhow::Result;
use grundy_core::ask::{drawn_by_repetition, Command, LoopyAnalyzed, MoveKind, Rule, DRAW_REPETITIONS};
use grundy_core::game::Game;

use super::asked;
use crate::args::Format;
use crate::args::ReportFormat;
use crate::job::Job;

/// The values of vertices 1..`count` (as `--to` counts heaps: every vertex when it is the
/// number of vertices plus one): `name value` lines, `n,g` CSV (a value with a comma quoted),
/// or one JSON object with the vertices, their values (numbers, or strings such as
/// `"∞{0,2}"`) and their counters.
pub fn values(out: &mut impl Write, job: &Job, game: &Game, rule: Rule, count: u64, format: Format) -> Result<()> {
    let table = asked(job.session.loopy_values(game, rule, &mut job.quiet()), game)?;
    if count == 0 || count > table.len() + 1 {
        return Err(crate::Usage(format!(
            "--to {count} does not fit {}: its values are G(0..{}), the vertices 1 to {}",
            game.name(),
            table.len() + 1,
            table.len()
        ))
        .into());
    }
    let n = count - 1;
    match format {
        Format::Bfile => {
            for v in 1..=n {
                writeln!(out, "{} {}", game.heap_name(v), table.value(v))?;
            }
        }
        Format::Csv => {
            writeln!(out, "n,g")?;
            for v in 1..=n {
                let g = table.value(v).to_string();
                let g = if g.contains(',') { format!("\"{g}\"") } else { g };
                writeln!(out, "{},{g}", game.heap_name(v))?;
            }
        }
        Format::Json => {
            let names: Vec<String> = (1..=n).map(|v| game.heap_name(v)).collect();
            let values: Vec<_> = (1..=n).map(|v| table.value(v).clone()).collect();
            let counters: Vec<u32> = (1..=n).map(|v| table.counter(v)).collect();
            let doc =
                serde_json::json!({ "game": game.name(), "vertices": names, "values": values, "counters": counters });
            writeln!(out, "{doc}")?;
        }
    }
    Ok(())
}

/// One vertex's value (`grundy value`).
pub fn value(out: &mut impl Write, job: &Job, game: &Game, v: u64) -> Result<()> {
    let table = asked(job.session.loopy_values(game, Rule::Normal, &mut job.quiet()), game)?;
    writeln!(out, "{}", table.value(v))?;
    Ok(())
}

fn analysis(job: &Job, game: &Game, tokens: &[u64], rule: Rule) -> Result<LoopyAnalyzed> {
    let (mut ctl, display) = job.control("computing");
    let answer = job.session.analyze_loopy(game, tokens, rule, &mut ctl);
    display.finish();
    asked(answer, game)
}

/// The position: values, the sum, P, N or D, and the moves that matter.
pub fn analyze(
    out: &mut impl Write,
    job: &Job,
    game: &Game,
    tokens: &[u64],
    rule: Rule,
    format: ReportFormat,
) -> Result<()> {
    let answer = analysis(job, game, tokens, rule)?;
    let view = answer.view();
    if let ReportFormat::Json = format {
        writeln!(out, "{}", serde_json::to_string_pretty(&view)?)?;
        return Ok(());
    }
    writeln!(out, "game:     {}", view.game)?;
    writeln!(out, "rule:     normal play (whoever cannot move loses; a game that never ends is a draw)")?;
    let a = &answer.analysis;
    let position: Vec<String> =
        view.tokens.iter().enumerate().map(|(i, t)| format!("{}={t}", grundy_core::ask::heap_label(i))).collect();
    writeln!(out, "position: {}", position.join(" "))?;
    let values: Vec<String> = view.tokens.iter().zip(&view.values).map(|(t, v)| format!("γ({t}) = {v}")).collect();
    writeln!(out, "values:   {} (Smith's: ∞{{K}} is a draw-value, K its options' finite values)", values.join(", "))?;
    let terms: Vec<String> = a.values.iter().map(ToString::to_string).collect();
    writeln!(out, "sum:      {} = {}", terms.join(" + "), view.value)?;
    writeln!(out, "outcome:  {} {}", short(a.outcome), view.verdict)?;
    let listed = |kind: MoveKind| view.moves.iter().filter(move |m| m.kind == kind);
    match a.outcome {
        grundy_core::ask::LoopyOutcome::N => {
            writeln!(out, "winning moves: {} (the soonest win first)", listed(MoveKind::Wins).count())?;
            for m in listed(MoveKind::Wins) {
                writeln!(out, "  {} ({})", m.description, m.reason)?;
            }
        }
        grundy_core::ask::LoopyOutcome::D => {
            writeln!(out, "moves that keep the draw: {}", listed(MoveKind::KeepsDraw).count())?;
            for m in listed(MoveKind::KeepsDraw) {
                writeln!(out, "  {} ({})", m.description, m.reason)?;
            }
        }
        grundy_core::ask::LoopyOutcome::P => {
            writeln!(out, "legal moves: {}; none wins or keeps a draw", view.moves.len())?;
        }
    }
    Ok(())
}

fn short(outcome: grundy_core::ask::LoopyOutcome) -> &'static str {
    match outcome {
        grundy_core::ask::LoopyOutcome::N => "N:",
        grundy_core::ask::LoopyOutcome::P => "P:",
        grundy_core::ask::LoopyOutcome::D => "D:",
    }
}

/// The worked solution: the labelling's steps, the values, the position and its moves.
pub fn explain(out: &mut impl Write, job: &Job, game: &Game, tokens: &[u64], rule: Rule) -> Result<()> {
    let (mut ctl, display) = job.control("computing");
    let answer = job.session.explain_loopy(game, tokens, rule, &mut ctl);
    display.finish();
    out.write_all(asked(answer, game)?.as_bytes())?;
    Ok(())
}

/// A game against the computer: it wins in finitely many moves when it can and keeps the
/// draw otherwise; a drawn position that comes back `DRAW_REPETITIONS` times ends the game
/// as a draw.
pub fn play(job: &Job, game: Game, tokens: Vec<u64>, computer_first: bool, rule: Rule) -> Result<()> {
    let tokens: Vec<u64> = tokens.into_iter().filter(|&t| t > 0).collect();
    if tokens.is_empty() {
        anyhow::bail!("a game on a graph needs at least one token: give the vertices the tokens start on");
    }
    let mut answer = analysis(job, &game, &tokens, rule)?;
    let mut history = vec![tokens];
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    writeln!(
        out,
        "{}: whoever cannot move loses; the graph has cycles, so a game may never end: a drawn position that comes back {DRAW_REPETITIONS} times is a draw. Type a move's number, or the vertex a token leaves and the one it goes to, 'hint' or 'quit'.",
        game.name()
    )?;
    let mut players_turn = !computer_first;
    loop {
        let a = &answer.analysis;
        let shown: Vec<String> = a.tokens.iter().map(|&t| game.heap_name(t)).collect();
        writeln!(out, "\ntokens: {}", shown.join(" "))?;
        if answer.game_over() {
            writeln!(out, "no move is left: {}", if players_turn { "the computer wins." } else { "you win!" })?;
            return Ok(());
        }
        if drawn_by_repetition(&history, &answer) {
            writeln!(
                out,
                "a draw: this position has come {DRAW_REPETITIONS} times and neither player can force a win"
            )?;
            return Ok(());
        }
        let chosen = if players_turn {
            for (i, m) in a.moves.iter().enumerate().take(40) {
                writeln!(out, "  {:>2}. {}", i + 1, answer.describe(m))?;
            }
            write!(out, "your move: ")?;
            out.flush()?;
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                writeln!(out, "\n(end of input: game left unfinished)")?;
                return Ok(());
            }
            let line = String::from_utf8_lossy(&bytes);
            match answer.read_move(line.trim_end_matches(['\n', '\r'])) {
                Ok(Command::Quit) => {
                    writeln!(out, "bye")?;
                    return Ok(());
                }
                Ok(Command::Hint) => {
                    writeln!(out, "hint: {}", answer.hint())?;
                    continue;
                }
                Ok(Command::Play(j)) => a.moves[j].clone(),
                Ok(Command::Typed { .. }) => {
                    writeln!(out, "type a move's number, or the vertex a token leaves and the one it goes to")?;
                    continue;
                }
                Err(e) => {
                    writeln!(out, "{e}")?;
                    continue;
                }
            }
        } else {
            let m = answer.computer().expect("a position with moves has a computer move").clone();
            writeln!(out, "computer: {}", answer.describe(&m))?;
            m
        };
        let next = answer.analysis.after(&chosen);
        history.push(next.clone());
        players_turn = !players_turn;
        answer = analysis(job, &game, &next, rule)?;
    }
}
