//! Take-and-break games by their code (octal and hexadecimal digits, CGSuite's `!`).
//!
//! A code lists digits d_0 . d_1 d_2 ...: digit d_k says what may be left after taking k
//! stones from a heap: bit 1 nothing (the heap had exactly k), bit 2 one heap, bit 4 two
//! heaps, bit 8 three heaps. The digit before the point governs taking no stones, so it
//! may only split. A `!` anywhere in the code means the heaps left must all be different:
//! Grundy's game is `4!.0`.

use super::GameError;
use crate::game::{HeapGame, HeapMove};

/// Longest take-and-break code accepted.
pub const MAX_DIGITS: usize = 32;

/// A take-and-break game given by its code. Two codes are the same game when their
/// digits and `!` agree (`.07` and `0.070` are equal).
#[derive(Clone, Debug)]
pub struct TakeAndBreak {
    code: String,
    /// d_0, d_1, ...: digit k governs taking k stones.
    digits: Vec<u8>,
    /// The heaps left must be pairwise different.
    unequal: bool,
}

impl PartialEq for TakeAndBreak {
    fn eq(&self, other: &Self) -> bool {
        self.digits == other.digits && self.unequal == other.unequal
    }
}

impl Eq for TakeAndBreak {}

impl TakeAndBreak {
    /// Parses `.07`, `0.07`, `4.07`, `.11377`, `4!.0`, `0.f` ...
    pub fn parse(code: &str) -> Result<TakeAndBreak, GameError> {
        let c = code.trim();
        if c.is_empty() {
            return Err(GameError::Empty);
        }
        let own = || c.to_string();
        if c.matches('!').count() > 1 {
            return Err(GameError::TwoBangs { code: own() });
        }
        let unequal = c.contains('!');
        let body: String = c.chars().filter(|&ch| ch != '!').collect();
        if body.is_empty() {
            return Err(GameError::Empty);
        }
        for (at, ch) in c.chars().enumerate() {
            if !(ch.is_ascii_hexdigit() || ch == '.' || ch == '!') {
                return Err(GameError::BadChar { code: own(), found: ch, at });
            }
        }
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => {
                if f.contains('.') {
                    return Err(GameError::TwoPoints { code: own() });
                }
                (i, f)
            }
            None => (body.as_str(), ""),
        };
        if int.len() > 1 {
            return Err(GameError::LongIntegerPart { code: own() });
        }
        if frac.len() > MAX_DIGITS {
            return Err(GameError::TooLong { code: own() });
        }
        let hex = |ch: char| ch.to_digit(16).expect("checked above") as u8;
        let d0 = int.chars().next().map_or(0, hex);
        if d0 & 3 != 0 {
            return Err(GameError::PassMove { code: own(), digit: d0 });
        }
        let mut digits = vec![d0];
        digits.extend(frac.chars().map(hex));
        while digits.len() > 1 && *digits.last().unwrap() == 0 {
            digits.pop();
        }
        if digits == [0] {
            return Err(GameError::NoMoves { code: own() });
        }
        Ok(TakeAndBreak { code: c.to_string(), digits, unequal })
    }

    /// The code as given.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// d_0, d_1, ...
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether every digit is octal (at most two heaps left) and there is no `!`: the
    /// games the octal periodicity theorem speaks of.
    pub fn is_octal(&self) -> bool {
        !self.unequal && self.digits.iter().all(|&d| d < 8)
    }

    /// Whether the heaps left must be pairwise different (`!`).
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The largest number of stones a move takes.
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether this is Grundy's game (`4!.0`, or `4!` alone).
    pub fn is_grundys_game(&self) -> bool {
        self.unequal && self.digits == [4]
    }

    /// The rules written out from the digits, for people who do not read the code: what
    /// each number of stones taken may leave ("Take 1 stone from one heap, leaving one heap
    /// or two heaps."). Digits with the same options are said once ("Take 1 or 2 stones").
    pub fn rules_in_words(&self) -> String {
        let parts = |d: u8, k: usize| {
            let mut p = Vec::new();
            if d & 1 != 0 && k > 0 {
                p.push("nothing (when the heap has exactly that many)");
            }
            if d & 2 != 0 && k > 0 {
                p.push("one heap");
            }
            if d & 4 != 0 {
                p.push("two heaps");
            }
            if d & 8 != 0 {
                p.push("three heaps");
            }
            p
        };
        let or_list = |items: &[String]| match items {
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
            [] => String::new(),
        };
        let mut sentences = Vec::new();
        if self.digits[0] != 0 {
            let into: Vec<String> = parts(self.digits[0], 0).iter().map(|s| s.to_string()).collect();
            sentences.push(format!("Split one heap into {} without taking any stones.", or_list(&into)));
        }
        // Runs of equal digits after the point, said together.
        let mut k = 1;
        while k < self.digits.len() {
            let d = self.digits[k];
            let mut end = k;
            while end + 1 < self.digits.len() && self.digits[end + 1] == d {
                end += 1;
            }
            if d != 0 {
                let takes: Vec<String> = (k..=end).map(|t| t.to_string()).collect();
                let noun = if end == 1 { "stone" } else { "stones" };
                let left: Vec<String> = parts(d, k).iter().map(|s| s.to_string()).collect();
                sentences.push(format!("Take {} {noun} from one heap, leaving {}.", or_list(&takes), or_list(&left)));
            }
            k = end + 1;
        }
        if self.unequal {
            sentences.push("The heaps left by a move must all differ in size.".to_string());
        }
        sentences.join(" ")
    }
}

impl HeapGame for TakeAndBreak {
    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                moves.push(HeapMove { take: k, left: vec![] });
            }
            if d & 2 != 0 && rest >= 1 && k > 0 {
                moves.push(HeapMove { take: k, left: vec![rest] });
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    let b = rest - a;
                    if !(self.unequal && a == b) {
                        moves.push(HeapMove { take: k, left: vec![b, a] });
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        let c = rest - a - b;
                        if !(self.unequal && (a == b || b == c)) {
                            moves.push(HeapMove { take: k, left: vec![c, b, a] });
                        }
                    }
                }
            }
        }
        moves
    }
}
