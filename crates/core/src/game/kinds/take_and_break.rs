//! Take-and-break games by their code (octal and hexadecimal digits, CGSuite's `!`).
//!
//! A code lists digits d_0 . d_1 d_2 ...: digit d_k says what may be left after taking k
//! stones from a heap: bit 1 nothing (the heap had exactly k), bit 2 one heap, bit 4 two
//! heaps, bit 8 three heaps. The digit before the point governs taking no stones, so it
//! may only split. A `!` anywhere in the code means the heaps left must all be different:
//! Grundy's game is `4!.0`.

use crate::game::placement::PlacedMove;
use crate::game::words::{RowWords, Words};
use crate::game::{same_as, Game, GameError, HeapMove, Kind, MoveRule, PeriodicityTheorem, Work};

use super::grundy::GrundysGame;

/// Reads a code (`.07`, `4.07`, `0.f`, `4!.0`): text of digits, `.` and `!` only; `4!.0`
/// reads as Grundy's game, which has its own sweep.
/// Codes with `!` and codes with digits before the point that add tokens are CGSuite's
/// general notation, read by `tbcode` (which hands back this kind where it applies).
pub(crate) fn parse(t: &str) -> Option<Result<Game, GameError>> {
    if !t.chars().all(|c| c == '.' || c.is_ascii_hexdigit()) {
        return None;
    }
    match TakeAndBreak::parse(t) {
        Err(GameError::LongIntegerPart { .. }) => None,
        read => Some(read.map(|g| if g.is_grundys_game() { Game::new(GrundysGame) } else { Game::new(g) })),
    }
}

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

    /// The game of `digits` with `unequal`, named `code` (a code in the general notation
    /// that a plain code plays: `0.{0!,2!,3!}` is `0.D!`).
    pub(crate) fn of_digits(code: String, digits: Vec<u8>, unequal: bool) -> TakeAndBreak {
        TakeAndBreak { code, digits, unequal }
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

impl Kind for TakeAndBreak {
    fn name(&self) -> String {
        format!("take-and-break {}", self.code())
    }

    fn rules(&self) -> String {
        format!("Take-and-break code {}: {}", self.code(), self.rules_in_words())
    }

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

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new(take_and_break_options(self, g, n))
    }

    fn heap_move_bound(&self, n: u64) -> u64 {
        self.digits().iter().enumerate().fold(0u64, |sum, (k, &d)| {
            let rest = n.saturating_sub(k as u64);
            // Nothing or one heap left: at most 2; two heaps: at most one per placement
            // on a row of n; three heaps: fewer than (rest / 3 + 1) * (rest / 2 + 1).
            // Saturating: `n + 1` wrapped to 0 at n = 2^64 - 1, and a bound of a few
            // moves let the analysis list 2^63 of them (issue 35).
            let three = if d & 8 != 0 { (rest / 3 + 1).saturating_mul(rest / 2 + 1) } else { 0 };
            sum.saturating_add(2).saturating_add(n.saturating_add(1)).saturating_add(three)
        })
    }

    /// A code is read as a row of squares (a move removes a run of squares and may split
    /// the row in two) when it never takes nothing and never leaves three heaps; else as
    /// heaps.
    fn words(&self) -> Words {
        let d = self.digits();
        if self.is_grundys_game() || d[0] != 0 || d.iter().any(|&x| x & 8 != 0) {
            Words::Code
        } else {
            Words::Row(RowWords::SQUARES)
        }
    }

    fn definition_work(&self, n: f64) -> Work {
        let twos = self.digits().iter().filter(|&&d| d & 4 != 0).count() as f64;
        let threes = self.digits().iter().filter(|&&d| d & 8 != 0).count() as f64;
        Work { takes: n, splits: twos * n * n / 4.0, threes: threes * n * n * n / 36.0 }
    }

    fn move_rule(&self) -> MoveRule<'_> {
        if self.digits().iter().all(|&d| d < 8) {
            MoveRule::Digits { digits: self.digits(), unequal: self.unequal() }
        } else {
            MoveRule::Other
        }
    }

    fn placements(&self, crosses: bool, n: u64) -> Option<Vec<PlacedMove>> {
        Some(placements(self, crosses, n))
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        self.is_octal().then(|| PeriodicityTheorem::Octal { max_take: self.max_take() })
    }

    fn octal(&self) -> Option<&TakeAndBreak> {
        self.is_octal().then_some(self)
    }

    fn tbcode(&self) -> Option<super::tbcode::TbCode> {
        Some(super::tbcode::TbCode::of_take_and_break(self))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}

/// The options of heap n of a take-and-break game, as values.
fn take_and_break_options<'a>(t: &'a TakeAndBreak, g: &'a [u32], n: usize) -> impl Iterator<Item = u32> + 'a {
    let unequal = t.unequal();
    t.digits().iter().enumerate().take_while(move |&(k, _)| k <= n).flat_map(move |(k, &d)| {
        let rest = n - k;
        let none = (d & 1 != 0 && rest == 0 && k > 0).then_some(0);
        let one = (d & 2 != 0 && rest >= 1 && k > 0).then(|| g[rest]);
        let two = (d & 4 != 0)
            .then(|| (1..=rest / 2).filter(move |&a| !(unequal && 2 * a == rest)).map(move |a| g[a] ^ g[rest - a]))
            .into_iter()
            .flatten();
        let three = (d & 8 != 0)
            .then(|| {
                (1..=rest / 3).flat_map(move |a| {
                    (a..=(rest - a) / 2)
                        .filter(move |&b| !(unequal && (a == b || b == rest - a - b)))
                        .map(move |b| g[a] ^ g[b] ^ g[rest - a - b])
                })
            })
            .into_iter()
            .flatten();
        none.into_iter().chain(one).chain(two).chain(three)
    })
}

/// Every placement on a row of `n` squares. A placement of k squares starting at p leaves
/// p - 1 squares on its left and n - k - (p - 1) on its right; the code's digit d_k says
/// whether it may leave nothing (bit 1), one piece (bit 2) or two pieces (bit 4), and `!`
/// forbids two equal pieces. Dawson's chess (`crosses`) is counted by its crosses instead:
/// a cross on square s clears s and its neighbours on the strip, so on a strip of 2 a cross
/// on either square clears both, two placements of one take-and-break move.
fn placements(t: &TakeAndBreak, crosses: bool, n: u64) -> Vec<PlacedMove> {
    let pieces = |a: u64, b: u64| [a, b].into_iter().filter(|&x| x > 0).collect();
    if crosses {
        return (1..=n)
            .map(|s| {
                let (lo, hi) = (s.max(2) - 1, (s + 1).min(n));
                PlacedMove { take: hi - lo + 1, at: Some(lo), piece: Some([s, s]), left: pieces(lo - 1, n - hi) }
            })
            .collect();
    }
    let mut out = Vec::new();
    for (k, &d) in t.digits().iter().enumerate().skip(1) {
        let k = k as u64;
        if k > n {
            break;
        }
        for p in 1..=n - k + 1 {
            let (a, b) = (p - 1, n - k - (p - 1));
            let ok = match (a, b) {
                (0, 0) => d & 1 != 0,
                (0, _) | (_, 0) => d & 2 != 0,
                _ => d & 4 != 0 && !(t.unequal() && a == b),
            };
            if ok {
                out.push(PlacedMove { take: k, at: Some(p), piece: Some([p, p + k - 1]), left: pieces(a, b) });
            }
        }
    }
    out
}
