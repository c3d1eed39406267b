//! `grundy period`: the pre-period and period of a game's values, computed by the fastest
//! engine until a periodicity theorem proves them, or until `--max` heaps (by default as
//! many as fit `--max-time` and `--max-memory`).

use std::io::Write;

use anyhow::Result;
use grundy_core::ask::{proof_name, EngineChoice, PeriodRequest, OBSERVED_MIN_SPAN};
use grundy_core::count::plural;
use grundy_core::game::Game;

use super::asked;
use crate::job::Job;

pub fn run(out: &mut impl Write, job: &Job, game: &Game, max: Option<u64>, engine: EngineChoice) -> Result<()> {
    let req = PeriodRequest { game: game.clone(), max, engine };
    let (mut ctl, display) = job.control("looking for a period");
    let answer = job.session.period(&req, &mut ctl);
    display.finish();
    let s = asked(answer, game)?;
    let name = game.name();
    if s.unbounded {
        writeln!(out, "{name}: not periodic (its values are unbounded: see its closed form)")?;
        return Ok(());
    }
    match &s.found {
        Some(p) if p.proved => {
            let theorem = proof_name(game).unwrap_or("the periodicity theorem");
            writeln!(
                out,
                "{name}: periodic from heap {} with period {}{} (proved by {theorem} from G(0..{}); {} values computed by the {})",
                p.preperiod,
                p.period,
                saltus(p.period, p.saltus),
                p.computed,
                s.computed,
                s.engine.name()
            )?;
            writeln!(out, "{}", convention(p.preperiod))?;
        }
        Some(p) => {
            writeln!(
                out,
                "{name}: period {}{} from heap {} observed up to heap {} (not proved{})",
                p.period,
                saltus(p.period, p.saltus),
                p.preperiod,
                s.computed - 1,
                if s.theorem {
                    ": the periodicity theorem needs more values"
                } else {
                    ": no periodicity theorem applies"
                }
            )?;
            writeln!(out, "{}", convention(p.preperiod))?;
        }
        None => {
            let verb = if s.theorem { "proved" } else { "seen" };
            writeln!(out, "{name}: no period {verb} up to heap {}", s.computed.saturating_sub(1))?;
            if !s.theorem {
                writeln!(
                    out,
                    "(no periodicity theorem applies; a period counts as observed after {OBSERVED_MIN_SPAN} heaps and 3 full periods)"
                )?;
            }
        }
    }
    {
        if let Some((heap, value)) = s.largest {
            write!(out, "largest value {value} (first at heap {heap})")?;
            match s.sparse {
                Some((count, Some(last))) => {
                    writeln!(out, "; {}, the last {last}", plural(count as u64, "sparse heap", "sparse heaps"))?
                }
                Some((_, None)) => writeln!(out, "; no sparse heaps")?,
                None => writeln!(out)?,
            }
        }
    }
    Ok(())
}

/// The saltus of an arithmetic period, said with what it means; nothing for an ordinary one.
fn saltus(period: usize, saltus: u64) -> String {
    if saltus == 0 {
        String::new()
    } else {
        format!(" and saltus {saltus}, G(n + {period}) = G(n) + {saltus}")
    }
}

fn convention(preperiod: usize) -> String {
    if preperiod == 0 {
        "(pre-period = first periodic heap; here there is no exception)".into()
    } else {
        format!("(pre-period = first periodic heap; the last exception is heap {})", preperiod - 1)
    }
}
