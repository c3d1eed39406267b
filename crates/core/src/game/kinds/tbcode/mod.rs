//! Take-and-break codes in CGSuite's general notation (its `TakeAndBreak` ruleset): digits
//! past F (G-V are 16-31, `&N;` any number), a mark on each digit (`!` the heaps left are
//! pairwise different, `?` not all equal, `=` all equal), explicit heap counts (`{0,2!,3+}`),
//! `*` any number of heaps, a repeating tail (`0.[3]` is Nim) and digits before the point,
//! which add tokens. `digit` holds one digit, `grammar` reads a code, `moves` lists moves.
//!
//! Every code is kept in CGSuite's normal form, which is how it prints (`0.{0!,2!,3!}` is
//! `0.D!`): two codes for the same rules print alike and are the same game. A code that
//! an older kind already plays goes to that kind ([`parse`]): plain octal and hexadecimal
//! codes keep the octal sweep and their names, `4!.0` is Grundy's game. Codes whose moves
//! could let play go on for ever (a digit before the point that leaves a heap at least as
//! large as the one moved on, a move that takes nothing and leaves one heap) are refused
//! in words, as CGSuite refuses loopy codes: grundy computes finite games.
//!
//! One reading differs from CGSuite: a mark constrains moves that leave two heaps or more,
//! so `?` never forbids leaving a single heap (CGSuite's traversal forbids leaving one
//! heap of 1 under `?`).

mod digit;
mod grammar;
mod moves;
mod words;

use std::fmt;

pub use digit::{Constraint, Digit};

use crate::game::words::Words;
use crate::game::{same_as, Game, GameError, HeapMove, Kind, PeriodicityTheorem, TakeAndBreak, Work};

use super::grundy::GrundysGame;

/// A take-and-break code in CGSuite's notation, in normal form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TbCode {
    /// d_0, d_1, ...: digit j governs taking j tokens; the last `period` repeat for ever.
    digits: Vec<Digit>,
    /// d_{-1}, d_{-2}, ...: digit -k governs adding k tokens (the digits before d_0, read
    /// from the point leftwards).
    additive: Vec<Digit>,
    /// How many of the last digits repeat (0: none, the code is finite).
    period: usize,
}

/// The characters a code in the general notation is made of (with the base-32 digits).
const MARKS: &str = ".[]{}*&;!?=,+";

/// Reads a code in the general notation: text of its characters with a point (or a code
/// of hexadecimal digits and `!`, as grundy has read them, `4!`), as the kind that plays
/// it: Grundy's game, a plain code (today's octal and hexadecimal codes, under their
/// names), or a general code.
pub(crate) fn parse(t: &str) -> Option<Result<Game, GameError>> {
    let ours = |c: char| MARKS.contains(c) || c.is_ascii_digit() || ('a'..='v').contains(&c.to_ascii_lowercase());
    let legacy = t.chars().all(|c| c == '.' || c == '!' || c.is_ascii_hexdigit());
    if !t.chars().all(ours) || !(t.contains('.') || legacy) {
        return None;
    }
    // Text grundy read before as hexadecimal digits and `!` keeps its errors, but for
    // what the notation allows: digits before the point, and a `!` on several digits.
    let old = legacy.then(|| TakeAndBreak::parse(t));
    if let Some(Err(e)) = &old {
        if !matches!(e, GameError::LongIntegerPart { .. } | GameError::TwoBangs { .. }) {
            return Some(Err(e.clone()));
        }
    }
    Some(TbCode::parse(t).map(|code| {
        if code.is_grundys_game() {
            return Game::new(GrundysGame);
        }
        // The old reading of `!` (every digit) agrees with CGSuite's: today's game, name.
        if let Some(Ok(old)) = old.filter(|o| o.as_ref().is_ok_and(|o| TbCode::of_take_and_break(o) == code)) {
            return Game::new(old);
        }
        match code.to_take_and_break() {
            Some(plain) => Game::new(plain),
            None => Game::new(code),
        }
    }))
}

