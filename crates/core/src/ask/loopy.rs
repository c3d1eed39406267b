//! Games on graphs with cycles through the door: the values of every vertex (Smith's, by the
//! Fraenkel–Yesha labelling), a position's outcome (P, N or D) with every move in words and
//! the reason it wins, keeps the draw or loses, the labelling's steps for learners, the
//! computer's move, and the draw by repetition a front end declares. A front end asks
//! [`Session::loopy_values`], [`Session::analyze_loopy`] or [`Session::explain_loopy`] when
//! [`Game::loopy`] says the game has cycles; the other requests refuse such a game.

use std::sync::Arc;

use serde::Serialize;

use super::values::check_heap;
use super::{AskError, Control, Level, Session};
use crate::game::words::heap_label;
use crate::game::{Game, LoopyGraph, Rule};
use crate::loopy::position::analyze;
use crate::loopy::{Labelling, LoopyAnalysis, LoopyMove, LoopyOutcome, LoopyValue, MoveKind, EXACT_POSITIONS};
use crate::position::input::{Command, InputError};

/// How many times a position of a drawn game may come back before the game is declared
/// drawn (the page and the terminal game both stop there).
pub const DRAW_REPETITIONS: usize = 3;

/// Seconds a vertex or move takes a stage of the labelling (a model, generous: a few
/// array reads and a branch each).
const LABEL_SECONDS_PER_STEP: f64 = 2.0e-8;
/// Seconds a position of a sum's graph takes the retrograde walk (hashing its multiset of
/// tokens, once for each option).
const WALK_SECONDS_PER_POSITION: f64 = 1.0e-6;

/// The values of every vertex of a graph with cycles.
#[derive(Clone, Debug)]
pub struct LoopyTable {
    game: Game,
    labelling: Arc<Labelling>,
}

impl LoopyTable {
    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many vertices: numbered 1..=len.
    pub fn len(&self) -> u64 {
        self.labelling.len()
    }

    /// Whether the graph has no vertex (never: a graph is refused without one).
    pub fn is_empty(&self) -> bool {
        self.labelling.is_empty()
    }

    /// Smith's value of vertex `v` (1..=len; 0, no token, is 0).
    pub fn value(&self, v: u64) -> &LoopyValue {
        self.labelling.value(v)
    }

    /// Fraenkel's counter of vertex `v`: the round of the labelling that gave it its finite
    /// value (0 for ∞).
    pub fn counter(&self, v: u64) -> u32 {
        self.labelling.counter(v)
    }

    /// The Fraenkel–Yesha labelling step by step, in words, one line a step.
    pub fn steps_in_words(&self) -> Vec<String> {
        let name = |v: &u32| self.game.heap_name(u64::from(*v));
        self.labelling
            .steps()
            .iter()
            .map(|s| {
                let names: Vec<String> = s.vertices.iter().map(name).collect();
                match s.round {
                    Some(r) => format!(
                        "stage {}, round {r}: {} {} value {} (counter {r})",
                        s.stage,
                        names.join(", "),
                        if names.len() == 1 { "gets" } else { "get" },
                        s.stage
                    ),
                    None => format!(
                        "stage {}: {} {} no option of value {}, so {} ∞",
                        s.stage,
                        names.join(", "),
                        if names.len() == 1 { "has" } else { "have" },
                        s.stage,
                        if names.len() == 1 { "its value is" } else { "their values are" }
                    ),
                }
            })
            .collect()
    }
}

/// A position of a game with cycles, analyzed.
#[derive(Clone, Debug)]
pub struct LoopyAnalyzed {
    /// The values, outcome and every move.
    pub analysis: LoopyAnalysis,
    table: LoopyTable,
}

/// A move as a front end shows it.
#[derive(Clone, Debug, Serialize)]
pub struct LoopyMoveView {
    /// The move in words ("move token A from c to a").
    pub description: String,
    /// Which token (A, B, ...).
    pub token: String,
    /// The vertex it leaves.
    pub from: String,
    /// The vertex it goes to.
    pub to: String,
    /// The value of the sum after it.
    pub after: LoopyValue,
    /// Wins, KeepsDraw or Loses.
    pub kind: MoveKind,
    /// The moves the game lasts with this move first (perfect play), when known.
    pub length: Option<u32>,
    /// Why, in a line.
    pub reason: String,
}

