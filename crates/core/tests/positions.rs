//! The nim-sum rule against an exhaustive search that uses no Grundy values, over every
//! position of Grundy's game with at most 24 stones (7,338 positions, the empty one included).

use grundy_core::engine::grundy::naive;
use grundy_core::game::{Game, GrundysGame};
use grundy_core::position::exhaustive::{positions_up_to, Search};
use grundy_core::position::{after, canonical, Outcome};
use grundy_testkit::oracle::analyze;

#[test]
fn every_position_up_to_24_stones() {
    let g = naive::grundy_values(24);
    let value = |n: u64| g[n as usize];
    let mut solver = Search::new(&GrundysGame, false);
    let positions = positions_up_to(24);
    assert_eq!(positions.len(), 7338);
    let mut winning_moves = 0;
    for heaps in &positions {
        let a = analyze(&GrundysGame, heaps, value);
        let wins = solver.player_to_move_wins(heaps);
        assert_eq!(a.outcome == Outcome::PlayerToMoveWins, wins, "outcome of {heaps:?}");
        for m in &a.moves {
            let next = canonical(&after(&a.heaps, m.heap_index, &m.left));
            let xor = next.iter().fold(0, |x, &h| x ^ value(h));
            assert_eq!(m.nim_sum_after, xor, "nim-sum after a move from {heaps:?}");
            // A move is winning exactly when it leaves a position lost for the opponent.
            assert_eq!(m.is_winning(), !solver.player_to_move_wins(&next), "move {m:?} from {heaps:?}");
            if m.is_winning() {
                assert_eq!(xor, 0);
                winning_moves += 1;
            }
        }
        // A won position has a winning move, a lost one has none.
        assert_eq!(a.winning_moves().next().is_some(), wins, "{heaps:?}");
    }
    assert!(winning_moves > 1000);
    // The search keys positions by their heaps that still have a move (above 2), and
    // solves the empty key without storing it: every other such key is solved once.
    let keys: std::collections::BTreeSet<Vec<u64>> = positions
        .iter()
        .map(|p| p.iter().copied().filter(|&h| h > 2).collect::<Vec<u64>>())
        .filter(|k| !k.is_empty())
        .collect();
    assert_eq!(solver.solved(), keys.len());
}

mod model {
    //! The move model (`position::model`) against moves enumerated literally, from each
    //! game's rules in words (pins, dominoes, crosses, stones), and won positions found by a
    //! search of its own over those moves (no Grundy values, no memo shared with the engine).

    use std::collections::{BTreeSet, HashMap};

    use grundy_core::engine::definition::values;
    use grundy_core::game::Game;
    use grundy_core::position::exhaustive::positions_up_to;
    use grundy_core::position::input::{parse_input, Command};
    use grundy_core::position::misere_nim::analyze_misere_nim;
    use grundy_core::position::misere_play::losing_single_heaps;
    use grundy_core::position::model::{analyze, heap_label, Analysis, Convention, PositionError, Rule};
    use grundy_core::position::Outcome;
    use proptest::prelude::*;

    /// A physical move on a heap of `n`: (stones taken, for games on a row the first square
    /// the piece covers, pieces left in row order with empty pieces kept).
    type Literal = (u64, Option<u64>, Vec<u64>);