impl TbCode {
    /// Parses a code in the general notation (`0.[3]`, `{2+}=.0`, `0.{0,2!,3}`, `4!.0`,
    /// `.07`) into normal form. Refused: text that is not a code (with the reason), a code
    /// with no moves, and a loopy one (with the move that makes it so).
    pub fn parse(text: &str) -> Result<TbCode, GameError> {
        let code = text.trim();
        if code.is_empty() {
            return Err(GameError::Empty);
        }
        let bad = |reason: String| GameError::BadCode { code: code.to_string(), reason };
        // A code of digits and `!` alone has its point after its one digit (`4!`).
        let with_point;
        let text = if !code.contains('.') && code.chars().all(|c| c == '!' || c.is_ascii_hexdigit()) {
            with_point = format!("{code}.");
            &with_point
        } else {
            code
        };
        let tb = grammar::read(text).map_err(bad)?.normal();
        if let Some(reason) = tb.loopy() {
            return Err(GameError::Loopy { code: code.to_string(), reason });
        }
        if !tb.has_moves() {
            return Err(GameError::NoMoves { code: code.to_string() });
        }
        Ok(tb)
    }

    /// Whether every move leaves one heap or none and none adds tokens: a subtraction game.
    fn leaves_at_most_one_heap(&self) -> bool {
        self.additive.is_empty() && self.digits.iter().all(|d| d.max_heaps().is_some_and(|m| m <= 1))
    }

    /// The digit for taking `j` tokens (`j` < 0: adding -j).
    pub fn digit(&self, j: i64) -> &Digit {
        static ZERO: std::sync::OnceLock<Digit> = std::sync::OnceLock::new();
        let zero = || ZERO.get_or_init(Digit::zero);
        if j < 0 {
            return self.additive.get((-j - 1) as usize).unwrap_or_else(zero);
        }
        let j = j as usize;
        match self.digits.get(j) {
            Some(d) => d,
            None if self.period > 0 => &self.digits[self.preperiod() + (j - self.preperiod()) % self.period],
            None => zero(),
        }
    }

    /// The most tokens a move takes (`None`: a repeating tail, any number).
    pub fn max_take(&self) -> Option<u64> {
        (self.period == 0).then(|| self.digits.len() as u64 - 1)
    }

    /// Where the repeating tail starts: the index of its first digit.
    pub fn preperiod(&self) -> usize {
        self.digits.len() - self.period
    }

    /// How many digits repeat (0: none).
    pub fn period(&self) -> usize {
        self.period
    }

    /// Whether this is Grundy's game (`4!.0`).
    pub fn is_grundys_game(&self) -> bool {
        self.additive.is_empty() && self.period == 0 && self.digits == [Digit::of_bits(4, Constraint::Unequal)]
    }

    /// Why play from some heap could go on for ever, if it could: a move that takes
    /// nothing and leaves one heap, or a digit before the point that lets a heap grow or
    /// stay as large. Every other move leaves heaps smaller than the heap moved on, so play
    /// ends.
    fn loopy(&self) -> Option<String> {
        if self.digits[0].count(1).is_some() {
            return Some("the digit before the point lets a move take nothing and leave the heap as it was".into());
        }
        for (at, d) in self.additive.iter().enumerate() {
            let k = at as u64 + 1;
            // Past k + 1 heaps every heap left is smaller than the heap moved on.
            for i in 1..=k + 1 {
                let Some(c) = d.count(i) else { continue };
                let grows = match c {
                    _ if i == 1 => true,
                    Constraint::Any | Constraint::SomeUnequal => k >= i - 1,
                    Constraint::Unequal => k >= i * (i - 1) / 2,
                    Constraint::Equal => (1..=k / (i - 1)).any(|n| (n + k).is_multiple_of(i)),
                };
                if grows {
                    return Some(format!(
                        "the digit {d} adds {k} {} and may leave {} heap as large as the one moved on, so play may never end (CGSuite calls such a code loopy; grundy computes finite games)",
                        if k == 1 { "token" } else { "tokens" },
                        if i == 1 { "a".to_string() } else { format!("{i} heaps, one of them a") },
                    ));
                }
            }
        }
        None
    }

    /// Whether some heap has a move (a digit before the point that only leaves nothing
    /// never applies).
    fn has_moves(&self) -> bool {
        self.digits.iter().skip(1).any(|d| !d.is_zero())
            || self.digits[0].bits() > 3
            || self.digits[0].more()
            || self.additive.iter().any(|d| d.bits() > 3 || d.more())
    }

