//! `grundy play`: a game against the computer in the terminal. Reads one move per line
//! from standard input, so it works over a pipe too.

use std::io::{self, BufRead, Write};

use anyhow::Result;
use grundy_core::games::Game;
use grundy_core::position::exhaustive::successor;
use grundy_core::position::misere::analyze_misere_nim;
use grundy_core::position::{analyze, canonical, AnalyzedMove, HeapGame};
use grundy_core::Value;

use super::values::values_through;

/// Largest heap `play` accepts.
const MAX_PLAY_HEAP: u64 = 100_000;

/// A move in the terminal game: which heap, and what it becomes.
#[derive(Clone, Debug)]
struct Move {
    heap_index: usize,
    heap: u64,
    take: u64,
    left: Vec<u64>,
}

impl From<&AnalyzedMove> for Move {
    fn from(m: &AnalyzedMove) -> Move {
        Move { heap_index: m.heap_index, heap: m.heap, take: m.take, left: m.left.clone() }
    }
}

fn describe(game: &Game, m: &Move) -> String {
    let parts: Vec<String> = m.left.iter().map(u64::to_string).collect();
    match (game, m.left.len()) {
        (Game::Grundy, _) => format!("{} -> {}", m.heap, parts.join(" + ")),
        (_, 0) => format!("take all {} of {}", m.take, m.heap),
        _ if m.take == 0 => format!("{} -> {}", m.heap, parts.join(" + ")),
        _ => format!("take {} from {} -> {}", m.take, m.heap, parts.join(" + ")),
    }
}

/// Every legal move, and the winning ones, of a position.
fn moves(game: &Game, heaps: &[u64], g: &[Value]) -> (Vec<Move>, Vec<Move>) {
    if game.is_misere() {
        let all: Vec<Move> = canonical(heaps)
            .iter()
            .enumerate()
            .flat_map(|(i, &h)| {
                game.heap_moves(h).into_iter().map(move |m| Move { heap_index: i, heap: h, take: m.take, left: m.left })
            })
            .collect();
        let a = analyze_misere_nim(heaps);
        let wins = a
            .winning_moves
            .iter()
            .map(|w| Move {
                heap_index: w.heap_index,
                heap: w.heap,
                take: w.take,
                left: if w.take == w.heap { vec![] } else { vec![w.heap - w.take] },
            })
            .collect();
        return (all, wins);
    }
    let a = analyze(game, heaps, |n| g[n as usize]);
    (a.moves.iter().map(Move::from).collect(), a.winning_moves().map(Move::from).collect())
}

/// The computer's move: a winning one when there is one; otherwise it drags the game out
/// with the smallest change to the largest heap that can move.
fn computer_move(game: &Game, heaps: &[u64], g: &[Value]) -> Option<Move> {
    let (all, wins) = moves(game, heaps, g);
    if let Some(w) = wins.into_iter().next() {
        return Some(w);
    }
    let largest = all.iter().map(|m| m.heap).max()?;
    all.into_iter()
        .filter(|m| m.heap == largest)
        .min_by_key(|m| (m.take, std::cmp::Reverse(m.left.iter().max().copied())))
}

/// Finds the move the player typed: a number from the list, or "HEAP PART" (Grundy's
/// game: one of the two new heaps) or "HEAP TAKE" (other games).
fn parse_move(game: &Game, line: &str, list: &[Move]) -> Result<Move, String> {
    let tokens: Vec<u64> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<u64>().map_err(|_| format!("{t:?} is not a number")))
        .collect::<Result<_, _>>()?;
    match tokens.as_slice() {
        [k] => list
            .get((*k as usize).wrapping_sub(1))
            .cloned()
            .ok_or_else(|| format!("there is no move {k}; moves are numbered 1 to {}", list.len())),
        [heap, x, rest @ ..] => {
            let found: Vec<&Move> = list
                .iter()
                .filter(|m| m.heap == *heap)
                .filter(|m| if *game == Game::Grundy { m.left.contains(x) } else { m.take == *x })
                .filter(|m| rest.is_empty() || canonical(rest) == m.left)
                .collect();
            match found.len() {
                0 => Err(format!("no legal move on a heap of {heap} matches {line:?}")),
                1 => Ok(found[0].clone()),
                _ => Err("several moves match: add the heaps to leave, or use the move's number".into()),
            }
        }
        [] => Err("type a move".into()),
    }
}

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

pub fn run(game: Game, heaps: Vec<u64>, computer_first: bool) -> Result<()> {
    let mut heaps = if heaps.is_empty() { random_heaps() } else { canonical(&heaps) };
    if let Some(&big) = heaps.iter().max() {
        if big > MAX_PLAY_HEAP {
            anyhow::bail!("heaps above {MAX_PLAY_HEAP} are too large to play");
        }
    }
    let g = values_through(&game, *heaps.iter().max().unwrap_or(&0))?;
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout();
    let misere = game.is_misere();
    writeln!(
        out,
        "{}: {}. Type a move's number, or HEAP and {}, 'hint' or 'quit'.",
        game.name(),
        if misere { "whoever takes the last stone loses" } else { "whoever cannot move loses" },
        if game == Game::Grundy { "one of the two new heaps" } else { "how many to take" }
    )?;
    let mut players_turn = !computer_first;
    loop {
        heaps = canonical(&heaps);
        let (all, wins) = moves(&game, &heaps, &g);
        let shown: Vec<String> = heaps.iter().map(u64::to_string).collect();
        writeln!(out, "\nheaps: {}", if shown.is_empty() { "none".into() } else { shown.join(" ") })?;
        if all.is_empty() {
            let mover_won = !misere;
            // The player to move cannot move; the previous mover made the last move.
            let player_won = if players_turn { !mover_won } else { mover_won };
            writeln!(out, "no move is left: {}", if player_won { "you win!" } else { "the computer wins." })?;
            return Ok(());
        }
        if players_turn {
            if all.len() <= 40 {
                for (i, m) in all.iter().enumerate() {
                    writeln!(out, "  {:>2}. {}", i + 1, describe(&game, m))?;
                }
            } else {
                writeln!(out, "  ({} legal moves)", all.len())?;
            }
            write!(out, "your move: ")?;
            out.flush()?;
            let Some(line) = lines.next() else {
                writeln!(out, "\n(end of input: game left unfinished)")?;
                return Ok(());
            };
            let line = line?;
            let line = line.trim();
            match line {
                "quit" | "q" => {
                    writeln!(out, "bye")?;
                    return Ok(());
                }
                "hint" | "h" => {
                    match wins.first() {
                        Some(w) => writeln!(out, "hint: {} wins ({} winning moves)", describe(&game, w), wins.len())?,
                        None => writeln!(out, "hint: no move wins here against perfect play")?,
                    }
                    continue;
                }
                _ => match parse_move(&game, line, &all) {
                    Ok(m) => {
                        heaps = successor(&heaps, m.heap_index, &m.left);
                        players_turn = false;
                    }
                    Err(e) => writeln!(out, "{e}")?,
                },
            }
        } else {
            let m = computer_move(&game, &heaps, &g).expect("a move exists");
            writeln!(out, "computer: {}", describe(&game, &m))?;
            heaps = successor(&heaps, m.heap_index, &m.left);
            players_turn = true;
        }
    }
}