/// A position as a front end shows it (the JSON of `grundy analyze` and of the web API).
#[derive(Clone, Debug, Serialize)]
pub struct LoopyView {
    /// The game's name.
    pub game: String,
    /// Always "normal": misère play of a game with cycles is refused.
    pub rule: &'static str,
    /// The tokens' vertices by name.
    pub tokens: Vec<String>,
    /// Each token's value.
    pub values: Vec<LoopyValue>,
    /// The value of the sum.
    pub value: LoopyValue,
    /// P, N or D.
    pub outcome: LoopyOutcome,
    /// The outcome in a sentence.
    pub verdict: String,
    /// How many moves the game lasts under perfect play, when won or lost and known.
    pub length: Option<u32>,
    /// Every move: winning moves soonest first, then those that keep a draw, then the rest.
    pub moves: Vec<LoopyMoveView>,
}

impl Session {
    /// Smith's values of every vertex of a game with cycles (normal play: misère play is
    /// refused).
    pub fn loopy_values(&self, game: &Game, rule: Rule, ctl: &mut Control) -> Result<LoopyTable, AskError> {
        if rule == Rule::Misere {
            return Err(misere_refused(game));
        }
        let graph = loopy_graph(game)?;
        let labelling = Labelling::of(&moves_of(graph), &ctl.cancel)?;
        Ok(LoopyTable { game: game.clone(), labelling: Arc::new(labelling) })
    }

    /// A position of a game with cycles: its value, P, N or D, and every move. Misère play is
    /// refused: Smith's theory is of normal play.
    pub fn analyze_loopy(
        &self,
        game: &Game,
        tokens: &[u64],
        rule: Rule,
        ctl: &mut Control,
    ) -> Result<LoopyAnalyzed, AskError> {
        if rule == Rule::Misere {
            return Err(misere_refused(game));
        }
        for &t in tokens {
            check_heap(game, t)?;
        }
        let table = self.loopy_values(game, rule, ctl)?;
        let graph = loopy_graph(game)?;
        let limit = if graph.positions_from(tokens) <= EXACT_POSITIONS { EXACT_POSITIONS as usize } else { 0 };
        let analysis = analyze(&moves_of(graph), &table.labelling, tokens, limit);
        Ok(LoopyAnalyzed { analysis, table })
    }

    /// What [`Session::analyze_loopy`] would cost, before it runs: the labelling, a few
    /// passes over the graph a stage (at most √(2E) + 1 stages), and the walk of the sum's
    /// graph when it is small enough to walk.
    pub fn estimate_loopy(&self, game: &Game, tokens: &[u64]) -> crate::engine::cost::Cost {
        let Some(graph) = game.loopy() else { return crate::engine::cost::Cost { bytes: 0, seconds: 0.0 } };
        let size = (graph.len() + graph.edges()) as f64;
        let stages = (2.0 * graph.edges() as f64).sqrt() + 1.0;
        let positions = graph.positions_from(tokens);
        let walked = if positions <= EXACT_POSITIONS { positions as f64 } else { 0.0 };
        crate::engine::cost::Cost {
            bytes: (size * 24.0 + walked * 96.0) as u64,
            seconds: size * stages * LABEL_SECONDS_PER_STEP + walked * WALK_SECONDS_PER_POSITION,
        }
    }

    /// The labelling's steps, the values and the position's analysis, as text.
    pub fn explain_loopy(
        &self,
        game: &Game,
        tokens: &[u64],
        rule: Rule,
        ctl: &mut Control,
    ) -> Result<String, AskError> {
        let a = self.analyze_loopy(game, tokens, rule, ctl)?;
        Ok(a.explain())
    }
}

fn loopy_graph(game: &Game) -> Result<&LoopyGraph, AskError> {
    game.loopy().ok_or_else(|| {
        AskError::Input(format!("{} has no cycle: it has Sprague-Grundy values (ask for its table)", game.name()))
    })
}

fn moves_of(graph: &LoopyGraph) -> Vec<Vec<u32>> {
    (1..=graph.len()).map(|v| graph.moves(v).to_vec()).collect()
}

/// Misère play of a game with cycles refused, for every misère request (the quotient, the
/// genus, the misère P-positions): they walk heaps downwards and a cycle has no bottom.
pub(super) fn refuse_misere(game: &Game) -> Result<(), AskError> {
    match game.loopy() {
        Some(_) => Err(misere_refused(game)),
        None => Ok(()),
    }
}

