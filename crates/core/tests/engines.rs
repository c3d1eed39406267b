//! Every engine that applies to a game gives the same values: the closed forms, the
//! sparse sweeps (Grundy's game, octal codes, with the mask chosen automatically) and the
//! definition, on a test set that covers every kind of game.

use grundy_core::engine::{Engine, EngineChoice, EngineError, EngineKind, Limits};

const DEFINITION: &str = "definition";
use grundy_core::game::Game;
use grundy_core::period::{heap_values, HeapValues};

const GAMES: &[&str] = &[
    "grundy",
    "kayles",
    ".07",
    ".137",
    ".6",
    ".14",
    ".4",
    "4.07",
    ".11377",
    ".356",
    ".56",
    ".16",
    "0.034",
    "0.4!7",
    "8.",
    ".f",
    "s1,2,3",
    "s2,5,7",
    "squares",
    "half",
    "nim",
    "misere-nim",
];

fn forced(game: &Game, kind: EngineKind) -> Engine {
    let e = Engine::choose(game, kind.choice()).unwrap();
    assert_eq!(e.kind(), kind);
    e
}

#[test]
fn every_engine_gives_the_same_values() {
    let end = 1200;
    for name in GAMES {
        let game = Game::parse(name).unwrap();
        let kinds = Engine::applicable(&game);
        assert_eq!(kinds.last().unwrap().name(), DEFINITION, "{name}: the definition always applies");
        let reference = forced(&game, *kinds.last().unwrap()).values(end, &mut |_| {}).unwrap();
        for &kind in &kinds {
            let engine = forced(&game, kind);
            let g = engine.values(end, &mut |_| {}).unwrap();
            assert_eq!(g, reference, "{name} by the {}", kind.name());
            // G(n) by the cheapest exact way (closed form, proved period or table) agrees too,
            // also past the heaps a period's proof rests on.
            let f = value_of(&engine, end as u64 - 1);
            assert!((0..end).all(|n| f.get(n as u64) == reference[n] as u64), "{name}: heap_values");
        }
        // Auto takes the engine whose model is cheapest.
        let auto = Engine::choose(&game, EngineChoice::Auto).unwrap();
        for &kind in &kinds {
            assert!(auto.cost(1 << 15).seconds <= forced(&game, kind).cost(1 << 15).seconds, "{name}: {}", kind.name());
        }
    }
}

/// The engine Auto picks for each kind of game, by the models: the formula where one is
/// proved, the sparse sweeps for Grundy's game and codes that split heaps, the definition
/// where no sweep applies and for an octal code that never splits (a subtraction game
/// written in digits: a handful of options a heap, where the sparse sweep's bookkeeping
/// costs more than the mex).
#[test]
fn auto_picks_by_cost() {
    for (name, engine) in [
        ("nim", "closed form"),
        ("half", "closed form"),
        ("grundy", "Grundy's-game sparse sweep"),
        ("kayles", "octal sparse sweep"),
        (".6", "octal sparse sweep"),
        ("0.4!7", DEFINITION),
        (".f", DEFINITION),
        ("squares", DEFINITION),
        (".33", DEFINITION),
        ("0.3333", DEFINITION),
    ] {
        let game = Game::parse(name).unwrap();
        assert_eq!(Engine::choose(&game, EngineChoice::Auto).unwrap().kind().name(), engine, "{name}");
    }
}

/// G(n) for n up to `max_heap` with no limit on the cost.
fn value_of(engine: &Engine, max_heap: u64) -> HeapValues {
    heap_values(engine, max_heap, Limits { bytes: u64::MAX, seconds: f64::INFINITY }, &mut |_, _| {}).unwrap()
}

/// The definition of take-at-most-half, written out here again (mex over heaps
/// ceil(n/2)..n), against the closed form G(2k) = k, G(2k+1) = G(k).
#[test]
fn half_closed_form_is_the_definition() {
    let n: usize = 3000;
    let mut g: Vec<u64> = Vec::new();
    for h in 0..n {
        let opts: std::collections::HashSet<u64> = (h.div_ceil(2)..h).map(|m| g[m]).collect();
        g.push((0..).find(|v| !opts.contains(v)).unwrap());
    }
    let engine = Engine::choose(&Game::parse("half").unwrap(), EngineChoice::Closed).unwrap();
    for (h, &v) in g.iter().enumerate() {
        assert_eq!(value_of(&engine, h as u64).get(h as u64), v, "heap {h}");
    }
}

