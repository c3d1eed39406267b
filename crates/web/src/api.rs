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

use grundy_core::ask::{
    Analyzed, AskError, Cancel, Control, Convention, Cost, EngineChoice, ErrorKind, Level, Limits,
    PositionRequest as Position, Rule, Session, TableRequest, MISERE_MAX_STONES,
};
use grundy_core::count::parse_count;
use grundy_core::game::words::Words;
use grundy_core::game::{catalog, Game, Played};

use serde_json::json;

mod graph;
mod loopy;
mod openapi;
mod practice;
mod query;
mod summary;

pub use graph::MAX_GRAPH;
use graph::{graph_game, parse_played, vertex_names};
use query::Params;

/// Most heaps in a position (play splits heaps, so a game of 4 heaps can reach hundreds).
pub const PAGE_MAX_HEAPS: usize = 256;
/// Largest heap in a position.
pub const PAGE_MAX_HEAP: u64 = 1000;
/// Most stones in a position.
pub const PAGE_MAX_STONES: u64 = 4000;
/// Largest `to` for `/api/values` (the reply's size); below it the core's estimate of the
/// work decides, as for every request.
pub const MAX_VALUES: u64 = 100_000;
/// Longest computation of values a request may start, by the core's estimate
/// (the request API refuses more): take-and-break codes that split heaps in three cost n³.
pub const MAX_SECONDS: f64 = 0.5;

/// Memory the values of one request may take (estimated): 64 MiB.
pub const MAX_BYTES: u64 = 64 << 20;
/// Most moves a position may have by the core's bound (the request API refuses more), so that
/// a reply stays under about 3 MB (some 200 bytes a move). Every position of the page's
/// games within [`PAGE_MAX_HEAPS`] and [`PAGE_MAX_STONES`] is under it (the most, Kayles rows of
/// 4,000 pins in 256 rows, have a bound of 14,304); four Kayles rows of 1,000 have 12,036
/// and their reply is 0.8 MB.
pub const MAX_MOVES: u64 = 15_000;
/// Largest request body accepted: a graph's text ([`MAX_GRAPH`]) and 16 KiB for the rest.
pub const MAX_BODY: usize = MAX_GRAPH + 16 * 1024;

const INDEX: &str = include_str!("../assets/index.html");
const APP: &str = include_str!("../assets/app.js");
const PANELS: &str = include_str!("../assets/panels.js");
const BOARD: &str = include_str!("../assets/board.js");
const STYLE: &str = include_str!("../assets/style.css");
const ICON: &str = include_str!("../assets/favicon.svg");
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

/// How the page shows a move: a game whose moves split heaps without taking (Grundy's
/// game) by cutting a heap, the others by a list of moves.
fn move_ui(game: &Game) -> &'static str {
    if Words::of(game) == Words::Split {
        "cut"
    } else {
        "moves"
    }
}

/// The server's door into the core: its session keeps small value tables (Grundy's game to
/// 10^5 for the page) and what misère quotients failed, for every request.
pub fn session() -> &'static Session {
    static SESSION: OnceLock<Session> = OnceLock::new();
    SESSION.get_or_init(Session::new)
}

/// A request's control: [`LIMITS`], the request's token, no progress.
fn control(cancel: &Cancel) -> Control<'static> {
    Control::new(LIMITS).with_cancel(cancel.clone())
}

/// The core's refusal as a reply: 400 for a request that makes no sense, 503 for a
/// cancelled one (its client is gone, or the server is stopping), 422 for the rest (past a
/// limit, or not answered).
fn refused(e: &AskError) -> Reply {
    let status = match e.kind() {
        _ if matches!(e, AskError::Input(_)) => 400,
        ErrorKind::Cancelled => 503,
        _ => 422,
    };
    Reply::error(status, e.to_string())
}