    /// Every physical move on one heap, straight from the rules.
    fn literal(name: &str, n: u64) -> Vec<Literal> {
        let mut out = Vec::new();
        match name {
            "grundy" => {
                for a in 1..n {
                    if a != n - a {
                        out.push((0, None, vec![a, n - a]));
                    }
                }
            }
            "kayles" => {
                for p in 1..=n {
                    out.push((1, Some(p), vec![p - 1, n - p]));
                }
                for p in 1..n {
                    out.push((2, Some(p), vec![p - 1, n - p - 1]));
                }
            }
            "dominoes" => {
                for p in 1..n {
                    out.push((2, Some(p), vec![p - 1, n - p - 1]));
                }
            }
            "crosses" => {
                // A cross on square s clears s and its neighbours on the strip; each square
                // is its own placement (on a strip of 2 both crosses clear both squares).
                for s in 1..=n {
                    let (lo, hi) = (s.max(2) - 1, (s + 1).min(n));
                    out.push((hi - lo + 1, Some(s), vec![lo - 1, n - hi]));
                }
            }
            "s1,2,3" => out.extend([1, 2, 3].into_iter().filter(|&s| s <= n).map(|s| (s, None, vec![n - s]))),
            "nim" => out.extend((1..=n).map(|s| (s, None, vec![n - s]))),
            "half" => out.extend((1..=n / 2).map(|s| (s, None, vec![n - s]))),
            _ => unreachable!("no literal rules for {name}"),
        }
        out
    }

    fn on_a_row(name: &str) -> bool {
        matches!(name, "kayles" | "dominoes" | "crosses")
    }

    fn sorted_parts(parts: &[u64]) -> Vec<u64> {
        let mut p: Vec<u64> = parts.iter().copied().filter(|&x| x > 0).collect();
        p.sort_unstable();
        p
    }

    /// The moves of a position in a convention, as comparable keys: placements are
    /// (heap index, take, first square of the piece), heaps (heap index, take, pieces), sizes
    /// (heap size, take, pieces).
    fn literal_keys(name: &str, heaps: &[u64], convention: Convention) -> BTreeSet<(u64, u64, Option<u64>, Vec<u64>)> {
        let mut keys = BTreeSet::new();
        for (i, &n) in heaps.iter().enumerate() {
            for (take, at, parts) in literal(name, n) {
                keys.insert(match convention {
                    Convention::Placements => (i as u64, take, at, sorted_parts(&parts)),
                    Convention::Heaps => (i as u64, take, None, sorted_parts(&parts)),
                    Convention::Sizes => (n, take, None, sorted_parts(&parts)),
                });
            }
        }
        keys
    }

    fn engine_keys(a: &Analysis, convention: Convention) -> Vec<(u64, u64, Option<u64>, Vec<u64>)> {
        a.moves
            .iter()
            .map(|m| match convention {
                Convention::Placements => {
                    (m.heap_index as u64, m.take, m.piece.map(|[first, _]| first), sorted_parts(&m.left))
                }
                Convention::Heaps => (m.heap_index as u64, m.take, None, sorted_parts(&m.left)),
                Convention::Sizes => (m.heap, m.take, None, sorted_parts(&m.left)),
            })
            .collect()
    }

