//! The genus of single heaps against CGSuite's reference data and Plambeck's 0.312 page
//! (fixtures/cgsuite/genus.toml, with their sources). CGSuite's symbols are compared as
//! text, byte for byte (a bare g for a nim heap, one digit for a tame or restive game, the
//! trimmed digits otherwise); they are also expanded by CGSuite's rules and compared by
//! meaning with the numbers computed straight from the recursion. Plambeck's page writes
//! the untrimmed numbers in its own notation (`1^{03131}`), so it is compared by meaning
//! only. Also the misère Grundy values (γ0) listed there.

use grundy_core::engine::Engine;
use grundy_core::game::Game;

/// One `[[genus]]` table of the fixture: its code, first heap and printed genus.
struct Table {
    code: String,
    first: u64,
    values: Vec<String>,
    misere: Vec<u64>,
}

fn tables() -> Vec<Table> {
    let text = include_str!("../../../fixtures/cgsuite/genus.toml");
    let mut out: Vec<Table> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        let value = |l: &str| l.split_once('=').map(|(_, v)| v.trim().to_string()).unwrap_or_default();
        let list = |v: &str| -> Vec<String> {
            v.trim_matches(['[', ']']).split(',').map(|s| s.trim().trim_matches('"').to_string()).collect()
        };
        if line == "[[genus]]" {
            out.push(Table { code: String::new(), first: 0, values: Vec::new(), misere: Vec::new() });
        } else if let Some(t) = out.last_mut() {
            if line.starts_with("code =") {
                t.code = value(line).trim_matches('"').to_string();
            } else if line.starts_with("first_heap =") {
                t.first = value(line).parse().unwrap();
            } else if line.starts_with("values =") {
                // Quoted strings, which may hold commas: every other piece between quotes.
                t.values = value(line).split('"').skip(1).step_by(2).map(str::to_string).collect();
            } else if line.starts_with("misere_nim_values =") {
                t.misere = list(&value(line)).iter().map(|v| v.parse().unwrap()).collect();
            }
        }
        if line.starts_with("[[quotient]]") {
            break;
        }
    }
    out
}

/// CGSuite's code in grundy's terms: `[d]` (repeat forever) written out past heap 20.
fn game_of(code: &str) -> Game {
    match code.split_once('[') {
        Some((head, tail)) => {
            let digit = tail.trim_end_matches(']');
            if head == "0." && digit == "3" {
                return Game::parse("nim").unwrap();
            }
            let digits = head.len() - 2;
            Game::parse(&format!("{head}{}", digit.repeat(22 - digits))).unwrap()
        }
        None => Game::parse(code).unwrap(),
    }
}

#[test]
fn genus_matches_cgsuite_and_plambeck() {
    let tables = tables();
    assert_eq!(tables.len(), 8, "seven CGSuite rulesets and Plambeck's 0.312");
    let (mut checked, mut exact) = (0, 0);
    for t in &tables {
        let game = game_of(&t.code);
        let last = t.first + t.values.len() as u64 - 1;
        let genus = Engine::genus(&game, last, &grundy_core::control::Cancel::never()).unwrap();
        for (i, text) in t.values.iter().enumerate() {
            let n = t.first as usize + i;
            assert!(genus[n].cgsuite_matches(text), "{} heap {n}: CGSuite {text}, grundy {}", t.code, genus[n]);
            checked += 1;
            if !text.contains('{') {
                assert_eq!(genus[n].to_string(), *text, "{} heap {n}: CGSuite's text", t.code);
                exact += 1;
            }
        }
        for (n, &m) in t.misere.iter().enumerate() {
            assert_eq!(genus[n].gamma(0), m, "{} heap {n}: misère Grundy value", t.code);
        }
    }
    assert_eq!(checked, 7 * 21 + 6);
    assert_eq!(exact, 7 * 21, "every CGSuite symbol compared as text");
}

/// Kayles' heap 7 is numerically a nim heap *2 (2^20) but not equal to *2 in misère play:
/// CGSuite and grundy print `2^2`; heap 6 is *3 and prints `3`; heap 5 (4^146) is wild.
#[test]
fn kayles_printing() {
    let g = Engine::genus(&Game::parse("kayles").unwrap(), 20, &grundy_core::control::Cancel::never()).unwrap();
    assert_eq!((g[7].to_string(), g[7].superscript.clone()), ("2^2".to_string(), vec![2, 0]));
    assert!(g[7].is_tame() && !g[7].is_nim_heap && g[7].phylum.is_tame());
    assert_eq!(g[6].to_string(), "3");
    assert!(g[6].is_nim_heap);
    assert_eq!(g[5].to_string(), "4^146");
    assert!(!g[5].is_tame() && !g[5].phylum.is_tame());
    let f = Engine::genus(&Game::parse(".3f").unwrap(), 20, &grundy_core::control::Cancel::never()).unwrap();
    assert_eq!(f[12].to_string(), "6^(1,9,10,8)");
    assert!(Engine::genus(&Game::parse("kayles").unwrap(), 41, &grundy_core::control::Cancel::never()).is_err());
}

/// The printed form (chosen by the heap's misère canonical form and phylum) stands for the
/// same numbers as the recursion on positions, for every heap to 40 of six games.
#[test]
fn printed_forms_mean_the_numbers_of_the_recursion() {
    for name in ["kayles", ".07", "4!.0", ".3f", ".137", "s2,3,7"] {
        let list = Engine::genus(&Game::parse(name).unwrap(), 40, &grundy_core::control::Cancel::never()).unwrap();
        for (n, g) in list.iter().enumerate() {
            assert!(g.cgsuite_matches(&g.to_string()), "{name} heap {n}: {g} against {:?}", g.superscript);
            assert_eq!(g.is_nim_heap, g.to_string() == g.value.to_string(), "{name} heap {n}");
        }
    }
}
