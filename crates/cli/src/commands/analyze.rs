//! `grundy analyze`: the values, nim-sum, outcome and winning moves of a position.

use std::io::Write;

use anyhow::{bail, Result};
use grundy_core::games::Game;
use grundy_core::position::misere::analyze_misere_nim;
use grundy_core::position::{analyze, Outcome};
use grundy_core::Value;

use super::values::values_through;

pub fn run(out: &mut impl Write, game: &Game, heaps: &[u64]) -> Result<()> {
    if heaps.iter().all(|&h| h == 0) {
        bail!("the position has no stones: give at least one heap larger than 0");
    }
    if game.is_misere() {
        write_misere(out, heaps)
    } else {
        let g = values_through(game, *heaps.iter().max().unwrap())?;
        write_analysis(out, game, heaps, &g)
    }
}

fn describe_move(game: &Game, heap: u64, take: u64, left: &[u64]) -> String {
    let parts: Vec<String> = left.iter().map(u64::to_string).collect();
    match (game, take, left.len()) {
        (Game::Grundy, _, _) => format!("split the heap of {heap} into {}", parts.join(" and ")),
        (_, t, 0) => format!("take all {t} of the heap of {heap}"),
        (_, t, 1) => format!("take {t} from the heap of {heap}, leaving {}", parts[0]),
        (_, 0, _) => format!("split the heap of {heap} into {}", parts.join(" and ")),
        (_, t, _) => format!("take {t} from the heap of {heap} and split the rest into {}", parts.join(" and ")),
    }
}

fn write_analysis(out: &mut impl Write, game: &Game, heaps: &[u64], g: &[Value]) -> Result<()> {
    let a = analyze(game, heaps, |n| g[n as usize]);
    let sizes: Vec<String> = a.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "game:     {}", game.name())?;
    writeln!(out, "position: {}", sizes.join(" "))?;
    let vals: Vec<String> = a.heaps.iter().zip(&a.values).map(|(h, v)| format!("G({h}) = {v}")).collect();
    writeln!(out, "values:   {}", vals.join(", "))?;
    let terms: Vec<String> = a.values.iter().map(Value::to_string).collect();
    writeln!(out, "nim-sum:  {} = {}", terms.join(" xor "), a.nim_sum)?;
    match a.outcome {
        Outcome::PlayerToMoveWins => writeln!(out, "outcome:  the player to move wins (the nim-sum is not 0)")?,
        Outcome::PlayerToMoveLoses => {
            writeln!(out, "outcome:  the player to move loses against perfect play (the nim-sum is 0)")?
        }
    }
    let winning: Vec<_> = a.winning_moves().collect();
    writeln!(out, "legal moves: {}; winning moves: {}", a.moves.len(), winning.len())?;
    for m in winning {
        let values: Vec<String> = m.left.iter().map(|&h| g[h as usize].to_string()).collect();
        let values = match values.len() {
            0 => "no heap left".to_string(),
            1 => format!("value {}", values[0]),
            _ => format!("values {}", values.join(" and ")),
        };
        writeln!(out, "  {} ({values}), leaving nim-sum 0", describe_move(game, m.heap, m.take, &m.left))?;
    }
    Ok(())
}

fn write_misere(out: &mut impl Write, heaps: &[u64]) -> Result<()> {
    let a = analyze_misere_nim(heaps);
    let sizes: Vec<String> = a.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "game:     misère Nim (whoever takes the last stone loses)")?;
    writeln!(out, "position: {}", sizes.join(" "))?;
    writeln!(out, "nim-sum:  {}", a.nim_sum)?;
    let rule = if a.heaps.iter().any(|&h| h >= 2) {
        "a heap has 2 or more stones, so the nim-sum decides, as in normal play, until one such heap is left"
    } else {
        "only heaps of one stone: the player to move wins when their number is even"
    };
    match a.outcome {
        Outcome::PlayerToMoveWins => writeln!(out, "outcome:  the player to move wins ({rule})")?,
        Outcome::PlayerToMoveLoses => {
            writeln!(out, "outcome:  the player to move loses against perfect play ({rule})")?
        }
    }
    writeln!(out, "winning moves: {}", a.winning_moves.len())?;
    for m in &a.winning_moves {
        writeln!(out, "  take {} from the heap of {}, leaving {}", m.take, m.heap, m.heap - m.take)?;
    }
    Ok(())
}