    /// The code of a plain take-and-break game: its digits, each with `!` when its `!` is.
    pub(crate) fn of_take_and_break(t: &TakeAndBreak) -> TbCode {
        let mark = if t.unequal() { Constraint::Unequal } else { Constraint::Any };
        let digits = t.digits().iter().map(|&d| Digit::of_bits(d as u64, mark)).collect();
        TbCode { digits, additive: Vec::new(), period: 0 }
    }

    /// The plain game (hexadecimal digits, `!` on all or none) this code is, if it is one,
    /// named by this code's normal form.
    fn to_take_and_break(&self) -> Option<TakeAndBreak> {
        let plain = self.additive.is_empty()
            && self.period == 0
            && self.digits.iter().all(|d| !d.more() && d.bits() < 16)
            && self.digits[0].bits() & 3 == 0;
        let mut marks: Vec<Constraint> = self.digits.iter().flat_map(Digit::split_constraints).collect();
        marks.sort();
        marks.dedup();
        let unequal = match marks.as_slice() {
            [] | [Constraint::Any] => false,
            [Constraint::Unequal] => true,
            _ => return None,
        };
        plain.then(|| {
            let digits = self.digits.iter().map(|d| d.bits() as u8).collect();
            TakeAndBreak::of_digits(self.to_string(), digits, unequal)
        })
    }

    /// The code of the subtraction game on `set` (take exactly s tokens, s in the set:
    /// `0.033030003` for {2, 3, 5, 9}), or, with `all_but`, of the game whose moves take
    /// any number but those in the set (`0.300303330[3]`). Elements are positive.
    pub fn of_subtraction(set: &[u64], all_but: bool) -> TbCode {
        let max = set.iter().copied().max().unwrap_or(0) as usize;
        let three = Digit::of_bits(3, Constraint::Any);
        let mut digits = vec![Digit::zero()];
        digits.extend(
            (1..=max).map(|j| if set.contains(&(j as u64)) != all_but { three.clone() } else { Digit::zero() }),
        );
        let mut period_from = None;
        if all_but {
            period_from = Some(digits.len() - 1);
            digits.push(three);
        }
        grammar::Written { before: vec![digits.remove(0)], after: digits, period_from }.normal()
    }

    /// The subtraction set this code is, if it is one: `(set, false)` for a subtraction game
    /// (every digit 0 or 3, finite), `(excluded, true)` for an all-but subtraction game
    /// (every digit 0 or 3, a repeating tail of 3s).
    pub fn subtraction_set(&self) -> Option<(Vec<u64>, bool)> {
        let three = Digit::of_bits(3, Constraint::Any);
        let ok = self.additive.is_empty()
            && self.digits[0].is_zero()
            && self.digits.iter().all(|d| d.is_zero() || *d == three)
            && self.digits[self.preperiod()..].iter().all(|d| *d == three);
        if !ok {
            return None;
        }
        let all_but = self.period > 0;
        let set = (1..self.preperiod()).filter(|&j| self.digits[j].is_zero() == all_but).map(|j| j as u64).collect();
        Some((set, all_but))
    }
}

/// The option values of heap `n` of a subtraction game in the general notation: takes
/// `j..=last`, the digit of take j (`digits[k]`) found by walking the digits, wrapping into
/// the repeating tail at `wrap`, rather than by a division per take. Taking nothing (j = 0)
/// would leave the heap itself: a loopy code, refused when parsed.
struct Subtracting<'a> {
    digits: &'a [Digit],
    wrap: usize,
    j: usize,
    k: usize,
    last: usize,
    n: usize,
    g: &'a [u32],
}

impl Iterator for Subtracting<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        while self.j <= self.last {
            let (digit, t) = (&self.digits[self.k], self.n - self.j);
            self.j += 1;
            self.k += 1;
            if self.k == self.digits.len() {
                self.k = self.wrap;
            }
            let value = match t {
                0 => digit.count(0).map(|_| 0),
                t => digit.count(1).map(|_| self.g[t]),
            };
            if value.is_some() {
                return value;
            }
        }
        None
    }
}

