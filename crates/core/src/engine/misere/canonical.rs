//! Misère canonical forms of impartial games (Conway, ONAG ch. 12), and the phylum that
//! CGSuite reads off them to decide how a genus is printed.
//!
//! **Equality.** In misère play G = H when G + T and H + T have the same outcome for every
//! T. Call G and H *linked* when some T makes both G + T and H + T P-positions. Then
//! (Conway) G and H are linked exactly when no option of one equals the other, and
//! G = H exactly when they have the same outcome, no option of G is linked to H and no
//! option of H is linked to G. (The outcome condition covers T = 0; the rest is the usual
//! induction on T.) With every option already canonical, equality of options is identity,
//! so [`Forms::equals`] is a short recursion on the smaller game.
//!
//! **Canonical form.** A game whose options are canonical either has a *reversible*
//! option G' (one with an option G'' = G) and then equals that G'', itself canonical, or
//! has none and is canonical. So each game is stored once, by its set of canonical
//! options, and two games are equal in misère play iff their ids are the same. Counts of
//! distinct games born by day 0..4 are 1, 2, 3, 5, 22, as Conway lists; the tests check
//! them and check equality against a brute-force comparison of outcomes on sums.
//!
//! **Phylum.** Conway's tame and restive games, as CGSuite classifies them
//! (`MisereCanonicalGameOps.makeGameRecord`, read for its rules): from G+ and G- of the
//! game and of its options (and, for games of tame or restive genus with a wild option,
//! of their options' options, through which such an option must reverse).
//!
//! **Cost.** Each new form tries every option of an option as the value it might reduce
//! to; each try is a recursion over options of options of that candidate. Forms of single
//! heaps of the usual games to 20 stones take a few milliseconds.

use std::collections::HashMap;

/// Id of a canonical form in a [`Forms`] table; 0 is the empty game.
pub type FormId = u32;

/// Conway's phyla, in CGSuite's order (the order matters: a game's options are scanned
/// for the "wildest" tame one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// Equal to a nim heap *g.
    NimHeap,
    /// Of tame genus, every option a nim heap or hereditarily tame.
    HereditarilyTame,
    /// Tame through options that reverse to tame games.
    ReversiblyTame,
    /// Fixes the genus of any sum with tame games.
    Tameable,
    /// Of tame genus, otherwise wild (classified as [`Phylum::Wild`] in the end).
    WildOfTameGenus,
    /// Not tame, every option hereditarily tame, G+ of 0 or 1.
    HereditarilyRestive,
    /// Restive through options that reverse to restive or tame games.
    ReversiblyRestive,
    /// Of restive genus, otherwise wild (classified as [`Phylum::Wild`] in the end).
    WildOfRestiveGenus,
    /// Not tame, every option tame, G- of 0 or 1.
    Restless,
    /// Of restless genus, otherwise wild (classified as [`Phylum::Wild`] in the end).
    WildOfRestlessGenus,
    /// Everything else.
    Wild,
}

impl Phylum {
    /// Nim heaps and tame games: their genus is one of a nim heap.
    pub fn is_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame)
    }

    /// Restive games (hereditarily or reversibly).
    pub fn is_restive(self) -> bool {
        matches!(self, Phylum::HereditarilyRestive | Phylum::ReversiblyRestive)
    }

    fn is_tameable(self) -> bool {
        self.is_tame() || self == Phylum::Tameable
    }

    fn is_wild(self) -> bool {
        matches!(
            self,
            Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus | Phylum::WildOfRestlessGenus | Phylum::Wild
        )
    }
}

/// One canonical form.
#[derive(Clone, Debug)]
pub struct Form {
    /// Its options, canonical, sorted.
    pub options: Vec<FormId>,
    /// G+: the normal-play Grundy value.
    pub g_plus: u64,
    /// G-: the misère Grundy value (0 exactly for P-positions).
    pub g_minus: u64,
    /// Its phylum.
    pub phylum: Phylum,
}

