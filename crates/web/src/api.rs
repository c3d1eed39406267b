//! The JSON API and the static page, as a pure function of the request.

use std::sync::OnceLock;

use grundy_core::games::Game;
use grundy_core::position::misere::analyze_misere_nim;
use grundy_core::position::{analyze, Outcome};
use grundy_core::{FastSweep, Value};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Most heaps in a position (play splits heaps, so a game of 4 heaps can reach hundreds).
pub const MAX_HEAPS: usize = 256;
/// Largest heap in a position.
pub const MAX_HEAP: u64 = 1000;
/// Most stones in a position.
pub const MAX_STONES: u64 = 4000;
/// Largest N for `/api/values` of Grundy's game (other games: MAX_HEAP).
pub const MAX_VALUES: u64 = 100_000;
/// Largest request body accepted.
pub const MAX_BODY: usize = 16 * 1024;

const INDEX: &str = include_str!("../assets/index.html");
const APP: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");
/// The report's findings, as `cargo xtask report` wrote them.
const FINDINGS: &str = include_str!("../../../runs/report/findings.json");

/// An answer: status, content type and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Reply {
    fn json(status: u16, value: serde_json::Value) -> Reply {
        Reply { status, content_type: "application/json", body: value.to_string().into_bytes() }
    }

    /// A 4xx with a one-line reason.
    pub fn error(status: u16, reason: impl Into<String>) -> Reply {
        let reason: String = reason.into().replace('\n', " ");
        Reply::json(status, json!({ "error": reason }))
    }

    fn text(content_type: &'static str, body: &str) -> Reply {
        Reply { status: 200, content_type, body: body.as_bytes().to_vec() }
    }
}

/// The games the page offers: (id, name, how a move is shown).
pub const GAMES: &[(&str, &str, &str)] = &[
    ("grundy", "Grundy's game", "cut"),
    ("kayles", "Kayles (.77)", "moves"),
    ("dawsons-kayles", "Dawson's Kayles: dominoes on strips (.07)", "moves"),
    ("s1,2,3", "Subtraction: take 1, 2 or 3", "moves"),
    ("half", "Take at most half", "moves"),
    ("nim", "Nim", "moves"),
    ("misere-nim", "Nim, misère (taking the last stone loses)", "moves"),
];

/// G(0..=MAX_VALUES) of Grundy's game, computed once.
fn grundy_values() -> &'static [Value] {
    static VALUES: OnceLock<Vec<Value>> = OnceLock::new();
    VALUES.get_or_init(|| {
        let mut s = FastSweep::new();
        s.run_to(MAX_VALUES + 1).expect("G(0..=100000) fits in memory");
        s.values().to_vec()
    })
}

/// Computes the value table of Grundy's game now rather than at the first request.
pub fn warm_up() {
    let _ = grundy_values();
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    game: String,
    heaps: Vec<u64>,
}

#[derive(Serialize)]
struct MoveOut {
    heap_index: usize,
    heap: u64,
    take: u64,
    left: Vec<u64>,
    winning: bool,
}

/// Parses the game and checks the heaps against the limits.
fn position(body: &[u8]) -> Result<(Game, Vec<u64>), Reply> {
    if body.len() > MAX_BODY {
        return Err(Reply::error(413, format!("request body over {MAX_BODY} bytes")));
    }
    let req: PositionRequest = serde_json::from_slice(body).map_err(|e| {
        Reply::error(400, format!("malformed JSON: {e}; expected {{\"game\": \"grundy\", \"heaps\": [5, 9]}}"))
    })?;
    if !GAMES.iter().any(|g| g.0 == req.game) {
        return Err(Reply::error(400, format!("unknown game {:?}", req.game)));
    }
    let game = Game::parse(&req.game).map_err(|e| Reply::error(400, e.to_string()))?;
    if req.heaps.is_empty() || req.heaps.len() > MAX_HEAPS {
        return Err(Reply::error(422, format!("a position has 1 to {MAX_HEAPS} heaps, got {}", req.heaps.len())));
    }
    if let Some(&h) = req.heaps.iter().find(|&&h| h > MAX_HEAP) {
        return Err(Reply::error(422, format!("heap {h} is larger than {MAX_HEAP}")));
    }
    if req.heaps.iter().sum::<u64>() > MAX_STONES {
        return Err(Reply::error(422, format!("a position has at most {MAX_STONES} stones")));
    }
    Ok((game, req.heaps))
}

