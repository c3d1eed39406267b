//! One API convention (issue 25): `to=N` means G(0..N) as on the command line, query
//! values are percent-decoded and given once, every endpoint takes every game the CLI's
//! parser takes, and errors are in words, never Rust type names.

use grundy_core::engine::{Engine, EngineChoice};
use grundy_core::game::Game;
use grundy_web::api::handle;
use serde_json::Value;

fn get(url: &str) -> (u16, Value) {
    let r = handle("GET", url, b"");
    (r.status, serde_json::from_slice(&r.body).unwrap())
}

fn post(path: &str, body: &str) -> (u16, Value) {
    let r = handle("POST", path, body.as_bytes());
    (r.status, serde_json::from_slice(&r.body).unwrap())
}

fn error(v: &Value) -> &str {
    v["error"].as_str().expect("an error reason")
}

/// `grundy values --game kayles --to 20` prints G(0..20): the API answers the same 20.
#[test]
fn to_counts_heaps_as_the_cli_does() {
    let (status, v) = get("/api/values?game=kayles&to=20");
    assert_eq!(status, 200);
    let cli: Vec<u64> = Engine::choose(&Game::parse("kayles").unwrap(), EngineChoice::Auto)
        .unwrap()
        .values(20, &mut |_| {})
        .unwrap()
        .into_iter()
        .take(20) // The engine may compute a block past the end; the CLI prints 20.
        .map(u64::from)
        .collect();
    assert_eq!(v["values"], serde_json::json!(cli));
    assert_eq!(get("/api/values?game=grundy&to=30001").1["values"].as_array().unwrap().len(), 30_001);
    // `grundy values --to 0` is refused: so is `to=0`, in the core's words.
    for url in ["/api/values?to=0", "/api/values?game=grundy&to=0", "/api/values?game=kayles&to=0"] {
        let (status, v) = get(url);
        assert_eq!(status, 400, "{url}: {v}");
        assert!(error(&v).contains("no values asked for"), "{url}: {v}");
    }
    // The CLI's count forms.
    assert_eq!(get("/api/values?to=2%5E4").1["values"].as_array().unwrap().len(), 16);
}

#[test]
fn a_key_given_twice_is_refused_by_name() {
    for (url, key) in [
        ("/api/values?to=100000&to=5", "to="),
        ("/api/values?game=nim&game=kayles&to=5", "game="),
        ("/api/practice?game=nim&seed=1&seed=2", "seed="),
    ] {
        let (status, v) = get(url);
        assert_eq!(status, 400, "{url}");
        assert!(error(&v).contains(key) && error(&v).contains("more than once"), "{url}: {v}");
    }
}

#[test]
fn query_values_are_percent_decoded() {
    let (status, v) = get("/api/values?game=kayles%20&to=5");
    assert_eq!((status, v["game"].as_str()), (200, Some("kayles")), "{v}");
    let (status, v) = get("/api/values?game=%2E6&to=10");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["values"].as_array().unwrap().len(), 10);
    assert_eq!(get("/api/values?game=s1%2C2%2C3&to=8").1["values"], serde_json::json!([0, 1, 2, 3, 0, 1, 2, 3]));
    assert_eq!(get("/api/practice?game=dawson%27s+kayles&seed=3").0, 200);
    for url in
        ["/api/values?game=%zz&to=5", "/api/values?to=5%", "/api/values?to=%4", "/api/practice?game=nim&seed=%G1"]
    {
        let (status, v) = get(url);
        assert_eq!(status, 400, "{url}");
        assert!(error(&v).contains("percent escape"), "{url}: {v}");
    }
}

/// The CLI's names, aliases, codes and sets, on every endpoint that takes a game.
#[test]
fn every_endpoint_takes_every_game_the_cli_takes() {
    for name in ["dominoes", "crosses", "squares", "Dawson's Kayles", ".6", "4!.0", "s1,2,3", "{1,3,4}", "half"] {
        assert!(Game::parse(name).is_ok(), "the CLI takes {name}");
        let query =
            name.replace('%', "%25").replace(' ', "%20").replace(',', "%2C").replace('{', "%7B").replace('}', "%7D");
        let (status, v) = get(&format!("/api/practice?game={query}&seed=5"));
        assert_eq!(status, 200, "practice {name}: {v}");
        let (status, v) = get(&format!("/api/values?game={query}&to=12"));
        assert_eq!(status, 200, "values {name}: {v}");
        for path in ["/api/analyze", "/api/computer"] {
            let body = serde_json::json!({ "game": name, "heaps": [7, 4] }).to_string();
            let (status, v) = post(path, &body);
            assert_eq!(status, 200, "{path} {name}: {v}");
        }
    }
    // The practice problem of an alias is the one of its game.
    assert_eq!(get("/api/practice?game=dominoes&seed=5").1, get("/api/practice?game=dawsons-kayles&seed=5").1);
    let (status, v) = get("/api/practice?game=chess&seed=1");
    assert_eq!(status, 400);
    assert!(error(&v).contains("unknown game"), "{v}");
}

/// Games the CLI takes can cost more than a request may: the API says so, with the
/// estimate, instead of computing for minutes or answering megabytes.
#[test]
fn costly_games_are_refused_with_the_cost() {
    let (status, v) = get("/api/values?game=.fffff&to=1000");
    assert_eq!(status, 422);
    assert!(error(&v).contains("would take about"), "{v}");
    let (status, v) = post("/api/analyze", r#"{"game":".7777777","heaps":[1000,1000]}"#);
    assert_eq!(status, 422);
    assert!(error(&v).contains("moves"), "{v}");
    // The page's largest positions are still answered.
    let mut many = vec![15u64; 256];
    many[0] = 4000 - 15 * 255;
    for body in [
        serde_json::json!({ "game": "kayles", "heaps": [1000, 1000, 1000, 1000] }),
        serde_json::json!({ "game": "dawsons-kayles", "heaps": [1000, 1000, 1000, 1000], "count": "placements" }),
        serde_json::json!({ "game": "kayles", "heaps": many, "count": "placements" }),
    ] {
        assert_eq!(post("/api/analyze", &body.to_string()).0, 200, "{body}");
    }
}

/// Bodies of the wrong shape are answered in words: what the body must be, never serde's
/// Rust names (`struct PositionRequest`, `u64`, `sequence`).
#[test]
fn errors_are_in_words() {
    for body in [
        "[]",
        "3",
        "\"grundy\"",
        "null",
        r#"{"game":1,"heaps":[1]}"#,
        r#"{"game":"nim"}"#,
        r#"{"heaps":[1]}"#,
        r#"{"game":"nim","heaps":"5"}"#,
        r#"{"game":"nim","heaps":[1.5]}"#,
        r#"{"game":"nim","heaps":[-1]}"#,
        r#"{"game":"nim","heaps":[1],"misere":"yes"}"#,
        r#"{"game":"nim","heaps":[1],"count":5}"#,
        r#"{"game":"nim","heaps":[1],"count":"pairs"}"#,
        r#"{"game":"nim","heaps":[1],"extra":1}"#,
        "{",
    ] {
        for path in ["/api/analyze", "/api/computer"] {
            let (status, v) = post(path, body);
            assert_eq!(status, 400, "{path} {body}");
            let reason = error(&v);
            for rust in ["struct", "PositionRequest", "Convention", "u64", "sequence", "invalid type", "variant"] {
                assert!(!reason.contains(rust), "{path} {body}: {reason}");
            }
            assert!(reason.contains("heaps"), "{path} {body}: the reason says what the body must be: {reason}");
        }
    }
}
