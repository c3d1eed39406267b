//! Practice problems for the page's panel: `GET /api/practice?game=ID&seed=S` for a game
//! named, typed or in the catalog, and `POST /api/practice` for a game on a graph, whose
//! text a query cannot carry. Both ask the core's request API (`Session::practice`), as
//! `grundy practice` does.

use grundy_core::ask::{Cancel, Control, Convention, EngineChoice, Rule, TableRequest, PRACTICE_MAX_HEAP};
use grundy_core::game::Game;
use serde_json::json;

use super::graph::{graph_game, parse_played};
use super::{entry_named, page_id, refused, session, Params, Prepared, Reply, Work};

/// The work of a practice problem on `game`, estimated as its values up to the largest
/// heap a problem draws; `answer` makes the reply of the problem.
fn practice_work(
    game: Game,
    seed: u64,
    answer: impl FnOnce(grundy_core::ask::Practice) -> Reply + Send + 'static,
) -> Prepared {
    let count = game.largest_heap().map_or(PRACTICE_MAX_HEAP, |l| l.min(PRACTICE_MAX_HEAP)) + 1;
    let table = TableRequest::new(game.clone(), count, EngineChoice::Auto);
    let cost = session().estimate_table(&table);
    Prepared::Work(Work::new(cost, move |cancel: &Cancel| {
        let mut ctl = Control::unlimited().with_cancel(cancel.clone());
        match session().practice(&game, Rule::Normal, seed, Convention::Heaps, &mut ctl) {
            Ok(p) => answer(p),
            Err(e) => refused(&e),
        }
    }))
}

/// `/api/practice?game=ID&seed=S`: the practice problem of that seed (the same heaps as
/// `grundy practice --seed S`), its answer (the number of winning moves, textbook count:
/// heaps are distinct objects) and the worked solution as text, from the core.
pub fn work(query: &str) -> Prepared {
    match read(query) {
        Ok(work) => work,
        Err(e) => Prepared::Ready(e),
    }
}

fn read(query: &str) -> Result<Prepared, Reply> {
    let params = Params::parse(query, &["game", "seed"])?;
    let Some(name) = params.get("game") else { return Err(Reply::error(400, "missing game=")) };
    let Some(seed) = params.get("seed") else { return Err(Reply::error(400, "missing seed= (a whole number)")) };
    let Ok(seed) = seed.parse::<u64>() else {
        return Err(Reply::error(400, format!("seed={seed:?} is not a whole number")));
    };
    let played = parse_played(name)?;
    let game = played.game.clone();
    let (id, entry) = (page_id(name, &game), entry_named(name, &game));
    let (name, rules) =
        entry.map_or_else(|| (game.name(), game.rules()), |e| (e.name.to_string(), e.rules.to_string()));
    if played.rule == Rule::Misere {
        return Err(Reply::error(
            422,
            format!("practice problems count winning moves under normal play; {name} is played misère"),
        ));
    }
    Ok(practice_work(game, seed, move |p| {
        Reply::json(
            200,
            json!({
                "game": id,
                "seed": seed,
                "heaps": p.heaps,
                "answer": p.answer,
                "solution": p.solution.render_titled(&name, &rules),
            }),
        )
    }))
}

/// `POST /api/practice` with `{"game": LABEL, "graph": TEXT, "seed": S}`: a practice
/// problem on a game on a graph, whose text a query cannot carry: tokens on vertices drawn
/// as `grundy practice --seed S` draws heaps, from the vertices numbered 1 to 12 (or to the
/// last, on a smaller graph), its answer and the worked solution naming the vertices.
pub fn graph_work(body: &[u8]) -> Prepared {
    match read_graph(body) {
        Ok(work) => work,
        Err(e) => Prepared::Ready(e),
    }
}

fn read_graph(body: &[u8]) -> Result<Prepared, Reply> {
    let shape = "the body must be a JSON object with fields game (the graph's label), graph (its text) and seed (a whole number)";
    let Ok(serde_json::Value::Object(fields)) = serde_json::from_slice::<serde_json::Value>(body) else {
        return Err(Reply::error(400, format!("the body is not a JSON object; {shape}")));
    };
    if let Some(key) = fields.keys().find(|k| !["game", "graph", "seed"].contains(&k.as_str())) {
        return Err(Reply::error(400, format!("unknown field {key:?}; {shape}")));
    }
    let (Some(serde_json::Value::String(name)), Some(serde_json::Value::String(text)), Some(seed)) =
        (fields.get("game"), fields.get("graph"), fields.get("seed").and_then(serde_json::Value::as_u64))
    else {
        return Err(Reply::error(400, format!("game, graph or seed is missing or of the wrong kind; {shape}")));
    };
    let game = graph_game(name, text)?;
    if game.loopy().is_some() {
        return Err(Reply::error(
            400,
            format!("{} has a cycle: practice problems count winning moves by Sprague-Grundy values, which a graph with cycles lacks", game.name()),
        ));
    }
    let name = name.clone();
    Ok(practice_work(game, seed, move |p| {
        Reply::json(
            200,
            json!({
                "game": name,
                "seed": seed,
                "heaps": p.heaps,
                "answer": p.answer,
                "solution": p.solution.render(),
            }),
        )
    }))
}