/// G(0..=max) of a game (Grundy's game from the table computed once).
fn values_of(game: &Game, max: u64) -> Vec<Value> {
    match game {
        Game::Grundy => grundy_values()[..=max as usize].to_vec(),
        Game::Nim { .. } => (0..=max as Value).collect(),
        _ => grundy_core::games::sequence::values(game, max as usize + 1)
            .expect("values of heaps up to 1000 fit in 32 bits")
            .into_iter()
            .map(|v| v as Value)
            .collect(),
    }
}

/// Every move of the position (heaps in the order given), whether it wins, and the
/// position's nim-sum and outcome.
fn analysis(game: &Game, heaps: &[u64]) -> serde_json::Value {
    let max = heaps.iter().copied().max().unwrap_or(0);
    let g = values_of(game, max);
    let mut moves = Vec::new();
    let (nim_sum, wins, values): (u64, bool, Vec<Value>);
    if game.is_misere() {
        let a = analyze_misere_nim(heaps);
        nim_sum = a.nim_sum;
        wins = a.outcome == Outcome::PlayerToMoveWins;
        values = heaps.iter().map(|&h| h as Value).collect();
        for (i, &h) in heaps.iter().enumerate() {
            for take in 1..=h {
                let winning = a.winning_moves.iter().any(|w| w.heap == h && w.take == take);
                moves.push(MoveOut {
                    heap_index: i,
                    heap: h,
                    take,
                    left: if take == h { vec![] } else { vec![h - take] },
                    winning,
                });
            }
        }
    } else {
        values = heaps.iter().map(|&h| g[h as usize]).collect();
        nim_sum = values.iter().fold(0, |x, &v| x ^ v as u64);
        wins = nim_sum != 0;
        // One heap at a time, so that the indices follow the player's order of heaps.
        for (i, &h) in heaps.iter().enumerate() {
            let rest = (nim_sum as Value) ^ values[i];
            for m in analyze(game, &[h], |n| g[n as usize]).moves {
                let after = m.left.iter().fold(rest, |x, &l| x ^ g[l as usize]);
                moves.push(MoveOut { heap_index: i, heap: h, take: m.take, left: m.left, winning: after == 0 });
            }
        }
    }
    json!({
        "heaps": heaps,
        "values": values,
        "nim_sum": nim_sum,
        "outcome": if wins { "player-to-move-wins" } else { "player-to-move-loses" },
        "winning_moves": moves.iter().filter(|m| m.winning).count(),
        "game_over": moves.is_empty(),
        "moves": moves,
    })
}

/// The computer's move: a winning one if there is one; otherwise it drags the game out by
/// cutting one stone off the largest heap (or the smallest change to it in other games).
fn computer(game: &Game, heaps: &[u64]) -> serde_json::Value {
    let a = analysis(game, heaps);
    let moves = a["moves"].as_array().cloned().unwrap_or_default();
    let chosen = moves.iter().find(|m| m["winning"] == true).cloned().or_else(|| {
        let largest = moves.iter().filter_map(|m| m["heap"].as_u64()).max()?;
        moves
            .iter()
            .filter(|m| m["heap"].as_u64() == Some(largest))
            .min_by_key(|m| {
                let take = m["take"].as_u64().unwrap_or(0);
                let smaller = m["left"].as_array().and_then(|l| l.iter().filter_map(|x| x.as_u64()).min()).unwrap_or(0);
                (take, smaller)
            })
            .cloned()
    });
    let after = chosen.as_ref().map(|m| {
        let i = m["heap_index"].as_u64().unwrap_or(0) as usize;
        let left: Vec<u64> =
            m["left"].as_array().map(|l| l.iter().filter_map(|x| x.as_u64()).collect()).unwrap_or_default();
        let mut next: Vec<u64> = heaps[..i].to_vec();
        next.extend(&left);
        next.extend(&heaps[i + 1..]);
        next
    });
    json!({ "move": chosen, "heaps": after })
}

