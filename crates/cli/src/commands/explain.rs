//! `grundy explain` and `grundy practice`: the worked solution of a position for learners,
//! and practice problems whose answers are checked against it.

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use grundy_core::game::{Game, Played};
use grundy_core::learn::explain::{worked, Explanation};
use grundy_core::learn::practice::{parse_answer, problem, PRACTICE_MAX_HEAP};
use grundy_core::position::model::Convention;

/// The worked solution of `heaps` in `played` (the core's, shared with the web API).
pub fn worked_solution(played: &Played, heaps: &[u64], convention: Convention) -> Result<Explanation> {
    Ok(worked(played, heaps, convention)?)
}

pub fn run(out: &mut impl Write, played: &Played, heaps: &[u64], convention: Convention) -> Result<()> {
    let e = worked_solution(played, heaps, convention)?;
    let game = &played.game;
    out.write_all(e.render_named(&game.name(), &game.rules(), &|h| game.heap_name(h)).as_bytes())?;
    Ok(())
}

/// Asks a problem, reads the answer from `input`, then shows the worked solution.
/// The question states the convention the answer counts in.
pub fn practice(
    out: &mut impl Write,
    input: &mut impl BufRead,
    played: &Played,
    seed: u64,
    convention: Convention,
) -> Result<()> {
    let p = problem(seed, PRACTICE_MAX_HEAP);
    let e = worked_solution(played, &p.heaps, convention)?;
    let game = &played.game;
    let sizes: Vec<String> = p.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "Practice problem (seed {seed}), {}.", game.name())?;
    writeln!(out, "Rules: {}", game.rules())?;
    writeln!(out, "Heaps: {}. How many winning moves does the player to move have? (0 if none)", sizes.join(", "))?;
    writeln!(out, "Count moves by {}: {}.", convention.name(), convention.explain())?;
    write!(out, "Your answer: ")?;
    out.flush()?;
    let mut line = String::new();
    input.read_line(&mut line).context("reading the answer")?;
    let right = e.winning_moves() as u64;
    writeln!(out)?;
    if line.trim().is_empty() {
        writeln!(out, "No answer given. The answer is {right}.")?;
    } else {
        match parse_answer(&line) {
            Ok(a) if a == right => writeln!(out, "Right: {right}.")?,
            Ok(a) => writeln!(out, "Not quite: you said {a}, the answer is {right}.")?,
            Err(e) => writeln!(out, "{e}. The answer is {right}.")?,
        }
    }
    writeln!(out)?;
    out.write_all(e.render_named(&game.name(), &game.rules(), &|h| game.heap_name(h)).as_bytes())?;
    Ok(())
}

/// `explain --misere`: the solution by the misère quotient, step by step (each heap's
/// element, their product, whether it lies in the P-portion, and each winning move with
/// the element it leaves); by misère Nim's rule or the exhaustive search when those
/// answer instead, saying so.
pub fn misere(out: &mut impl Write, game: &Game, heaps: &[u64], convention: Convention) -> Result<()> {
    use grundy_core::engine::Engine;
    use grundy_core::position::misere_play::MisereMethod;
    use grundy_core::position::model::{heap_label, Rule};
    use grundy_core::position::Outcome;

    let a = super::analyze::analysis(game, heaps, Rule::Misere, convention)?;
    let method = a.misere_method.clone().unwrap_or(MisereMethod::NimRule);
    let name = format!("misère {}", game.name());
    writeln!(out, "{name}: whoever makes the last move loses.")?;
    writeln!(out, "Rules: {}", game.rules())?;
    let names: Vec<String> =
        heaps.iter().enumerate().map(|(i, &h)| format!("{}={}", heap_label(i), game.heap_name(h))).collect();
    writeln!(out, "Position: {}", names.join(" "))?;
    writeln!(out)?;
    let wins = a.outcome == Outcome::PlayerToMoveWins;
    if let MisereMethod::Quotient { .. } = method {
        let max = heaps.iter().copied().max().unwrap_or(0);
        let q = Engine::misere_quotient(game, max, false, &mut |_| {})?;
        let pres = q.presentation();
        let gens = pres.generator_lines(&|h| game.heap_name(h));
        writeln!(
            out,
            "1. The misère quotient of the heaps up to {} (Plambeck and Siegel): positions that no",
            q.bound()
        )?;
        writeln!(
            out,
            "   sum tells apart are one element; it has {} elements, {} of them P-positions.",
            q.order(),
            q.p_portion()
        )?;
        writeln!(out, "   Generators: {}.", if gens.is_empty() { "none".to_string() } else { gens.join(", ") })?;
        writeln!(out, "   Relations: {}.", pres.relation_lines().join(", "))?;
        let p: Vec<String> = q.p_elements().iter().map(|&x| q.name(x)).collect();
        writeln!(out, "   P-portion (the player to move loses): {}.", p.join(", "))?;
        if q.is_tame() {
            writeln!(
                out,
                "   The game is tame up to heap {}: it plays as misère Nim on the normal-play values.",
                q.bound()
            )?;
        }
        writeln!(out, "2. Each heap pretends to be an element (a heap with no move is 1):")?;
        let elems: Vec<String> = heaps
            .iter()
            .enumerate()
            .map(|(i, &h)| {
                format!("{}={} is {}", heap_label(i), game.heap_name(h), q.name(q.heap_element(h).unwrap_or(0)))
            })
            .collect();
        writeln!(out, "   {}", elems.join(", "))?;
        let x = q.position_element(heaps).unwrap_or(0);
        let verdict = if wins {
            "not in the P-portion: the player to move wins"
        } else {
            "in the P-portion: the player to move loses"
        };
        writeln!(out, "3. Their product, reduced by the relations, is {}: {verdict}.", q.name(x))?;
        writeln!(out, "4. Winning moves: those that leave an element of the P-portion ({}):", a.winning_moves)?;
        for m in a.moves.iter().filter(|m| m.winning) {
            let after = q.position_element(&a.position_after(m)).unwrap_or(0);
            writeln!(out, "   {} (leaves {})", m.description, q.name(after))?;
        }
    } else {
        writeln!(out, "Answered {}.", method.describe())?;
        let verdict = if wins { "the player to move wins" } else { "the player to move loses" };
        writeln!(out, "Outcome: {verdict}. Winning moves ({}):", a.winning_moves)?;
        for m in a.moves.iter().filter(|m| m.winning) {
            writeln!(out, "   {}", m.description)?;
        }
    }
    Ok(())
}
