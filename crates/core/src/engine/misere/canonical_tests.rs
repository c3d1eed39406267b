//! Misère canonical forms against the definition: two games are equal when every sum with
//! a third has the same outcome. The slow reference plays sums of game trees out by brute
//! force (P when there are moves and every one leads to an N-position; a sum with no move
//! is N: the player to move has won).

use std::collections::HashMap;

use super::canonical::{FormId, Forms, Phylum};
use crate::game::{Game, HeapGame};

/// Game trees: node i has children `nodes[i]`; outcomes of sums found by brute force.
struct Trees {
    nodes: Vec<Vec<usize>>,
    p_memo: HashMap<Vec<usize>, bool>,
}

impl Trees {
    /// The forms of `forms` as trees (same ids), to which raw games are added.
    fn of(forms: &Forms) -> Self {
        let nodes =
            (0..forms.len()).map(|i| forms.form(i as FormId).options.iter().map(|&o| o as usize).collect()).collect();
        Trees { nodes, p_memo: HashMap::new() }
    }

    fn add(&mut self, children: Vec<usize>) -> usize {
        self.nodes.push(children);
        self.nodes.len() - 1
    }

    /// Whether the sum of the trees in `sum` is a misère P-position.
    fn is_p(&mut self, mut sum: Vec<usize>) -> bool {
        sum.retain(|&t| !self.nodes[t].is_empty());
        sum.sort_unstable();
        if sum.is_empty() {
            return false;
        }
        if let Some(&p) = self.p_memo.get(&sum) {
            return p;
        }
        let mut p = true;
        'moves: for i in 0..sum.len() {
            for c in self.nodes[sum[i]].clone() {
                let mut next = sum.clone();
                next[i] = c;
                if self.is_p(next) {
                    p = false;
                    break 'moves;
                }
            }
        }
        self.p_memo.insert(sum, p);
        p
    }
}

/// All subsets of `items` as option lists.
fn subsets(items: &[FormId]) -> Vec<Vec<FormId>> {
    (0..1u32 << items.len())
        .map(|m| (0..items.len()).filter(|&i| m >> i & 1 == 1).map(|i| items[i]).collect())
        .collect()
}

/// Every sum of at most two of `forms` (the empty sum first), each pair once.
fn sums_of_up_to_two(forms: &[FormId]) -> Vec<Vec<usize>> {
    let mut sums: Vec<Vec<usize>> = vec![vec![]];
    for (i, &a) in forms.iter().enumerate() {
        sums.push(vec![a as usize]);
        for &b in &forms[i..] {
            sums.push(vec![a as usize, b as usize]);
        }
    }
    sums
}

/// The distinct forms born by day 0..=4 (sets of forms of the day before).
fn days(forms: &mut Forms) -> Vec<Vec<FormId>> {
    let mut by_day: Vec<Vec<FormId>> = vec![vec![0]];
    for _ in 1..=4 {
        let mut next: Vec<FormId> = subsets(by_day.last().unwrap()).into_iter().map(|s| forms.canonical(s)).collect();
        next.sort_unstable();
        next.dedup();
        by_day.push(next);
    }
    by_day
}

#[test]
fn games_born_by_day_four_are_conways_22() {
    let mut forms = Forms::new();
    let counts: Vec<usize> = days(&mut forms).iter().map(Vec::len).collect();
    assert_eq!(counts, vec![1, 2, 3, 5, 22]);
    // *n is {*0, ..., *(n-1)}, a nim heap; {*1} = 0; {*2} is not 0 (it is a P-position).
    let star: Vec<FormId> = (0..4).map(|n| forms.nim_heap(n)).collect();
    assert!(star.iter().all(|&s| forms.form(s).phylum == Phylum::NimHeap));
    assert_eq!(forms.canonical(vec![star[1]]), 0);
    assert_ne!(forms.canonical(vec![star[2]]), 0);
    assert_eq!(forms.canonical(vec![star[0], star[2]]), star[1]);
}

/// Every day-4 game (each set of day-3 forms, as a raw tree) has the outcomes of its
/// canonical form in every sum with up to two day-4 forms, and distinct day-4 forms are
/// told apart by one of those sums.
#[test]
fn canonical_forms_agree_with_brute_force_outcomes() {
    let mut forms = Forms::new();
    let by_day = days(&mut forms);
    let day4 = by_day[4].clone();
    let tests = sums_of_up_to_two(&day4);
    let mut trees = Trees::of(&forms);
    let profile = |trees: &mut Trees, g: usize| -> Vec<bool> {
        tests.iter().map(|t| trees.is_p([&t[..], &[g]].concat())).collect()
    };
    for raw in subsets(&by_day[3]) {
        let form = forms.canonical(raw.clone()) as usize;
        let node = trees.add(raw.iter().map(|&o| o as usize).collect());
        assert_eq!(profile(&mut trees, node), profile(&mut trees, form), "{raw:?} and its form {form}");
    }
    let profiles: Vec<Vec<bool>> = day4.iter().map(|&g| profile(&mut trees, g as usize)).collect();
    for i in 0..profiles.len() {
        for j in 0..i {
            assert_ne!(profiles[i], profiles[j], "forms {} and {} not told apart", day4[i], day4[j]);
        }
    }
}

