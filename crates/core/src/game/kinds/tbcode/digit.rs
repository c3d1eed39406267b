//! One digit of a take-and-break code in CGSuite's general notation: for each number of
//! heaps a move may leave, whether it may, and under which constraint on their sizes.
//!
//! A digit is a list indexed by heap count (`counts[i]`: may a move leave exactly i heaps,
//! and how must they compare), and `more`: the last entry goes on for every larger count
//! (`{2+}`, `*`). A digit is kept in CGSuite's normal form, so that two digits that allow
//! the same moves and print the same are equal: constraints on zero or one heap mean
//! nothing and are dropped, unless every count of two or more heaps has the same
//! constraint, which then names the whole digit (`{1,2!}` is `6!`).

use std::fmt;

/// How the sizes of the heaps a move leaves must compare. A constraint speaks of moves that
/// leave two heaps or more: zero heaps or one heap always meet it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// Any sizes.
    Any,
    /// Not all equal (`?`).
    SomeUnequal,
    /// Pairwise different (`!`).
    Unequal,
    /// All equal (`=`).
    Equal,
}

impl Constraint {
    /// The mark written after a digit (`!`, `?`, `=`, or nothing).
    pub fn mark(self) -> &'static str {
        match self {
            Constraint::Any => "",
            Constraint::SomeUnequal => "?",
            Constraint::Unequal => "!",
            Constraint::Equal => "=",
        }
    }

    /// The constraint a mark stands for.
    pub(crate) fn of_mark(c: char) -> Option<Constraint> {
        match c {
            '!' => Some(Constraint::Unequal),
            '?' => Some(Constraint::SomeUnequal),
            '=' => Some(Constraint::Equal),
            _ => None,
        }
    }

    /// Whether the sorted parts `parts` (two or more) meet the constraint.
    pub(crate) fn admits(self, parts: &[u64]) -> bool {
        if parts.len() < 2 {
            return true;
        }
        match self {
            Constraint::Any => true,
            Constraint::SomeUnequal => parts.first() != parts.last(),
            Constraint::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
            Constraint::Equal => parts.first() == parts.last(),
        }
    }
}

/// The most heaps a digit may name explicitly (`{0,...,63}`, or bits of `&N;`).
pub const MAX_EXPLICIT_HEAPS: usize = 63;

/// One digit: which heap counts a move may leave, each with its constraint.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digit {
    /// `counts[i]`: whether a move may leave exactly i heaps (`None`: not allowed), and how
    /// their sizes must compare. Never ends with `None`.
    counts: Vec<Option<Constraint>>,
    /// Every count past the list is allowed with the last entry's constraint.
    more: bool,
}

impl Digit {
    /// The digit 0: no move.
    pub fn zero() -> Digit {
        Digit { counts: Vec::new(), more: false }
    }

    /// The digit whose bit i allows leaving i heaps, each with `constraint` (`6!`).
    pub fn of_bits(bits: u64, constraint: Constraint) -> Digit {
        let counts = (0..64).map(|i| (bits >> i & 1 == 1).then_some(constraint)).collect();
        Digit::normal(counts, false)
    }

    /// A digit in normal form from heap counts and `more` (see the module's doc). With
    /// `more`, the last entry must be allowed.
    pub fn normal(mut counts: Vec<Option<Constraint>>, more: bool) -> Digit {
        while counts.last() == Some(&None) {
            counts.pop();
        }
        if more && counts.is_empty() {
            return Digit::zero();
        }
        if more && counts.len() < 4 {
            let last = *counts.last().expect("not empty");
            counts.resize(4, last);
        }
        let mut effective: Vec<Constraint> = counts.iter().skip(2).flatten().copied().collect();
        effective.sort();
        effective.dedup();
        for (i, c) in counts.iter_mut().enumerate() {
            if let Some(c) = c {
                if effective.len() == 1 {
                    *c = effective[0];
                } else if i < 2 {
                    *c = Constraint::Any;
                }
            }
        }
        if more {
            let last = *counts.last().expect("not empty");
            let keep = counts.iter().rposition(|c| *c != last).map_or(1, |i| i + 2);
            counts.truncate(keep);
        }
        Digit { counts, more }
    }

    /// Whether the digit allows no move.
    pub fn is_zero(&self) -> bool {
        self.counts.is_empty()
    }

    /// The constraint for leaving `i` heaps, or `None` when the digit does not allow it.
    pub fn count(&self, i: u64) -> Option<Constraint> {
        match self.counts.get(i as usize) {
            Some(c) => *c,
            None if self.more => *self.counts.last().expect("a digit with more is not empty"),
            None => None,
        }
    }

    /// The most heaps a move may leave (`None`: no bound).
    pub fn max_heaps(&self) -> Option<u64> {
        (!self.more).then(|| self.counts.len().saturating_sub(1) as u64)
    }

    /// The digit's bits: bit i when it allows i heaps (explicit counts only).
    pub fn bits(&self) -> u64 {
        self.counts.iter().enumerate().filter(|(_, c)| c.is_some()).fold(0, |b, (i, _)| b | 1 << i)
    }

    /// The constraints it puts on two heaps or more (each once).
    pub(crate) fn split_constraints(&self) -> Vec<Constraint> {
        let mut v: Vec<Constraint> = self.counts.iter().skip(2).flatten().copied().collect();
        v.sort();
        v.dedup();
        v
    }

    /// The heap counts listed explicitly, with their constraints.
    pub(crate) fn listed(&self) -> impl Iterator<Item = (u64, Constraint)> + '_ {
        self.counts.iter().enumerate().filter_map(|(i, c)| c.map(|c| (i as u64, c)))
    }

    /// Whether the last listed count goes on for every larger count.
    pub fn more(&self) -> bool {
        self.more
    }
}

/// Digits 0 to 31, as CGSuite writes them.
pub const BASE32: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

impl fmt::Display for Digit {
    /// CGSuite's way: a base-32 digit (or `&N;`) with one mark when every count has the
    /// same constraint and there is no `+`; `*` or `{a,b+}` with one mark when every count
    /// shares it; otherwise the counts listed each with its mark.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(last) = self.counts.last().copied().flatten() else {
            return f.write_str("0");
        };
        let consistent = self.counts.iter().flatten().all(|&c| c == last);
        match (consistent, self.more) {
            (true, false) => {
                let bits = self.bits();
                match BASE32.as_bytes().get(bits as usize) {
                    Some(&ch) => write!(f, "{}{}", ch as char, last.mark()),
                    None => write!(f, "&{bits};{}", last.mark()),
                }
            }
            (true, true) if self.counts.len() == 1 => write!(f, "*{}", last.mark()),
            (true, true) => {
                let list: Vec<String> = self.listed().map(|(i, _)| i.to_string()).collect();
                write!(f, "{{{}+}}{}", list.join(","), last.mark())
            }
            (false, more) => {
                let list: Vec<String> = self.listed().map(|(i, c)| format!("{i}{}", c.mark())).collect();
                write!(f, "{{{}{}}}", list.join(","), if more { "+" } else { "" })
            }
        }
    }
}