/// Answers one request. Never panics on any input.
pub fn handle(method: &str, url: &str, body: &[u8]) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    match (method, path) {
        ("GET", "/") | ("GET", "/index.html") => Reply::text("text/html; charset=utf-8", INDEX),
        ("GET", "/app.js") => Reply::text("text/javascript; charset=utf-8", APP),
        ("GET", "/style.css") => Reply::text("text/css; charset=utf-8", STYLE),
        ("GET", "/api/findings") => Reply::text("application/json", FINDINGS),
        ("GET", "/api/games") => {
            let games: Vec<_> =
                GAMES.iter().map(|(id, name, ui)| json!({ "id": id, "name": name, "ui": ui })).collect();
            Reply::json(200, json!({ "games": games, "max_heaps": MAX_HEAPS, "max_heap": MAX_HEAP }))
        }
        ("GET", "/api/values") => values_reply(query),
        ("POST", "/api/analyze") => match position(body) {
            Ok((game, heaps)) => Reply::json(200, analysis(&game, &heaps)),
            Err(e) => e,
        },
        ("POST", "/api/computer") => match position(body) {
            Ok((game, heaps)) => Reply::json(200, computer(&game, &heaps)),
            Err(e) => e,
        },
        (
            _,
            "/" | "/index.html" | "/app.js" | "/style.css" | "/api/findings" | "/api/games" | "/api/values"
            | "/api/analyze" | "/api/computer",
        ) => Reply::error(405, format!("{method} is not allowed on {path}")),
        _ => Reply::error(404, format!("no such page: {path}")),
    }
}

