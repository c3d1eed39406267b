//! `grundy value` and `grundy values`: G(n) of one heap, or the table G(0..N), by the engine
//! grundy-core chooses ([`Engine::choose`]) and the cheapest exact way it has (a closed
//! form, a proved period, a table), after a look at what it will cost: a job beyond
//! `--max-time` or `--max-memory` is refused before it starts, with the estimate and what
//! would fit.

use std::io::Write;

use anyhow::{bail, Context, Result};
use grundy_core::engine::{Engine, EngineChoice, EngineError};
use grundy_core::game::Game;
use grundy_core::period::HeapValues;

use crate::progress::{limits, Progress};

use crate::Format;

/// Parses `--engine`.
pub fn parse_engine(s: &str) -> Result<EngineChoice, String> {
    EngineChoice::parse(s).map_err(|e| e.to_string())
}

/// G(n) for every n up to `max_heap`, by the core's cheapest exact way (a closed form, a
/// period proved as soon as it can be, or a table), within the limits of `--max-time` and
/// `--max-memory` and with progress: what `value`, `values`, `analyze` and `play` call.
pub fn heap_values(game: &Game, max_heap: u64, choice: EngineChoice) -> Result<HeapValues> {
    compute(game, max_heap, choice, false)
}

/// [`heap_values`], or with `every_value` every value computed by the engine, the period
/// shortcut off (`values --every-value`).
fn compute(game: &Game, max_heap: u64, choice: EngineChoice, every_value: bool) -> Result<HeapValues> {
    let engine = Engine::choose(game, choice)?;
    let mut progress = Progress::new(&engine, max_heap.saturating_add(1), "computing");
    let how = if every_value { grundy_core::period::every_value } else { grundy_core::period::heap_values };
    let values = how(&engine, max_heap, limits(), &mut |done, total| progress.set_of(done, total));
    progress.finish();
    match values {
        // A refusal names the game and its estimate itself.
        Err(e @ (EngineError::Cost(_) | EngineError::NoPeriodYet { .. })) => Err(e.into()),
        other => other.with_context(|| format!("computing the values of {}", game.name())),
    }
}

/// G(n).
pub fn value(out: &mut impl Write, game: &Game, n: u64, choice: EngineChoice) -> Result<()> {
    writeln!(out, "{}", heap_values(game, n, choice)?.get(n))?;
    Ok(())
}

/// How many values a table of `game` has: `--to` when given (a finite game refuses more
/// than it has), else every vertex of a graph; other games need `--to`.
pub fn table_length(game: &Game, to: Option<u64>) -> Result<u64> {
    match (to, game.largest_heap()) {
        (Some(to), Some(largest)) if to > largest + 1 => {
            bail!("--to {to} asks for more heaps than {} has: G(0..{}) is all of it", game.name(), largest + 1)
        }
        (Some(to), _) => Ok(to),
        (None, Some(largest)) => Ok(largest + 1),
        (None, None) => Err(crate::Usage("the argument '--to <TO>' is needed: how many values, G(0..N)".into()).into()),
    }
}

/// Writes G(0..count) as it goes (no text of the whole table is built); with
/// `every_value` every value is computed (no period shortcut).
pub fn values(
    out: &mut impl Write,
    game: &Game,
    count: u64,
    format: Format,
    choice: EngineChoice,
    every_value: bool,
) -> Result<()> {
    if count == 0 {
        return Err(crate::Usage("--to 0 asks for no values: G(0..N) needs N of at least 1".into()).into());
    }
    let run = compute(game, count - 1, choice, every_value)?;
    let mut table = Table::begin(out, game, format, count)?;
    table.rows(0..count, |n| run.get(n))?;
    table.end()
}

/// Writes G(0..count) of an octal game in window mode (`--window`, `--archive`): the
/// sweep keeps only the first and the latest values (see the octal engine's window mode),
/// and the table is written as it grows, so memory does not grow with N.
pub fn values_in_window(
    out: &mut impl Write,
    game: &Game,
    count: u64,
    format: Format,
    window: u64,
    archive: bool,
) -> Result<()> {
    if count == 0 {
        return Err(crate::Usage("--to 0 asks for no values: G(0..N) needs N of at least 1".into()).into());
    }
    if *game == Game::Grundy {
        bail!("--window here is for octal games; Grundy's game has its own: cargo xtask compute --window");
    }
    let engine = Engine::choose(game, EngineChoice::Sparse)
        .ok()
        .filter(|_| game.octal().is_some())
        .with_context(|| format!("--window is for octal games, and {} is not one", game.name()))?;
    engine.check_in_window(count, window, archive, limits())?;
    let window = usize::try_from(window).context("--window is too large for this machine")?;
    let mut run = engine.run();
    run.set_window(window, archive)?;
    let mut progress = Progress::new(&engine, count, "computing");
    let mut table = Table::begin(out, game, format, count)?;
    // A window's worth at a time: the latest values held are at least that many, and long
    // steps let the sweep use its helper thread.
    let step = window.max(grundy_core::engine::octal::MIN_WINDOW) as u64;
    let mut done = 0;
    while done < count {
        let next = (done + step).min(count);
        run.extend_to(next as usize, &mut |d| progress.set_of(d, count))?;
        table.rows(done..next, |n| run.get(n as usize))?;
        done = next;
    }
    progress.finish();
    table.end()
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
                    push_number(&mut self.line, n);
                    self.line.push(b' ');
                    push_number(&mut self.line, get(n));
                    self.line.push(b'\n');
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

/// Appends `x` in decimal.
fn push_number(buf: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_written_in_decimal() {
        let mut buf = Vec::new();
        for x in [0, 7, 10, 1234567890123, u64::MAX] {
            super::push_number(&mut buf, x);
            buf.push(b' ');
        }
        assert_eq!(String::from_utf8(buf).unwrap(), format!("0 7 10 1234567890123 {} ", u64::MAX));
    }
}
