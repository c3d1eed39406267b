//! `grundy play`: a game against the computer in the terminal. Reads one move per line
//! from standard input, so it works over a pipe too. The moves, their words, the hint and
//! the computer's choice all come from the core's request API (`Session::analyze`), which
//! also reads the line typed (`Analyzed::read_move`).

use std::io::{self, BufRead, Write};

use anyhow::Result;
use grundy_core::ask::{Command, Convention, Level, Listed, Rule};
use grundy_core::game::Game;

use super::analyze::analysis;
use crate::job::Job;

fn random_heaps() -> Vec<u64> {
    let mut x =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(12345, |d| d.as_nanos() as u64) | 1;
    (0..3)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            5 + x % 16
        })
        .collect()
}

pub fn run(
    job: &Job,
    game: Game,
    heaps: Vec<u64>,
    computer_first: bool,
    rule: Rule,
    convention: Convention,
) -> Result<()> {
    // Heaps stay in the order given; empty heaps are not heaps.
    let mut heaps: Vec<u64> =
        if heaps.is_empty() { random_heaps() } else { heaps.into_iter().filter(|&h| h > 0).collect() };
    if heaps.is_empty() {
        anyhow::bail!("the position has no stones: give at least one heap larger than 0");
    }
    // Refuses, before the game starts, what cannot be analyzed (e.g. misère beyond the limit,
    // or a position too large to list whose game has no closed form or proved period).
    let mut answer = analysis(job, &game, &heaps, rule, convention)?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let misere = answer.analysis.rule == Rule::Misere;
    writeln!(
        out,
        "{}: {}. Type a move's number, or a heap (its letter or size) and {}, 'hint' or 'quit'.",
        answer.analysis.game,
        if misere { "whoever makes the last move loses" } else { "whoever cannot move loses" },
        answer.how_to_type_a_move()
    )?;
    if let Some(m) = &answer.analysis.misere_method {
        writeln!(out, "The computer answers misère positions {}.", m.describe())?;
    }
    let mut players_turn = !computer_first;
    loop {
        let a = &answer.analysis;
        let shown: Vec<String> = heaps.iter().map(|&h| game.heap_name(h)).collect();
        writeln!(out, "\nheaps: {}", if shown.is_empty() { "none".into() } else { shown.join(" ") })?;
        if let Some(to_move_won) = answer.player_to_move_won() {
            let player_won = if players_turn { to_move_won } else { !to_move_won };
            writeln!(out, "no move is left: {}", if player_won { "you win!" } else { "the computer wins." })?;
            return Ok(());
        }
        let chosen = if players_turn {
            if a.listed == Listed::Every && a.moves.len() <= 40 {
                for (i, m) in a.moves.iter().enumerate() {
                    writeln!(out, "  {:>2}. {}", i + 1, m.description)?;
                }
            } else {
                writeln!(out, "  ({} legal moves)", a.legal_moves)?;
            }
            write!(out, "your move: ")?;
            out.flush()?;
            // Bytes, not lines of UTF-8: a stray invalid byte is a move that cannot be read,
            // not the end of the game.
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                writeln!(out, "\n(end of input: game left unfinished)")?;
                return Ok(());
            }
            let Ok(line) = String::from_utf8(bytes) else {
                writeln!(out, "that is not text (invalid UTF-8); type a move's number, 'hint' or 'quit'")?;
                continue;
            };
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
                // A position too large to list: the move is checked against the rules.
                Ok(Command::Typed { heap_index, take, left }) => {
                    match answer.typed_move(heap_index, take, left.as_deref()) {
                        Ok(m) => m,
                        Err(e) => {
                            writeln!(out, "{e}")?;
                            continue;
                        }
                    }
                }
                Err(e) => {
                    writeln!(out, "{e}")?;
                    continue;
                }
            }
        } else {
            let m = answer.computer(Level::default()).expect("a position with moves has a computer move");
            writeln!(out, "computer: {}", m.description)?;
            m.clone()
        };
        heaps = answer.analysis.position_after(&chosen);
        players_turn = !players_turn;
        answer = analysis(job, &game, &heaps, rule, convention)?;
    }
}
