//! The misère quotient engine against the exhaustive search, which uses no quotient:
//!
//! - every position of at most 22 stones (4,508 positions with the empty one, heaps up to
//!   22), for ten games, the outcome and every move's outcome;
//! - positions of eight to fifteen heaps with 50 to 100 stones (heaps up to 6), searched
//!   exhaustively over multisets with a memo keyed by the count of each heap size;
//! - random positions (proptest) of up to six heaps of at most 20, up to 40 stones;
//! - the order of each test game's quotient is stable as the bound grows past the heap
//!   where it last changes, and Q_30(.07) has the order Siegel published (fixture);
//! - `analyze --misere` of the issue's position answers by the quotient and agrees.

use std::collections::HashMap;

use grundy_core::engine::misere::{MisereQuotient, QuotientBounds};
use grundy_core::game::{Game, HeapGame};
use grundy_core::position::after;
use grundy_core::position::answer::MisereMethod;
use grundy_core::position::exhaustive::{positions_up_to, Search};
use grundy_core::position::model::{analyze, Convention, Rule};
use proptest::prelude::*;

const GAMES: &[&str] = &["kayles", ".07", ".137", "s2,3,7", "s1,3,4", ".75", "4!.0", ".31", ".34", "nim"];

fn quotient(game: &Game, to: u64) -> MisereQuotient {
    MisereQuotient::compute(
        game,
        to,
        false,
        QuotientBounds::default(),
        &mut |_| {},
        &grundy_core::control::Cancel::never(),
    )
    .unwrap()
}

/// Every position of at most 22 stones: the outcome, and the outcome after every move.
#[test]
fn every_position_up_to_22_stones() {
    let positions = positions_up_to(22);
    assert_eq!(positions.len(), 4508);
    for name in GAMES {
        let game = Game::parse(name).unwrap();
        let q = quotient(&game, 22);
        let mut search = Search::new(&game, true);
        for heaps in &positions {
            let p = q.is_p_position(heaps).unwrap();
            assert_eq!(p, !search.player_to_move_wins(heaps), "{name} {heaps:?}");
            for (i, &h) in heaps.iter().enumerate() {
                for m in game.heap_moves(h) {
                    let next = after(heaps, i, &m.left);
                    assert_eq!(q.is_p_position(&next).unwrap(), !search.player_to_move_wins(&next), "{name} {next:?}");
                }
            }
        }
    }
}

/// An exhaustive misère solver over positions of heaps of at most `MAX` stones, keyed by
/// the count of each size: independent of the quotient and of `Search`.
struct CountSolver {
    moves: Vec<Vec<Vec<usize>>>,
    memo: HashMap<[u8; 7], bool>,
}

const MAX: usize = 6;

impl CountSolver {
    fn new(game: &Game) -> CountSolver {
        let moves = (0..=MAX as u64)
            .map(|n| game.heap_moves(n).into_iter().map(|m| m.left.iter().map(|&h| h as usize).collect()).collect())
            .collect();
        CountSolver { moves, memo: HashMap::new() }
    }

    fn wins(&mut self, counts: [u8; 7]) -> bool {
        if let Some(&w) = self.memo.get(&counts) {
            return w;
        }
        let mut any_move = false;
        let mut wins = false;
        'all: for h in 1..=MAX {
            if counts[h] == 0 {
                continue;
            }
            for k in 0..self.moves[h].len() {
                any_move = true;
                let mut next = counts;
                next[h] -= 1;
                for &g in &self.moves[h][k] {
                    next[g] += 1;
                }
                if !self.wins(next) {
                    wins = true;
                    break 'all;
                }
            }
        }
        let w = wins || !any_move;
        self.memo.insert(counts, w);
        w
    }
}

/// Positions of eight to fifteen heaps of at most 6 stones, with 50 to 100 stones.
fn many_heap_positions() -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    while out.len() < 24 {
        let k = 8 + (next() % 8) as usize;
        let heaps: Vec<u64> = (0..k).map(|_| 1 + next() % MAX as u64).collect();
        let total: u64 = heaps.iter().sum();
        if (50..=100).contains(&total) {
            out.push(heaps);
        }
    }
    out
}

