//! `grundy values`: the table G(0..N) by the cheapest exact way the core has (a closed
//! form, a proved period, a table), written as it goes; in window mode (`--window`, octal
//! games) by the long sweep, which keeps only the first and the latest values; and with
//! `--misere`, the single heaps that are misère P-positions. A job beyond `--max-time` or
//! `--max-memory` is refused before it starts; Ctrl-C saves what was computed and says how
//! to go on.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};
use grundy_core::ask::{
    AskError, EngineChoice, Progress, Rule, SweepRequest, TableOutput, TableRequest, TABLE_SECONDS_PER_CSV_ROW,
    TABLE_SECONDS_PER_ROW,
};
use grundy_core::bfile;
use grundy_core::game::Game;

use super::{asked, resume};
use crate::args::Format;
use crate::job::{Display, Job};

/// `value` and `period` of a game named for misère play (`misere-nim`) would print
/// normal-play values under a misère name: refuse, and say what to ask instead.
pub fn refuse_normal_values(game: &Game, rule: Rule) -> Result<()> {
    if rule == Rule::Misere {
        bail!("{} played misère has no Sprague-Grundy values to list; `grundy values --misere --game nim --to N` lists the heaps the player to move loses, and `grundy analyze --misere` analyzes a position", game.name());
    }
    Ok(())
}

/// How many values a table of `game` has: `--to` when given (the core refuses more than a
/// finite game has), else every vertex of a graph; other games need `--to`.
pub fn table_length(game: &Game, to: Option<u64>) -> Result<u64> {
    match (to, game.largest_heap()) {
        (Some(to), _) => Ok(to),
        (None, Some(largest)) => Ok(largest + 1),
        (None, None) => Err(crate::Usage("the argument '--to <TO>' is needed: how many values, G(0..N)".into()).into()),
    }
}

/// Writes G(0..count) as it goes (no text of the whole table is built).
#[allow(clippy::too_many_arguments)] // one per flag of `values`, each passed on as it is
pub fn run(
    out: &mut impl Write,
    job: &Job,
    game: &Game,
    count: u64,
    format: Format,
    engine: EngineChoice,
    resume: Option<&Path>,
    every_value: bool,
) -> Result<()> {
    if count == 0 {
        return Err(crate::Usage("--to 0 asks for no values: G(0..N) needs N of at least 1".into()).into());
    }
    let resume = resume.map(resume::read).transpose()?;
    let req = TableRequest { game: game.clone(), count, engine, resume, every_value };
    let (mut ctl, display) = job.control("computing");
    let answer = job.session.table(&req, &mut ctl);
    display.finish();
    let table = match answer {
        Err(AskError::Interrupted(saved)) => {
            return Err(resume::interrupted(&saved, &format!("values-{}-{count}", game.name())))
        }
        other => asked(other, game)?,
    };
    // Writing counts too (issue 35: `--to 2^63` of a periodic game streamed for ever): the
    // text's time against --max-time, and progress while it is written.
    let per_row = if matches!(format, Format::Csv) { TABLE_SECONDS_PER_CSV_ROW } else { TABLE_SECONDS_PER_ROW };
    let largest = table.get(count - 1).max(table.get(count / 2));
    TableOutput::of(count, largest.checked_ilog10().unwrap_or(0) + 1, per_row).check(game, job.limits)?;
    let display = Display::new("writing");
    let mut writer = Table::begin(out, game, format, count)?;
    let mut done = 0;
    while done < count {
        let next = count.min(done.saturating_add(WRITE_STEP));
        writer.rows(done..next, |n| table.get(n))?;
        done = next;
        display.update(&Progress {
            done,
            total: count,
            unit: "values",
            model_done: done as f64,
            model_total: count as f64,
        });
    }
    display.finish();
    writer.end()
}

/// Rows written between progress reports (a few milliseconds).
const WRITE_STEP: u64 = 1 << 16;