/// A table of canonical forms, each stored once.
#[derive(Clone, Debug)]
pub struct Forms {
    forms: Vec<Form>,
    index: HashMap<Vec<FormId>, FormId>,
}

impl Default for Forms {
    fn default() -> Self {
        Self::new()
    }
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().enumerate().find(|&(i, &v)| i as u64 != v).map_or(seen.len() as u64, |(i, _)| i as u64)
}

impl Forms {
    /// A table holding only the empty game (id 0).
    pub fn new() -> Self {
        let zero = Form { options: Vec::new(), g_plus: 0, g_minus: 1, phylum: Phylum::NimHeap };
        Forms { forms: vec![zero], index: HashMap::from([(Vec::new(), 0)]) }
    }

    /// The form with this id.
    pub fn form(&self, id: FormId) -> &Form {
        &self.forms[id as usize]
    }

    /// How many distinct forms the table holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether the table holds only the empty game.
    pub fn is_empty(&self) -> bool {
        self.forms.len() == 1
    }

    /// The nim heap *n, {*0, ..., *(n-1)}.
    pub fn nim_heap(&mut self, n: u64) -> FormId {
        let mut id = 0;
        let mut options = Vec::new();
        for _ in 0..n {
            options.push(id);
            id = self.canonical(options.clone());
        }
        id
    }

    fn is_p(&self, options: &[FormId]) -> bool {
        !options.is_empty() && options.iter().all(|&o| self.form(o).g_minus != 0)
    }

    /// Whether the game with canonical options `s` (sorted) equals the canonical form `k`.
    fn equals(&self, s: &[FormId], s_is_p: bool, k: FormId, memo: &mut HashMap<FormId, bool>) -> bool {
        if let Some(&known) = memo.get(&k) {
            return known;
        }
        let kf = self.form(k);
        let answer = (kf.g_minus == 0) == s_is_p
            // No option of G is linked to K: each equals an option of K or has K as option.
            && s.iter().all(|&g| kf.options.binary_search(&g).is_ok() || self.form(g).options.binary_search(&k).is_ok())
            // No option of K is linked to G: each is an option of G or has an option equal to G.
            && kf.options.iter().all(|&k1| {
                s.binary_search(&k1).is_ok() || self.form(k1).options.iter().any(|&k2| self.equals(s, s_is_p, k2, memo))
            });
        memo.insert(k, answer);
        answer
    }

    /// The canonical form of the game whose options are the canonical forms `options`.
    pub fn canonical(&mut self, mut options: Vec<FormId>) -> FormId {
        options.sort_unstable();
        options.dedup();
        if let Some(&id) = self.index.get(&options) {
            return id;
        }
        let s_is_p = self.is_p(&options);
        let mut memo = HashMap::new();
        for &g in &options {
            for &k in &self.form(g).options {
                if self.equals(&options, s_is_p, k, &mut memo) {
                    return k;
                }
            }
        }
        let form = self.classify(options.clone());
        let id = self.forms.len() as FormId;
        self.forms.push(form);
        self.index.insert(options, id);
        id
    }