#[test]
fn many_small_heaps() {
    let positions = many_heap_positions();
    for name in ["kayles", ".07", ".137", ".75", "s2,3,7", "4!.0"] {
        let game = Game::parse(name).unwrap();
        let q = quotient(&game, MAX as u64);
        let mut solver = CountSolver::new(&game);
        for heaps in &positions {
            let mut counts = [0u8; 7];
            heaps.iter().for_each(|&h| counts[h as usize] += 1);
            assert_eq!(q.is_p_position(heaps).unwrap(), !solver.wins(counts), "{name} {heaps:?}");
        }
        // Through the move model too: the outcome and every winning move, by the quotient.
        let a = analyze(&game, &positions[0], Rule::Misere, Convention::Heaps, |_| 0).unwrap();
        assert!(matches!(a.misere_method, Some(MisereMethod::Quotient { .. })), "{name}");
        for m in &a.moves {
            let mut counts = [0u8; 7];
            a.position_after(m).iter().for_each(|&h| counts[h as usize] += 1);
            assert_eq!(m.winning, !solver.wins(counts), "{name} {m:?}");
        }
    }
}

/// The quotients of the test games for heaps up to 20, computed once.
fn quotients_to_20() -> &'static [MisereQuotient] {
    static Q: std::sync::OnceLock<Vec<MisereQuotient>> = std::sync::OnceLock::new();
    Q.get_or_init(|| GAMES.iter().map(|g| quotient(&Game::parse(g).unwrap(), 20)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random positions of up to six heaps of at most 20 stones and 40 in all.
    #[test]
    fn random_positions(index in 0..GAMES.len(), heaps in proptest::collection::vec(1u64..=20, 1..=6)) {
        let total: u64 = heaps.iter().sum();
        prop_assume!(total <= 40);
        let game = Game::parse(GAMES[index]).unwrap();
        let q = &quotients_to_20()[index];
        let mut search = Search::new(&game, true);
        prop_assert_eq!(q.is_p_position(&heaps).unwrap(), !search.player_to_move_wins(&heaps));
    }
}

/// The order settles: (game, the bound from which it no longer changes, order, |P|),
/// checked at several bounds up to 60.
#[test]
fn orders_are_stable_as_the_bound_grows() {
    for (name, from, order, p) in
        [("kayles", 27, 40, 9), (".75", 5, 8, 2), ("s2,3,7", 4, 6, 2), (".31", 2, 6, 2), (".34", 10, 12, 3)]
    {
        let game = Game::parse(name).unwrap();
        for to in [from, from + 5, from + 17, 60] {
            let q = quotient(&game, to);
            assert_eq!((q.order(), q.p_portion()), (order, p), "{name} to {to}");
        }
        assert_ne!(quotient(&game, from - 1).order(), order, "{name}: the order last changes at {from}");
    }
    // Nim's quotients are the tame T_k: heaps below 2^k give 2 + 2^k elements, 2 in P
    // (k >= 2; T_1 has two elements, one in P).
    let t1 = quotient(&Game::parse("nim").unwrap(), 1);
    assert_eq!((t1.order(), t1.p_portion(), t1.is_tame()), (2, 1, true), "T_1");
    for k in 2..=5u32 {
        let q = quotient(&Game::parse("nim").unwrap(), (1 << k) - 1);
        assert_eq!((q.order(), q.p_portion(), q.is_tame()), (2 + (1 << k), 2, true), "T_{k}");
    }
}

/// Siegel's published Q_30(.07) (fixtures/cgsuite/genus.toml, with its source).
#[test]
fn dawsons_kayles_to_30_has_order_360() {
    let fixture = include_str!("../../../fixtures/cgsuite/genus.toml");
    assert!(fixture.contains("Q_30(0.07) has size 360"));
    let q = quotient(&Game::parse(".07").unwrap(), 30);
    assert_eq!(q.order(), 360);
    assert_eq!(q.changes(), &[2, 4, 10, 14, 25, 27, 30]);
}

/// The issue's position: 47 stones, beyond the exhaustive search's 40, answered by the
/// quotient; checked against the count solver (heaps up to 7 here, so a wider key).
#[test]
fn the_issue_position() {
    let game = Game::parse(".07").unwrap();
    let heaps = [7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1];
    let a = analyze(&game, &heaps, Rule::Misere, Convention::Heaps, |_| 0).unwrap();
    assert!(
        matches!(a.misere_method, Some(MisereMethod::Quotient { order: 6, bound: 7, .. })),
        "{:?}",
        a.misere_method
    );
    let mut search = Search::new(&game, true);
    assert_eq!(a.outcome == grundy_core::position::Outcome::PlayerToMoveWins, search.player_to_move_wins(&heaps));
    for m in &a.moves {
        assert_eq!(m.winning, !search.player_to_move_wins(&a.position_after(m)), "{m:?}");
    }
    assert_eq!(a.winning_moves, 10);
}

/// A quotient that grew past its limits is remembered with its heap: a larger position
/// gets the same answer at once, and one below that heap still gets its quotient.
#[test]
fn a_failed_quotient_is_remembered_from_its_heap_on() {
    use grundy_core::ask::{Control, PositionRequest, Session};
    let game = Game::parse("dawsons-kayles").unwrap();
    // The memory is the session's: a server or a notebook keeps one session.
    let session = Session::new();
    let method = |heaps: &[u64]| {
        let req = PositionRequest::new(game.clone(), heaps.to_vec(), Rule::Misere, Convention::Heaps);
        session.analyze(&req, &mut Control::unlimited()).map(|a| a.analysis.misere_method)
    };
    let first = method(&[36]).unwrap();
    let Some(MisereMethod::Exhaustive { reason, .. }) = &first else { panic!("{first:?}") };
    assert!(reason.contains("at heap 34"), "{reason}");
    let started = std::time::Instant::now();
    let refused = method(&[900, 3]).unwrap_err().to_string();
    assert!(started.elapsed().as_secs_f64() < 1.0, "remembered, not computed again");
    assert!(refused.contains(reason.as_str()), "{refused}");
    assert!(matches!(method(&[30, 3]).unwrap(), Some(MisereMethod::Quotient { bound: 30, .. })));
}

/// Issue 35, item 17: a misère position with a heap past 1,024 is answered where the
/// pretending function meets MisereSolver's stop rule, by its repetition, and says that
/// this is not proved; checked against the quotient computed exactly up to heap 2,048 (every
/// move's outcome too). A game whose φ shows no repetition gets the one refusal for large
/// heaps, and a limit hit is named.
#[test]
fn heaps_past_1024_by_the_repetition_of_phi_not_proved() {
    use grundy_core::position::answer::Repetition;
    for name in ["kayles", ".31", ".52", ".34"] {
        let game = Game::parse(name).unwrap();
        let exact = quotient(&game, 2048);
        for heaps in [vec![1500, 17], vec![2048], vec![1025, 1030, 9], vec![1999, 1999]] {
            let a = analyze(&game, &heaps, Rule::Misere, Convention::Heaps, |_| 0).unwrap();
            let Some(MisereMethod::Quotient { repetition: Some(Repetition { proved: false, .. }), .. }) =
                &a.misere_method
            else {
                panic!("{name} {heaps:?}: {:?}", a.misere_method)
            };
            assert!(a.misere_method.as_ref().unwrap().describe().contains("not proved"));
            let wins = !exact.is_p_position(&heaps).unwrap();
            assert_eq!(a.outcome == grundy_core::position::Outcome::PlayerToMoveWins, wins, "{name} {heaps:?}");
            for m in &a.moves {
                assert_eq!(m.winning, exact.is_p_position(&a.position_after(m)).unwrap(), "{name} {heaps:?} {m:?}");
            }
        }
    }
    // .6 grows past the order limit: the message names that limit alone.
    let six = Game::parse(".6").unwrap();
    let e = analyze(&six, &[5000, 17], Rule::Misere, Convention::Heaps, |_| 0).unwrap_err().to_string();
    assert!(e.contains("its order passed the limit of |Q| <= 4096") && !e.contains("trial elements"), "{e}");
    // Too many moves to list: the same refusal as heaps with no repetition, in one wording.
    let kayles = Game::parse("kayles").unwrap();
    let limits = grundy_core::ask::Limits { bytes: 1 << 30, seconds: 1.0 };
    let req = grundy_core::ask::PositionRequest::new(
        kayles,
        vec![1_000_000_000, 1_000_000_000],
        Rule::Misere,
        Convention::Heaps,
    );
    let e = grundy_core::ask::Session::new()
        .analyze(&req, &mut grundy_core::ask::Control::new(limits))
        .expect_err("refused")
        .to_string();
    let one = grundy_core::position::misere_play::beyond_the_quotient("");
    assert!(e.contains(one.trim_end_matches("here ")), "{e}");
}
