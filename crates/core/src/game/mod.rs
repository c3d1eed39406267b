//! What a game is, written once per kind of game: a kind ([`Kind`]) states its moves, the
//! values of its options (what the definition takes the mex of), the bound on a heap's
//! moves, its words, the periodicity theorem that covers it, a closed form where one is
//! proved, and the shape of what the definition costs. [`Game`] is a kind behind one name
//! that every engine, front end and test uses; [`catalog`] is the one list of the named
//! games.
//!
//! The kinds, one file each in `kinds/`: Grundy's game, take-and-break codes (octal and
//! hexadecimal digits, CGSuite's `!`), finite subtraction sets, subtract-a-square,
//! take-at-most-half, Nim, and games given by their graph. Adding a kind is one file that
//! implements [`Kind`] and one line in `kinds/mod.rs` (its parser, in the order they try a
//! text); nothing outside `game/` names a kind.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use kinds::graph;
pub use kinds::graph::{GraphError, GraphGame};
pub use kinds::grundy::GrundysGame;
pub use kinds::loopy_graph::LoopyGraph;
pub use kinds::take_and_break::{TakeAndBreak, MAX_DIGITS};
pub use kinds::tbcode::{Constraint, Digit, TbCode};

pub mod catalog;
pub mod describe;
mod error;
mod kinds;
pub(crate) mod placement;
pub mod words;

pub use error::GameError;
use placement::PlacedMove;
use words::Words;

/// Which periodicity theorem covers a game, with what it needs to know of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodicityTheorem {
    /// Octal games (Guy and Smith): `max_take` is the most stones one move takes.
    Octal {
        /// The most stones one move takes (the code's last nonzero digit's index).
        max_take: usize,
    },
    /// Finite subtraction games: `max_take` is the largest element of the set.
    Subtraction {
        /// The largest element of the subtraction set.
        max_take: usize,
    },
    /// All-but subtraction games (take any number but those of a finite set), which are
    /// arithmetic-periodic (Angela Siegel): `excluded_max` is the largest number excluded
    /// (0 for none). The certificate is [`crate::period`]'s all-but lemma.
    AllButSubtraction {
        /// The largest number a move may not take (0 when every number may be taken).
        excluded_max: usize,
    },
}

/// What the definition looks at to compute G(0..n): options that leave one heap (or none),
/// two heaps, three heaps; each kind its own time an option (the engines' cost models).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Work {
    /// Options that take from a heap and leave one heap or none.
    pub takes: f64,
    /// Options that leave two heaps.
    pub splits: f64,
    /// Options that leave three heaps.
    pub threes: f64,
}

