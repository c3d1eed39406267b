//! `grundy quotient`: the misère quotient of a game for heaps up to a bound (order,
//! P-portion, presentation, pretending function, periodicity), as text or JSON. Everything
//! comes from the core's request API.

use std::io::Write;

use anyhow::Result;
use grundy_core::ask::QuotientRequest;
use grundy_core::game::Game;
use serde_json::json;

use super::asked;
use crate::args::ReportFormat;
use crate::job::Job;

pub fn run(out: &mut impl Write, job: &Job, game: &Game, to: u64, full: bool, format: ReportFormat) -> Result<()> {
    let req = QuotientRequest { game: game.clone(), to, full, bounds: None };
    let (mut ctl, display) = job.control("computing the quotient");
    let answer = job.session.quotient(&req, &mut ctl);
    display.finish();
    let q = asked(answer, game)?;
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
        ReportFormat::Json => {
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
        ReportFormat::Text => {
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