/// A request read and checked, before any computation: either its answer, known at once
/// (a page file, the menu, a refusal), or work for the core with its estimated cost, which
/// the server runs beside its I/O ([`crate::server`]: cheap work at once, heavy work
/// queued fairly per client).
pub enum Prepared {
    /// The answer.
    Ready(Reply),
    /// Work for the core.
    Work(Work),
}

/// Work for the core: what it would cost by the core's estimate, and the computation,
/// which stops within a fraction of a second when its token is set.
pub struct Work {
    /// The core's estimate ([`Session::estimate_position`], [`Session::estimate_table`]).
    pub cost: Cost,
    run: Box<dyn FnOnce(&Cancel) -> Reply + Send>,
}

impl Work {
    fn new(cost: Cost, run: impl FnOnce(&Cancel) -> Reply + Send + 'static) -> Work {
        Work { cost, run: Box::new(run) }
    }

    /// Computes the answer; a set token answers 503.
    pub fn run(self, cancel: &Cancel) -> Reply {
        (self.run)(cancel)
    }
}

impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work").field("cost", &self.cost).finish_non_exhaustive()
    }
}

/// Computes the value table of Grundy's game now rather than at the first request.
pub fn warm_up() {
    let game = Game::parse("grundy").expect("Grundy's game has a name");
    let _ = session().table(&TableRequest::new(game, MAX_VALUES + 1, EngineChoice::Auto), &mut Control::unlimited());
}

/// A position as the page sends it: `{"game": "kayles", "heaps": [4, 1]}`, and optionally
/// `"misere": true`, `"graph"` (a graph's text: `game` is then its label and heaps are
/// vertex numbers, 0 for no token), `"count": "heaps" | "placements" | "sizes"`, `"places"` (where each
/// heap lies on the page's board: `[row, offset]`, so moves are said in the board's
/// numbers), for the computer `"random"` (the chance, 0 to 1, of a random move) with
/// `"seed"`, `"summary": true` for the moves as columns ([`summary`]) and, for
/// `/api/move`, `"move"`: the index of one listed move.
struct PositionRequest {
    game: Game,
    heaps: Vec<u64>,
    misere: bool,
    count: Convention,
    places: Option<Vec<(usize, u64)>>,
    random: f64,
    seed: u64,
    summary: bool,
    move_index: Option<usize>,
}

/// The fields a position request may have.
const FIELDS: [&str; 10] = ["game", "graph", "heaps", "misere", "count", "places", "random", "seed", "summary", "move"];