/// A kind of game: everything that differs from one kind to another, written together in
/// its own file. Methods with a default are properties most kinds lack (a closed form, a
/// finite number of heaps); everything a kind must say has no default, so a new kind
/// cannot compile with a wrong one.
pub trait Kind: Send + Sync + std::fmt::Debug + 'static {
    /// A short name for people ("Grundy's game (4!.0)", "take-and-break .07").
    fn name(&self) -> String;

    /// The rules in one line, written from the description (a catalog entry's words come
    /// first: [`Game::rules`]).
    fn rules(&self) -> String;

    /// Every move from a single heap of `n`: what is taken and which heaps are left (heaps
    /// of 0 not listed).
    fn heap_moves(&self, n: u64) -> Vec<HeapMove>;

    /// The values of the options of heap `n`, given `g` = G(0..n): a move that leaves
    /// several heaps has the XOR of their values, one that leaves nothing has 0.
    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a>;

    /// An upper bound on the moves from one heap of `n`, in any convention, found without
    /// listing them (saturating), so that a position too large to list is refused first.
    fn heap_move_bound(&self, n: u64) -> u64;

    /// How the kind's moves read in words, when no catalog entry says more.
    fn words(&self) -> Words;

    /// The options the definition looks at for G(0..n), by how many heaps they leave.
    fn definition_work(&self, n: f64) -> Work;

    /// The rule of a heap's moves in a form that counts them without listing them.
    fn move_rule(&self) -> MoveRule<'_> {
        MoveRule::Other
    }

    /// Every placement of a move on a row of `n` squares (games played on a row: each set
    /// of squares removed, at its place); `None` for kinds not played on a row.
    fn placements(&self, _crosses: bool, _n: u64) -> Option<Vec<PlacedMove>> {
        None
    }

    /// The periodicity theorem that covers the kind, if one does.
    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        None
    }

    /// G(n) by a proved formula, for kinds that have one (any n at once).
    fn closed_form(&self, _n: u64) -> Option<u64> {
        None
    }

    /// Seconds the closed form takes a value, into a table (the closed-form engine's cost).
    fn closed_form_seconds(&self) -> f64 {
        0.0
    }

    /// The code, when the kind is an octal game (digits below 8, no `!`): the octal sweep's.
    fn octal(&self) -> Option<&TakeAndBreak> {
        None
    }

    /// The game as a take-and-break code in CGSuite's notation, for kinds that are one
    /// (codes, Grundy's game, subtraction sets, Nim).
    fn tbcode(&self) -> Option<TbCode> {
        None
    }

    /// Whether this is Grundy's game, which has its own sweep.
    fn is_grundys_game(&self) -> bool {
        false
    }

    /// The largest heap, for a finite game (a graph: its vertices).
    fn largest_heap(&self) -> Option<u64> {
        None
    }

    /// For a finite game, an upper bound on the positions a search from `heaps` visits.
    fn search_positions(&self, _heaps: &[u64]) -> Option<u64> {
        None
    }

    /// The heap a name stands for (a graph's vertex); `None` where heaps are counts.
    fn heap_named(&self, _text: &str) -> Option<u64> {
        None
    }

    /// How heap `n` is written for people.
    fn heap_name(&self, n: u64) -> String {
        n.to_string()
    }

    /// Whether misère play has an exact rule at any size (misère Nim's).
    fn has_misere_nim_rule(&self) -> bool {
        false
    }

    /// The graph, when the kind is a game on a graph with a cycle: no engine applies, and
    /// every question goes to [`crate::loopy`].
    fn loopy(&self) -> Option<&LoopyGraph> {
        None
    }

    /// The kind as `Any`, for [`Kind::same`].
    fn as_any(&self) -> &dyn std::any::Any;

    /// Whether `other` is the same game (two codes with the same digits are).
    fn same(&self, other: &dyn Kind) -> bool;
}

/// [`Kind::same`] for a kind whose equality is its `PartialEq`.
pub(crate) fn same_as<K: Kind + PartialEq>(kind: &K, other: &dyn Kind) -> bool {
    other.as_any().downcast_ref::<K>() == Some(kind)
}

/// A game: one kind behind one name. Cheap to clone (the kind and what was learned of it
/// are shared).
#[derive(Clone)]
pub struct Game(Arc<Held>);

/// What a [`Game`] shares among its clones.
struct Held {
    kind: Box<dyn Kind>,
    /// Facts an engine's cost model learned of this game by running it a little (whether
    /// the octal sweep turns dense, how far a misère quotient stays small): asked again at
    /// every progress report and bisection, learned once. They live with the game, so the
    /// caller that keeps the game keeps them and the core holds no global state.
    facts: std::sync::Mutex<std::collections::BTreeMap<&'static str, u64>>,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Game({})", self.0.kind.name())
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.0.kind.same(&*other.0.kind)
    }
}

impl Eq for Game {}

impl Game {
    /// The game of a kind.
    pub fn new(kind: impl Kind) -> Game {
        Game(Arc::new(Held { kind: Box::new(kind), facts: Default::default() }))
    }

