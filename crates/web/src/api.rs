//! The JSON API and the static page, as a pure function of the request. Positions are
//! analyzed by the core's move model (`grundy_core::position::model`): the moves, their
//! words, the misère rule and the computer's choice are the ones the terminal shows.
//!
//! One convention with the command line:
//!
//! - `to=N` means the N heaps 0, ..., N-1, as `grundy values --to N` does:
//!   `GET /api/values?game=kayles&to=20` answers G(0), ..., G(19), 20 values. N is read by
//!   the CLI's count parser (`20`, `2^10`, `1e3`).
//! - Every endpoint takes every game the CLI takes, through the same parser
//!   ([`Game::parse`]): catalog names and their aliases (`dominoes`, `crosses`, `squares`),
//!   take-and-break codes (`.6`, `4!.0`) and subtraction sets (`s1,2,3`). Only the page's
//!   menu (`/api/games`) is limited to the games the catalog marks for the page.
//! - Query values are percent-decoded (`%2C` is `,`, `+` a space, and the game parser trims
//!   spaces); a malformed escape, an unknown key or a key given twice is refused with 400
//!   naming it.
//! - A request is refused with 422 when its values would cost more than [`MAX_SECONDS`] by
//!   the core's estimate, or its position may have more than [`MAX_MOVES`] moves.
//! - Every error is `{"error": "..."}`, one line in words.

use std::sync::OnceLock;

use grundy_core::count::parse_count;
use grundy_core::engine::{Engine, EngineChoice, Wide};
use grundy_core::game::{catalog, Game};
use grundy_core::learn::explain::worked;
use grundy_core::learn::practice::{problem, PRACTICE_MAX_HEAP};
use grundy_core::position::model::{analyze, Analysis, Convention, Rule};

use serde_json::json;

/// Most heaps in a position (play splits heaps, so a game of 4 heaps can reach hundreds).
pub const MAX_HEAPS: usize = 256;
/// Largest heap in a position.
pub const MAX_HEAP: u64 = 1000;
/// Most stones in a position.
pub const MAX_STONES: u64 = 4000;
/// Largest `to` for `/api/values` of Grundy's game (other games: [`MAX_HEAP`]).
pub const MAX_VALUES: u64 = 100_000;
/// Longest computation of values a request may start, by the core's estimate
/// ([`Engine::cost`]): take-and-break codes that split heaps in three cost n³.
pub const MAX_SECONDS: f64 = 0.5;
/// Most moves a position may have by the core's bound ([`Game::heap_move_bound`]), so that
/// a reply stays under about 3 MB (some 200 bytes a move). Every position of the page's
/// games within [`MAX_HEAPS`] and [`MAX_STONES`] is under it (the most, Kayles rows of
/// 4,000 pins in 256 rows, have a bound of 14,304); four Kayles rows of 1,000 have 12,036
/// and their reply is 0.8 MB.
pub const MAX_MOVES: u64 = 15_000;
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

/// G(0..=MAX_VALUES) of Grundy's game, computed once by the engine the core chooses.
fn grundy_values() -> &'static [Wide] {
    static VALUES: OnceLock<Vec<Wide>> = OnceLock::new();
    VALUES.get_or_init(|| {
        let engine = Engine::choose(&Game::Grundy, EngineChoice::Auto).expect("Auto applies to every game");
        engine.values(MAX_VALUES as usize + 1, &mut |_| {}).expect("G(0..=100000) fits in memory")
    })
}

/// Computes the value table of Grundy's game now rather than at the first request.
pub fn warm_up() {
    let _ = grundy_values();
}

/// A position as the page sends it: `{"game": "kayles", "heaps": [4, 1]}`, and optionally
/// `"misere": true` and `"count": "heaps" | "placements" | "sizes"`.
struct PositionRequest {
    game: Game,
    heaps: Vec<u64>,
    misere: bool,
    count: Convention,
}