/// What a position request must look like, for error texts.
const POSITION_SHAPE: &str = "the body must be a JSON object with fields game (a game name, like \"grundy\") and heaps (a list of heap sizes, like [5, 9]), and optionally graph (a graph's text, then heaps are vertex numbers), misere (true or false), count (\"heaps\", \"placements\" or \"sizes\"), places (a [row, offset] pair per heap), random (a chance from 0 to 1), seed (a whole number), summary (true or false) and move (a listed move's index)";

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
    if let Some(key) = fields.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(bad(format!("unknown field {key:?}")));
    }
    let graph = match fields.get("graph") {
        None => None,
        Some(serde_json::Value::String(text)) => Some(text),
        Some(other) => return Err(bad(format!("graph is {}, not a graph's text", json_kind(other)))),
    };
    let played = match fields.get("game") {
        Some(serde_json::Value::String(name)) => match graph {
            Some(text) => Played { game: graph_game(name, text)?, rule: Rule::Normal },
            None => parse_played(name)?,
        },
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
    // A name may imply the misère rule (`misere-nim`); `misere` asks for it for any game.
    let misere = match fields.get("misere") {
        None => false,
        Some(serde_json::Value::Bool(b)) => *b,
        Some(other) => return Err(bad(format!("misere is {}, not true or false", json_kind(other)))),
    } || played.rule == Rule::Misere;
    let game = played.game;
    let count = match fields.get("count").map(|c| (c, c.as_str())) {
        None => Convention::default(),
        Some((_, Some("heaps"))) => Convention::Heaps,
        Some((_, Some("placements"))) => Convention::Placements,
        Some((_, Some("sizes"))) => Convention::Sizes,
        Some((c, _)) => return Err(bad(format!("count is {c}, not one of the three"))),
    };
    let places = match fields.get("places") {
        None => None,
        Some(serde_json::Value::Array(items)) => {
            let pair = |p: &serde_json::Value| -> Option<(usize, u64)> {
                let [row, offset] = p.as_array()?.as_slice() else { return None };
                Some((usize::try_from(row.as_u64()?).ok()?, offset.as_u64()?))
            };
            let pairs: Option<Vec<(usize, u64)>> = items.iter().map(pair).collect();
            match pairs {
                Some(p) if p.len() == heaps.len() => Some(p),
                _ => return Err(bad("places must hold one [row, offset] pair of whole numbers per heap".into())),
            }
        }
        Some(other) => return Err(bad(format!("places is {}, not a list", json_kind(other)))),
    };
    let random = match fields.get("random") {
        None => 0.0,
        Some(v) => match v.as_f64() {
            Some(p) if (0.0..=1.0).contains(&p) => p,
            _ => return Err(bad(format!("random is {v}, not a chance from 0 to 1"))),
        },
    };
    let seed = match fields.get("seed") {
        None => 0,
        Some(v) => v.as_u64().ok_or_else(|| bad(format!("seed is {v}, not a whole number")))?,
    };
    let summary = match fields.get("summary") {
        None => false,
        Some(serde_json::Value::Bool(b)) => *b,
        Some(other) => return Err(bad(format!("summary is {}, not true or false", json_kind(other)))),
    };
    let move_index = match fields.get("move") {
        None => None,
        Some(v) => Some(
            v.as_u64()
                .and_then(|i| usize::try_from(i).ok())
                .ok_or_else(|| bad(format!("move is {v}, not a listed move's index")))?,
        ),
    };
    if heaps.is_empty() || heaps.len() > PAGE_MAX_HEAPS {
        return Err(Reply::error(422, format!("a position has 1 to {PAGE_MAX_HEAPS} heaps, got {}", heaps.len())));
    }
    // On a graph a heap is a vertex's number: any vertex may hold a token.
    if let Some(largest) = game.largest_heap() {
        if let Some(&h) = heaps.iter().find(|&&h| h > largest) {
            return Err(Reply::error(422, format!("{} has no vertex numbered {h} (it has {largest})", game.name())));
        }
    } else if let Some(&h) = heaps.iter().find(|&&h| h > PAGE_MAX_HEAP) {
        return Err(Reply::error(422, format!("heap {h} is larger than {PAGE_MAX_HEAP}")));
    } else if heaps.iter().sum::<u64>() > PAGE_MAX_STONES {
        return Err(Reply::error(422, format!("a position has at most {PAGE_MAX_STONES} stones")));
    }
    Ok(PositionRequest { game, heaps, misere, count, places, random, seed, summary, move_index })
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

/// The id an answer names a game by: the catalog's id, or the game's own name.
fn id_of(game: &Game) -> String {
    catalog::entry_of(game).map_or_else(|| game.name(), |e| e.id.to_string())
}

/// The catalog's entry for a game asked for by `name`: the entry of that name first, since
/// two entries may share a game (`nim` and `misere-nim` differ only in the rule the name
/// implies), then the entry of the game (`.6` is Officers).
fn entry_named(name: &str, game: &Game) -> Option<&'static catalog::Entry> {
    catalog::find(name).or_else(|| catalog::entry_of(game))
}

/// The id the page knows a game asked for by `name` by, as `/api/game` answers it: the
/// catalog's id, or the name as typed (`4.07`, `s1,2,3`), so that an answer can be matched
/// to its question.
fn page_id(name: &str, game: &Game) -> String {
    entry_named(name, game).map_or_else(|| name.trim().to_string(), |e| e.id.to_string())
}

