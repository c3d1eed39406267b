//! The one list of named games: id, the names people use, the rules in one line and how the
//! game is drawn. [`crate::game::Game::parse`], the CLI's help, the web API's `/api/games`
//! and through it the play page all read this list; none keeps its own.

use super::{Game, SubtractionSet, TakeAndBreak};

/// How a game is pictured: what a heap of n stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// A heap of n stones.
    Heap,
    /// A row of n pins (Kayles-like games: a move may split the row).
    Row,
    /// A strip of n empty squares (domino and cross games).
    Strip,
}

impl Play {
    /// The word used by the web API.
    pub fn word(self) -> &'static str {
        match self {
            Play::Heap => "heap",
            Play::Row => "row",
            Play::Strip => "strip",
        }
    }
}

/// What an entry is, as a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Grundy,
    Code(&'static str),
    Subtraction(&'static [u64]),
    Squares,
    TakeAtMostHalf,
    Nim { misere: bool },
}

/// One named game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The canonical id (what the web API and the page send).
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// Other names accepted by [`Game::parse`] (compared after lowercasing and turning
    /// spaces, `'` and `_` into `-`).
    pub aliases: &'static [&'static str],
    /// The rules in one line.
    pub rules: &'static str,
    /// How a heap is drawn.
    pub play: Play,
    /// Whether the play page offers it.
    pub on_page: bool,
    kind: Kind,
}

impl Entry {
    /// The game this entry names.
    pub fn game(&self) -> Game {
        match self.kind {
            Kind::Grundy => Game::Grundy,
            Kind::Code(code) => Game::TakeAndBreak(TakeAndBreak::parse(code).expect("catalog codes are valid")),
            Kind::Subtraction(set) => Game::Subtraction(SubtractionSet::Finite(set.to_vec())),
            Kind::Squares => Game::Subtraction(SubtractionSet::Squares),
            Kind::TakeAtMostHalf => Game::TakeAtMostHalf,
            Kind::Nim { misere } => Game::Nim { misere },
        }
    }

    /// Whether `key` (already normalized) names this entry.
    fn is_named(&self, key: &str) -> bool {
        self.id == key || self.aliases.contains(&key)
    }
}

/// Every named game, in the order menus show them.
pub const CATALOG: &[Entry] = &[
    Entry {
        id: "grundy",
        name: "Grundy's game",
        aliases: &["grundys-game", "grundy-s-game"],
        rules: "Split one heap into two heaps of different sizes (4!.0); heaps of 1 and 2 cannot be split.",
        play: Play::Heap,
        on_page: true,
        kind: Kind::Grundy,
    },
    Entry {
        id: "kayles",
        name: "Kayles (.77)",
        aliases: &[],
        rules: "Knock down one pin or two adjacent pins from a row; the pins left may form two rows.",
        play: Play::Row,
        on_page: true,
        kind: Kind::Code(".77"),
    },
    Entry {
        id: "dawsons-kayles",
        name: "Dawson's Kayles: dominoes on strips (.07)",
        aliases: &["dawson-s-kayles", "dominoes"],
        rules: "Place a domino on two adjacent empty squares of a strip.",
        play: Play::Strip,
        on_page: true,
        kind: Kind::Code(".07"),
    },
    Entry {
        id: "dawsons-chess",
        name: "Dawson's chess (.137)",
        aliases: &["dawson-s-chess", "crosses"],
        rules: "Put a cross on an empty square of a strip that is not next to another cross.",
        play: Play::Strip,
        on_page: true,
        kind: Kind::Code(".137"),
    },
    Entry {
        id: "s1,2,3",
        name: "Subtraction: take 1, 2 or 3",
        aliases: &[],
        rules: "Take 1, 2 or 3 stones from one heap.",
        play: Play::Heap,
        on_page: true,
        kind: Kind::Subtraction(&[1, 2, 3]),
    },
    Entry {
        id: "half",
        name: "Take at most half",
        aliases: &["take-at-most-half"],
        rules: "Take at least one stone and at most half of the stones of one heap.",
        play: Play::Heap,
        on_page: true,
        kind: Kind::TakeAtMostHalf,
    },
    Entry {
        id: "squares",
        name: "Subtract a square",
        aliases: &["subtract-a-square"],
        rules: "Take a square number of stones (1, 4, 9, ...) from one heap.",
        play: Play::Heap,
        on_page: false,
        kind: Kind::Squares,
    },
    Entry {
        id: "nim",
        name: "Nim",
        aliases: &[],
        rules: "Take any number of stones from one heap; whoever takes the last stone wins.",
        play: Play::Heap,
        on_page: true,
        kind: Kind::Nim { misere: false },
    },
    Entry {
        id: "misere-nim",
        name: "Nim, misère (taking the last stone loses)",
        aliases: &["misère-nim"],
        rules: "Take any number of stones from one heap; whoever takes the last stone loses.",
        play: Play::Heap,
        on_page: true,
        kind: Kind::Nim { misere: true },
    },
];

/// The entry named by `name` (id or alias, in any case, with spaces, `'` or `_` for `-`).
pub fn find(name: &str) -> Option<&'static Entry> {
    let key = normalize(name);
    CATALOG.iter().find(|e| e.is_named(&key))
}

/// How any game is pictured: its catalog entry's picture, or, for a game typed as a code,
/// a strip of squares when its moves read as moves on a row (a take-and-break code that
/// never splits without taking, like `.6`) and heaps of stones otherwise.
pub fn play_of(game: &Game) -> Play {
    if let Some(e) = CATALOG.iter().find(|e| e.game() == *game) {
        return e.play;
    }
    if super::words::Words::of(game).on_a_row() {
        Play::Strip
    } else {
        Play::Heap
    }
}

/// The form names are compared in.
pub(super) fn normalize(name: &str) -> String {
    name.trim().to_lowercase().replace(['\'', '_', ' '], "-")
}

/// Every id, comma-separated, for error texts.
pub fn ids() -> String {
    CATALOG.iter().map(|e| e.id).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_unique_and_parses_to_its_game() {
        let mut seen = std::collections::BTreeSet::new();
        for e in CATALOG {
            for name in std::iter::once(&e.id).chain(e.aliases) {
                assert!(seen.insert(*name), "{name} names two games");
                assert_eq!(normalize(name), *name, "{name} is not in normal form");
                assert_eq!(Game::parse(name).unwrap(), e.game(), "{name}");
            }
        }
    }

    #[test]
    fn aliases() {
        assert_eq!(find("Dominoes").unwrap().id, "dawsons-kayles");
        assert_eq!(find("Dawson's Chess").unwrap().id, "dawsons-chess");
        assert_eq!(find("take_at_most_half").unwrap().id, "half");
        assert!(find("chess").is_none());
    }
}