/// What a position request must look like, for error texts.
const POSITION_SHAPE: &str = "the body must be a JSON object with fields game (a game name, like \"grundy\") and heaps (a list of heap sizes, like [5, 9]), and optionally misere (true or false) and count (\"heaps\", \"placements\" or \"sizes\")";

/// Reads a position request, in words when it is wrong (serde's own messages name Rust
/// types), and checks the heaps against the limits.
fn position(body: &[u8]) -> Result<PositionRequest, Reply> {
    if body.len() > MAX_BODY {
        return Err(Reply::error(413, format!("request body over {MAX_BODY} bytes")));
    }
    let doc: serde_json::Value = serde_json::from_slice(body)
        .map_err(|e| Reply::error(400, format!("the body is not valid JSON ({e}); {POSITION_SHAPE}")))?;
    let bad = |what: String| Reply::error(400, format!("{what}; {POSITION_SHAPE}"));
    let serde_json::Value::Object(fields) = doc else {
        return Err(bad(format!("the body is {}", json_kind(&doc))));
    };
    if let Some(key) = fields.keys().find(|k| !["game", "heaps", "misere", "count"].contains(&k.as_str())) {
        return Err(bad(format!("unknown field {key:?}")));
    }
    let game = match fields.get("game") {
        Some(serde_json::Value::String(name)) => Game::parse(name).map_err(|e| Reply::error(400, e.to_string()))?,
        Some(other) => return Err(bad(format!("game is {}, not a name", json_kind(other)))),
        None => return Err(bad("game is missing".into())),
    };
    let heaps = match fields.get("heaps") {
        Some(serde_json::Value::Array(items)) => {
            let sizes: Option<Vec<u64>> = items.iter().map(serde_json::Value::as_u64).collect();
            sizes.ok_or_else(|| bad("heaps must hold whole numbers of 0 or more".into()))?
        }
        Some(other) => return Err(bad(format!("heaps is {}, not a list", json_kind(other)))),
        None => return Err(bad("heaps is missing".into())),
    };
    let misere = match fields.get("misere") {
        None => false,
        Some(serde_json::Value::Bool(b)) => *b,
        Some(other) => return Err(bad(format!("misere is {}, not true or false", json_kind(other)))),
    };
    let count = match fields.get("count").map(|c| (c, c.as_str())) {
        None => Convention::default(),
        Some((_, Some("heaps"))) => Convention::Heaps,
        Some((_, Some("placements"))) => Convention::Placements,
        Some((_, Some("sizes"))) => Convention::Sizes,
        Some((c, _)) => return Err(bad(format!("count is {c}, not one of the three"))),
    };
    if heaps.is_empty() || heaps.len() > MAX_HEAPS {
        return Err(Reply::error(422, format!("a position has 1 to {MAX_HEAPS} heaps, got {}", heaps.len())));
    }
    if let Some(&h) = heaps.iter().find(|&&h| h > MAX_HEAP) {
        return Err(Reply::error(422, format!("heap {h} is larger than {MAX_HEAP}")));
    }
    if heaps.iter().sum::<u64>() > MAX_STONES {
        return Err(Reply::error(422, format!("a position has at most {MAX_STONES} stones")));
    }
    let bound = heaps.iter().map(|&h| game.heap_move_bound(h)).fold(0u64, u64::saturating_add);
    if bound > MAX_MOVES {
        return Err(Reply::error(
            422,
            format!("this position of {} may have up to {bound} moves, more than the {MAX_MOVES} a reply lists: give smaller heaps", game.name()),
        ));
    }
    Ok(PositionRequest { game, heaps, misere, count })
}

/// A JSON value's kind in words.
fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "true or false",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "text",
        serde_json::Value::Array(_) => "a list",
        serde_json::Value::Object(_) => "an object",
    }
}

/// The catalog's entry for a game, whatever name it was given by.
fn entry_of(game: &Game) -> Option<&'static catalog::Entry> {
    catalog::CATALOG.iter().find(|e| e.game() == *game)
}

/// The id an answer names a game by: the catalog's id, or the game's own name.
fn id_of(game: &Game) -> String {
    entry_of(game).map_or_else(|| game.name(), |e| e.id.to_string())
}