/// What a request may cost: [`MAX_SECONDS`] of estimated time and [`MAX_BYTES`] of memory.
const LIMITS: Limits = Limits { seconds: MAX_SECONDS, bytes: MAX_BYTES };

/// The core's analysis of the position (heaps in the order given, moves said in the
/// board's numbers when `places` is given), listing at most [`MAX_MOVES`] moves, as work
/// with its estimate; `reply` makes the answer of it.
fn analysis(req: PositionRequest, reply: fn(&Analyzed, &PositionRequest) -> Reply) -> Prepared {
    if req.game.loopy().is_some() {
        return Prepared::Ready(Reply::error(
            400,
            format!("{} has a cycle: POST /api/loopy answers its positions (P, N or D)", req.game.name()),
        ));
    }
    let rule = if req.misere { Rule::Misere } else { Rule::Normal };
    let mut position = Position::new(req.game.clone(), req.heaps.clone(), rule, req.count);
    position.places = req.places.clone();
    position.max_listed = MAX_MOVES;
    let cost = session().estimate_position(&position);
    Prepared::Work(Work::new(cost, move |cancel| match session().analyze(&position, &mut control(cancel)) {
        Ok(answer) => reply(&answer, &req),
        Err(e) => refused(&e),
    }))
}

/// `/api/analyze`: the analysis document, plus `game_over` for the page, each move's
/// `reason` (why it wins or loses, from the core: "leaves values 3 ⊕ 1 ⊕ 2 = 0, ...") and,
/// when no move is left, `end_reason`: why, in the words of the game's picture ("no move
/// is left: heaps of 1 and 2 only"). With `summary`, the moves as columns instead.
fn analysis_reply(answer: &Analyzed, req: &PositionRequest) -> Reply {
    let a = &answer.analysis;
    let mut doc = if req.summary {
        summary::summarized(answer)
    } else {
        let mut doc = serde_json::to_value(a).expect("an analysis serializes");
        for (i, m) in a.moves.iter().enumerate() {
            doc["moves"][i]["reason"] = json!(answer.reason(m));
        }
        doc
    };
    doc["game_over"] = json!(a.game_over());
    if let Some(why) = answer.end_reason() {
        doc["end_reason"] = json!(why);
    }
    Reply::json(200, doc)
}

/// `/api/computer`: the core's choice at the level asked (a random move with chance
/// `random`) and the heaps it leaves (`move` is null when no move is left).
fn computer_reply(answer: &Analyzed, req: &PositionRequest) -> Reply {
    let m = answer.computer(Level { random: req.random, seed: req.seed });
    let heaps = m.map(|m| answer.analysis.position_after(m));
    Reply::json(200, json!({ "move": m, "heaps": heaps }))
}

/// A game as the page shows it: the id to send back, its name, its rules in words and its
/// picture (heaps, rows of pins or strips of squares; `cut` for Grundy's game); the name
/// and rules are its catalog entry's, when it has one.
fn game_json(id: &str, game: &Game, entry: Option<&catalog::Entry>) -> serde_json::Value {
    let (name, rules) = entry.map_or_else(|| (game.name(), game.rules()), |e| (e.name.into(), e.rules.into()));
    // Misère play is searched up to a limit, except for Nim's exact rule at any size.
    let misere_limit = if game.has_misere_nim_rule() { None } else { Some(MISERE_MAX_STONES) };
    // A game on a graph lists its vertices' names, which the page draws tokens on.
    json!({
        "id": id, "name": name, "rules": rules, "play": Words::of(game).thing(), "ui": move_ui(game),
        "misere_max_stones": misere_limit, "vertices": vertex_names(game), "loopy": game.loopy().is_some(),
    })
}

