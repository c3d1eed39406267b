//! The one list of named games: id, the names people use, the rules in one line, and the
//! words its moves read in (which also say how it is drawn). Adding a named game is adding
//! an entry here. [`crate::game::Game::parse`], the CLI's help, the web API's `/api/games`
//! and through it the play page all read this list; none keeps its own.

use super::kinds::{grundy::GrundysGame, half::TakeAtMostHalf, nim::Nim, squares::Squares, subtraction::Subtraction};
use super::words::{RowWords, Words};
use super::{Game, Rule, TakeAndBreak};

/// A take-and-break code of the catalog, as a game.
fn code(code: &str) -> Game {
    Game::new(TakeAndBreak::parse(code).expect("catalog codes are valid"))
}

/// One named game.
#[derive(Clone, Copy, Debug)]
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
    /// How its moves read, and so how a heap is drawn (a heap, a row of pins, a strip).
    pub words: Words,
    /// Whether the play page offers it.
    pub on_page: bool,
    /// The rule the name implies: misère only for `misere-nim` (misère is a rule that
    /// applies to any game; this name is the one that says it).
    pub rule: Rule,
    /// Makes the game: its kind, described (a kind of game is any type that implements
    /// [`super::Kind`]; no list of kinds here).
    make: fn() -> Game,
}

/// Two entries are the same when they have the same id (the catalog's ids are unique).
impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.id == other.id
    }
}

impl Eq for Entry {}

impl Entry {
    /// The game this entry names.
    pub fn game(&self) -> Game {
        (self.make)()
    }

    /// Whether `key` (already normalized) names this entry.
    fn is_named(&self, key: &str) -> bool {
        self.id == key || self.aliases.contains(&key)
    }
}

impl Words {
    /// The words `game` is played in: its catalog entry's if it has one, else its kind's.
    pub fn of(game: &Game) -> Words {
        match entry_of(game) {
            Some(entry) => entry.words,
            None => game.kind().words(),
        }
    }
}

/// Every named game, in the order menus show them.
pub const CATALOG: &[Entry] = &[
    Entry {
        id: "grundy",
        name: "Grundy's game",
        aliases: &["grundys-game", "grundy-s-game"],
        rules: "Split one heap into two heaps of different sizes (4!.0); heaps of 1 and 2 cannot be split.",
        words: Words::Split,
        on_page: true,
        rule: Rule::Normal,
        make: || Game::new(GrundysGame),
    },
    Entry {
        id: "kayles",
        name: "Kayles (.77)",
        aliases: &[],
        rules: "Knock down one pin or two adjacent pins from a row; the pins left may form two rows.",
        words: Words::Row(RowWords { verb: "knock down", piece: "pin", row: "row" }),
        on_page: true,
        rule: Rule::Normal,
        make: || code(".77"),
    },
    Entry {
        id: "dawsons-kayles",
        name: "Dawson's Kayles: dominoes on strips (.07)",
        aliases: &["dawson-s-kayles", "dominoes"],
        rules: "Place a domino on two adjacent empty squares of a strip.",
        words: Words::Row(RowWords { verb: "place a domino on", piece: "square", row: "strip" }),
        on_page: true,
        rule: Rule::Normal,
        make: || code(".07"),
    },
    Entry {
        id: "dawsons-chess",
        name: "Dawson's chess (.137)",
        aliases: &["dawson-s-chess", "crosses"],
        rules: "Put a cross on an empty square of a strip that is not next to another cross.",
        words: Words::Crosses,
        on_page: true,
        rule: Rule::Normal,
        make: || code(".137"),
    },
    Entry {
        id: "s1,2,3",
        name: "Subtraction: take 1, 2 or 3",
        aliases: &[],
        rules: "Take 1, 2 or 3 stones from one heap.",
        words: Words::Take,
        on_page: true,
        rule: Rule::Normal,
        make: || Game::new(Subtraction::of(&[1, 2, 3])),
    },
    Entry {
        id: "half",
        name: "Take at most half",
        aliases: &["take-at-most-half"],
        rules: "Take at least one stone and at most half of the stones of one heap.",
        words: Words::Take,
        on_page: true,
        rule: Rule::Normal,
        make: || Game::new(TakeAtMostHalf),
    },
    Entry {
        id: "squares",
        name: "Subtract a square",
        aliases: &["subtract-a-square"],
        rules: "Take a square number of stones (1, 4, 9, ...) from one heap.",
        words: Words::Take,
        on_page: false,
        rule: Rule::Normal,
        make: || Game::new(Squares),
    },
    Entry {
        id: "nim",
        name: "Nim",
        aliases: &[],
        rules: "Take any number of stones from one heap; whoever takes the last stone wins.",
        words: Words::Take,
        on_page: true,
        make: || Game::new(Nim),
        rule: Rule::Normal,
    },
    Entry {
        id: "misere-nim",
        name: "Nim, misère (taking the last stone loses)",
        aliases: &["misère-nim"],
        rules: "Take any number of stones from one heap; whoever takes the last stone loses.",
        words: Words::Take,
        on_page: true,
        make: || Game::new(Nim),
        rule: Rule::Misere,
    },
    Entry {
        id: "officers",
        name: "Officers (.6)",
        aliases: &[],
        rules: "Remove one coin from a row of coins, but never a row's last coin; the coins left may form two rows.",
        words: Words::Row(RowWords { verb: "remove", piece: "coin", row: "row" }),
        on_page: true,
        rule: Rule::Normal,
        make: || code(".6"),
    },
];

/// The entry named by `name` (id or alias, in any case, with spaces, `'` or `_` for `-`).
pub fn find(name: &str) -> Option<&'static Entry> {
    let key = normalize(name);
    CATALOG.iter().find(|e| e.is_named(&key))
}

/// The form names are compared in.
pub(super) fn normalize(name: &str) -> String {
    name.trim().to_lowercase().replace(['\'', '_', ' '], "-")
}

/// The entry whose game is `game`, if it has a name.
pub fn entry_of(game: &Game) -> Option<&'static Entry> {
    CATALOG.iter().find(|e| e.game() == *game)
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
        assert_eq!(find("Officers").unwrap().game(), Game::parse(".6").unwrap());
    }

    /// A named game reads in its own words: Officers' moves remove coins from rows, where
    /// the bare code .6 would remove squares.
    #[test]
    fn officers_read_as_coins() {
        let officers = Game::parse("officers").unwrap();
        let said = super::super::words::describe(&officers, 0, 5, 1, Some(3), None, &[2, 2]);
        assert_eq!(said, "remove coin 3 of row A (5), leaving 2 and 2");
        assert_eq!(Words::of(&officers).thing(), "row");
        assert_eq!(Words::of(&Game::parse(".6!").unwrap()), Words::Row(RowWords::SQUARES));
    }
}
