//! The genus of a misère canonical form as CGSuite computes and prints it (`Genus.java`,
//! read for its rules): a nim heap prints its bare value, a tame or restive game one
//! superscript digit (its G-), and any other game the digits γ0..γm, computed from its
//! options' genera with m = 2 + max(1, the options' own m) and trimmed while the last digit
//! equals the one two places before (at least two kept).

use std::collections::HashMap;

use super::canonical::{FormId, Forms, Phylum};

/// How a genus continues past its printed digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// A nim heap or a tame game: g^{g, g xor 2, g, ...} (γ0 = 1 - g when g < 2 and no
    /// digit is printed).
    Tame,
    /// A restive game: γ0, then s xor 2, s, ... with s = γ0 if γ0 < 4, else g.
    Restive,
    /// The last two printed digits alternate.
    Wild,
}

/// One genus in CGSuite's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormGenus {
    shape: Shape,
    /// G+, the normal-play value.
    pub base: u64,
    /// The superscript digits CGSuite prints (none for a nim heap).
    pub digits: Vec<u64>,
}

impl FormGenus {
    /// The k-th superscript digit, γk, for any k.
    pub fn digit(&self, k: usize) -> u64 {
        if k < self.digits.len() {
            return self.digits[k];
        }
        let alternate = |s: u64| if k % 2 == 1 { s ^ 2 } else { s };
        match self.shape {
            Shape::Tame if k == 0 && self.base < 2 => 1 - self.base,
            Shape::Tame => alternate(self.base),
            Shape::Restive => alternate(if self.digits[0] < 4 { self.digits[0] } else { self.base }),
            Shape::Wild => {
                let n = self.digits.len();
                self.digits[n - 2 + (n ^ k) % 2]
            }
        }
    }

    /// The least index from which the digits have period 2, as CGSuite counts it.
    fn settles_at(&self) -> usize {
        match self.shape {
            Shape::Tame if self.base < 2 && self.digits.first().is_none_or(|&d| d != self.base) => 2,
            Shape::Tame => 1,
            Shape::Restive if self.digits[0] < 4 => 1,
            Shape::Restive => 2,
            Shape::Wild => self.digits.len() - 1,
        }
    }
}

/// Genera of canonical forms, memoized by id.
#[derive(Default)]
pub struct GenusTable {
    known: HashMap<FormId, FormGenus>,
}

impl GenusTable {
    /// The genus of form `id` of `forms`.
    pub fn genus(&mut self, forms: &Forms, id: FormId) -> FormGenus {
        let f = forms.form(id);
        if f.phylum == Phylum::NimHeap {
            return FormGenus { shape: Shape::Tame, base: f.g_plus, digits: vec![] };
        }
        if f.phylum.is_tame() || f.phylum.is_restive() {
            let shape = if f.phylum.is_tame() { Shape::Tame } else { Shape::Restive };
            return FormGenus { shape, base: f.g_plus, digits: vec![f.g_minus] };
        }
        if let Some(g) = self.known.get(&id) {
            return g.clone();
        }
        let options: Vec<FormGenus> = f.options.clone().into_iter().map(|o| self.genus(forms, o)).collect();
        let mex = |s: &[u64]| (0..).find(|v| !s.contains(v)).unwrap_or(0);
        let base = mex(&options.iter().map(|g| g.base).collect::<Vec<_>>());
        let mut last = 2 + options.iter().map(FormGenus::settles_at).max().unwrap_or(1).max(1);
        let mut digits: Vec<u64> = Vec::with_capacity(last + 1);
        for k in 0..=last {
            let mut seen: Vec<u64> = options.iter().map(|g| g.digit(k)).collect();
            if k > 0 {
                seen.push(digits[k - 1]);
                seen.push(digits[k - 1] ^ 1);
            }
            digits.push(mex(&seen));
        }
        while last > 1 && digits[last] == digits[last - 2] {
            last -= 1;
        }
        digits.truncate(last + 1);
        let g = FormGenus { shape: Shape::Wild, base, digits };
        self.known.insert(id, g.clone());
        g
    }
}