/// `/api/game?name=TEXT`: any game the command line takes (a catalog name, a take-and-break
/// code like `.6`, a subtraction set like `s1,4,5`), refused with the CLI's own message.
fn game_reply(query: &str) -> Reply {
    let params = match Params::parse(query, &["name"]) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let Some(name) = params.get("name") else { return Reply::error(400, "missing name= (a game, like kayles or .6)") };
    match parse_played(name).map(|p| p.game) {
        Ok(game) => Reply::json(200, game_json(&page_id(name, &game), &game, entry_named(name, &game))),
        Err(e) => e,
    }
}

/// `POST /api/game` with `{"name": LABEL, "graph": TEXT}`: the game on that graph, as the
/// page shows it (with its vertices), or the core's one-line reason the graph is refused.
fn graph_reply(body: &[u8]) -> Reply {
    let shape = "the body must be a JSON object with fields name (the graph's label) and graph (its text)";
    let Ok(serde_json::Value::Object(fields)) = serde_json::from_slice::<serde_json::Value>(body) else {
        return Reply::error(400, format!("the body is not a JSON object; {shape}"));
    };
    if let Some(key) = fields.keys().find(|k| !["name", "graph"].contains(&k.as_str())) {
        return Reply::error(400, format!("unknown field {key:?}; {shape}"));
    }
    let (Some(serde_json::Value::String(name)), Some(serde_json::Value::String(text))) =
        (fields.get("name"), fields.get("graph"))
    else {
        return Reply::error(400, format!("name or graph is missing or not text; {shape}"));
    };
    match graph_game(name, text) {
        Ok(game) => Reply::json(200, game_json(name, &game, None)),
        Err(e) => e,
    }
}

/// Answers one request, computing on this thread with a token nobody sets. Never panics
/// on any input.
pub fn handle(method: &str, url: &str, body: &[u8]) -> Reply {
    handle_with(method, url, body, &Cancel::never())
}

/// Answers one request, computing on this thread; setting `cancel` stops the computation
/// within a fraction of a second (answered 503).
pub fn handle_with(method: &str, url: &str, body: &[u8], cancel: &Cancel) -> Reply {
    match prepare(method, url, body) {
        Prepared::Ready(reply) => reply,
        Prepared::Work(work) => work.run(cancel),
    }
}

/// Reads and checks a request: its answer when no computation is needed, else the work
/// with its estimate. Never panics on any input.
pub fn prepare(method: &str, url: &str, body: &[u8]) -> Prepared {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let ready = Prepared::Ready;
    match (method, path) {
        ("GET", "/api/values") => values_work(query),
        ("POST", "/api/analyze") => match position(body) {
            Ok(req) => analysis(req, analysis_reply),
            Err(e) => ready(e),
        },
        ("POST", "/api/computer") => match position(body) {
            Ok(req) => analysis(req, computer_reply),
            Err(e) => ready(e),
        },
        ("POST", "/api/move") => match position(body) {
            Ok(req) => analysis(req, summary::move_reply),
            Err(e) => ready(e),
        },
        ("POST", "/api/loopy") => loopy::work(body),
        ("GET", "/api/practice") => practice::work(query),
        ("POST", "/api/practice") => practice::graph_work(body),
        _ => ready(answer_at_once(method, path, query, body)),
    }
}

/// The requests answered without the core's computing: the page's files, the menu, a game
/// by name or graph, the findings, and refusals of unknown paths and methods.
fn answer_at_once(method: &str, path: &str, query: &str, body: &[u8]) -> Reply {
    if let (Some((content_type, text)), "GET") = (page_file(path), method) {
        return Reply::text(content_type, text);
    }
    match (method, path) {
        ("GET", "/api/game") => game_reply(query),
        ("POST", "/api/game") => graph_reply(body),
        ("GET", "/api/games") => {
            let games: Vec<_> = page_games().map(|e| game_json(e.id, &e.game(), Some(e))).collect();
            Reply::json(
                200,
                json!({
                    "games": games,
                    "max_heaps": PAGE_MAX_HEAPS,
                    "max_heap": PAGE_MAX_HEAP,
                    "misere_max_stones": MISERE_MAX_STONES,
                    "max_graph_bytes": MAX_GRAPH,
                }),
            )
        }
        _ if ROUTES.iter().any(|(p, _)| *p == path) => Reply::error(405, format!("{method} is not allowed on {path}")),
        _ => Reply::error(404, format!("no such page: {path}")),
    }
}