#[test]
fn closed_forms_answer_huge_heaps_at_once() {
    let half = Engine::choose(&Game::parse("half").unwrap(), EngineChoice::Auto).unwrap();
    assert_eq!(value_of(&half, 1_000_000).get(1_000_000), 500_000);
    assert_eq!(value_of(&half, 2 * 12345 + 1).get(2 * 12345 + 1), value_of(&half, 12345).get(12345));
    assert_eq!(value_of(&half, u64::MAX - 1).get(u64::MAX - 1), u64::MAX / 2);
    let nim = Engine::choose(&Game::parse("nim").unwrap(), EngineChoice::Auto).unwrap();
    assert_eq!(value_of(&nim, 70_000).get(70_000), 70_000);
    assert_eq!(value_of(&nim, 1 << 63).get(1 << 63), 1 << 63);
}

/// Values beyond 16 bits, by the definition too.
#[test]
fn wide_values() {
    let nim = Engine::choose(&Game::parse("nim").unwrap(), EngineChoice::Definition).unwrap();
    let g = nim.values(70_001, &mut |_| {}).unwrap();
    assert_eq!(g[70_000], 70_000);
    let s = Engine::choose(&Game::parse("s1").unwrap(), EngineChoice::Auto).unwrap();
    assert_eq!(value_of(&s, 100_000).get(100_000), 0);
}

#[test]
fn forcing_an_engine_that_does_not_apply_is_an_error() {
    for (name, choice) in [
        ("kayles", EngineChoice::Closed),
        ("s1,2", EngineChoice::Sparse),
        ("0.4!7", EngineChoice::Sparse),
        ("8.", EngineChoice::Sparse),
        ("grundy", EngineChoice::Closed),
        ("half", EngineChoice::Sparse),
    ] {
        let game = Game::parse(name).unwrap();
        assert!(matches!(Engine::choose(&game, choice), Err(EngineError::NotApplicable { .. })), "{name}");
    }
    assert!(matches!(EngineChoice::parse("fast"), Err(EngineError::UnknownChoice { .. })));
    assert_eq!(EngineChoice::parse("Sparse").unwrap(), EngineChoice::Sparse);
}

/// The cost model grows with n and the memory check uses it.
#[test]
fn costs() {
    let def = Engine::choose(&Game::parse(".8").unwrap(), EngineChoice::Auto).unwrap();
    assert_eq!(def.kind().name(), DEFINITION);
    assert!(def.cost(1_000_000).seconds > 1e6, "three-heap splits are cubic");
    let fit = def.heaps_within(Limits { bytes: u64::MAX, seconds: 3600.0 });
    assert!(def.cost(fit).seconds <= 3600.0 && def.cost(fit + 1).seconds > 3600.0);
    let sweep = Engine::choose(&Game::parse("grundy").unwrap(), EngineChoice::Auto).unwrap();
    let per_heap = sweep.bytes_per_heap();
    assert_eq!(sweep.heaps_within(Limits { bytes: 1000 * per_heap, seconds: f64::INFINITY }), 1000);
    assert_eq!(sweep.cost(1 << 20).bytes, per_heap << 20);
}

/// Issue 35, item 15: the definition reported its progress every 4096 heaps, so a cubic code
/// (.f, three-heap splits) went quiet for a minute between reports. It reports by work too:
/// at least every 2^22 options, so G(0..1500) of .f (about 10^8 options) reports dozens of
/// times, more often as the heaps grow.
#[test]
fn the_definition_reports_progress_by_work() {
    let engine = Engine::choose(&Game::parse(".f").unwrap(), EngineChoice::Auto).unwrap();
    let mut reports = Vec::new();
    engine.values(1500, &mut |done| reports.push(done)).unwrap();
    assert!(reports.len() >= 20, "{reports:?}");
    assert_eq!(reports.last(), Some(&1500));
    let gaps: Vec<u64> = reports.windows(2).map(|w| w[1] - w[0]).collect();
    // Options grow as n^2: the last reports are closer together than the first.
    assert!(gaps[gaps.len() - 2] < gaps[1], "{gaps:?}");
}