    /// Parses a game: a name of the [`catalog`] (`kayles`, `dominoes`, ...), or a text each
    /// kind may read in turn (a take-and-break code like `.07` or `4!.0`, a subtraction set
    /// like `s1,2,3` or `{1,2,3}`: only text of a kind's shape is read as that kind, so a
    /// misspelt name is an unknown game).
    pub fn parse(text: &str) -> Result<Game, GameError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(GameError::Empty);
        }
        if let Some(file) = t.strip_prefix("graph:") {
            return Err(GameError::GraphFile { file: file.to_string() });
        }
        if let Some(entry) = catalog::find(t) {
            return Ok(entry.game());
        }
        kinds::PARSERS
            .iter()
            .find_map(|parse| parse(t))
            .unwrap_or_else(|| Err(GameError::Unknown { name: t.to_string() }))
    }

    /// A game on the graph in `text` (the format of [`graph`]), called `label`.
    pub fn graph(label: &str, text: &str) -> Result<Game, GraphError> {
        GraphGame::parse(label, text).map(Game::new)
    }

    /// A fact about this game that `learn` finds (slowly), learned once and kept with the
    /// game and its clones: the cost models' probes.
    pub(crate) fn fact(&self, name: &'static str, learn: impl FnOnce() -> u64) -> u64 {
        let known = self.0.facts.lock().unwrap_or_else(|e| e.into_inner()).get(name).copied();
        known.unwrap_or_else(|| {
            let value = learn();
            self.0.facts.lock().unwrap_or_else(|e| e.into_inner()).insert(name, value);
            value
        })
    }

    /// A game on any finite graph in `text`, called `label`: the game of [`Game::graph`]
    /// when the graph has no cycle (today's values, through today's engines), and a loopy
    /// game ([`LoopyGraph`], Smith's generalized values) when it has one.
    pub fn any_graph(label: &str, text: &str) -> Result<Game, GraphError> {
        let read = kinds::graph::GraphText::read(text)?;
        if read.has_cycle() {
            Ok(Game::new(LoopyGraph::from_text(label, read)))
        } else {
            GraphGame::ordered(label, read).map(Game::new)
        }
    }

    /// The graph of a game with cycles ([`Game::any_graph`]); `None` for every other game.
    pub fn loopy(&self) -> Option<&LoopyGraph> {
        self.0.kind.loopy()
    }

    /// The kind.
    pub fn kind(&self) -> &dyn Kind {
        &*self.0.kind
    }

    /// A short name for people.
    pub fn name(&self) -> String {
        self.0.kind.name()
    }

    /// The rules in one line: the catalog's words for a game it names, otherwise written
    /// from the game's description.
    pub fn rules(&self) -> String {
        match catalog::entry_of(self) {
            Some(entry) => entry.rules.to_string(),
            None => self.0.kind.rules(),
        }
    }

    /// The rule of a heap's moves in a form that lets them be counted without listing them
    /// (positions too large to list, [`crate::position::large`]).
    pub fn move_rule(&self) -> MoveRule<'_> {
        self.0.kind.move_rule()
    }

    /// The game's code when it is an octal game (digits below 8, no `!`; Grundy's game is
    /// not): the games of the octal sweep.
    pub fn octal(&self) -> Option<&TakeAndBreak> {
        self.0.kind.octal()
    }

    /// The game as a take-and-break code in CGSuite's notation, in normal form, when it is
    /// one (`kayles` is `0.77`, `s2,3` is `0.033`, `nim` is `0.[3]`).
    pub fn tbcode(&self) -> Option<TbCode> {
        // Grundy's game is `4!.0`, written here: its kind is one the notation's reader
        // routes to, so it does not read the notation itself.
        self.0.kind.tbcode().or_else(|| self.is_grundys_game().then(|| TbCode::parse("4!.0").ok()).flatten())
    }

    /// Whether this is Grundy's game.
    pub fn is_grundys_game(&self) -> bool {
        self.0.kind.is_grundys_game()
    }

    /// G(n) by a proved closed form, for the games that have one.
    pub fn closed_form(&self, n: u64) -> Option<u64> {
        self.0.kind.closed_form(n)
    }

    /// Whether the game has a proved closed form.
    pub fn has_closed_form(&self) -> bool {
        self.0.kind.closed_form(0).is_some()
    }

    /// Seconds the closed form takes a value, into a table.
    pub fn closed_form_seconds(&self) -> f64 {
        self.0.kind.closed_form_seconds()
    }

    /// The largest heap the game has, for a finite game (a graph: its vertices); `None` when
    /// every heap size is a position.
    pub fn largest_heap(&self) -> Option<u64> {
        self.0.kind.largest_heap()
    }

    /// For a finite game (a graph), an upper bound on the positions a search from `heaps`
    /// visits; `None` for heap games, whose searches are bounded by their stones.
    pub fn search_positions(&self, heaps: &[u64]) -> Option<u64> {
        self.0.kind.search_positions(heaps)
    }

    /// The heap a vertex's name stands for, on a graph; `None` for an unknown name and for
    /// every other game (whose heaps are counts, read by the front end's count parser).
    pub fn heap_named(&self, text: &str) -> Option<u64> {
        self.0.kind.heap_named(text.trim())
    }

    /// How heap `n` is written for people: a vertex's name on a graph, the number otherwise.
    pub fn heap_name(&self, n: u64) -> String {
        self.0.kind.heap_name(n)
    }

    /// The periodicity theorem that covers this game, if one does (octal codes and finite
    /// subtraction sets).
    pub fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        self.0.kind.periodicity_theorem()
    }

    /// Whether misère play has an exact rule at any size (misère Nim's).
    pub fn has_misere_nim_rule(&self) -> bool {
        self.0.kind.has_misere_nim_rule()
    }

    /// An upper bound on the moves from one heap of `n`, in any convention, found without
    /// listing them: so that a position whose moves would not fit in memory is refused
    /// before they are listed.
    pub fn heap_move_bound(&self, n: u64) -> u64 {
        self.0.kind.heap_move_bound(n)
    }

    /// The values of the options of heap `n`, given `g` = G(0..n): what the mex definition
    /// takes the mex of.
    pub fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        self.0.kind.option_values(n, g)
    }

    /// The options the definition looks at for G(0..n), by kind of option.
    pub fn definition_work(&self, n: f64) -> Work {
        self.0.kind.definition_work(n)
    }
}

