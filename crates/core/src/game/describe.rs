//! A game described for people: its take-and-break code in CGSuite's normal form, its
//! rules in words, the subtraction game it is (both ways: a code of 0s and 3s is a
//! subtraction set, a tail of 3s an all-but set) and the theorem that proves its periods.
//! What `grundy describe` prints; written once here for every front end.

use super::{Game, PeriodicityTheorem};

/// What [`describe`] says of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The game's name (the kind that plays it: `take-and-break 0.D!`, `Nim`).
    pub name: String,
    /// The take-and-break code in CGSuite's normal form, when the game is one.
    pub code: Option<String>,
    /// The rules in one line.
    pub rules: String,
    /// The same game as a subtraction set (`s2,3,5,9`), or as an all-but set
    /// (`all but 2, 3, 5 and 9`), when it is one.
    pub subtraction: Option<String>,
    /// The theorem that proves its periods, in words, when one applies.
    pub periods: Option<&'static str>,
}

/// Describes `game`.
pub fn describe(game: &Game) -> Description {
    let code = game.tbcode();
    let subtraction = code.as_ref().and_then(|c| c.subtraction_set()).map(|(set, all_but)| {
        let list: Vec<String> = set.iter().map(u64::to_string).collect();
        match (all_but, list.as_slice()) {
            (false, _) => format!("s{}", list.join(",")),
            (true, []) => "take any number (Nim)".to_string(),
            (true, [one]) => format!("take any number but {one} (an all-but subtraction game)"),
            (true, [init @ .., last]) => {
                format!("take any number but {} or {last} (an all-but subtraction game)", init.join(", "))
            }
        }
    });
    let periods = game.periodicity_theorem().map(|t| match t {
        PeriodicityTheorem::Octal { .. } => "periodic: the periodicity theorem for octal games (Guy and Smith) proves a period once the values show it",
        PeriodicityTheorem::Subtraction { .. } => "periodic: the periodicity theorem for finite subtraction games proves a period once the values show it",
        PeriodicityTheorem::AllButSubtraction { .. } => "arithmetic-periodic (A. Siegel): the all-but subtraction lemma proves G(n + p) = G(n) + s once the values show it",
    });
    Description { name: game.name(), code: code.map(|c| c.to_string()), rules: game.rules(), subtraction, periods }
}