    /// G+, G- and the phylum of a new canonical form (CGSuite's rules).
    fn classify(&self, options: Vec<FormId>) -> Form {
        let g_plus = mex(options.iter().map(|&o| self.form(o).g_plus));
        let g_minus = if options.is_empty() { 1 } else { mex(options.iter().map(|&o| self.form(o).g_minus)) };
        let (gp, gm) = (g_plus, g_minus);
        let genus_phylum = if gp == gm || (gp | gm) < 2 {
            Phylum::WildOfTameGenus
        } else if gp < 2 {
            Phylum::WildOfRestiveGenus
        } else if gm < 2 {
            Phylum::WildOfRestlessGenus
        } else {
            Phylum::Wild
        };
        // The wildest option while all are tame; past the first option that is not, only
        // that fact matters.
        let mut wildest = Phylum::NimHeap;
        for &o in &options {
            if wildest.is_tame() {
                wildest = wildest.max(self.form(o).phylum);
            }
        }
        let mut phylum = genus_phylum;
        if wildest.is_tame() {
            phylum = match genus_phylum {
                Phylum::WildOfTameGenus if wildest == Phylum::NimHeap && (gp > 1 || gp != gm) => Phylum::NimHeap,
                Phylum::WildOfTameGenus if wildest <= Phylum::HereditarilyTame => Phylum::HereditarilyTame,
                Phylum::WildOfRestiveGenus if wildest <= Phylum::HereditarilyTame => Phylum::HereditarilyRestive,
                Phylum::WildOfTameGenus => Phylum::ReversiblyTame,
                Phylum::WildOfRestiveGenus => Phylum::ReversiblyRestive,
                Phylum::WildOfRestlessGenus => Phylum::Restless,
                other => other,
            };
        } else if matches!(genus_phylum, Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus) {
            phylum = self.reversible_phylum(&options, gp, gm, genus_phylum).unwrap_or(genus_phylum);
        }
        if phylum.is_wild() {
            phylum = Phylum::Wild;
        }
        Form { options, g_plus, g_minus, phylum }
    }

    /// For a game of tame or restive genus with an option that is not tame: reversibly
    /// tame, tameable or reversibly restive when every such option reverses through a
    /// suitable option of its own with the game's G+ and G-, and the tame options alone
    /// give the game its G+ and G-.
    fn reversible_phylum(&self, options: &[FormId], gp: u64, gm: u64, genus_phylum: Phylum) -> Option<Phylum> {
        let tame_genus = genus_phylum == Phylum::WildOfTameGenus;
        let (mut reversibly, mut tameable) = (true, tame_genus);
        let (mut plus, mut minus, mut tameable_plus, mut tameable_minus) = (vec![], vec![], vec![], vec![]);
        for &o in options {
            let of = self.form(o);
            if of.phylum.is_tame() {
                plus.push(of.g_plus);
                minus.push(of.g_minus);
                continue;
            }
            let (mut m_tameable, mut p_tameable) = (false, false);
            if tameable && of.phylum == Phylum::Tameable {
                tameable_minus.push(of.g_minus);
                tameable_plus.push(of.g_plus);
                (m_tameable, p_tameable) = (true, true);
            }
            let (mut m_found, mut p_found) = (false, false);
            for &s in &of.options {
                let sf = self.form(s);
                let (sp, sgm, sgp) = (sf.phylum, sf.g_minus, sf.g_plus);
                let restive_or_tame = sp.is_tame() || sp.is_restive();
                if !(sp.is_tame() || (reversibly && !tame_genus && restive_or_tame) || (tameable && sp.is_tameable())) {
                    continue;
                }
                if sp.is_tame() && tame_genus {
                    m_found |= gm == sgm;
                    p_found |= gp == sgp;
                } else if restive_or_tame && !tame_genus {
                    m_found |= gm == sgm && (sgp < 2 || (sgp ^ gm) < 2);
                    p_found |= gp == sgp && (sgm < 2 || (sgm ^ gm) < 2);
                } else if sp == Phylum::Tameable && tameable {
                    m_tameable |= gm == sgm;
                    p_tameable |= gp == sgp;
                }
            }
            if !(m_found && p_found) {
                reversibly = false;
                tameable &= m_tameable && p_tameable;
                if !tameable {
                    return None;
                }
            }
        }
        if reversibly && (gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied())) {
            reversibly = false;
        }
        if tameable {
            plus.extend(tameable_plus);
            minus.extend(tameable_minus);
            if (gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied())) && (!plus.is_empty() || gp > 0) {
                tameable = false;
            }
        }
        match (reversibly, tameable) {
            (true, _) if tame_genus => Some(Phylum::ReversiblyTame),
            (true, _) => Some(Phylum::ReversiblyRestive),
            (false, true) => Some(Phylum::Tameable),
            (false, false) => None,
        }
    }
}