/// G(0..count) of a game (Grundy's game from the table computed once), or a 422 when the
/// core's estimate of its cost is over [`MAX_SECONDS`].
fn values_of(game: &Game, count: u64) -> Result<Vec<u64>, Reply> {
    if *game == Game::Grundy && count <= MAX_VALUES + 1 {
        return Ok(grundy_values()[..count as usize].iter().map(|&v| u64::from(v)).collect());
    }
    // The engine the CLI uses, after its estimate.
    let engine = Engine::choose(game, EngineChoice::Auto).map_err(|e| Reply::error(422, e.to_string()))?;
    let seconds = engine.cost(count).seconds;
    if seconds > MAX_SECONDS {
        let within = engine.heaps_within(u64::MAX, MAX_SECONDS);
        return Err(Reply::error(
            422,
            format!(
                "G(0..{count}) of {} would take about {seconds:.1} s, more than the {MAX_SECONDS} s a request may take; up to {within} heaps fit",
                game.name()
            ),
        ));
    }
    let mut value =
        engine.value_fn(count.saturating_sub(1), &mut |_| {}).map_err(|e| Reply::error(422, e.to_string()))?;
    Ok((0..count).map(&mut value).collect())
}

/// The core's analysis of the position (heaps in the order given).
fn analysis(req: &PositionRequest) -> Result<Analysis, Reply> {
    let max = req.heaps.iter().copied().max().unwrap_or(0);
    let g = values_of(&req.game, max + 1)?;
    let rule = if req.misere { Rule::Misere } else { Rule::Normal };
    analyze(&req.game, &req.heaps, rule, req.count, |n| g[n as usize]).map_err(|e| Reply::error(422, e.to_string()))
}

/// `/api/analyze`: the analysis document, plus `game_over` for the page and, when no move
/// is left, `end_reason`: why, in the words of the game's picture ("no move is left:
/// heaps of 1 and 2 only").
fn analysis_reply(a: &Analysis, game: &Game) -> Reply {
    let mut doc = serde_json::to_value(a).expect("an analysis serializes");
    doc["game_over"] = json!(a.game_over());
    if a.game_over() {
        doc["end_reason"] = json!(end_reason(game, &a.heaps));
    }
    Reply::json(200, doc)
}

