//! Conway's genus of a single heap: g^{γ0 γ1 γ2 ...}, with g the normal-play value and
//! γk the misère Grundy value of the heap plus k copies of *2.
//!
//! Since G⁻(H + *1) = G⁻(H) xor 1 for every H, the options of G + k·*2 give the recursion
//! γk(G) = mex({γk(G') : G' an option of G} ∪ {γ(k-1), γ(k-1) xor 1}) for k >= 1 and
//! γ0(G) = mex{γ0(G')}, with γ = 1, 2, 0, 2, 0, ... for a position without a move. Genus
//! is not additive, so the recursion runs on positions (sums of heaps), memoized, and is
//! limited like the exhaustive search to heaps of at most [`GENUS_MAX_HEAP`] stones.
//!
//! The sequence ends in period 2. It is printed as CGSuite prints it, which depends on the
//! heap's misère canonical form (`canonical`): a bare g for a nim heap, one digit for a
//! tame or restive game (Kayles' heap 7 is `2^2`: the numbers of *2, yet not equal to *2),
//! otherwise the digits CGSuite computes from the options' genera (`genus_form`), run
//! together or, once one is 10 or more, in parentheses with commas. The numbers are also
//! computed here straight from the recursion above, trimmed ([`Genus::superscript`]), and
//! the tests check that both agree on every term.

use std::collections::HashMap;

use thiserror::Error;

use super::canonical::{FormId, Forms, Phylum};
use super::genus_form::GenusTable;
use crate::control::Cancel;
use crate::game::{Game, HeapGame};

/// The largest heap whose genus is computed (every position reachable from it is
/// visited; the same bound as the exhaustive misère search).
pub const GENUS_MAX_HEAP: u64 = 40;

/// Terms of the sequence computed before the tail is checked for period 2.
const TERMS: usize = 24;

/// Why a genus was not computed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GenusError {
    /// Beyond [`GENUS_MAX_HEAP`].
    #[error("the genus is computed for heaps up to {GENUS_MAX_HEAP} stones (every position reachable is searched); {heap} asked for")]
    TooLarge {
        /// The heap asked for.
        heap: u64,
    },
    /// The tail had not settled into period 2 within the terms computed.
    #[error("the genus of heap {heap} has not settled into period 2 within {TERMS} terms")]
    Unsettled {
        /// The heap.
        heap: u64,
    },
    /// The job's cancellation token was set.
    #[error(transparent)]
    Cancelled(#[from] crate::control::Cancelled),
}

/// The genus of one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play value.
    pub value: u64,
    /// γ0, γ1, ... trimmed: past them the last two alternate.
    pub superscript: Vec<u64>,
    /// The superscript as CGSuite prints it: none for a nim heap, one digit (γ0) for a
    /// tame or restive game, else CGSuite's trimmed digits.
    pub printed: Vec<u64>,
    /// The phylum of the heap's misère canonical form.
    pub phylum: Phylum,
    /// Whether the heap equals the nim heap *value in misère play.
    pub is_nim_heap: bool,
}

impl Genus {
    /// γk for any k, from the trimmed digits.
    pub fn gamma(&self, k: usize) -> u64 {
        let s = &self.superscript;
        if k < s.len() {
            s[k]
        } else {
            s[s.len() - 2 + (k - s.len()) % 2]
        }
    }

    /// Whether the heap is tame in the numbers: its genus is that of a nim heap of its
    /// value (0^120, 1^031, g^{g, g xor 2, g, ...}).
    pub fn is_tame(&self) -> bool {
        let g = self.value;
        let first = if g < 2 { 1 - g } else { g };
        self.gamma(0) == first && (1..TERMS).all(|k| self.gamma(k) == if k % 2 == 1 { g ^ 2 } else { g })
    }

    /// The phylum of the heap's misère canonical form in words: "nim heap", "tame",
    /// "tameable", "restive", "restless" or "wild".
    pub fn phylum_name(&self) -> &'static str {
        match self.phylum {
            Phylum::NimHeap => "nim heap",
            p if p.is_tame() => "tame",
            p if p.is_restive() => "restive",
            Phylum::Tameable => "tameable",
            Phylum::Restless => "restless",
            _ => "wild",
        }
    }

    /// Whether CGSuite's printed genus (`2^2`, `4^146`, a bare `3`, `6^(1,9,10,8)`) has
    /// the same numbers. A bare g stands for a nim heap; one digit s for a tame or
    /// restive game: γ0 = s, then g xor 2, g, ... when s = g or both are below 2, else
    /// (s if s < 4, otherwise g) xor 2, then that value, alternately (CGSuite's rules).
    pub fn cgsuite_matches(&self, text: &str) -> bool {
        let Some(expanded) = expand_cgsuite(text) else { return false };
        expanded.0 == self.value && (0..TERMS).all(|k| expanded.1(k) == self.gamma(k))
    }
}

impl std::fmt::Display for Genus {
    /// CGSuite's text: `3`, `2^2`, `4^146`, `6^(1,9,10,8)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s: Vec<String> = self.printed.iter().map(u64::to_string).collect();
        if s.is_empty() {
            write!(f, "{}", self.value)
        } else if self.printed.iter().any(|&d| d >= 10) {
            write!(f, "{}^({})", self.value, s.join(","))
        } else {
            write!(f, "{}^{}", self.value, s.concat())
        }
    }
}

type GammaFn = Box<dyn Fn(usize) -> u64>;

