//! Positions: the analysis every front end shows (outcome, every legal move with its words,
//! whether it wins and why, the computer's move at a level), with every sentence of
//! explanation written here once: why the player to move wins or loses, why a game ended,
//! why a move wins.

use std::sync::Arc;

use super::values::check_heap;
use super::{AskError, Control, Session};
use crate::engine::{Engine, EngineChoice};
use crate::game::words::Words;
use crate::game::{Game, MoveRule};
use crate::period::{HeapValues, QUICK_LOOK_SECONDS};
use crate::position::answer::MisereMethod;
use crate::position::input::{parse_input, Command, InputError};
use crate::position::large::{typed_move, TypedMoveError};
use crate::position::misere_play::MisereContext;
use crate::position::model::{analyze_values, check_move_count, Analysis, Convention, Move, Rule, MAX_LISTED_MOVES};
use crate::position::Outcome;

/// A position to analyze.
#[derive(Clone, Debug)]
pub struct PositionRequest {
    /// The game.
    pub game: Game,
    /// The heaps, in the order given (on a graph: the tokens' vertices, 0 for no token).
    pub heaps: Vec<u64>,
    /// Normal or misère play.
    pub rule: Rule,
    /// Which moves count as different.
    pub convention: Convention,
    /// Where each heap lies on a board of longer rows (`[row, offset]`), so that moves are
    /// said in the board's numbers (the play page); `None` for heaps on their own.
    pub places: Option<Vec<(usize, u64)>>,
    /// The most moves an answer may list ([`MAX_LISTED_MOVES`] unless a front end needs
    /// fewer, as the page does to keep replies small): a position that may have more is
    /// answered only where theory counts its moves without listing them.
    pub max_listed: u64,
}

impl PositionRequest {
    /// A position under `rule`, moves counted by `convention`, every move listed up to
    /// [`MAX_LISTED_MOVES`].
    pub fn new(game: Game, heaps: Vec<u64>, rule: Rule, convention: Convention) -> PositionRequest {
        PositionRequest { game, heaps, rule, convention, places: None, max_listed: MAX_LISTED_MOVES }
    }
}

/// How the computer chooses: with chance `random` (0 to 1) a move drawn uniformly,
/// otherwise its policy (the first winning move; when none wins, the move after which the
/// opponent has the most legal moves). `seed` draws both, so a replayed game is the same.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    /// The chance of a random move.
    pub random: f64,
    /// The seed of the draw.
    pub seed: u64,
}

/// The answer to a position: the analysis, with the values it rests on.
#[derive(Clone, Debug)]
pub struct Analyzed {
    /// Outcome, nim-sum, every move (or, for a position too large to list, the winning
    /// ones with exact counts), the method that answered a misère position.
    pub analysis: Analysis,
    game: Game,
    values: Arc<HeapValues>,
}

impl Session {
    /// Analyzes a position: the values of its heaps by the cheapest exact way within the
    /// limits (a position too large to list gets only a short look for a period, never a
    /// table), then every move, or exact counts where theory answers without listing.
    pub fn analyze(&self, req: &PositionRequest, ctl: &mut Control) -> Result<Analyzed, AskError> {
        let game = &req.game;
        for &h in &req.heaps {
            check_heap(game, h)?;
        }
        let max = req.heaps.iter().copied().max().unwrap_or(0);
        let values = match check_move_count(game, &req.heaps, req.max_listed) {
            Err(too_many) if game.move_rule() == MoveRule::Other => return Err(too_many.into()),
            Err(too_many) => {
                let limits = ctl.limits;
                ctl.limits.seconds = limits.seconds.min(QUICK_LOOK_SECONDS);
                let values = self.remembered_values(game, EngineChoice::Auto, max, ctl);
                ctl.limits = limits;
                match values {
                    Err(AskError::Cancelled) => return Err(AskError::Cancelled),
                    Err(_) => return Err(too_many.into()),
                    Ok(v) => v,
                }
            }
            Ok(()) => self.remembered_values(game, EngineChoice::Auto, max, ctl)?,
        };
        let context = MisereContext { failures: Some(&self.cache.failures), cancel: ctl.cancel.clone() };
        let mut analysis =
            analyze_values(game, &req.heaps, req.rule, req.convention, &values, req.max_listed, &context)?;
        if let Some(places) = &req.places {
            analysis.describe_on_board(game, places);
        }
        Ok(Analyzed { analysis, game: game.clone(), values })
    }
}

