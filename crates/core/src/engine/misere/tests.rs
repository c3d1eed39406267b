//! Quotients against the exhaustive search and the known tame quotients.

use super::*;
use crate::position::exhaustive::{positions_up_to, Search};

fn q(game: &str, to: u64) -> MisereQuotient {
    MisereQuotient::compute(
        &Game::parse(game).unwrap(),
        to,
        false,
        QuotientBounds::default(),
        &mut |_| {},
        &crate::control::Cancel::never(),
    )
    .unwrap()
}

#[test]
fn nim_gives_the_tame_quotients() {
    assert_eq!((q("nim", 1).order(), q("nim", 1).p_portion()), (2, 1));
    let t2 = q("nim", 3);
    assert_eq!((t2.order(), t2.p_portion()), (6, 2));
    assert!(t2.is_tame());
}

#[test]
fn small_games_agree_with_the_search() {
    for name in ["kayles", ".07", ".137", "s2,3,7", "4!.0", ".31", ".75", "nim"] {
        let game = Game::parse(name).unwrap();
        let quot = q(name, 9);
        let mut search = Search::new(&game, true);
        for pos in positions_up_to(18) {
            if pos.iter().any(|&h| h > 9) {
                continue;
            }
            assert_eq!(quot.is_p_position(&pos), Some(!search.player_to_move_wins(&pos)), "{name} {pos:?}");
        }
        eprintln!("{name}: |Q| = {}, |P| = {}", quot.order(), quot.p_portion());
    }
}

/// The tables are commutative monoids with identity 0, every order is even (as every
/// misère quotient's is), heaps with no move pretend to be the identity, and the
/// presentation's least words name distinct elements.
#[test]
fn quotients_are_commutative_monoids_of_even_order() {
    for name in ["kayles", ".07", ".137", ".75", "4!.0", ".6", "s1,3,4"] {
        let quot = q(name, 14);
        let m = &quot.q;
        let n = m.order() as Element;
        assert_eq!(n % 2, 0, "{name}: order {n}");
        for a in 0..n {
            assert_eq!(m.mul(0, a), a);
            for b in 0..n {
                assert_eq!(m.mul(a, b), m.mul(b, a), "{name}");
                for c in (0..n).step_by(3) {
                    assert_eq!(m.mul(m.mul(a, b), c), m.mul(a, m.mul(b, c)), "{name}");
                }
            }
        }
        let game = Game::parse(name).unwrap();
        for h in 0..=14u64 {
            if crate::game::HeapGame::heap_moves(&game, h).is_empty() {
                assert_eq!(quot.heap_element(h), Some(0), "{name} heap {h}");
            }
        }
        let names: std::collections::HashSet<String> = (0..n).map(|x| quot.name(x)).collect();
        assert_eq!(names.len(), n as usize, "{name}");
    }
}
