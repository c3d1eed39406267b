//! Issue 35, item 10: every heap the parser accepts, up to 2^64 - 1, gets an answer or a
//! typed refusal in every game, for the three ways a position is asked about (the analysis
//! `analyze` and `play` print, a typed move of `play`, the worked solution of `explain`),
//! quickly and in little memory. `n + 1` wrapped to 0 at 2^64 - 1 in the bound on a heap's
//! moves, and the analysis set out to list 2^63 moves of a Kayles heap.

use grundy_core::ask::{Control, Convention, ExplainRequest, Limits, Listed, PositionRequest, Rule, Session};
use grundy_core::game::{Game, Played};
use grundy_core::position::model::{check_move_count, MAX_LISTED_MOVES};
use proptest::prelude::*;

/// Games of every kind: closed forms, codes with a proved period (two-heap and three-heap
/// splits), codes without one within a short look, subtraction sets, Grundy's game.
const GAMES: [&str; 16] = [
    "nim",
    "misere-nim",
    "half",
    "kayles",
    ".07",
    ".137",
    "4.07",
    ".4",
    ".6",
    ".77",
    "s1,2,3",
    "squares",
    ".f",
    "4!.0",
    ".8",
    "grundy",
];

/// A second's look and a GiB: what a test can afford, far below what listing would take.
const LIMITS: Limits = Limits { bytes: 1 << 30, seconds: 1.0 };

fn heap() -> impl Strategy<Value = u64> {
    prop_oneof![3 => (0u64..4096).prop_map(|d| u64::MAX - d), 1 => 0u64..40, 1 => (1u64 << 63)..(1u64 << 63) + 64]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn heaps_at_the_top_of_the_range_are_answered_or_refused(
        game in 0..GAMES.len(),
        heaps in proptest::collection::vec(heap(), 1..4),
        misere in any::<bool>(),
        convention in prop_oneof![Just(Convention::Heaps), Just(Convention::Sizes), Just(Convention::Placements)],
    ) {
        let played = Played::parse(GAMES[game]).unwrap();
        let g = &played.game;
        let rule = if misere || played.rule == Rule::Misere { Rule::Misere } else { Rule::Normal };
        let session = Session::new();
        let started = std::time::Instant::now();
        let req = PositionRequest::new(g.clone(), heaps.clone(), rule, convention);
        match session.analyze(&req, &mut Control::new(LIMITS)) {
            Ok(answer) => {
                let a = &answer.analysis;
                prop_assert!(a.winning_moves <= a.legal_moves);
                prop_assert!(a.moves.len() as u64 <= a.legal_moves);
                // Beyond the bound on moves the analysis lists some moves, never all.
                if check_move_count(g, &heaps, MAX_LISTED_MOVES).is_err() {
                    prop_assert_eq!(a.listed, Listed::Some);
                }
                let nim_sum = heaps.iter().fold(0, |x, &h| x ^ answer.value(h));
                if rule == Rule::Normal {
                    prop_assert_eq!(a.nim_sum, nim_sum);
                }
                // A typed move on the largest heap: taking one, legal or refused in words.
                let i = (0..heaps.len()).max_by_key(|&i| heaps[i]).unwrap();
                if a.listed == Listed::Some {
                    let _ = answer.typed_move(i, 1, None);
                }
            }
            Err(e) => prop_assert_eq!(e.to_string().lines().count(), 1, "{}", e),
        }
        let explain = ExplainRequest { game: g.clone(), heaps: heaps.clone(), rule: Rule::Normal, convention };
        match session.explain(&explain, &mut Control::new(LIMITS)) {
            Ok(_) => {}
            Err(e) => prop_assert_eq!(e.to_string().lines().count(), 1, "{}", e),
        }
        prop_assert!(started.elapsed().as_secs() < 20, "{:?} took {:?}", heaps, started.elapsed());
    }
}

/// The case of the issue, answered: Kayles' period (12 from 71) gives G(2^64 - 1) and the
/// winning moves, counted by residue classes; checked against G of the heap of the same
/// residue in the period's table.
#[test]
fn kayles_at_two_to_the_64_minus_one() {
    let g = Game::parse("kayles").unwrap();
    let req = PositionRequest::new(g.clone(), vec![u64::MAX], Rule::Normal, Convention::Heaps);
    let answer = Session::new().analyze(&req, &mut Control::new(LIMITS)).unwrap();
    let a = &answer.analysis;
    let small = grundy_core::engine::definition::values(&g, 200).unwrap();
    let same = 72 + (u64::MAX - 72) % 12;
    assert_eq!(answer.value(u64::MAX), u64::from(small[same as usize]));
    assert_eq!(a.listed, Listed::Some);
    assert_eq!(a.outcome == grundy_core::position::Outcome::PlayerToMoveWins, a.winning_moves > 0);
}
