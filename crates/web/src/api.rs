//! The JSON API and the static page, as a pure function of the request. Positions are
//! analyzed by the core's move model (`grundy_core::position::model`): the moves, their
//! words, the misère rule and the computer's choice are the ones the terminal shows.

use std::sync::OnceLock;

use grundy_core::engine::{Engine, EngineChoice};
use grundy_core::game::{catalog, Game};
use grundy_core::learn::explain::worked;
use grundy_core::learn::practice::{problem, PRACTICE_MAX_HEAP};
use grundy_core::position::model::{analyze, Analysis, Convention, Rule};
use grundy_core::{FastSweep, Value};
use serde::Deserialize;
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
const PANELS: &str = include_str!("../assets/panels.js");
const STYLE: &str = include_str!("../assets/style.css");
/// The report's findings, as `cargo xtask report` wrote them.
const FINDINGS: &str = include_str!("../../../runs/report/findings.json");

/// An answer: status, content type and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The body.
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

/// The games the page offers: those of the core's catalog marked for it.
fn page_games() -> impl Iterator<Item = &'static catalog::Entry> {
    catalog::CATALOG.iter().filter(|e| e.on_page)
}

/// How the page shows a move: Grundy's game by cutting a heap, the others by a list of moves.
fn move_ui(game: &Game) -> &'static str {
    if *game == Game::Grundy {
        "cut"
    } else {
        "moves"
    }
}

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

/// A position as the page sends it: `{"game": "kayles", "heaps": [4, 1]}`, and optionally
/// `"misere": true` and `"count": "heaps" | "placements" | "sizes"`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    game: String,
    heaps: Vec<u64>,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    count: Convention,
}

/// Parses the game and checks the heaps against the limits.
fn position(body: &[u8]) -> Result<(Game, PositionRequest), Reply> {
    if body.len() > MAX_BODY {
        return Err(Reply::error(413, format!("request body over {MAX_BODY} bytes")));
    }
    let req: PositionRequest = serde_json::from_slice(body).map_err(|e| {
        Reply::error(400, format!("malformed JSON: {e}; expected {{\"game\": \"grundy\", \"heaps\": [5, 9]}}"))
    })?;
    if !page_games().any(|g| g.id == req.game) {
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
    Ok((game, req))
}

/// G(0..=max) of a game (Grundy's game from the table computed once).
fn values_of(game: &Game, max: u64) -> Vec<u64> {
    match game {
        Game::Grundy => grundy_values()[..=max as usize].iter().map(|&v| u64::from(v)).collect(),
        _ => {
            // The engine the CLI uses; heaps here are at most MAX_HEAP, so this is quick.
            let engine = Engine::choose(game, EngineChoice::Auto).expect("the definition applies to every game");
            let mut value = engine.value_fn(max, &mut |_| {}).expect("values of heaps up to 1000 fit in memory");
            (0..=max).map(&mut value).collect()
        }
    }
}

/// The core's analysis of the position (heaps in the order given).
fn analysis(game: &Game, req: &PositionRequest) -> Result<Analysis, Reply> {
    let max = req.heaps.iter().copied().max().unwrap_or(0);
    let g = values_of(game, max);
    let rule = if req.misere { Rule::Misere } else { Rule::Normal };
    analyze(game, &req.heaps, rule, req.count, |n| g[n as usize]).map_err(|e| Reply::error(422, e.to_string()))
}

/// `/api/analyze`: the analysis document, plus `game_over` for the page and, when no move
/// is left, `end_reason`: why, in the words of the game's picture ("no move is left:
/// heaps of 1 and 2 only").
fn analysis_reply(a: &Analysis, id: &str) -> Reply {
    let mut doc = serde_json::to_value(a).expect("an analysis serializes");
    doc["game_over"] = json!(a.game_over());
    if a.game_over() {
        doc["end_reason"] = json!(end_reason(id, &a.heaps));
    }
    Reply::json(200, doc)
}

/// Why a position without moves has none, naming what is left by the catalog's picture of
/// the game (heaps, rows of pins, strips of squares).
fn end_reason(id: &str, heaps: &[u64]) -> String {
    let noun = catalog::find(id).map_or("heap", |e| e.play.word());
    let mut sizes: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let words: Vec<String> = sizes.iter().map(u64::to_string).collect();
    match words.as_slice() {
        [] => "nothing is left to move on".to_string(),
        [one] => format!("no move is left: {noun}s of {one} only"),
        [init @ .., last] => format!("no move is left: {noun}s of {} and {last} only", init.join(", ")),
    }
}

/// `/api/practice?game=ID&seed=S`: the practice problem of that seed (the same heaps as
/// `grundy practice --seed S`), its answer (the number of winning moves, textbook count:
/// heaps are distinct objects) and the worked solution as text, from the core.
fn practice_reply(query: &str) -> Reply {
    let mut id = None;
    let mut seed: Option<u64> = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("game", g)) => id = Some(g.replace("%2C", ",").replace("%2c", ",")),
            Some(("seed", t)) => match t.parse() {
                Ok(n) => seed = Some(n),
                Err(_) => return Reply::error(400, format!("seed={t:?} is not a whole number")),
            },
            _ => return Reply::error(400, format!("unknown parameter {pair:?}; use game= and seed=")),
        }
    }
    let Some(id) = id else { return Reply::error(400, "missing game=") };
    let Some(seed) = seed else { return Reply::error(400, "missing seed= (a whole number)") };
    let Some(entry) = page_games().find(|e| e.id == id) else {
        return Reply::error(400, format!("unknown game {id:?}"));
    };
    let game = entry.game();
    let p = problem(seed, PRACTICE_MAX_HEAP);
    match worked(&game, &p.heaps, Convention::Heaps) {
        Ok(e) => Reply::json(
            200,
            json!({
                "game": entry.id,
                "seed": seed,
                "heaps": p.heaps,
                "answer": e.winning_moves(),
                "solution": e.render(entry.name, entry.rules),
            }),
        ),
        Err(e) => Reply::error(422, e.to_string()),
    }
}

