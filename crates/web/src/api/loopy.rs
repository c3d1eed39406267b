//! `POST /api/loopy`: a position on a graph with cycles (the page's pasted graph): Smith's
//! values, P, N or D with the core's words, every move with the heaps it leaves, the
//! computer's move (the soonest win, else one that keeps the draw; at a level with
//! `random` and `seed`, a random move with that chance, as `/api/computer` draws), and
//! whether the game is drawn by repetition, given the positions so far (`history`). The
//! body is the one of `/api/analyze`, plus `history`.

use grundy_core::ask::{drawn_by_repetition, Level, Rule};
use serde_json::json;

use super::{control, position, refused, session, Prepared, Reply, Work};

/// Most earlier positions a request may carry (a game of the page is replayed in full).
pub const MAX_HISTORY: usize = 4096;

/// What `/api/loopy` must be sent, for error texts.
const SHAPE: &str = "the body is the one of /api/analyze (game, graph, heaps) plus, optionally, history: the positions so far, each a list of vertex numbers";

/// Reads the request and gives the work, or the refusal.
pub fn work(body: &[u8]) -> Prepared {
    let bad = |what: String| Prepared::Ready(Reply::error(400, format!("{what}; {SHAPE}")));
    let Ok(serde_json::Value::Object(mut fields)) = serde_json::from_slice::<serde_json::Value>(body) else {
        return bad("the body is not a JSON object".into());
    };
    let history: Vec<Vec<u64>> = match fields.remove("history") {
        None => Vec::new(),
        Some(serde_json::Value::Array(items)) if items.len() <= MAX_HISTORY => {
            let lists: Option<Vec<Vec<u64>>> = items
                .iter()
                .map(|p| p.as_array().and_then(|p| p.iter().map(serde_json::Value::as_u64).collect()))
                .collect();
            match lists {
                Some(h) => h,
                None => return bad("history must hold lists of vertex numbers".into()),
            }
        }
        Some(_) => return bad(format!("history must be a list of at most {MAX_HISTORY} positions")),
    };
    let rest = serde_json::Value::Object(fields).to_string();
    let req = match position(rest.as_bytes()) {
        Ok(req) => req,
        Err(e) => return Prepared::Ready(e),
    };
    if req.game.loopy().is_none() {
        return Prepared::Ready(Reply::error(
            400,
            format!("{} has no cycle: POST /api/analyze answers its positions", req.game.name()),
        ));
    }
    let rule = if req.misere { Rule::Misere } else { Rule::Normal };
    let cost = session().estimate_loopy(&req.game, &req.heaps);
    Prepared::Work(Work::new(cost, move |cancel| {
        match session().analyze_loopy(&req.game, &req.heaps, rule, &mut control(cancel)) {
            Ok(answer) => {
                let mut doc = serde_json::to_value(answer.view()).expect("a view serializes");
                let a = &answer.analysis;
                for (i, m) in a.moves.iter().enumerate() {
                    doc["moves"][i]["heaps"] = json!(a.after(m));
                    doc["moves"][i]["heap_index"] = json!(m.token);
                }
                let mut seen = history.clone();
                seen.push(a.tokens.clone());
                doc["heaps"] = json!(a.tokens);
                doc["game_over"] = json!(answer.game_over());
                doc["computer_move"] = json!(answer.computer_at(Level { random: req.random, seed: req.seed }));
                doc["drawn_by_repetition"] = json!(drawn_by_repetition(&seen, &answer));
                Reply::json(200, doc)
            }
            Err(e) => refused(&e),
        }
    }))
}