impl Analyzed {
    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The normal-play value of a heap of `n` (for n up to the largest heap, or any n when
    /// a closed form or a proved period answered).
    pub fn value(&self, n: u64) -> u64 {
        self.values.get(n)
    }

    /// How the values were found.
    pub fn values_method(&self) -> &crate::period::Method {
        self.values.method()
    }

    /// Why a move is marked winning or losing, in a line a learner can check.
    pub fn reason(&self, m: &Move) -> String {
        self.analysis.reason(m, |n| self.values.get(n))
    }

    /// The move the computer plays at `level` (none when no move is left).
    pub fn computer(&self, level: Level) -> Option<&Move> {
        self.analysis.computer_at_level(level.random, level.seed)
    }

    /// A move typed by a player in a position too large to list (heap, stones taken, the
    /// heaps to leave), checked against the rules and worded as the listing would.
    pub fn typed_move(&self, heap_index: usize, take: u64, left: Option<&[u64]>) -> Result<Move, TypedMoveError> {
        typed_move(&self.game, &self.analysis, &self.values, heap_index, take, left)
    }

    /// Why the player to move wins or loses, in words: the nim-sum under normal play, the
    /// rule or the method that answered under misère play.
    pub fn why(&self) -> String {
        let a = &self.analysis;
        match a.rule {
            Rule::Normal if a.game_over() => "no move is left".to_string(),
            Rule::Misere if a.game_over() => {
                "no move is left, and under misère play whoever cannot move wins".to_string()
            }
            Rule::Normal if a.nim_sum == 0 => "the nim-sum is 0".to_string(),
            Rule::Normal => "the nim-sum is not 0".to_string(),
            Rule::Misere if self.game.has_misere_nim_rule() => {
                if a.heaps.iter().any(|&h| h >= 2) {
                    "by misère Nim's rule: a heap has 2 or more stones, so the nim-sum decides, as in normal play, until one such heap is left".to_string()
                } else {
                    "by misère Nim's rule: only heaps of one stone: the player to move wins when their number is even"
                        .to_string()
                }
            }
            Rule::Misere => match &a.misere_method {
                Some(m @ MisereMethod::Quotient { tame: true, .. }) => m.describe(),
                Some(m) => format!("{}; the normal-play values do not decide under misère play", m.describe()),
                None => "the normal-play values do not decide under misère play".to_string(),
            },
        }
    }

    /// The outcome in a sentence: "the player to move wins (the nim-sum is not 0)".
    pub fn verdict(&self) -> String {
        match self.analysis.outcome {
            Outcome::PlayerToMoveWins => format!("the player to move wins ({})", self.why()),
            Outcome::PlayerToMoveLoses => format!("the player to move loses against perfect play ({})", self.why()),
        }
    }

    /// When no move is left: why, naming what is left by the game's picture (heaps, rows of
    /// pins, strips of squares, tokens on vertices).
    pub fn end_reason(&self) -> Option<String> {
        self.analysis.game_over().then(|| end_reason(&self.game, &self.analysis.heaps))
    }

    /// Whether a move is typed as the heaps it leaves (Grundy's game splits without taking)
    /// rather than as the stones it takes.
    fn typed_as_splits(&self) -> bool {
        Words::of(&self.game) == Words::Split
    }

    /// Reads a line a player typed: a move's number, a heap and numbers, `hint` or `quit`.
    pub fn read_move(&self, line: &str) -> Result<Command, InputError> {
        parse_input(line, &self.analysis, self.typed_as_splits())
    }

    /// How a move is typed, in the game's terms.
    pub fn how_to_type_a_move(&self) -> &'static str {
        if self.typed_as_splits() {
            "one or both of the new heaps"
        } else {
            "how many to take (and the heaps to leave)"
        }
    }

    /// The hint: the first winning move and how many there are, or that none wins.
    pub fn hint(&self) -> String {
        match self.analysis.moves.iter().find(|m| m.winning) {
            Some(w) => format!("{} wins ({} winning moves)", w.description, self.analysis.winning_moves),
            None => "no move wins here against perfect play".to_string(),
        }
    }

    /// Who won a finished game, from the side of the player whose turn it would be: under
    /// normal play the player who cannot move lost; under misère play won.
    pub fn player_to_move_won(&self) -> Option<bool> {
        self.analysis.game_over().then_some(self.analysis.rule == Rule::Misere)
    }
}

/// Why a position without moves has none.
fn end_reason(game: &Game, heaps: &[u64]) -> String {
    if game.largest_heap().is_some() {
        let mut names: Vec<String> = heaps.iter().filter(|&&v| v > 0).map(|&v| game.heap_name(v)).collect();
        names.dedup();
        return match names.as_slice() {
            [] => "there is no token to move".to_string(),
            [one] => format!("no move is left: every token is on {one}, which has no move"),
            _ => format!("no move is left: the tokens are on {}, which have no move", names.join(", ")),
        };
    }
    let noun = Words::of(game).thing();
    let mut sizes: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let words: Vec<String> = sizes.iter().map(u64::to_string).collect();
    match words.as_slice() {
        [] => "nothing is left to move on".to_string(),
        [one] => format!("no move is left: {noun}s of {one} only"),
        [init @ .., last] => format!("no move is left: {noun}s of {} and {last} only", init.join(", ")),
    }
}

/// The engine `Auto` picks for `game`, for callers that estimate before they ask.
pub(super) fn auto_engine(game: &Game) -> Result<Engine, AskError> {
    Ok(Engine::choose(game, EngineChoice::Auto)?)
}
