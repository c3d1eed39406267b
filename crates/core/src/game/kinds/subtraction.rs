//! Finite subtraction games: take exactly s stones from one heap, s in a set (`s1,2,3` or
//! `{1,2,3}`). The periodicity theorem for finite subtraction games covers them: G(n)
//! depends only on the t values before it, t the largest element.

use crate::game::words::Words;
use crate::game::{same_as, Game, GameError, HeapMove, Kind, PeriodicityTheorem, Work};

/// A subtraction game with a finite set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    /// The elements, sorted, distinct, positive.
    set: Vec<u64>,
}

impl Subtraction {
    /// The game of `set` (sorted, distinct, positive).
    pub(crate) fn of(set: &[u64]) -> Subtraction {
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        Subtraction { set }
    }
}

/// Reads `s1,2,3`, `S{1,2,3}` or `{1,2,3}`; only text of that shape is a set, so a
/// misspelt name is an unknown game.
/// A text with a point (`{2+}=.0`) is a take-and-break code in the general notation.
pub(crate) fn parse(t: &str) -> Option<Result<Game, GameError>> {
    if t.contains('.') {
        return None;
    }
    let after_s = t.strip_prefix(['s', 'S']).map(str::trim_start);
    if t.starts_with('{') || after_s.is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit() || c == '{')) {
        return Some(parse_set(t));
    }
    None
}

impl Kind for Subtraction {
    fn name(&self) -> String {
        let s: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("subtraction game {{{}}}", s.join(","))
    }

    fn rules(&self) -> String {
        let s: Vec<String> = self.set.iter().map(u64::to_string).collect();
        let list = match s.as_slice() {
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
            [] => String::new(),
        };
        format!("Take {list} stones from one heap.")
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        self.set
            .iter()
            .copied()
            .filter(|&s| s <= n)
            .map(|take| HeapMove { take, left: if take == n { vec![] } else { vec![n - take] } })
            .collect()
    }

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new(self.set.iter().take_while(move |&&s| s as usize <= n).map(move |&s| g[n - s as usize]))
    }

    fn heap_move_bound(&self, _n: u64) -> u64 {
        self.set.len() as u64
    }

    fn words(&self) -> Words {
        Words::Take
    }

    fn definition_work(&self, n: f64) -> Work {
        Work { takes: n * self.set.len() as f64, ..Work::default() }
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        Some(PeriodicityTheorem::Subtraction { max_take: *self.set.last().unwrap_or(&1) as usize })
    }

    fn tbcode(&self) -> Option<super::tbcode::TbCode> {
        Some(super::tbcode::TbCode::of_subtraction(&self.set, false))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}

fn parse_set(text: &str) -> Result<Game, GameError> {
    let bad = |reason: &str| GameError::BadSubtractionSet { text: text.to_string(), reason: reason.to_string() };
    let body = text.trim_start_matches(['s', 'S']).trim();
    let inner = match (body.strip_prefix('{'), body.ends_with('}')) {
        (Some(rest), true) => &rest[..rest.len() - 1],
        (None, false) => body,
        _ => return Err(bad("unbalanced braces")),
    };
    if inner.contains(['{', '}']) {
        return Err(bad("unbalanced braces"));
    }
    let mut set = Vec::new();
    for token in inner.split(',').map(str::trim) {
        if token.is_empty() {
            return Err(bad("an empty element"));
        }
        let s: u64 = token.parse().map_err(|_| bad(&format!("{token:?} is not a positive whole number")))?;
        if s == 0 {
            return Err(bad("0 is not a move"));
        }
        if s > 1_000_000 {
            return Err(bad("elements above 1,000,000 are not supported"));
        }
        set.push(s);
    }
    set.sort_unstable();
    set.dedup();
    if set.len() > 64 {
        return Err(bad("at most 64 elements"));
    }
    Ok(Game::new(Subtraction::of(&set)))
}