    /// Win/loss by search over the literal moves, with its own memo.
    struct Brute<'a> {
        name: &'a str,
        misere: bool,
        memo: HashMap<Vec<u64>, bool>,
    }

    impl Brute<'_> {
        fn wins(&mut self, heaps: &[u64]) -> bool {
            let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
            key.sort_unstable();
            if let Some(&w) = self.memo.get(&key) {
                return w;
            }
            let mut any = false;
            let mut wins = false;
            for i in 0..key.len() {
                for (_, _, parts) in literal(self.name, key[i]) {
                    any = true;
                    let mut next = key.clone();
                    next.remove(i);
                    next.extend(parts);
                    if !self.wins(&next) {
                        wins = true;
                    }
                }
            }
            let wins = if any { wins } else { self.misere };
            self.memo.insert(key, wins);
            wins
        }
    }

    const GAMES: [&str; 7] = ["grundy", "kayles", "dominoes", "crosses", "s1,2,3", "nim", "half"];

    fn value_table(game: &Game) -> Vec<u32> {
        values(game, 41).unwrap()
    }

    /// Every convention and both rules, every position of at most 12 stones in two orders
    /// (largest first and smallest first, so equal heaps and order both occur).
    #[test]
    fn moves_counts_and_wins_against_literal_rules() {
        let mut checked = 0;
        for name in GAMES {
            let game = Game::parse(name).unwrap();
            let g = value_table(&game);
            for misere in [false, true] {
                let rule = if misere { Rule::Misere } else { Rule::Normal };
                let mut brute = Brute { name, misere, memo: HashMap::new() };
                let conventions: &[Convention] = if on_a_row(name) {
                    &[Convention::Heaps, Convention::Placements, Convention::Sizes]
                } else {
                    &[Convention::Heaps, Convention::Sizes]
                };
                for heaps in positions_up_to(12) {
                    let reversed: Vec<u64> = heaps.iter().rev().copied().collect();
                    for order in [heaps.clone(), reversed] {
                        for &convention in conventions {
                            let a = analyze(&game, &order, rule, convention, |n| g[n as usize] as u64).unwrap();
                            assert_eq!(a.heaps, order, "heaps stay in the order given");
                            let keys = engine_keys(&a, convention);
                            let unique: BTreeSet<_> = keys.iter().cloned().collect();
                            assert_eq!(
                                unique.len(),
                                keys.len(),
                                "{name} {order:?} {convention:?}: a move listed twice"
                            );
                            assert_eq!(
                                unique,
                                literal_keys(name, &order, convention),
                                "{name} {order:?} {convention:?}"
                            );
                            assert_eq!(a.legal_moves, keys.len() as u64);
                            let wins = brute.wins(&order);
                            assert_eq!(a.outcome == Outcome::PlayerToMoveWins, wins, "{name} {order:?} {rule:?}");
                            let mut most = 0;
                            for m in &a.moves {
                                let next = a.position_after(m);
                                assert_eq!(m.winning, !brute.wins(&next), "{name} {order:?} {rule:?} {m:?}");
                                let theirs = literal_keys(name, &next, convention).len();
                                most = most.max(theirs);
                            }
                            assert_eq!(a.winning_moves, a.moves.iter().filter(|m| m.winning).count() as u64);
                            // The policy: a winning move when there is one, else the most
                            // moves left to the opponent, the first such on a tie.
                            match a.computer() {
                                None => assert!(a.moves.is_empty()),
                                Some(c) if wins => {
                                    assert!(c.winning);
                                    assert_eq!(a.computer_move, a.moves.iter().position(|m| m.winning));
                                }
                                Some(c) => {
                                    let first = a.moves.iter().position(|m| {
                                        literal_keys(name, &a.position_after(m), convention).len() == most
                                    });
                                    assert_eq!(a.computer_move, first, "{name} {order:?}: {c:?}");
                                }
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        // 3 row games x 3 conventions + 4 games x 2, 2 rules, 272 positions in 2 orders.
        assert_eq!(checked, 17 * 2 * 272 * 2);
    }

    #[test]
    fn the_textbook_counts() {
        let s123 = Game::parse("s1,2,3").unwrap();
        let a = analyze(&s123, &[5, 5, 3], Rule::Normal, Convention::Heaps, |n| n % 4).unwrap();
        assert_eq!((a.legal_moves, a.winning_moves), (9, 3));
        let a = analyze(&s123, &[5, 5, 3], Rule::Normal, Convention::Sizes, |n| n % 4).unwrap();
        assert_eq!((a.legal_moves, a.winning_moves), (6, 2));
        // A domino on a strip of 7: 6 placements, 3 up to mirror image.
        let dominoes = Game::parse("dominoes").unwrap();
        let g = value_table(&dominoes);
        let v = |n: u64| g[n as usize] as u64;
        assert_eq!(analyze(&dominoes, &[7], Rule::Normal, Convention::Placements, v).unwrap().legal_moves, 6);
        assert_eq!(analyze(&dominoes, &[7], Rule::Normal, Convention::Heaps, v).unwrap().legal_moves, 3);
    }

    /// Kayles 4 under misère play, by hand: its options are 3, 2, 2+1 and 1+1; 1 is lost
    /// for the player to move (they must take the last pin), so 3 (leave 1), 2 (leave 1),
    /// 2+1 (take the 2, leave 1) and 1+1 (leave 1) are won, and 4 is lost.
    #[test]
    fn misere_kayles_4_is_lost() {
        let kayles = Game::parse("kayles").unwrap();
        let a = analyze(&kayles, &[4], Rule::Misere, Convention::Heaps, |n| n).unwrap();
        assert_eq!(a.outcome, Outcome::PlayerToMoveLoses);
        assert_eq!(a.winning_moves, 0);
        let lost = losing_single_heaps(&kayles, 12).unwrap();
        assert!(lost.contains(&1) && lost.contains(&4) && !lost.contains(&0) && !lost.contains(&2));
    }

    /// The single heaps that are misère P-positions, against the literal search, and the
    /// limit stated as an error.
    #[test]
    fn misere_single_heaps_and_the_limit() {
        for name in GAMES {
            let game = Game::parse(name).unwrap();
            let mut brute = Brute { name, misere: true, memo: HashMap::new() };
            let expected: Vec<u64> = (0..=20).filter(|&n| !brute.wins(&[n])).collect();
            assert_eq!(losing_single_heaps(&game, 20).unwrap(), expected, "{name}");
        }
        // Past 40 stones the quotient answers (Kayles' is small), and where it grows past its
        // limits (Grundy's game, at heap 29) the search's limit is the error.
        let kayles = Game::parse("kayles").unwrap();
        assert_eq!(losing_single_heaps(&kayles, 41).unwrap(), vec![1, 4, 9, 12, 20]);
        let grundy = Game::parse("grundy").unwrap();
        assert!(matches!(losing_single_heaps(&grundy, 41), Err(PositionError::MisereTooLarge { .. })));
        // Nim keeps its exact rule at any size.
        let nim = Game::parse("nim").unwrap();
        assert_eq!(losing_single_heaps(&nim, 1 << 40).unwrap(), vec![1]);
        let a = analyze(&nim, &[1000, 1000, 1], Rule::Misere, Convention::Heaps, |n| n).unwrap();
        assert_eq!(a.outcome, analyze_misere_nim(&[1000, 1000, 1]).outcome);
        // The largest misère search allowed: 40 stones of the game with the most positions.
        let half = Game::parse("half").unwrap();
        assert!(analyze(&half, &[10, 10, 10, 10], Rule::Misere, Convention::Heaps, |n| n).is_ok());
    }

    #[test]
    fn json_round_trips() {
        let kayles = Game::parse("kayles").unwrap();
        let a = analyze(&kayles, &[2, 5, 6], Rule::Normal, Convention::Placements, |n| n % 3).unwrap();
        let text = serde_json::to_string(&a).unwrap();
        let back: Analysis = serde_json::from_str(&text).unwrap();
        assert_eq!(back, a);
        assert!(
            text.contains("\"outcome\":\"player-to-move-wins\"")
                || text.contains("\"outcome\":\"player-to-move-loses\"")
        );
        assert!(text.contains("\"convention\":\"placements\"") && text.contains("\"rule\":\"normal\""));
    }

    /// Every move, typed as its heap's letter and the numbers that name it (Grundy's game:
    /// the new heaps; other games: stones taken and the heaps left), is read back as a move
    /// leaving the same position, in every convention.
    #[test]
    fn every_move_typed_is_read_back() {
        let mut read = 0;
        for name in GAMES {
            let game = Game::parse(name).unwrap();
            let conventions: &[Convention] = if on_a_row(name) {
                &[Convention::Heaps, Convention::Placements, Convention::Sizes]
            } else {
                &[Convention::Heaps, Convention::Sizes]
            };
            for heaps in positions_up_to(9) {
                for &convention in conventions {
                    let a = analyze(&game, &heaps, Rule::Normal, convention, |n| n).unwrap();
                    let splits = grundy_core::game::words::Words::of(&game) == grundy_core::game::words::Words::Split;
                    for m in &a.moves {
                        let mut words = vec![heap_label(m.heap_index)];
                        if !splits {
                            words.push(m.take.to_string());
                        }
                        words.extend(m.left.iter().map(u64::to_string));
                        let line = words.join(" ");
                        let sorted = |mut v: Vec<u64>| {
                            v.sort_unstable();
                            v
                        };
                        match parse_input(&line, &a, splits) {
                            Ok(Command::Play(j)) => {
                                assert_eq!(sorted(a.position_after(&a.moves[j])), sorted(a.position_after(m)), "{line}")
                            }
                            other => panic!("{name} {heaps:?} {convention:?}: {line:?} read as {other:?}"),
                        }
                        read += 1;
                    }
                }
            }
        }
        assert!(read > 7000, "{read}");
    }

    fn analyses() -> Vec<(Analysis, bool)> {
        let mut out = Vec::new();
        for (name, heaps) in [("grundy", &[7u64, 5, 12][..]), ("kayles", &[10, 4, 4]), ("nim", &[3, 1]), ("half", &[0])]
        {
            let game = Game::parse(name).unwrap();
            let a = analyze(&game, heaps, Rule::Normal, Convention::Heaps, |n| n).unwrap();
            out.push((a, grundy_core::game::words::Words::of(&game) == grundy_core::game::words::Words::Split));
        }
        out
    }

    proptest! {
        // 4,000 strings and 4,000 byte strings, each read in four positions.
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Any text: a typed answer, never a panic, and a move index inside the list.
        #[test]
        fn input_never_panics(line in ".{0,40}", tokens in proptest::collection::vec("[a-cA-C0-9]{1,3}|->|\\+|,|hint|q", 0..6)) {
            for (a, splits) in analyses() {
                for text in [line.clone(), tokens.join(" ")] {
                    match parse_input(&text, &a, splits) {
                        Ok(Command::Play(j)) => prop_assert!(j < a.moves.len()),
                        Ok(_) => {}
                        Err(e) => prop_assert!(!e.to_string().contains('\n')),
                    }
                }
            }
        }

        #[test]
        fn input_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
            let text = String::from_utf8_lossy(&bytes);
            for (a, splits) in analyses() {
                if let Ok(Command::Play(j)) = parse_input(&text, &a, splits) {
                    prop_assert!(j < a.moves.len());
                }
            }
        }
    }
}

/// The learner's helpers of an analysis: the reason for a mark, an easier computer, and
/// the words of a move on a board whose rows keep their letters and squares their numbers.
#[test]
fn reasons_levels_and_board_words() {
    use grundy_core::position::model::{analyze as model, Convention, Rule};
    let nim = Game::parse("nim").unwrap();
    let a = model(&nim, &[3, 1, 2, 5], Rule::Normal, Convention::Heaps, |n| n).unwrap();
    let win = a.moves.iter().find(|m| m.winning).unwrap();
    assert_eq!(win.description, "take all 5 of heap D");
    assert_eq!(a.reason(win, |n| n), "leaves values 3 ⊕ 1 ⊕ 2 = 0, so the opponent loses against perfect play");
    let lose = a.moves.iter().find(|m| !m.winning).unwrap();
    assert!(a.reason(lose, |n| n).ends_with("not 0, so the opponent can win"), "{}", a.reason(lose, |n| n));
    // Level 0 is the perfect player; level 1 draws every move sometimes.
    for seed in 0..50 {
        assert_eq!(a.computer_at_level(0.0, seed), a.computer());
    }
    let drawn: std::collections::BTreeSet<String> =
        (0..200).map(|s| a.computer_at_level(1.0, s).unwrap().description.clone()).collect();
    assert_eq!(drawn.len(), a.moves.len(), "every move is drawn at level 1");
    let kayles = Game::parse("kayles").unwrap();
    let mut k = model(&kayles, &[3], Rule::Normal, Convention::Placements, |_| 0).unwrap();
    k.describe_on_board(&kayles, &[(1, 4)]);
    assert_eq!(k.moves[0].description, "knock down pin 5 of row B (pins 5-7), leaving 2");
    let crosses = Game::parse("crosses").unwrap();
    let mut c = model(&crosses, &[1, 3], Rule::Normal, Convention::Placements, |_| 0).unwrap();
    c.describe_on_board(&crosses, &[(0, 2), (1, 0)]);
    let words: Vec<&str> = c.moves.iter().map(|m| m.description.as_str()).collect();
    assert_eq!(
        words,
        [
            "put a cross on square 3 of strip A (square 3), leaving nothing",
            "put a cross on square 1 of strip B (squares 1-3), leaving 1",
            "put a cross on square 2 of strip B (squares 1-3), leaving nothing",
            "put a cross on square 3 of strip B (squares 1-3), leaving 1",
        ]
    );
}

/// The request API's analysis, as every front end asks: a position too large to list is
/// read from a proved period (Kayles), refused after a short look when the game has none yet
/// (.6), and refused at once when no period can answer it (Grundy's game).
#[test]
fn positions_too_large_to_list_take_a_period_or_a_refusal() {
    use grundy_core::ask::{AskError, Control, Convention, Limits, PositionError, PositionRequest, Rule, Session};
    let session = Session::new();
    let answer = |game: &str, heaps: &[u64]| {
        let req = PositionRequest::new(Game::parse(game).unwrap(), heaps.to_vec(), Rule::Normal, Convention::Heaps);
        session.analyze(&req, &mut Control::new(Limits { seconds: 60.0, bytes: 1 << 30 }))
    };
    let a = answer("kayles", &[1_000_000_000_000, 5]).unwrap();
    assert_eq!(
        (a.analysis.values.clone(), a.analysis.legal_moves, a.analysis.winning_moves),
        (vec![1, 4], 1_000_000_000_005, 3)
    );
    assert_eq!(a.value(1_000_000_000_000), 1);
    for (game, heaps) in [(".6", [1u64 << 40]), ("grundy", [1 << 40])] {
        match answer(game, &heaps) {
            Err(AskError::Position(PositionError::TooManyMoves { .. })) => {}
            other => panic!("{game}: {:?}", other.map(|a| a.analysis.winning_moves)),
        }
    }
    // Small enough to list: the table is computed and every move listed.
    let a = answer("grundy", &[5, 9, 12]).unwrap();
    assert_eq!((a.analysis.nim_sum, a.analysis.winning_moves), (2, 1));
}

/// Issue 35, item 2: a misère move's reason names the method that answered the analysis
/// (the quotient, misère Nim's rule), not "a search of every position" whatever answered.
#[test]
fn misere_reasons_name_the_method_that_answered() {
    use grundy_core::position::model::{analyze as model, Convention, Rule};
    // Kayles 30 30: 60 stones, past the search's limit, answered by the quotient.
    let kayles = Game::parse("kayles").unwrap();
    let a = model(&kayles, &[30, 30], Rule::Misere, Convention::Heaps, |n| n).unwrap();
    let order = match a.misere_method {
        Some(grundy_core::position::answer::MisereMethod::Quotient { order, .. }) => order,
        ref other => panic!("answered by {other:?}"),
    };
    for m in &a.moves {
        let r = a.reason(m, |n| n);
        assert!(r.contains(&format!("by the misère quotient of order {order} (heaps up to 30)")), "{r}");
        assert!(!r.contains("search"), "{r}");
    }
    let nim = Game::parse("nim").unwrap();
    let a = model(&nim, &[3, 4, 5], Rule::Misere, Convention::Heaps, |n| n).unwrap();
    let r = a.reason(&a.moves[0], |n| n);
    assert!(r.contains("by misère Nim's rule") && !r.contains("search"), "{r}");
}