/// The one-line refusal of misère play on a graph with cycles.
fn misere_refused(game: &Game) -> AskError {
    AskError::Input(format!(
        "misère play of {} is refused: the graph has a cycle, and the theory of games with cycles used here (Smith's) is of normal play only",
        game.name()
    ))
}

impl LoopyAnalyzed {
    /// The game.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// The values of every vertex.
    pub fn table(&self) -> &LoopyTable {
        &self.table
    }

    /// Whether no token can move.
    pub fn game_over(&self) -> bool {
        self.analysis.moves.is_empty()
    }

    /// A move in words: "move token A from c to a".
    pub fn describe(&self, m: &LoopyMove) -> String {
        let game = self.game();
        format!("move token {} from {} to {}", heap_label(m.token), game.heap_name(m.from), game.heap_name(m.to))
    }

    /// Why a move wins, keeps the draw or loses, in a line.
    pub fn reason(&self, m: &LoopyMove) -> String {
        let length =
            |l: Option<u32>| l.map_or(String::new(), |l| format!(", and the game ends after {} in all", moves(l)));
        match m.kind {
            MoveKind::Wins => format!(
                "leaves value 0, so the opponent loses{}",
                match m.length {
                    Some(_) => length(m.length),
                    None => format!(
                        " (values {} and counters {} after it: the winner's order, which ends the game)",
                        m.progress.map_or(0, |p| p.0),
                        m.progress.map_or(0, |p| p.1)
                    ),
                }
            ),
            MoveKind::KeepsDraw => format!("leaves {}, a draw: the opponent cannot force a win", m.after),
            MoveKind::Loses => format!("leaves {}, from which the opponent wins{}", m.after, length(m.length)),
        }
    }

    /// The outcome in a sentence, with the value it rests on.
    pub fn verdict(&self) -> String {
        let a = &self.analysis;
        if self.game_over() {
            return "the player to move loses: no token can move".to_string();
        }
        let why = match (&a.value, a.outcome) {
            (LoopyValue::Finite(0), _) => "the value is 0".to_string(),
            (LoopyValue::Finite(_), _) => "the value is a number other than 0".to_string(),
            (LoopyValue::Infinite(_), LoopyOutcome::N) => {
                format!("the value {} is ∞ with 0 among its options", a.value)
            }
            (LoopyValue::Infinite(_), _) if a.values.iter().filter(|v| v.finite().is_none()).count() > 1 => {
                "two tokens have infinite values".to_string()
            }
            (LoopyValue::Infinite(_), _) => format!("the value {} is ∞ without 0 among its options", a.value),
        };
        let length = match (a.outcome, a.length) {
            (LoopyOutcome::N, Some(l)) => format!("; the game ends after {} in all with perfect play", moves(l)),
            (LoopyOutcome::P, Some(l)) => format!("; the opponent wins after {} in all with perfect play", moves(l)),
            _ => String::new(),
        };
        format!("{} ({why}){length}", a.outcome.describe())
    }

    /// The move the computer plays: the soonest win, else one that keeps the draw, else the
    /// longest resistance (the first listed).
    pub fn computer(&self) -> Option<&LoopyMove> {
        self.analysis.best()
    }

    /// The move the computer plays at `level`: with its chance a move drawn uniformly (as on
    /// every other game), else [`LoopyAnalyzed::computer`]'s; its index in the list.
    pub fn computer_at(&self, level: Level) -> Option<usize> {
        let moves = self.analysis.moves.len();
        crate::random::random_move(level.random, level.seed, moves).or((moves > 0).then_some(0))
    }

    /// The hint: the best move and why.
    pub fn hint(&self) -> String {
        match self.computer() {
            None => "no move is left".to_string(),
            Some(m) if m.kind == MoveKind::Loses => "no move wins or keeps the draw against perfect play".to_string(),
            Some(m) => format!("{}: it {}", self.describe(m), self.reason(m)),
        }
    }

