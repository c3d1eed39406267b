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
    let engine = Engine::choose(game, choice)?;
    let mut progress = Progress::new(&engine, max_heap.saturating_add(1), "computing");
    let values =
        grundy_core::period::heap_values(&engine, max_heap, limits(), &mut |done, total| progress.set_of(done, total));
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

/// Writes G(0..count) as it goes (no text of the whole table is built).
pub fn values(out: &mut impl Write, game: &Game, count: u64, format: Format, choice: EngineChoice) -> Result<()> {
    if count == 0 {
        return Err(crate::Usage("--to 0 asks for no values: G(0..N) needs N of at least 1".into()).into());
    }
    let run = heap_values(game, count - 1, choice)?;
    let count = count as usize;
    // A graph's heap 0 is no token at all: its table lists the vertices.
    let first = usize::from(game.largest_heap().is_some());
    match format {
        // Heaps by number: written digit by digit into one buffer (a String a line for the
        // heap's name was a tenth of the time of a fast table).
        Format::Bfile if first == 0 => {
            let mut line = Vec::with_capacity(1 << 16);
            for n in 0..count {
                push_number(&mut line, n as u64);
                line.push(b' ');
                push_number(&mut line, run.get(n as u64));
                line.push(b'\n');
                if line.len() > (1 << 16) - 64 {
                    out.write_all(&line)?;
                    line.clear();
                }
            }
            out.write_all(&line)?;
        }
        Format::Bfile => {
            for n in first..count {
                writeln!(out, "{} {}", game.heap_name(n as u64), run.get(n as u64))?;
            }
        }
        Format::Csv => {
            writeln!(out, "n,g")?;
            for n in first..count {
                writeln!(out, "{},{}", game.heap_name(n as u64), run.get(n as u64))?;
            }
        }
        Format::Json => {
            write!(out, "{{\"game\":{:?},", game.name())?;
            if first == 1 {
                let names: Vec<String> = (first..count).map(|n| format!("{:?}", game.heap_name(n as u64))).collect();
                write!(out, "\"vertices\":[{}],", names.join(","))?;
            }
            write!(out, "\"values\":[")?;
            for n in first..count {
                if n > first {
                    out.write_all(b",")?;
                }
                write!(out, "{}", run.get(n as u64))?;
            }
            writeln!(out, "]}}")?;
        }
    }
    Ok(())
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