/// A heap's moves, described for counting ([`Game::move_rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveRule<'a> {
    /// Take any number of stones (Nim).
    TakeAny,
    /// A take-and-break code that leaves at most two heaps: digit k says what taking k may
    /// leave (1: nothing, 2: one heap, 4: two heaps); `unequal`: two heaps must differ.
    Digits {
        /// The code's digits, d_0 first.
        digits: &'a [u8],
        /// Whether the heaps left must differ (`!`).
        unequal: bool,
    },
    /// Any other rule.
    Other,
}

/// Who loses: the player who cannot move (normal play) or the one who made the last move.
/// A rule applies to any game; a name may imply one (`misere-nim`: see [`Played`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
}

/// A game with the rule it is played under, as a name may give both: `misere-nim` is Nim
/// under the misère rule; every other name is its game under normal play.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The game.
    pub game: Game,
    /// The rule its name implies.
    pub rule: Rule,
}

impl Played {
    /// Parses a name, code or set as [`Game::parse`] does, with the rule the name implies.
    pub fn parse(text: &str) -> Result<Played, GameError> {
        let game = Game::parse(text)?;
        let rule = catalog::find(text).map_or(Rule::Normal, |e| e.rule);
        Ok(Played { game, rule })
    }
}

/// A game played on heaps, one heap at a time.
pub trait HeapGame {
    /// Every move from a single heap of `n` stones: what is taken and which heaps are left
    /// (heaps of size 0 are not listed). Distinct moves that leave the same heaps may both
    /// be listed; callers treat them as one position.
    fn heap_moves(&self, n: u64) -> Vec<HeapMove>;
}

/// One move on one heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapMove {
    /// Stones removed from the game.
    pub take: u64,
    /// The heaps left in place of the one moved on, largest first.
    pub left: Vec<u64>,
}

impl HeapGame for Game {
    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        self.0.kind.heap_moves(n)
    }
}