fn expand_cgsuite(text: &str) -> Option<(u64, GammaFn)> {
    let text: String = text.chars().filter(|c| !matches!(c, '{' | '}' | ' ')).collect();
    let Some((base, sup)) = text.split_once('^') else {
        let g: u64 = text.parse().ok()?;
        let first = if g < 2 { 1 - g } else { g };
        return Some((
            g,
            Box::new(move |k| {
                if k == 0 {
                    first
                } else if k % 2 == 1 {
                    g ^ 2
                } else {
                    g
                }
            }),
        ));
    };
    let g: u64 = base.parse().ok()?;
    let digits: Vec<u64> = match sup.strip_prefix('(') {
        Some(rest) => rest.strip_suffix(')')?.split(',').map(|d| d.trim().parse().ok()).collect::<Option<_>>()?,
        None => sup.chars().map(|c| c.to_digit(10).map(u64::from)).collect::<Option<_>>()?,
    };
    match digits.as_slice() {
        [] => None,
        [s0] => {
            let s0 = *s0;
            let tame = s0 == g || (s0 < 2 && g < 2);
            let anchor = if tame {
                g
            } else if s0 < 4 {
                s0
            } else {
                g
            };
            Some((
                g,
                Box::new(move |k| {
                    if k == 0 {
                        s0
                    } else if k % 2 == 1 {
                        anchor ^ 2
                    } else {
                        anchor
                    }
                }),
            ))
        }
        _ => {
            let d = digits.clone();
            Some((g, Box::new(move |k| if k < d.len() { d[k] } else { d[d.len() - 2 + (k - d.len()) % 2] })))
        }
    }
}

/// The genus of heaps 0..=`to` of `game`.
pub fn genus(game: &Game, to: u64, cancel: &Cancel) -> Result<Vec<Genus>, GenusError> {
    if to > GENUS_MAX_HEAP {
        return Err(GenusError::TooLarge { heap: to });
    }
    let mut memo = Memo {
        game,
        options: Vec::new(),
        values: Vec::new(),
        gammas: HashMap::new(),
        forms: Forms::new(),
        form_of: HashMap::new(),
        genera: GenusTable::default(),
    };
    (0..=to)
        .map(|n| {
            cancel.check()?;
            memo.heap(n);
            let key: Vec<u32> = if memo.options[n as usize].is_empty() { vec![] } else { vec![n as u32] };
            let seq = memo.gamma(key.clone());
            let mut m = seq.len();
            while m > 2 && seq[m - 1] == seq[m - 3] {
                m -= 1;
            }
            if m > TERMS - 6 {
                return Err(GenusError::Unsettled { heap: n });
            }
            let form = memo.form(key);
            let printed = memo.genera.genus(&memo.forms, form);
            let phylum = memo.forms.form(form).phylum;
            Ok(Genus {
                value: memo.values[n as usize],
                superscript: seq[..m].to_vec(),
                printed: printed.digits,
                phylum,
                is_nim_heap: phylum == Phylum::NimHeap,
            })
        })
        .collect()
}

struct Memo<'g> {
    game: &'g Game,
    options: Vec<Vec<Vec<u32>>>,
    values: Vec<u64>,
    gammas: HashMap<Vec<u32>, Vec<u64>>,
    forms: Forms,
    form_of: HashMap<Vec<u32>, FormId>,
    genera: GenusTable,
}

impl Memo<'_> {
    /// Makes the options and value of heaps up to n known.
    fn heap(&mut self, n: u64) {
        while self.options.len() as u64 <= n {
            let h = self.options.len() as u64;
            let mut opts: Vec<Vec<u32>> = self
                .game
                .heap_moves(h)
                .into_iter()
                .map(|m| {
                    let mut o: Vec<u32> =
                        m.left.iter().map(|&x| x as u32).filter(|&x| !self.options[x as usize].is_empty()).collect();
                    o.sort_unstable();
                    o
                })
                .collect();
            opts.sort();
            opts.dedup();
            let vals: Vec<u64> = opts.iter().map(|o| o.iter().fold(0, |x, &g| x ^ self.values[g as usize])).collect();
            let value = (0..).find(|v| !vals.contains(v)).unwrap_or(0);
            self.values.push(value);
            self.options.push(opts);
        }
    }

    /// The options of a position (sorted heaps, each with a move), each sorted.
    fn position_options(&self, pos: &[u32]) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            for o in &self.options[h as usize] {
                let mut next: Vec<u32> = pos.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                next.extend(o);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }

    /// The misère canonical form of a position.
    fn form(&mut self, pos: Vec<u32>) -> FormId {
        if let Some(&id) = self.form_of.get(&pos) {
            return id;
        }
        let options: Vec<FormId> = self.position_options(&pos).into_iter().map(|o| self.form(o)).collect();
        let id = self.forms.canonical(options);
        self.form_of.insert(pos, id);
        id
    }

    /// γ0..γ(TERMS-1) of a position (sorted heaps, each with a move).
    fn gamma(&mut self, pos: Vec<u32>) -> Vec<u64> {
        if let Some(s) = self.gammas.get(&pos) {
            return s.clone();
        }
        let option_seqs: Vec<Vec<u64>> = self.position_options(&pos).into_iter().map(|o| self.gamma(o)).collect();
        let mex = |s: &[u64]| (0..).find(|v| !s.contains(v)).unwrap_or(0);
        let mut seq: Vec<u64> = Vec::with_capacity(TERMS);
        for k in 0..TERMS {
            let mut s: Vec<u64> = option_seqs.iter().map(|q| q[k]).collect();
            if k > 0 {
                s.push(seq[k - 1]);
                s.push(seq[k - 1] ^ 1);
            }
            seq.push(if k == 0 && option_seqs.is_empty() { 1 } else { mex(&s) });
        }
        self.gammas.insert(pos, seq.clone());
        seq
    }
}