/// The tree of a position (sorted heaps) of `game`, with its canonical form alongside.
fn heap_tree(
    game: &Game,
    pos: Vec<u64>,
    trees: &mut Trees,
    forms: &mut Forms,
    memo: &mut HashMap<Vec<u64>, (usize, FormId)>,
) -> (usize, FormId) {
    if let Some(&known) = memo.get(&pos) {
        return known;
    }
    let mut children = Vec::new();
    for i in 0..pos.len() {
        for m in game.heap_moves(pos[i]) {
            let mut next: Vec<u64> = pos.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            next.extend(m.left);
            next.sort_unstable();
            children.push(heap_tree(game, next, trees, forms, memo));
        }
    }
    let form = forms.canonical(children.iter().map(|c| c.1).collect());
    let node = trees.add(children.iter().map(|c| c.0).collect());
    memo.insert(pos, (node, form));
    (node, form)
}

/// Single heaps of Kayles and Dawson's Kayles up to 10: a heap whose form is the nim heap
/// *g has the outcomes of *g in every sum with a day-4 form and up to two of the game's
/// heaps up to 10; one whose form is not (Kayles' heap 7 is numerically *2) differs in
/// one of those sums. The forms are computed from the position trees, the check by brute
/// force on the trees.
#[test]
fn heaps_equal_to_nim_heaps_by_brute_force() {
    for name in ["kayles", ".07"] {
        let game = Game::parse(name).unwrap();
        let mut forms = Forms::new();
        let day4 = days(&mut forms)[4].clone();
        let star: Vec<FormId> = (0..8).map(|n| forms.nim_heap(n)).collect();
        let (mut trees, mut memo) = (Trees::of(&Forms::new()), HashMap::new());
        let heaps: Vec<(usize, FormId)> =
            (0..=10).map(|n| heap_tree(&game, vec![n], &mut trees, &mut forms, &mut memo)).collect();
        let mut all = Trees::of(&forms);
        let offset = all.nodes.len();
        all.nodes.extend(trees.nodes.iter().map(|c| c.iter().map(|&x| x + offset).collect::<Vec<_>>()));
        let mut tests: Vec<Vec<usize>> = vec![vec![]];
        for &a in &day4 {
            for (i, h) in heaps.iter().enumerate() {
                for k in &heaps[i..] {
                    tests.push(vec![a as usize, h.0 + offset, k.0 + offset]);
                }
            }
        }
        let mut distinct = 0;
        for (n, &(node, form)) in heaps.iter().enumerate() {
            let g = forms.form(form).g_plus as usize;
            let differs = tests.iter().any(|t| {
                all.is_p([&t[..], &[node + offset]].concat()) != all.is_p([&t[..], &[star[g] as usize]].concat())
            });
            assert_eq!(differs, form != star[g], "{name} heap {n}");
            distinct += differs as usize;
        }
        eprintln!("{name}: {distinct} heaps up to 10 are not nim heaps");
    }
}

/// Conway's linked criterion, which `Forms::equals` rests on: two canonical forms G, H are
/// linked (some T makes G + T and H + T both P-positions) exactly when neither is an
/// option of the other. Checked on every pair of day-4 forms: for a pair that is not
/// linked by the criterion, no sum T of up to two day-4 forms links them (none can); for
/// a pair that is, T is built as in the proof, with options X (G' + X a P-position,
/// H + X not) for each G' and Y (H' + Y a P-position, G + Y not) for each H', each a sum
/// of up to two day-4 forms, and G + T and H + T are checked to be P-positions.
#[test]
fn linked_criterion_by_brute_force() {
    let mut forms = Forms::new();
    let day4 = days(&mut forms)[4].clone();
    let sums = sums_of_up_to_two(&day4);
    let mut trees = Trees::of(&forms);
    let mut sum_nodes: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut linked_pairs = 0;
    for &g in &day4 {
        for &h in &day4 {
            let (gf, hf) = (forms.form(g).clone(), forms.form(h).clone());
            let (g, h) = (g as usize, h as usize);
            if gf.options.contains(&(h as FormId)) || hf.options.contains(&(g as FormId)) {
                let found =
                    sums.iter().any(|t| trees.is_p([&t[..], &[g]].concat()) && trees.is_p([&t[..], &[h]].concat()));
                assert!(!found, "forms {g} and {h}: linked, though one is an option of the other");
                continue;
            }
            let mut t_options = Vec::new();
            for (options, other) in [(&gf.options, h), (&hf.options, g)] {
                for &o in options.iter() {
                    let x = sums
                        .iter()
                        .find(|x| {
                            trees.is_p([&x[..], &[o as usize]].concat()) && !trees.is_p([&x[..], &[other]].concat())
                        })
                        .unwrap_or_else(|| panic!("forms {g} and {h}: no sum tells option {o} from {other}"))
                        .clone();
                    t_options.push(sum_node(&mut trees, &mut sum_nodes, x));
                }
            }
            let t = if t_options.is_empty() { 1 } else { trees.add(t_options) };
            assert!(trees.is_p(vec![g, t]) && trees.is_p(vec![h, t]), "forms {g} and {h}: the T of the proof fails");
            linked_pairs += 1;
        }
    }
    assert!(linked_pairs > 0);
}

/// A tree for a sum of trees (its options: one component moved).
fn sum_node(trees: &mut Trees, memo: &mut HashMap<Vec<usize>, usize>, mut sum: Vec<usize>) -> usize {
    sum.retain(|&t| !trees.nodes[t].is_empty());
    sum.sort_unstable();
    match sum.len() {
        0 => return 0,
        1 => return sum[0],
        _ => {}
    }
    if let Some(&n) = memo.get(&sum) {
        return n;
    }
    let mut children = Vec::new();
    for i in 0..sum.len() {
        for c in trees.nodes[sum[i]].clone() {
            let mut next = sum.clone();
            next[i] = c;
            children.push(sum_node(trees, memo, next));
        }
    }
    let n = trees.add(children);
    memo.insert(sum, n);
    n
}