impl<K: Kind> HeapGame for K {
    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        Kind::heap_moves(self, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        let g = TakeAndBreak::parse("0.07").unwrap();
        assert_eq!(g.digits(), &[0, 0, 7]);
        assert_eq!(TakeAndBreak::parse(".07").unwrap().digits(), g.digits());
        assert_eq!(TakeAndBreak::parse("4.07").unwrap().digits(), &[4, 0, 7]);
        assert_eq!(TakeAndBreak::parse(".1370").unwrap().max_take(), 3);
        assert!(TakeAndBreak::parse(".137").unwrap().is_octal());
        assert!(!TakeAndBreak::parse(".f").unwrap().is_octal());
        assert!(Game::parse("4!.0").unwrap().is_grundys_game());
        assert!(Game::parse("Kayles").unwrap() == Game::parse(".77").unwrap());
        assert!(Game::parse("Dawson's Kayles").unwrap() == Game::parse("0.07").unwrap());
        assert!(Game::parse("crosses").unwrap() == Game::parse(".137").unwrap());
        assert_eq!(Game::parse("s3,1,3").unwrap(), Game::parse("s1,3").unwrap());
        assert_eq!(Game::parse("{1,2,3}").unwrap(), Game::parse("s3,2,1").unwrap());
    }

    #[test]
    fn malformed_codes_are_errors() {
        assert_eq!(TakeAndBreak::parse(""), Err(GameError::Empty));
        assert_eq!(TakeAndBreak::parse("!"), Err(GameError::Empty));
        assert!(matches!(TakeAndBreak::parse(".0.7"), Err(GameError::TwoPoints { .. })));
        assert!(matches!(TakeAndBreak::parse(".0g"), Err(GameError::BadChar { found: 'g', at: 2, .. })));
        assert!(matches!(TakeAndBreak::parse("12.3"), Err(GameError::LongIntegerPart { .. })));
        assert!(matches!(TakeAndBreak::parse(&format!(".{}", "7".repeat(40))), Err(GameError::TooLong { .. })));
        assert!(matches!(TakeAndBreak::parse("2.07"), Err(GameError::PassMove { digit: 2, .. })));
        assert!(matches!(TakeAndBreak::parse("4!!.0"), Err(GameError::TwoBangs { .. })));
        assert!(matches!(Game::parse("s1,,2"), Err(GameError::BadSubtractionSet { .. })));
        assert!(matches!(Game::parse("s0"), Err(GameError::BadSubtractionSet { .. })));
        assert!(matches!(Game::parse("chess"), Err(GameError::Unknown { .. })));
    }

    /// Issue 13: codes whose digits are all 0 have no moves; braces must balance; only
    /// `s<digits>` and `{...}` are subtraction sets.
    #[test]
    fn games_with_no_moves_and_malformed_sets() {
        for code in [".", "0", "!.", ".0", "0.000"] {
            assert_eq!(Game::parse(code), Err(GameError::NoMoves { code: code.into() }), "{code}");
        }
        assert_eq!(Game::parse(".0").unwrap_err().to_string(), "game .0 has no moves");
        assert!(Game::parse("4.").is_ok(), "4. splits a heap in two without taking");
        for set in ["{1,2", "s{1,2", "s1,2}", "{1,{2}}"] {
            assert_eq!(
                Game::parse(set),
                Err(GameError::BadSubtractionSet { text: set.into(), reason: "unbalanced braces".into() }),
                "{set}"
            );
        }
        assert_eq!(Game::parse("s{1, 2}").unwrap(), Game::parse("s2,1").unwrap());
        for name in ["sprague", "s", "S-x"] {
            assert_eq!(Game::parse(name), Err(GameError::Unknown { name: name.into() }), "{name}");
        }
        assert!(Game::parse("sprague").unwrap_err().to_string().contains("dawsons-chess, s1,2,3, half"));
    }

    #[test]
    fn moves() {
        let kayles = Game::parse("kayles").unwrap();
        let m: Vec<(u64, Vec<u64>)> = kayles.heap_moves(3).into_iter().map(|m| (m.take, m.left)).collect();
        assert_eq!(m, vec![(1, vec![2]), (1, vec![1, 1]), (2, vec![1])]);
        assert!(kayles.heap_moves(0).is_empty());
        let g = Game::parse("4!.0").unwrap();
        assert_eq!(g.heap_moves(6).len(), 2);
        let three = Game::parse("8.").unwrap();
        assert_eq!(
            three.heap_moves(6).into_iter().map(|m| m.left).collect::<Vec<_>>(),
            vec![vec![4, 1, 1], vec![3, 2, 1], vec![2, 2, 2]]
        );
        assert_eq!(Game::parse("half").unwrap().heap_moves(5).len(), 2);
    }
}
