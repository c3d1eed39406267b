//! `grundy quotient` and `grundy genus`: the misère quotient of a game for heaps up to a
//! bound (order, P-portion, presentation, pretending function, periodicity) and the genus
//! of single heaps, as text or JSON. Everything comes from the core.

use std::io::Write;

use anyhow::Result;
use clap::ValueEnum;
use grundy_core::engine::cost::{check_misere_quotient, genus_cost, human_seconds, misere_quotient_cost};
use grundy_core::engine::Engine;
use grundy_core::game::Game;
use serde_json::json;

use crate::progress::{limits, Progress};

/// How `quotient` and `genus` print.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum QuotientFormat {
    #[default]
    Text,
    Json,
}

pub fn quotient(out: &mut impl Write, game: &Game, to: u64, full: bool, format: QuotientFormat) -> Result<()> {
    // Weighed before it starts (issue 35: `quotient --game .07 --to 10^6` was silent for
    // 12 s, then refused at heap 34), with progress that follows the same model.
    check_misere_quotient(game, to, limits())?;
    let model_game = game.clone();
    let mut progress =
        Progress::modelled(to, "quotient", Box::new(move |h| misere_quotient_cost(&model_game, h).seconds));
    let q = Engine::misere_quotient(game, to, !full, &mut |h| progress.set(h));
    progress.finish();
    let q = q?;
    let pres = q.presentation();
    let gens = pres.generator_lines(&|h| game.heap_name(h));
    let p: Vec<String> = q.p_elements().iter().map(|&x| q.name(x)).collect();
    let phi: Vec<String> = q.pretending().iter().map(|&x| q.name(x)).collect();
    let p_heaps: Vec<u64> = (0..=q.bound()).filter(|&h| q.is_p_position(&[h]) == Some(true)).collect();
    let per = q.periodicity();
    let period_text = match per {
        Some(p) if p.needed <= p.values => format!(
            "φ repeats with preperiod {} and period {} over heaps 0..{} ({} heaps; MisereSolver's stop rule 2·{}+2·{}+k+2 = {} is met{}); periodic up to heap {} (not proved)",
            p.preperiod, p.period, p.values - 1, p.values, p.preperiod, p.period, p.needed,
            if q.stopped_periodic() { ", so the computation stopped here" } else { "" },
            p.values - 1
        ),
        Some(p) => format!(
            "not yet: the best repetition seen (preperiod {}, period {}) needs {} heaps by the stop rule, {} computed",
            p.preperiod, p.period, p.needed, p.values
        ),
        None if q.largest_move().is_some() => "no repetition of φ seen yet".to_string(),
        None => "not checked (no largest move: only octal codes and finite subtraction sets)".to_string(),
    };
    match format {
        QuotientFormat::Json => {
            let doc = json!({
                "game": q.game(),
                "bound": q.bound(),
                "order": q.order(),
                "p_portion": q.p_portion(),
                "tame": q.is_tame(),
                "generators": pres.generator_heaps,
                "relations": pres.relation_lines(),
                "elements": (0..q.order() as u32).map(|x| q.name(x)).collect::<Vec<_>>(),
                "p_elements": p,
                "pretending": phi,
                "p_heaps": p_heaps,
                "changes": q.changes(),
                "periodicity": per.map(|p| json!({
                    "preperiod": p.preperiod, "period": p.period, "values": p.values,
                    "needed": p.needed, "stop_rule_met": p.needed <= p.values, "proved": false,
                })),
                "stopped_periodic": q.stopped_periodic(),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        }
        QuotientFormat::Text => {
            writeln!(out, "game:        {}", q.game())?;
            writeln!(out, "heaps:       0 to {}", q.bound())?;
            let tame = if q.is_tame() {
                "tame: every position plays as misère Nim on its normal-play values"
            } else {
                "not tame"
            };
            writeln!(out, "quotient:    |Q| = {}, |P| = {} ({tame})", q.order(), q.p_portion())?;
            writeln!(out, "generators:  {}", if gens.is_empty() { "none".into() } else { gens.join(", ") })?;
            writeln!(out, "relations:   {}", pres.relation_lines().join(", "))?;
            writeln!(out, "P-portion:   {}", p.join(", "))?;
            writeln!(out, "P heaps:     {}", p_heaps.iter().map(|&h| game.heap_name(h)).collect::<Vec<_>>().join(" "))?;
            writeln!(out, "periodicity: {period_text}")?;
            let changes: Vec<String> = q.changes().iter().map(u32::to_string).collect();
            writeln!(out, "new generators or recalibrations at heaps: {}", changes.join(" "))?;
            writeln!(out, "pretending function (heap: element):")?;
            for (h, name) in phi.iter().enumerate() {
                writeln!(out, "  {}: {name}", game.heap_name(h as u64))?;
            }
        }
    }
    Ok(())
}

pub fn genus(out: &mut impl Write, game: &Game, to: u64, format: QuotientFormat) -> Result<()> {
    // The genus is bounded by its heap limit (40), and the slowest game measured takes 1.5
    // s there: that bound is its estimate, refused past --max-time like every other job.
    let cost = genus_cost(to);
    let limits = limits();
    if cost.seconds > limits.seconds || cost.bytes > limits.bytes {
        anyhow::bail!(
            "the genus of heaps 0 to {to} of {} may take up to {} (the slowest game measured), more than the limit of {} (--max-time)",
            game.name(),
            human_seconds(cost.seconds),
            human_seconds(limits.seconds)
        );
    }
    let list = Engine::genus(game, to)?;
    match format {
        QuotientFormat::Json => {
            let doc = json!({
                "game": game.name(),
                "genus": list.iter().enumerate().map(|(h, g)| json!({
                    "heap": h, "genus": g.to_string(), "value": g.value, "superscript": g.printed,
                    "numbers": g.superscript, "tame_numbers": g.is_tame(), "phylum": g.phylum_name(), "nim_heap": g.is_nim_heap,
                })).collect::<Vec<_>>(),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        }
        QuotientFormat::Text => {
            writeln!(out, "genus of single heaps of {} as CGSuite prints it (g^(γ0 γ1 ...), γk = misère value with k copies of *2; the last two digits alternate; a bare g: the heap equals *g in misère play; one digit: tame or restive), and the phylum of the heap's misère canonical form", game.name())?;
            for (h, g) in list.iter().enumerate() {
                writeln!(out, "  {:>3}: {:<16} {}", game.heap_name(h as u64), g.to_string(), g.phylum_name())?;
            }
        }
    }
    Ok(())
}