/// Writes G(0..count) of an octal game in window mode (`--window`, `--archive`): the
/// sweep keeps only the first and the latest values, and the table is written as it
/// grows, so memory does not grow with N.
pub fn in_window(
    out: &mut impl Write,
    job: &Job,
    game: &Game,
    count: u64,
    format: Format,
    window: u64,
    archive: bool,
) -> Result<()> {
    if count == 0 {
        return Err(crate::Usage("--to 0 asks for no values: G(0..N) needs N of at least 1".into()).into());
    }
    if game.octal().is_none() {
        bail!(
            "--window is for octal games, and {} is not one (Grundy's game has its own: cargo xtask compute --window)",
            game.name()
        );
    }
    let window = usize::try_from(window).map_err(|_| crate::Usage("--window is too large for this machine".into()))?;
    let mut req = SweepRequest::new(game.clone(), count).with_window(Some(window));
    req.octal.archive = archive;
    let (mut ctl, display) = job.control("computing");
    let mut sweep = asked(job.session.sweep(&req, &mut ctl), game)?;
    let mut table = Table::begin(out, game, format, count)?;
    // A window's worth at a time: the latest values held are at least that many, and long
    // steps let the sweep use its helper thread.
    let step = window.max(1 << 15) as u64;
    let mut done = 0;
    while done < count {
        let next = (done + step).min(count);
        asked(sweep.run_to(next, &mut ctl), game)?;
        table.rows(done..next, |n| sweep.value(n).expect("the latest values are held"))?;
        done = next;
    }
    display.finish();
    table.end()
}

/// The heaps 0..`to` (as `values --to` counts: heaps 0 to to - 1) that are misère
/// P-positions: one per line (b-file format), every heap with P or N (csv), or one JSON
/// object.
pub fn misere(out: &mut impl Write, job: &Job, game: &Game, to: u64, format: Format) -> Result<()> {
    let lost = asked(job.session.misere_p_heaps(game, to, &mut job.quiet()), game)?;
    match format {
        Format::Bfile => {
            for n in &lost {
                writeln!(out, "{n}")?;
            }
        }
        Format::Csv => {
            writeln!(out, "n,misere_outcome")?;
            let mut next = lost.iter().peekable();
            for n in 0..to {
                let p = next.next_if_eq(&&n).is_some();
                writeln!(out, "{n},{}", if p { "P" } else { "N" })?;
            }
        }
        Format::Json => {
            let list: Vec<String> = lost.iter().map(u64::to_string).collect();
            writeln!(
                out,
                "{{\"game\":{:?},\"rule\":\"misere\",\"to\":{to},\"p_positions\":[{}]}}",
                game.name(),
                list.join(",")
            )?;
        }
    }
    Ok(())
}

/// A table being written, row by row, in one of the formats.
struct Table<'a, W: Write> {
    out: &'a mut W,
    game: &'a Game,
    format: Format,
    /// A graph's heap 0 is no token at all: its table lists the vertices from 1.
    first: u64,
    /// Heaps by number (b-file): written digit by digit into this buffer (a String a line
    /// for the heap's name was a tenth of the time of a fast table).
    line: Vec<u8>,
}

impl<'a, W: Write> Table<'a, W> {
    fn begin(out: &'a mut W, game: &'a Game, format: Format, count: u64) -> Result<Self> {
        let first = u64::from(game.largest_heap().is_some());
        match format {
            Format::Csv => writeln!(out, "n,g")?,
            Format::Json => {
                write!(out, "{{\"game\":{:?},", game.name())?;
                if first == 1 {
                    let names: Vec<String> = (first..count).map(|n| format!("{:?}", game.heap_name(n))).collect();
                    write!(out, "\"vertices\":[{}],", names.join(","))?;
                }
                write!(out, "\"values\":[")?;
            }
            Format::Bfile => {}
        }
        Ok(Table { out, game, format, first, line: Vec::with_capacity(1 << 16) })
    }

    /// Writes the rows of the heaps in `heaps` (from `first` on), G(n) read by `get`.
    fn rows(&mut self, heaps: std::ops::Range<u64>, get: impl Fn(u64) -> u64) -> Result<()> {
        let heaps = heaps.start.max(self.first)..heaps.end;
        match self.format {
            Format::Bfile if self.first == 0 => {
                for n in heaps {
                    bfile::push_row(&mut self.line, n, get(n));
                    if self.line.len() > (1 << 16) - 64 {
                        self.out.write_all(&self.line)?;
                        self.line.clear();
                    }
                }
                self.out.write_all(&self.line)?;
                self.line.clear();
            }
            Format::Bfile => {
                for n in heaps {
                    writeln!(self.out, "{} {}", self.game.heap_name(n), get(n))?;
                }
            }
            Format::Csv => {
                for n in heaps {
                    writeln!(self.out, "{},{}", self.game.heap_name(n), get(n))?;
                }
            }
            Format::Json => {
                for n in heaps {
                    if n > self.first {
                        self.out.write_all(b",")?;
                    }
                    write!(self.out, "{}", get(n))?;
                }
            }
        }
        Ok(())
    }

    fn end(self) -> Result<()> {
        if matches!(self.format, Format::Json) {
            writeln!(self.out, "]}}")?;
        }
        Ok(())
    }
}