/// The files of the page (and the API's fixed documents), by path: their content type and
/// text, the same for the life of the process (the server answers HEAD and conditional GET
/// for them).
pub fn page_file(path: &str) -> Option<(&'static str, &'static str)> {
    Some(match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX),
        "/app.js" => ("text/javascript; charset=utf-8", APP),
        "/panels.js" => ("text/javascript; charset=utf-8", PANELS),
        "/board.js" => ("text/javascript; charset=utf-8", BOARD),
        "/style.css" => ("text/css; charset=utf-8", STYLE),
        "/favicon.svg" | "/favicon.ico" => ("image/svg+xml", ICON),
        "/api/findings" => ("application/json", FINDINGS),
        "/api/openapi.json" => ("application/json", openapi::DOCUMENT),
        _ => return None,
    })
}

/// Every path and the methods it answers (HEAD too, wherever GET is: the server answers it
/// without a body); `/api/openapi.json` describes the API's, and a test keeps them equal.
pub const ROUTES: &[(&str, &[&str])] = &[
    ("/", &["GET"]),
    ("/index.html", &["GET"]),
    ("/app.js", &["GET"]),
    ("/panels.js", &["GET"]),
    ("/board.js", &["GET"]),
    ("/style.css", &["GET"]),
    ("/favicon.svg", &["GET"]),
    ("/favicon.ico", &["GET"]),
    ("/api/openapi.json", &["GET"]),
    ("/api/findings", &["GET"]),
    ("/api/games", &["GET"]),
    ("/api/game", &["GET", "POST"]),
    ("/api/values", &["GET"]),
    ("/api/analyze", &["POST"]),
    ("/api/computer", &["POST"]),
    ("/api/move", &["POST"]),
    ("/api/loopy", &["POST"]),
    ("/api/practice", &["GET", "POST"]),
];

/// `/api/values?game=ID&to=N`: G(0), ..., G(N-1) (`game` defaults to Grundy's game), by
/// the core's cheapest exact way; `to=0` is refused as `grundy values --to 0` is.
fn values_work(query: &str) -> Prepared {
    let params = match Params::parse(query, &["game", "to"]) {
        Ok(p) => p,
        Err(e) => return Prepared::Ready(e),
    };
    let game = match parse_played(params.get("game").unwrap_or("grundy")) {
        Ok(p) => p.game,
        Err(e) => return Prepared::Ready(e),
    };
    let Some(to) = params.get("to") else {
        return Prepared::Ready(Reply::error(400, "missing to= (how many heaps: G(0..to))"));
    };
    let to = match parse_count(to) {
        Ok(n) => n,
        Err(e) => return Prepared::Ready(Reply::error(400, format!("to={to:?}: {e}"))),
    };
    // Beyond it the reply itself grows too large; below it the core's estimate decides.
    if to > MAX_VALUES {
        return Prepared::Ready(Reply::error(422, format!("to={to} is over the limit of {MAX_VALUES}")));
    }
    let req = TableRequest::new(game, to, EngineChoice::Auto);
    let cost = session().estimate_table(&req);
    Prepared::Work(Work::new(cost, move |cancel| match session().table(&req, &mut control(cancel)) {
        Ok(table) => {
            let values: Vec<u64> = (0..to).map(|n| table.get(n)).collect();
            Reply::json(200, json!({ "game": id_of(&req.game), "values": values }))
        }
        Err(e) => refused(&e),
    }))
}

#[cfg(test)]
mod summary_tests;
#[cfg(test)]
mod tests;
