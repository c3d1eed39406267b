//! Practice problems for the page's panel: `GET /api/practice?game=ID&seed=S` for a game
//! named, typed or in the catalog, and `POST /api/practice` for a game on a graph, whose
//! text a query cannot carry. Both ask the core's request API (`Session::practice`), as
//! `grundy practice` does.

use grundy_core::ask::{Control, Convention, Rule};
use serde_json::json;

use super::graph::{graph_game, parse_played};
use super::{entry_named, page_id, refused, session, Params, Reply};

/// `/api/practice?game=ID&seed=S`: the practice problem of that seed (the same heaps as
/// `grundy practice --seed S`), its answer (the number of winning moves, textbook count:
/// heaps are distinct objects) and the worked solution as text, from the core.
pub fn reply(query: &str) -> Reply {
    let params = match Params::parse(query, &["game", "seed"]) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let Some(name) = params.get("game") else { return Reply::error(400, "missing game=") };
    let Some(seed) = params.get("seed") else { return Reply::error(400, "missing seed= (a whole number)") };
    let Ok(seed) = seed.parse::<u64>() else {
        return Reply::error(400, format!("seed={seed:?} is not a whole number"));
    };
    let played = match parse_played(name) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let game = played.game.clone();
    let (id, entry) = (page_id(name, &game), entry_named(name, &game));
    let (name, rules) =
        entry.map_or_else(|| (game.name(), game.rules()), |e| (e.name.to_string(), e.rules.to_string()));
    if played.rule == Rule::Misere {
        return Reply::error(
            422,
            format!("practice problems count winning moves under normal play; {name} is played misère"),
        );
    }
    match session().practice(&game, Rule::Normal, seed, Convention::Heaps, &mut Control::unlimited()) {
        Ok(p) => Reply::json(
            200,
            json!({
                "game": id,
                "seed": seed,
                "heaps": p.heaps,
                "answer": p.answer,
                "solution": p.solution.render_titled(&name, &rules),
            }),
        ),
        Err(e) => refused(&e),
    }
}

/// `POST /api/practice` with `{"game": LABEL, "graph": TEXT, "seed": S}`: a practice
/// problem on a game on a graph, whose text a query cannot carry: tokens on vertices drawn
/// as `grundy practice --seed S` draws heaps, from the vertices numbered 1 to 12 (or to the
/// last, on a smaller graph), its answer and the worked solution naming the vertices.
pub fn graph_reply(body: &[u8]) -> Reply {
    let shape = "the body must be a JSON object with fields game (the graph's label), graph (its text) and seed (a whole number)";
    let Ok(serde_json::Value::Object(fields)) = serde_json::from_slice::<serde_json::Value>(body) else {
        return Reply::error(400, format!("the body is not a JSON object; {shape}"));
    };
    if let Some(key) = fields.keys().find(|k| !["game", "graph", "seed"].contains(&k.as_str())) {
        return Reply::error(400, format!("unknown field {key:?}; {shape}"));
    }
    let (Some(serde_json::Value::String(name)), Some(serde_json::Value::String(text)), Some(seed)) =
        (fields.get("game"), fields.get("graph"), fields.get("seed").and_then(serde_json::Value::as_u64))
    else {
        return Reply::error(400, format!("game, graph or seed is missing or of the wrong kind; {shape}"));
    };
    let game = match graph_game(name, text) {
        Ok(g) => g,
        Err(e) => return e,
    };
    match session().practice(&game, Rule::Normal, seed, Convention::Heaps, &mut Control::unlimited()) {
        Ok(p) => Reply::json(
            200,
            json!({
                "game": name,
                "seed": seed,
                "heaps": p.heaps,
                "answer": p.answer,
                "solution": p.solution.render(),
            }),
        ),
        Err(e) => refused(&e),
    }
}
