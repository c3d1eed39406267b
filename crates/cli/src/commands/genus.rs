//! `grundy genus`: Conway's genus of single heaps, exactly as CGSuite prints it, with the
//! phylum of each heap's misère canonical form, as text or JSON, from the core's request API.

use std::io::Write;

use anyhow::Result;
use grundy_core::ask::GenusRequest;
use grundy_core::game::Game;
use serde_json::json;

use super::asked;
use crate::args::ReportFormat;
use crate::job::Job;

pub fn run(out: &mut impl Write, job: &Job, game: &Game, to: u64, format: ReportFormat) -> Result<()> {
    let list = asked(job.session.genus(&GenusRequest { game: game.clone(), to }, &mut job.quiet()), game)?;
    match format {
        ReportFormat::Json => {
            let doc = json!({
                "game": game.name(),
                "genus": list.iter().enumerate().map(|(h, g)| json!({
                    "heap": h, "genus": g.to_string(), "value": g.value, "superscript": g.printed,
                    "numbers": g.superscript, "tame_numbers": g.is_tame(), "phylum": g.phylum_name(), "nim_heap": g.is_nim_heap,
                })).collect::<Vec<_>>(),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        }
        ReportFormat::Text => {
            writeln!(out, "genus of single heaps of {} as CGSuite prints it (g^(γ0 γ1 ...), γk = misère value with k copies of *2; the last two digits alternate; a bare g: the heap equals *g in misère play; one digit: tame or restive), and the phylum of the heap's misère canonical form", game.name())?;
            for (h, g) in list.iter().enumerate() {
                writeln!(out, "  {:>3}: {:<16} {}", game.heap_name(h as u64), g.to_string(), g.phylum_name())?;
            }
        }
    }
    Ok(())
}