    /// Reads a line a player typed: a move's number in the list, or the vertex the token
    /// leaves and the one it goes to (`c a`), `hint` or `quit`.
    pub fn read_move(&self, line: &str) -> Result<Command, InputError> {
        let t = line.trim();
        match t.to_ascii_lowercase().as_str() {
            "" => return Err(InputError::Empty),
            "quit" | "q" | "exit" => return Ok(Command::Quit),
            "hint" | "h" | "?" => return Ok(Command::Hint),
            _ => {}
        }
        let moves = &self.analysis.moves;
        if let Ok(k) = t.parse::<usize>() {
            return match k.checked_sub(1).filter(|&j| j < moves.len()) {
                Some(j) => Ok(Command::Play(j)),
                None => Err(InputError::NoSuchMove { number: t.to_string(), count: moves.len() }),
            };
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        if let [from, to] = words.as_slice() {
            let game = self.game();
            let (f, w) = (game.heap_named(from), game.heap_named(to));
            if let Some(j) = moves.iter().position(|m| Some(m.from) == f && Some(m.to) == w) {
                return Ok(Command::Play(j));
            }
        }
        Err(InputError::NoMatch(t.to_string()))
    }

    /// What a front end shows and the JSON answers carry.
    pub fn view(&self) -> LoopyView {
        let a = &self.analysis;
        let game = self.game();
        LoopyView {
            game: game.name(),
            rule: "normal",
            tokens: a.tokens.iter().map(|&t| game.heap_name(t)).collect(),
            values: a.values.clone(),
            value: a.value.clone(),
            outcome: a.outcome,
            verdict: self.verdict(),
            length: a.length,
            moves: a
                .moves
                .iter()
                .map(|m| LoopyMoveView {
                    description: self.describe(m),
                    token: heap_label(m.token),
                    from: game.heap_name(m.from),
                    to: game.heap_name(m.to),
                    after: m.after.clone(),
                    kind: m.kind,
                    length: m.length,
                    reason: self.reason(m),
                })
                .collect(),
        }
    }

    /// The worked solution: the labelling's steps, every vertex's value, then the position.
    pub fn explain(&self) -> String {
        let game = self.game();
        let t = &self.table;
        let mut out = format!("{}\n{}\n\n", game.name(), game.rules());
        out.push_str("Step 1. Smith's values by the Fraenkel–Yesha labelling. Stage m gives the value m: in rounds,\n");
        out.push_str("a vertex gets m when no option has m and every option not yet labelled (or ∞) has a move\n");
        out.push_str("back to a vertex already labelled m (the round is Fraenkel's counter: the reply that\n");
        out.push_str("reverses a move up goes to a smaller counter, so the winner makes progress); then every\n");
        out.push_str("vertex left without an option of value m is ∞.\n");
        for line in t.steps_in_words() {
            out.push_str(&format!("  {line}\n"));
        }
        out.push_str("\nStep 2. The values (∞{K}: K the finite values among the options):\n");
        for v in 1..=t.len() {
            out.push_str(&format!("  {} {}\n", game.heap_name(v), t.value(v)));
        }
        let a = &self.analysis;
        out.push_str("\nStep 3. The position: a sum of tokens. Numbers add by nim-sum, ∞{K} plus a number y is\n");
        out.push_str("∞{K xor y}, and two infinite values make a draw.\n");
        for (i, (&tok, v)) in a.tokens.iter().zip(&a.values).enumerate() {
            out.push_str(&format!("  token {} on {}: {}\n", heap_label(i), game.heap_name(tok), v));
        }
        out.push_str(&format!("  the sum: {}\n  {}\n", a.value, self.verdict()));
        out.push_str("\nStep 4. The moves:\n");
        for m in &a.moves {
            let mark = match m.kind {
                MoveKind::Wins => "wins",
                MoveKind::KeepsDraw => "draws",
                MoveKind::Loses => "loses",
            };
            out.push_str(&format!("  [{mark}] {}: {}\n", self.describe(m), self.reason(m)));
        }
        if a.moves.is_empty() {
            out.push_str("  none: no token can move\n");
        }
        out
    }
}

/// "1 move", "3 moves".
fn moves(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// Whether a game of a drawn position should be declared drawn: the position now (tokens'
/// vertices in any order) has come `DRAW_REPETITIONS` times in `history` (which includes
/// it) and is a draw with perfect play.
pub fn drawn_by_repetition(history: &[Vec<u64>], now: &LoopyAnalyzed) -> bool {
    if now.analysis.outcome != LoopyOutcome::D {
        return false;
    }
    let key = |t: &[u64]| {
        let mut t: Vec<u64> = t.iter().copied().filter(|&v| v > 0).collect();
        t.sort_unstable();
        t
    };
    let here = key(&now.analysis.tokens);
    history.iter().filter(|h| key(h) == here).count() >= DRAW_REPETITIONS
}
