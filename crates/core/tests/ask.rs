//! The request API, as front ends use it: every long job stops soon after its token is set
//! (and a table saves what it computed, which the same request then goes on from, to the
//! same values), answers name their method, and the words of explanations come from here.

use std::time::{Duration, Instant};

use grundy_core::ask::{
    AskError, Cancel, Control, Convention, ExplainRequest, Explained, GenusRequest, Limits, Method, PositionRequest,
    QuotientRequest, Rule, Session, SweepRequest, TableRequest, ValueRequest,
};
use grundy_core::engine::EngineChoice;
use grundy_core::game::Game;

fn game(name: &str) -> Game {
    Game::parse(name).unwrap()
}

fn table(name: &str, count: u64) -> TableRequest {
    TableRequest::new(game(name), count, EngineChoice::Auto)
}

/// A control that cancels itself once the job reports `at` heaps done, and the token.
fn cancelling_at<'a>(at: u64) -> (Control<'a>, Cancel) {
    let cancel = Cancel::new();
    let inside = cancel.clone();
    let ctl = Control::unlimited().with_cancel(cancel.clone()).with_progress(move |p| {
        if p.done >= at {
            inside.cancel();
        }
    });
    (ctl, cancel)
}

/// An octal table cancelled part-way saves a checkpoint; the same request with it goes on
/// to exactly the values of a run that never stopped. `.6` has no proved period, so the
/// whole table is computed.
#[test]
fn an_interrupted_table_resumes_to_the_same_values() {
    let session = Session::new();
    let n = 1 << 18;
    let (mut ctl, _) = cancelling_at(1 << 16);
    let saved = match session.table(&table(".6", n), &mut ctl) {
        Err(AskError::Interrupted(saved)) => saved,
        other => panic!("expected an interruption, got {:?}", other.map(|t| t.len())),
    };
    assert!(saved.heaps >= 1 << 16 && saved.heaps < n, "stopped at {}", saved.heaps);
    let mut again = table(".6", n);
    again.resume = Some(saved.checkpoint);
    let resumed = session.table(&again, &mut Control::unlimited()).unwrap();
    let straight = session.table(&table(".6", n), &mut Control::unlimited()).unwrap();
    assert!((0..n).all(|h| resumed.get(h) == straight.get(h)));
    // A damaged checkpoint is refused in words.
    let mut bad = table(".6", n);
    bad.resume = Some(vec![1, 2, 3]);
    let e = session.table(&bad, &mut Control::unlimited()).unwrap_err();
    assert!(e.to_string().contains("checkpoint"), "{e}");
}

/// Every kind of long job stops within a fraction of a second of its token being set from
/// another thread: Grundy's sweep, the octal sweep, the definition, the misère quotient.
#[test]
fn every_long_job_stops_soon_after_its_token_is_set() {
    let session = Session::new();
    let stops_soon = |what: &str, job: &mut dyn FnMut(&mut Control) -> Result<(), AskError>| {
        let cancel = Cancel::new();
        let setter = cancel.clone();
        let timer = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            setter.cancel();
            Instant::now()
        });
        let mut ctl = Control::unlimited().with_cancel(cancel);
        let result = job(&mut ctl);
        let stopped = Instant::now();
        let set = timer.join().unwrap();
        assert!(matches!(result, Err(AskError::Cancelled | AskError::Interrupted(_))), "{what}: {:?}", result.err());
        // Within a second on a quiet machine (the CLI's test holds it to that); here the
        // other tests of this file run beside it on two cores, so half a second more.
        let late = stopped.saturating_duration_since(set);
        assert!(late < Duration::from_millis(1500), "{what} stopped {late:?} after its token was set");
    };
    stops_soon("Grundy's sweep", &mut |ctl| {
        let mut sweep = session.sweep(&SweepRequest::new(game("grundy"), 1 << 30), ctl)?;
        sweep.run_to(1 << 30, ctl)
    });
    stops_soon("the octal sweep", &mut |ctl| session.table(&table(".6", 1 << 27), ctl).map(|_| ()));
    stops_soon("a dense octal code", &mut |ctl| session.table(&table(".06", 1 << 20), ctl).map(|_| ()));
    stops_soon("the definition", &mut |ctl| {
        let req = TableRequest::new(game(".fff"), 4000, EngineChoice::Definition);
        session.table(&req, ctl).map(|_| ())
    });
    stops_soon("the misère quotient", &mut |ctl| {
        session.quotient(&QuotientRequest { game: game(".07"), to: 40, full: true, bounds: None }, ctl).map(|_| ())
    });
}

