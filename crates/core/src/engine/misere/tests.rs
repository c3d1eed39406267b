//! Quotients against the exhaustive search and the known tame quotients.

use super::*;
use crate::position::exhaustive::{positions_up_to, Search};

fn q(game: &str, to: u64) -> MisereQuotient {
    MisereQuotient::compute(&Game::parse(game).unwrap(), to, false, Limits::default(), &mut |_| {}).unwrap()
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