impl fmt::Display for TbCode {
    /// CGSuite's normal form: the digits before the point (adding tokens) and d_0, the
    /// point, the digits after it, the repeating tail in brackets; `.0` when nothing follows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.additive.iter().rev() {
            write!(f, "{d}")?;
        }
        write!(f, "{}.", self.digits[0])?;
        let body = &self.digits[1..self.preperiod()];
        let tail = &self.digits[self.preperiod()..];
        if body.is_empty() && tail.is_empty() {
            return f.write_str("0");
        }
        for d in body {
            write!(f, "{d}")?;
        }
        if !tail.is_empty() {
            f.write_str("[")?;
            for d in tail {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl Kind for TbCode {
    fn name(&self) -> String {
        format!("take-and-break {self}")
    }

    fn rules(&self) -> String {
        format!("Take-and-break code {self}: {}", self.rules_in_words())
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        self.each_move(n, &mut |j, parts| {
            moves.push(HeapMove { take: j.max(0) as u64, left: parts.iter().rev().copied().collect() })
        });
        moves
    }

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        if self.leaves_at_most_one_heap() {
            // A subtraction game (finite or with a repeating tail, as the all-but games):
            // each take's option read at once, not listed as a move (2.5 times faster).
            let last = self.max_take().map_or(n, |m| (m as usize).min(n));
            let wrap = self.preperiod();
            // The digit of take 1: d_1, or the tail's first when only d_0 precedes it.
            let k = if self.digits.len() > 1 || self.period == 0 { 1 } else { wrap };
            return Box::new(Subtracting { digits: &self.digits, wrap, j: 1, k, last, n, g });
        }
        let mut values = Vec::new();
        self.each_move(n as u64, &mut |_, parts| {
            values.push(parts.iter().fold(0, |x, &p| {
                x ^ g.get(p as usize).expect("a finite code leaves heaps smaller than the heap moved on")
            }))
        });
        Box::new(values.into_iter())
    }

    fn heap_move_bound(&self, n: u64) -> u64 {
        // Each take leaves at most the compositions of what is left into its counts: fewer
        // than t^(i - 1) for i heaps, every count for a digit with `+`.
        let takes = self.max_take().map_or(n, |m| m.min(n)).saturating_add(1 + self.additive.len() as u64);
        let t = n.saturating_add(self.additive.len() as u64).max(2);
        let each =
            self.digits
                .iter()
                .chain(&self.additive)
                .map(|d| match d.max_heaps() {
                    None if t > 60 => u64::MAX,
                    None => 1u64 << t,
                    Some(m) => (0..=m.min(64) as u32)
                        .fold(0u64, |s, i| s.saturating_add(t.saturating_pow(i.saturating_sub(1)))),
                })
                .max()
                .unwrap_or(0);
        takes.saturating_mul(each)
    }

    fn words(&self) -> Words {
        Words::Code
    }

    fn definition_work(&self, n: f64) -> Work {
        let takes = if self.period > 0 { n / 2.0 } else { self.digits.len() as f64 };
        let heaps = self.digits.iter().chain(&self.additive).map(|d| d.max_heaps().unwrap_or(64)).max().unwrap_or(1);
        let per = |k: u64| {
            self.digits.iter().chain(&self.additive).filter(|d| d.max_heaps().is_none_or(|m| m >= k)).count() as f64
        };
        // Four heaps or more: up to every partition of what is left, about
        // exp(pi sqrt(2n/3)) / (4 n sqrt 3) (Hardy and Ramanujan) for each of the n heaps.
        let partitions = (std::f64::consts::PI * (2.0 * n / 3.0).sqrt()).exp() / (4.0 * n.max(1.0) * 3f64.sqrt());
        let threes = match heaps {
            0..=2 => 0.0,
            3 => per(3) * takes * n * n * n / 36.0,
            _ => per(3) * takes * n * partitions.max(n * n / 36.0),
        };
        Work { takes: n * takes, splits: per(2) * takes * n * n / 4.0, threes }
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        match self.subtraction_set() {
            Some((excluded, true)) => Some(PeriodicityTheorem::AllButSubtraction {
                excluded_max: excluded.last().copied().unwrap_or(0) as usize,
            }),
            _ => None,
        }
    }

    fn tbcode(&self) -> Option<TbCode> {
        Some(self.clone())
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}