/// `/api/computer`: the core's choice and the heaps it leaves (`move` is null when no
/// move is left).
fn computer_reply(a: &Analysis) -> Reply {
    let heaps = a.computer().map(|m| a.position_after(m));
    Reply::json(200, json!({ "move": a.computer(), "heaps": heaps }))
}

/// Answers one request. Never panics on any input.
pub fn handle(method: &str, url: &str, body: &[u8]) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    match (method, path) {
        ("GET", "/") | ("GET", "/index.html") => Reply::text("text/html; charset=utf-8", INDEX),
        ("GET", "/app.js") => Reply::text("text/javascript; charset=utf-8", APP),
        ("GET", "/panels.js") => Reply::text("text/javascript; charset=utf-8", PANELS),
        ("GET", "/style.css") => Reply::text("text/css; charset=utf-8", STYLE),
        ("GET", "/api/findings") => Reply::text("application/json", FINDINGS),
        ("GET", "/api/games") => {
            let games: Vec<_> = page_games()
                .map(|e| {
                    let ui = move_ui(&e.game());
                    json!({ "id": e.id, "name": e.name, "rules": e.rules, "play": e.play.word(), "ui": ui })
                })
                .collect();
            Reply::json(200, json!({ "games": games, "max_heaps": MAX_HEAPS, "max_heap": MAX_HEAP }))
        }
        ("GET", "/api/values") => values_reply(query),
        ("POST", "/api/analyze") => match position(body).and_then(|(game, req)| Ok((analysis(&game, &req)?, req))) {
            Ok((a, req)) => analysis_reply(&a, &req.game),
            Err(e) => e,
        },
        ("GET", "/api/practice") => practice_reply(query),
        ("POST", "/api/computer") => match position(body).and_then(|(game, req)| analysis(&game, &req)) {
            Ok(a) => computer_reply(&a),
            Err(e) => e,
        },
        (
            _,
            "/" | "/index.html" | "/app.js" | "/panels.js" | "/style.css" | "/api/findings" | "/api/games"
            | "/api/values" | "/api/analyze" | "/api/computer" | "/api/practice",
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
    if !page_games().any(|g| g.id == game) {
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
        // G(7) = 0: no winning move; 6+1, 5+2 and 4+3 all leave the opponent two moves, and
        // the first of them is played.
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

    /// The page's game list is the catalog's, each with its rules, and every one of its ids
    /// is accepted by the analysis.
    #[test]
    fn games_come_from_the_catalog() {
        let g = json_of(&handle("GET", "/api/games", b""));
        let ids: Vec<&str> = g["games"].as_array().unwrap().iter().map(|x| x["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["grundy", "kayles", "dawsons-kayles", "dawsons-chess", "s1,2,3", "half", "nim", "misere-nim"]);
        assert_eq!(g["games"][0]["ui"], "cut");
        assert_eq!(g["games"][2]["play"], "strip");
        assert!(g["games"][1]["rules"].as_str().unwrap().contains("pins"));
        for id in ids {
            let body = format!(r#"{{"game":"{id}","heaps":[3]}}"#);
            assert_eq!(handle("POST", "/api/analyze", body.as_bytes()).status, 200, "{id}");
        }
        let r = handle("POST", "/api/analyze", br#"{"game":"squares","heaps":[3]}"#);
        assert_eq!(r.status, 400, "the catalog does not offer squares on the page");
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
    fn misere_and_counting_conventions() {
        // Kayles 4 under misère play is lost (options 3, 2, 2+1, 1+1 all leave a win).
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"kayles","heaps":[4],"misere":true}"#));
        assert_eq!((a["outcome"].as_str(), a["rule"].as_str()), (Some("player-to-move-loses"), Some("misere")));
        let a =
            json_of(&handle("POST", "/api/analyze", br#"{"game":"dawsons-kayles","heaps":[7],"count":"placements"}"#));
        assert_eq!(a["legal_moves"], 6);
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"s1,2,3","heaps":[5,5,3]}"#));
        assert_eq!((a["legal_moves"].as_u64(), a["winning_moves"].as_u64()), (Some(9), Some(3)));
        for body in [
            &br#"{"game":"kayles","heaps":[30,11],"misere":true}"#[..],
            br#"{"game":"nim","heaps":[3],"count":"placements"}"#,
        ] {
            assert_eq!(handle("POST", "/api/analyze", body).status, 422, "{}", String::from_utf8_lossy(body));
        }
        assert_eq!(handle("POST", "/api/analyze", br#"{"game":"nim","heaps":[3],"count":"pairs"}"#).status, 400);
    }

    #[test]
    fn practice_problems_and_end_reasons() {
        // The same heaps as the core's problem for the seed, the answer of the core's worked
        // solution, checked here by brute force over every move of the position.
        let r = json_of(&handle("GET", "/api/practice?game=s1%2C2%2C3&seed=7", b""));
        let heaps: Vec<u64> = serde_json::from_value(r["heaps"].clone()).unwrap();
        assert_eq!(heaps, problem(7, PRACTICE_MAX_HEAP).heaps);
        let g = |n: u64| n % 4;
        let total = heaps.iter().fold(0, |x, &h| x ^ g(h));
        let brute: usize =
            heaps.iter().map(|&h| (1..=3.min(h)).filter(|&t| total ^ g(h) ^ g(h - t) == 0).count()).sum();
        assert_eq!(r["answer"], brute);
        assert!(r["solution"].as_str().unwrap().contains("Step 5."));
        for (url, status) in [
            ("/api/practice?game=misere-nim&seed=1", 422),
            ("/api/practice?game=chess&seed=1", 400),
            ("/api/practice?game=nim&seed=x", 400),
            ("/api/practice?game=nim", 400),
        ] {
            assert_eq!(handle("GET", url, b"").status, status, "{url}");
        }
        // Crosses: the piece is the cross's square, which the words name too.
        let a =
            json_of(&handle("POST", "/api/analyze", br#"{"game":"dawsons-chess","heaps":[5],"count":"placements"}"#));
        for m in a["moves"].as_array().unwrap() {
            let square = m["piece"][0].as_u64().unwrap();
            assert_eq!(m["piece"][1], square);
            assert!(m["description"].as_str().unwrap().contains(&format!("cross on square {square} ")), "{m}");
        }
        let a =
            json_of(&handle("POST", "/api/analyze", br#"{"game":"dawsons-kayles","heaps":[4],"count":"placements"}"#));
        assert_eq!(a["moves"][1]["piece"], json!([2, 3]));
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"grundy","heaps":[2,1,2]}"#));
        assert_eq!(a["end_reason"], "no move is left: heaps of 1 and 2 only");
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"dawsons-kayles","heaps":[1,0]}"#));
        assert_eq!(a["end_reason"], "no move is left: strips of 1 only");
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"nim","heaps":[0]}"#));
        assert_eq!(a["end_reason"], "nothing is left to move on");
        assert!(json_of(&handle("POST", "/api/analyze", br#"{"game":"nim","heaps":[1]}"#)).get("end_reason").is_none());
    }

    #[test]
    fn page_values_and_findings() {
        assert!(String::from_utf8(handle("GET", "/", b"").body).unwrap().contains("<title>"));
        for script in ["/app.js", "/panels.js"] {
            assert_eq!(handle("GET", script, b"").content_type, "text/javascript; charset=utf-8");
        }
        let v = json_of(&handle("GET", "/api/values?game=grundy&to=30000", b""));
        assert_eq!(v["values"].as_array().unwrap().len(), 30_001);
        assert_eq!(v["values"][1222], 0);
        let f = json_of(&handle("GET", "/api/findings", b""));
        assert_eq!(f["sparse_count"], 1287);
    }
}