/// A genus asked of a cancelled token stops at once.
#[test]
fn a_cancelled_genus_stops() {
    let cancel = Cancel::new();
    cancel.cancel();
    let mut ctl = Control::unlimited().with_cancel(cancel);
    let r = Session::new().genus(&GenusRequest { game: game("kayles"), to: 30 }, &mut ctl);
    assert!(matches!(r, Err(AskError::Cancelled)));
}

/// Answers name their method: a closed form, a proved period, a table.
#[test]
fn answers_name_their_method() {
    let session = Session::new();
    let mut ctl = Control::new(Limits { bytes: 1 << 30, seconds: 60.0 });
    let value = |name: &str, heap: u64, ctl: &mut Control| {
        session.value(&ValueRequest { game: game(name), heap, engine: EngineChoice::Auto }, ctl).unwrap()
    };
    assert_eq!(value("half", 1_000_000, &mut ctl).method, Method::ClosedForm);
    let kayles = value("kayles", 1_000_000_000_000_000_000, &mut ctl);
    assert!(matches!(kayles.method, Method::Period(ref p) if p.preperiod == 71 && p.period == 12 && p.proved));
    assert_eq!(kayles.value, 1);
    assert_eq!(
        value("grundy", 1222, &mut ctl),
        grundy_core::ask::Valued { value: 0, method: Method::Table { len: 1223 } }
    );
}

/// The worked solution finds the table and the proved period itself (Kayles: 12 from 71),
/// Grundy's game has none; misère play is explained by the quotient that answered it,
/// computed once.
#[test]
fn worked_solutions_normal_and_misere() {
    let session = Session::new();
    let explain = |name: &str, heaps: &[u64], rule: Rule| {
        let req = ExplainRequest { game: game(name), heaps: heaps.to_vec(), rule, convention: Convention::Heaps };
        session.explain(&req, &mut Control::unlimited()).unwrap()
    };
    let Explained::Normal { explanation, .. } = explain("kayles", &[3, 4], Rule::Normal) else { panic!() };
    assert_eq!(explanation.period.map(|p| (p.preperiod, p.period)), Some((71, 12)));
    assert_eq!(explanation.values, vec![3, 1]);
    let Explained::Normal { explanation, .. } = explain("grundy", &[5, 9, 12], Rule::Normal) else { panic!() };
    assert_eq!((explanation.values.clone(), explanation.period), (vec![2, 1, 1], None));
    let Explained::Misere(m) = explain(".07", &[7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1], Rule::Misere) else { panic!() };
    let q = m.quotient.as_ref().expect("the quotient answered");
    assert_eq!((q.order(), q.p_portion()), (6, 2));
    assert_eq!(m.winning_moves(), 10);
    let text = m.render();
    assert!(text.contains("3. Their product, reduced by the relations, is a b^2: not in the P-portion"), "{text}");
}

/// Why a position is won or lost, and why a game ended, in the core's words.
#[test]
fn reasons_are_the_cores() {
    let session = Session::new();
    let analyze = |name: &str, heaps: &[u64], rule: Rule| {
        let req = PositionRequest::new(game(name), heaps.to_vec(), rule, Convention::Heaps);
        session.analyze(&req, &mut Control::unlimited()).unwrap()
    };
    assert_eq!(
        analyze("nim", &[3, 5, 6], Rule::Normal).verdict(),
        "the player to move loses against perfect play (the nim-sum is 0)"
    );
    let over = analyze("grundy", &[1, 2, 2], Rule::Normal);
    assert_eq!(over.end_reason().as_deref(), Some("no move is left: heaps of 1 and 2 only"));
    assert_eq!(over.player_to_move_won(), Some(false));
    let misere = analyze("kayles", &[4, 4], Rule::Misere);
    assert!(misere.why().starts_with("by the misère quotient of order"), "{}", misere.why());
}
