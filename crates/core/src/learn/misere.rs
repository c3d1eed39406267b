//! The worked solution of a misère position (whoever makes the last move loses), step by
//! step: by the misère quotient (Plambeck and Siegel) each heap's element, their product,
//! whether it lies in the P-portion, and each winning move with the element it leaves; by
//! misère Nim's rule or the exhaustive search when those answer instead, saying so.

use std::fmt::Write;

use crate::engine::misere::MisereQuotient;
use crate::game::Game;
use crate::position::answer::MisereMethod;
use crate::position::model::{heap_label, Analysis};
use crate::position::Outcome;

/// The worked solution of a misère position: its analysis and, when the quotient answered,
/// the quotient itself (computed once, for the analysis and for the steps).
#[derive(Clone, Debug)]
pub struct MisereSolution {
    /// The game.
    pub game: Game,
    /// The position's analysis under misère play.
    pub analysis: Analysis,
    /// The quotient of the heaps up to the largest, when it answered.
    pub quotient: Option<MisereQuotient>,
}

impl MisereSolution {
    /// The number of winning moves.
    pub fn winning_moves(&self) -> u64 {
        self.analysis.winning_moves
    }

    /// The solution as text, for a reader.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) -> std::fmt::Result {
        let (game, a) = (&self.game, &self.analysis);
        let heaps = &a.heaps;
        writeln!(out, "misère {}: whoever makes the last move loses.", game.name())?;
        writeln!(out, "Rules: {}", game.rules())?;
        let names: Vec<String> =
            heaps.iter().enumerate().map(|(i, &h)| format!("{}={}", heap_label(i), game.heap_name(h))).collect();
        writeln!(out, "Position: {}", names.join(" "))?;
        writeln!(out)?;
        let wins = a.outcome == Outcome::PlayerToMoveWins;
        let Some(q) = &self.quotient else {
            let method = a.misere_method.clone().unwrap_or(MisereMethod::NimRule);
            writeln!(out, "Answered {}.", method.describe())?;
            let verdict = if wins { "the player to move wins" } else { "the player to move loses" };
            writeln!(out, "Outcome: {verdict}. Winning moves ({}):", a.winning_moves)?;
            for m in a.moves.iter().filter(|m| m.winning) {
                writeln!(out, "   {}", m.description)?;
            }
            return Ok(());
        };
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
        Ok(())
    }
}