fn values_reply(query: &str) -> Reply {
    let mut game = "grundy".to_string();
    let mut to: Option<u64> = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("game", g)) => game = g.replace("%2C", ",").replace("%2c", ","),
            Some(("to", t)) => match t.parse() {
                Ok(n) => to = Some(n),
                Err(_) => return Reply::error(400, format!("to={t:?} is not a whole number")),
            },
            _ => return Reply::error(400, format!("unknown parameter {pair:?}; use game= and to=")),
        }
    }
    let Some(to) = to else { return Reply::error(400, "missing to= (the last heap)") };
    if !GAMES.iter().any(|g| g.0 == game) {
        return Reply::error(400, format!("unknown game {game:?}"));
    }
    let Ok(g) = Game::parse(&game) else { return Reply::error(400, format!("unknown game {game:?}")) };
    let limit = if g == Game::Grundy { MAX_VALUES } else { MAX_HEAP };
    if to > limit {
        return Reply::error(422, format!("to={to} is over the limit of {limit}"));
    }
    Reply::json(200, json!({ "game": game, "values": values_of(&g, to) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json_of(r: &Reply) -> serde_json::Value {
        serde_json::from_slice(&r.body).unwrap()
    }

    #[test]
    fn analysis_marks_every_cut() {
        let r = handle("POST", "/api/analyze", br#"{"game":"grundy","heaps":[5,9,12]}"#);
        assert_eq!(r.status, 200);
        let a = json_of(&r);
        assert_eq!(a["nim_sum"], 2);
        assert_eq!(a["values"], json!([2, 1, 1]));
        let winning: Vec<_> = a["moves"].as_array().unwrap().iter().filter(|m| m["winning"] == true).collect();
        assert_eq!(winning.len(), 1);
        assert_eq!(winning[0]["heap_index"], 0, "the heap of 5, first as the player gave it");
        assert_eq!(winning[0]["left"], json!([4, 1]));
    }

    #[test]
    fn computer_wins_when_it_can_and_drags_out_otherwise() {
        let r = json_of(&handle("POST", "/api/computer", br#"{"game":"grundy","heaps":[5,9,12]}"#));
        assert_eq!(r["move"]["winning"], true);
        assert_eq!(r["heaps"], json!([4, 1, 9, 12]));
        // G(7) = 0: no winning move; one stone is cut off the largest heap.
        let r = json_of(&handle("POST", "/api/computer", br#"{"game":"grundy","heaps":[7]}"#));
        assert_eq!(r["move"]["left"], json!([6, 1]));
        let r = json_of(&handle("POST", "/api/computer", br#"{"game":"grundy","heaps":[2,1]}"#));
        assert_eq!(r["move"], serde_json::Value::Null);
    }

    #[test]
    fn bad_requests_get_4xx_with_a_reason() {
        for (method, url, body, status) in [
            ("POST", "/api/analyze", &b"{"[..], 400),
            ("POST", "/api/analyze", br#"{"game":"chess","heaps":[3]}"#, 400),
            ("POST", "/api/analyze", br#"{"game":"grundy","heaps":[]}"#, 422),
            ("POST", "/api/analyze", br#"{"game":"grundy","heaps":[1000,1000,1000,1000,1000]}"#, 422),
            ("POST", "/api/analyze", br#"{"game":"grundy","heaps":[100000]}"#, 422),
            ("POST", "/api/analyze", br#"{"game":"grundy","heaps":[-3]}"#, 400),
            ("POST", "/api/analyze", br#"{"game":"grundy","heaps":[3],"extra":1}"#, 400),
            ("GET", "/api/analyze", &b""[..], 405),
            ("GET", "/nothing", &b""[..], 404),
            ("GET", "/api/values?to=abc", &b""[..], 400),
            ("GET", "/api/values?to=100001", &b""[..], 422),
            ("GET", "/api/values?game=kayles&to=5000", &b""[..], 422),
            ("GET", "/api/values", &b""[..], 400),
        ] {
            let r = handle(method, url, body);
            assert_eq!(r.status, status, "{method} {url} {}", String::from_utf8_lossy(body));
            let reason = json_of(&r)["error"].as_str().unwrap().to_string();
            assert!(!reason.is_empty() && !reason.contains('\n'));
        }
        let big = vec![b' '; MAX_BODY + 1];
        assert_eq!(handle("POST", "/api/analyze", &big).status, 413);
        let many = format!(r#"{{"game":"nim","heaps":[{}]}}"#, vec!["1"; MAX_HEAPS + 1].join(","));
        assert_eq!(handle("POST", "/api/analyze", many.as_bytes()).status, 422);
    }

    #[test]
    fn other_games_and_misere_nim() {
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"s1,2,3","heaps":[2,5,6]}"#));
        let wins: Vec<(u64, u64)> = a["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["winning"] == true)
            .map(|m| (m["heap"].as_u64().unwrap(), m["take"].as_u64().unwrap()))
            .collect();
        assert_eq!(wins, vec![(5, 1), (6, 3)]);
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"misere-nim","heaps":[1,1]}"#));
        assert_eq!(a["outcome"], "player-to-move-wins");
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"nim","heaps":[1,1]}"#));
        assert_eq!(a["outcome"], "player-to-move-loses");
    }

    #[test]
    fn page_values_and_findings() {
        assert!(String::from_utf8(handle("GET", "/", b"").body).unwrap().contains("<title>"));
        let v = json_of(&handle("GET", "/api/values?game=grundy&to=30000", b""));
        assert_eq!(v["values"].as_array().unwrap().len(), 30_001);
        assert_eq!(v["values"][1222], 0);
        let f = json_of(&handle("GET", "/api/findings", b""));
        assert_eq!(f["sparse_count"], 1287);
    }
}