/// Why a position without moves has none, naming what is left by the catalog's picture of
/// the game (heaps, rows of pins, strips of squares).
fn end_reason(game: &Game, heaps: &[u64]) -> String {
    let noun = entry_of(game).map_or("heap", |e| e.play.word());
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
    let params = match Params::parse(query, &["game", "seed"]) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let Some(name) = params.get("game") else { return Reply::error(400, "missing game=") };
    let Some(seed) = params.get("seed") else { return Reply::error(400, "missing seed= (a whole number)") };
    let Ok(seed) = seed.parse::<u64>() else {
        return Reply::error(400, format!("seed={seed:?} is not a whole number"));
    };
    let game = match Game::parse(name) {
        Ok(g) => g,
        Err(e) => return Reply::error(400, e.to_string()),
    };
    let (name, rules) =
        entry_of(&game).map_or_else(|| (game.name(), game.rules()), |e| (e.name.to_string(), e.rules.to_string()));
    let p = problem(seed, PRACTICE_MAX_HEAP);
    match worked(&game, &p.heaps, Convention::Heaps) {
        Ok(e) => Reply::json(
            200,
            json!({
                "game": id_of(&game),
                "seed": seed,
                "heaps": p.heaps,
                "answer": e.winning_moves(),
                "solution": e.render(&name, &rules),
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
        ("POST", "/api/analyze") => match position(body).and_then(|req| Ok((analysis(&req)?, req))) {
            Ok((a, req)) => analysis_reply(&a, &req.game),
            Err(e) => e,
        },
        ("GET", "/api/practice") => practice_reply(query),
        ("POST", "/api/computer") => match position(body).and_then(|req| analysis(&req)) {
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

/// `/api/values?game=ID&to=N`: G(0), ..., G(N-1) (`game` defaults to Grundy's game).
fn values_reply(query: &str) -> Reply {
    let params = match Params::parse(query, &["game", "to"]) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let game = match Game::parse(params.get("game").unwrap_or("grundy")) {
        Ok(g) => g,
        Err(e) => return Reply::error(400, e.to_string()),
    };
    let Some(to) = params.get("to") else { return Reply::error(400, "missing to= (how many heaps: G(0..to))") };
    let to = match parse_count(to) {
        Ok(n) => n,
        Err(e) => return Reply::error(400, format!("to={to:?}: {e}")),
    };
    let limit = if game == Game::Grundy { MAX_VALUES } else { MAX_HEAP };
    if to > limit {
        return Reply::error(422, format!("to={to} is over the limit of {limit}"));
    }
    match values_of(&game, to) {
        Ok(values) => Reply::json(200, json!({ "game": id_of(&game), "values": values })),
        Err(e) => e,
    }
}

/// A query string's parameters, percent-decoded, each key at most once.
struct Params(Vec<(String, String)>);

impl Params {
    /// Reads `query`; a key not in `keys`, a key given twice or a malformed escape is a 400
    /// that names it.
    fn parse(query: &str, keys: &[&str]) -> Result<Params, Reply> {
        let usage = keys.iter().map(|k| format!("{k}=")).collect::<Vec<_>>().join(" and ");
        let mut params: Vec<(String, String)> = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (key, value) = (percent_decode(key)?, percent_decode(value)?);
            if !keys.contains(&key.as_str()) {
                return Err(Reply::error(400, format!("unknown parameter {key:?}; use {usage}")));
            }
            if params.iter().any(|(k, _)| *k == key) {
                return Err(Reply::error(400, format!("{key}= is given more than once; give it once")));
            }
            params.push((key, value));
        }
        Ok(Params(params))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// Decodes `%XX` escapes and `+` (a space, as forms and `URLSearchParams` write it).
fn percent_decode(text: &str) -> Result<String, Reply> {
    let malformed = || {
        Reply::error(400, format!("malformed percent escape in {text:?}: % must be followed by two hexadecimal digits"))
    };
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'%' => {
                let hex = |c: Option<u8>| c.and_then(|c| (c as char).to_digit(16));
                let (Some(hi), Some(lo)) = (hex(bytes.next()), hex(bytes.next())) else { return Err(malformed()) };
                out.push((hi * 16 + lo) as u8);
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
    }
    String::from_utf8(out).map_err(|_| Reply::error(400, format!("{text:?} does not decode to UTF-8 text")))
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
        for id in &ids {
            let body = format!(r#"{{"game":"{id}","heaps":[3]}}"#);
            assert_eq!(handle("POST", "/api/analyze", body.as_bytes()).status, 200, "{id}");
        }
        assert!(!ids.contains(&"squares"), "the catalog does not offer squares on the page");
        let r = handle("POST", "/api/analyze", br#"{"game":"squares","heaps":[3]}"#);
        assert_eq!(r.status, 200, "but the API takes every game the CLI takes");
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
        // 41 stones of Kayles: by the misère quotient, which the answer names.
        let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"kayles","heaps":[30,11],"misere":true}"#));
        assert_eq!(
            (a["misere_method"]["kind"].as_str(), a["misere_method"]["order"].as_u64()),
            (Some("quotient"), Some(40))
        );
        // Grundy's game's quotient grows past its limits at heap 29, and 41 stones are
        // beyond the exhaustive search.
        for body in [
            &br#"{"game":"grundy","heaps":[30,11],"misere":true}"#[..],
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
        let v = json_of(&handle("GET", "/api/values?game=grundy&to=30001", b""));
        assert_eq!(v["values"].as_array().unwrap().len(), 30_001, "G(0..30001)");
        assert_eq!(v["values"][1222], 0);
        let f = json_of(&handle("GET", "/api/findings", b""));
        assert_eq!(f["sparse_count"], 1287);
    }
}
