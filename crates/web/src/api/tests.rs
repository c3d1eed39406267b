//! The API's answers, request by request.

use super::*;
use grundy_core::ask::{Control, Convention, Rule};

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
        // The core's estimate decides below the reply's size: the definition of a code that
        // splits heaps in three is refused, Kayles' period answers 5,000 heaps at once.
        ("GET", "/api/values?game=.fffff&to=5000", &b""[..], 422),
        ("GET", "/api/values", &b""[..], 400),
        // As `grundy values --to 0`: no values asked for is a bad request.
        ("GET", "/api/values?game=grundy&to=0", &b""[..], 400),
    ] {
        let r = handle(method, url, body);
        assert_eq!(r.status, status, "{method} {url} {}", String::from_utf8_lossy(body));
        let reason = json_of(&r)["error"].as_str().unwrap().to_string();
        assert!(!reason.is_empty() && !reason.contains('\n'));
    }
    let kayles = json_of(&handle("GET", "/api/values?game=kayles&to=5000", b""));
    assert_eq!(kayles["values"].as_array().map(Vec::len), Some(5000));
    // Period 12 from 71 (Guy and Smith): G(4999) = G(71 + 4928 mod 12) = G(79) = 2.
    assert_eq!(kayles["values"][4999], 2);
    assert_eq!(kayles["values"][4999], kayles["values"][79]);
    let big = vec![b' '; MAX_BODY + 1];
    assert_eq!(handle("POST", "/api/analyze", &big).status, 413);
    let many = format!(r#"{{"game":"nim","heaps":[{}]}}"#, vec!["1"; PAGE_MAX_HEAPS + 1].join(","));
    assert_eq!(handle("POST", "/api/analyze", many.as_bytes()).status, 422);
}

/// The page's game list is the catalog's, each with its rules, and every one of its ids
/// is accepted by the analysis.
#[test]
fn games_come_from_the_catalog() {
    let g = json_of(&handle("GET", "/api/games", b""));
    let ids: Vec<&str> = g["games"].as_array().unwrap().iter().map(|x| x["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        ["grundy", "kayles", "dawsons-kayles", "dawsons-chess", "s1,2,3", "half", "nim", "misere-nim", "officers"]
    );
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

/// A rule typed in CGSuite's notation (issue 40) goes through the same game parser: the
/// page's list of moves, its values and a loopy code refused in words.
#[test]
fn codes_in_cgsuites_notation() {
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"0.30[3]","heaps":[5,6]}"#));
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9, "take 1, 3, 4 or 5 from the 5, 1, 3, 4, 5 or 6 from the 6: {a}");
    assert_eq!(a["outcome"], "player-to-move-wins", "G(5) = 3, G(6) = 2: {a}");
    let v = json_of(&handle("GET", "/api/values?game=0.%7B0%2C2%2B%7D%3D&to=6", b""));
    assert!(v.to_string().contains("take-and-break 0.{0,2+}="), "{v}");
    let r = handle("POST", "/api/analyze", br#"{"game":"20.017","heaps":[3]}"#);
    assert!(r.status >= 400 && String::from_utf8_lossy(&r.body).contains("loopy"), "{}", r.status);
}

#[test]
fn misere_and_counting_conventions() {
    // Kayles 4 under misère play is lost (options 3, 2, 2+1, 1+1 all leave a win).
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"kayles","heaps":[4],"misere":true}"#));
    assert_eq!((a["outcome"].as_str(), a["rule"].as_str()), (Some("player-to-move-loses"), Some("misere")));
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"dawsons-kayles","heaps":[7],"count":"placements"}"#));
    assert_eq!(a["legal_moves"], 6);
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"s1,2,3","heaps":[5,5,3]}"#));
    assert_eq!((a["legal_moves"].as_u64(), a["winning_moves"].as_u64()), (Some(9), Some(3)));
    // 41 stones of Kayles: by the misère quotient, which the answer names.
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"kayles","heaps":[30,11],"misere":true}"#));
    assert_eq!(
        (a["misere_method"]["kind"].as_str(), a["misere_method"]["order"].as_u64()),
        (Some("quotient"), Some(40))
    );
    // Grundy's game's quotient grows past its limits at heap 29, and 41 stones are beyond
    // the exhaustive search.
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
    let game = grundy_core::game::Game::parse("s1,2,3").unwrap();
    let core = session().practice(&game, Rule::Normal, 7, Convention::Heaps, &mut Control::unlimited()).unwrap();
    assert_eq!(heaps, core.heaps);
    let g = |n: u64| n % 4;
    let total = heaps.iter().fold(0, |x, &h| x ^ g(h));
    let brute: usize = heaps.iter().map(|&h| (1..=3.min(h)).filter(|&t| total ^ g(h) ^ g(h - t) == 0).count()).sum();
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
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"dawsons-chess","heaps":[5],"count":"placements"}"#));
    for m in a["moves"].as_array().unwrap() {
        let square = m["piece"][0].as_u64().unwrap();
        assert_eq!(m["piece"][1], square);
        assert!(m["description"].as_str().unwrap().contains(&format!("cross on square {square} ")), "{m}");
    }
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"dawsons-kayles","heaps":[4],"count":"placements"}"#));
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

/// `/api/game` takes any game the CLI takes and refuses the rest with the CLI's message
/// (the core's parser error), and a typed code gets its rules in words and a picture.
#[test]
fn any_game_by_name_code_or_set() {
    let g = json_of(&handle("GET", "/api/game?name=.16", b""));
    assert_eq!((g["id"].as_str(), g["play"].as_str(), g["ui"].as_str()), (Some(".16"), Some("strip"), Some("moves")));
    assert_eq!(g["rules"], Game::parse(".16").unwrap().rules());
    assert!(g["rules"].as_str().unwrap().contains("Take 2 stones from one heap"));
    // A code that names a catalog game is that game.
    let g = json_of(&handle("GET", "/api/game?name=.6", b""));
    assert_eq!((g["id"].as_str(), g["play"].as_str()), (Some("officers"), Some("row")));
    let g = json_of(&handle("GET", "/api/game?name=s1%2C4%2C5", b""));
    assert_eq!((g["id"].as_str(), g["play"].as_str()), (Some("s1,4,5"), Some("heap")));
    let g = json_of(&handle("GET", "/api/game?name=Dominoes", b""));
    assert_eq!(g["id"], "dawsons-kayles");
    for bad in ["foo", ".8.8", "s0", ""] {
        let r = handle("GET", &format!("/api/game?name={bad}"), b"");
        assert_eq!(r.status, 400, "{bad}");
        let want = Game::parse(bad).unwrap_err().to_string();
        assert_eq!(json_of(&r)["error"], want, "the CLI's message for {bad:?}");
    }
    assert_eq!(handle("GET", "/api/game", b"").status, 400);
    let games = json_of(&handle("GET", "/api/games", b""));
    assert_eq!(games["misere_max_stones"], MISERE_MAX_STONES);
    assert_eq!(games["max_graph_bytes"], MAX_GRAPH, "the page reads the graph limit from here");
    assert_eq!(handle("GET", "/favicon.svg", b"").content_type, "image/svg+xml");
}

/// Every move carries the core's reason; `places` says moves in the board's numbers; the
/// computer's level draws a random move with the chance asked, reproducibly by seed.
#[test]
fn reasons_places_and_levels() {
    let a = json_of(&handle("POST", "/api/analyze", br#"{"game":"nim","heaps":[3,1,2,5]}"#));
    let win = a["moves"].as_array().unwrap().iter().find(|m| m["winning"] == true).unwrap();
    assert_eq!(win["reason"], "leaves values 3 ⊕ 1 ⊕ 2 = 0, so the opponent loses against perfect play");
    let body = br#"{"game":"kayles","heaps":[2,3],"count":"placements","places":[[0,0],[0,3]]}"#;
    let a = json_of(&handle("POST", "/api/analyze", body));
    let words: Vec<&str> = a["moves"].as_array().unwrap().iter().map(|m| m["description"].as_str().unwrap()).collect();
    assert!(words.contains(&"knock down pin 4 of row A (pins 4-6), leaving 2"), "{words:?}");
    for bad in [&br#"{"game":"nim","heaps":[3],"places":[[0]]}"#[..], br#"{"game":"nim","heaps":[3],"random":2}"#] {
        assert_eq!(handle("POST", "/api/analyze", bad).status, 400);
    }
    let perfect = json_of(&handle("POST", "/api/computer", br#"{"game":"nim","heaps":[3,1,2,5]}"#));
    assert_eq!(perfect["move"]["winning"], true);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let body = format!(r#"{{"game":"nim","heaps":[3,1,2,5],"random":1,"seed":{seed}}}"#);
        let r = json_of(&handle("POST", "/api/computer", body.as_bytes()));
        let again = json_of(&handle("POST", "/api/computer", body.as_bytes()));
        assert_eq!(r, again, "the same seed, the same move");
        seen.insert(r["move"]["description"].as_str().unwrap().to_string());
    }
    assert!(seen.len() > 5, "a random move is drawn from the whole list: {seen:?}");
}

/// The Wythoff board of examples/graphs, as the page sends it.
const WYTHOFF: &str = include_str!("../../../../examples/graphs/wythoff-4x4.txt");

fn graph_body(graph: &str, heaps: &[u64]) -> Vec<u8> {
    json!({ "game": "wythoff-4x4.txt", "graph": graph, "heaps": heaps }).to_string().into_bytes()
}

#[test]
fn a_graph_game_is_described_with_its_vertices() {
    let body = json!({ "name": "wythoff-4x4.txt", "graph": WYTHOFF }).to_string();
    let r = handle("POST", "/api/game", body.as_bytes());
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let g = json_of(&r);
    let names: Vec<&str> = g["vertices"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(names.len(), 16);
    assert_eq!(names[0], "a1", "the sink comes first");
    assert!(g["rules"].as_str().unwrap().contains("16 vertices"), "{}", g["rules"]);
    // A game by name has no vertices.
    assert_eq!(json_of(&handle("GET", "/api/game?name=kayles", b""))["vertices"], serde_json::Value::Null);
}

#[test]
fn a_graph_position_is_analyzed_in_the_cores_words() {
    let game = Game::graph("w", WYTHOFF).unwrap();
    let (d4, c2, a1) = (game.heap_named("d4").unwrap(), game.heap_named("c2").unwrap(), game.heap_named("a1").unwrap());
    let r = handle("POST", "/api/analyze", &graph_body(WYTHOFF, &[d4, c2]));
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let a = json_of(&r);
    // c2 is lost (G = 0), d4 is not: the winning moves are those from d4 to a lost square.
    assert_eq!(a["values"][1], 0);
    let winning: Vec<&str> = a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["description"].as_str().unwrap())
        .collect();
    assert!(winning.contains(&"move token A from d4 to a1"), "{winning:?}");
    assert!(winning.iter().all(|w| w.starts_with("move token A from d4 to ")), "{winning:?}");
    // The computer moves too, and a token on a1 cannot move.
    let c = json_of(&handle("POST", "/api/computer", &graph_body(WYTHOFF, &[d4, c2])));
    assert_eq!(c["move"]["winning"], true);
    let over = json_of(&handle("POST", "/api/analyze", &graph_body(WYTHOFF, &[a1])));
    assert_eq!(over["game_over"], true);
    assert_eq!(over["end_reason"], "no move is left: every token is on a1, which has no move");
}

/// A graph with cycles: `POST /api/game` says so, `POST /api/loopy` answers a drawn position
/// with the moves that keep the draw, a won one with the soonest win first and the
/// computer's move, declares the draw when a drawn position comes a third time, and refuses
/// misère play and an acyclic graph in one line.
#[test]
fn a_graph_with_cycles_plays_through_the_loopy_route() {
    const TWO_EXITS: &str = "a: b end\nb: a end\nend:\n";
    let game = json_of(&handle("POST", "/api/game", br#"{"name":"two","graph":"a: b end\nb: a end\nend:\n"}"#));
    assert_eq!((game["loopy"].clone(), game["vertices"].clone()), (json!(true), json!(["a", "b", "end"])));
    let drawn = json_of(&handle("POST", "/api/loopy", &graph_body(TWO_EXITS, &[1, 2])));
    assert_eq!((drawn["outcome"].clone(), drawn["value"].clone()), (json!("D"), json!("∞{}")));
    assert_eq!(drawn["moves"][0]["kind"], "KeepsDraw");
    assert_eq!(drawn["moves"][0]["heaps"], json!([2, 2]));
    assert_eq!(drawn["drawn_by_repetition"], false);
    let won = json_of(&handle("POST", "/api/loopy", &graph_body(TWO_EXITS, &[1])));
    assert_eq!((won["outcome"].clone(), won["computer_move"].clone()), (json!("N"), json!(0)));
    assert_eq!(won["moves"][0]["description"], "move token A from a to end");
    assert_eq!(won["moves"][0]["length"], 1);
    let mut body: serde_json::Value = serde_json::from_slice(&graph_body(TWO_EXITS, &[1, 2])).unwrap();
    body["history"] = json!([[1, 2], [2, 2], [2, 1], [2, 2]]);
    let again = json_of(&handle("POST", "/api/loopy", body.to_string().as_bytes()));
    assert_eq!(again["drawn_by_repetition"], true);
    body["history"] = json!([]);
    body["misere"] = json!(true);
    let r = handle("POST", "/api/loopy", body.to_string().as_bytes());
    assert_eq!(r.status, 400);
    assert!(json_of(&r)["error"].as_str().unwrap().starts_with("misère play of the game on graph"));
    let r = handle("POST", "/api/loopy", &graph_body(WYTHOFF, &[1]));
    assert_eq!(r.status, 400);
    assert!(json_of(&r)["error"].as_str().unwrap().contains("has no cycle: POST /api/analyze"));

    // A lower level: with `random` the computer's move is drawn as /api/computer draws it
    // (the drawn position [1, 2] has four moves: each token to the other vertex or to end), the same for
    // the same seed; without it, the best move.
    let mut level: serde_json::Value = serde_json::from_slice(&graph_body(TWO_EXITS, &[1, 2])).unwrap();
    level["random"] = json!(1.0);
    let drawn_moves: Vec<u64> = (0..40u64)
        .map(|seed| {
            level["seed"] = json!(seed);
            json_of(&handle("POST", "/api/loopy", level.to_string().as_bytes()))["computer_move"].as_u64().unwrap()
        })
        .collect();
    assert!(drawn_moves.iter().all(|&i| i < 4), "{drawn_moves:?}");
    assert!((0..4).all(|i| drawn_moves.contains(&i)), "every move is drawn at some seed: {drawn_moves:?}");
    level["seed"] = json!(7);
    let twice: Vec<serde_json::Value> = (0..2)
        .map(|_| json_of(&handle("POST", "/api/loopy", level.to_string().as_bytes()))["computer_move"].clone())
        .collect();
    assert_eq!(twice[0], twice[1]);
    level["random"] = json!(0.0);
    assert_eq!(json_of(&handle("POST", "/api/loopy", level.to_string().as_bytes()))["computer_move"], 0);
}

#[test]
fn bad_graphs_are_refused_in_one_line_as_the_command_line_says() {
    let cases: [(&[u8], u16, &str); 6] = [
        (&graph_body("a: b\nb: a\n", &[1]), 400, "wythoff-4x4.txt has a cycle: POST /api/loopy answers its positions"),
        (&graph_body("a: b\n", &[1]), 400, "graph wythoff-4x4.txt: graph line 1: a move leads to \"b\""),
        (&graph_body(WYTHOFF, &[17]), 422, "has no vertex numbered 17 (it has 16)"),
        (br#"{"game":"graph:examples/graphs/wythoff-4x4.txt","heaps":[1]}"#, 400, "which the web page cannot read"),
        (br#"{"game":"w","graph":3,"heaps":[1]}"#, 400, "graph is a number, not a graph's text"),
        (br#"{"name":"w","graph":"a: b"}"#, 400, "graph line 1: a move leads to \"b\""),
    ];
    for (i, (body, status, words)) in cases.into_iter().enumerate() {
        let path = if i == 5 { "/api/game" } else { "/api/analyze" };
        let r = handle("POST", path, body);
        let text = json_of(&r)["error"].as_str().unwrap().to_string();
        assert_eq!(r.status, status, "{text}");
        assert!(text.contains(words) && !text.contains('\n'), "{text}");
    }
    let r = handle("GET", "/api/game?name=graph%3Ax.txt", b"");
    assert_eq!(r.status, 400);
    assert!(String::from_utf8_lossy(&r.body).contains("graph:x.txt names a file, which the web page cannot read"));
}

#[test]
fn a_graph_over_the_limit_is_refused_and_one_under_it_is_taken() {
    // Vertices v0 <- v1 <- ...: a path, long enough to pass MAX_GRAPH.
    let path = |n: usize| {
        let mut t = String::from("v0:\n");
        for i in 1..n {
            t.push_str(&format!("v{i}: v{}\n", i - 1));
        }
        t
    };
    let big = path(6000);
    assert!(big.len() > MAX_GRAPH);
    let r = handle("POST", "/api/game", json!({ "name": "big", "graph": big }).to_string().as_bytes());
    assert_eq!(r.status, 413);
    assert!(String::from_utf8_lossy(&r.body).contains(&format!("more than the page's limit of {MAX_GRAPH}")));
    let fits = path(4000);
    assert!(fits.len() < MAX_GRAPH);
    let r = handle(
        "POST",
        "/api/analyze",
        json!({ "game": "p", "graph": fits, "heaps": [4000, 7] }).to_string().as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    // A path's vertex k (from the sink) has value k mod 2.
    assert_eq!(json_of(&r)["values"], json!([1, 0]));
}

/// Issue 35, item 4: a practice answer names the game by the id the page asked with (the id
/// `/api/game` gave it), not by the game's own name, so the page can match it to its
/// question; before, every typed rule got "take-and-break .16" back for ".16".
#[test]
fn practice_answers_carry_the_id_the_page_asked_with() {
    for typed in [".16", "4.07", " .777 ", "s1,4,5", ".6", "dominoes", "kayles", "misere-nim"] {
        let q = typed.replace(',', "%2C").replace(' ', "+");
        let game = json_of(&handle("GET", &format!("/api/game?name={q}"), b""));
        let id = game["id"].as_str().unwrap();
        let url = format!("/api/practice?game={}&seed=5", id.replace(',', "%2C"));
        let r = handle("GET", &url, b"");
        if r.status == 200 {
            assert_eq!(json_of(&r)["game"], id, "{url}");
        } else {
            // Misère Nim has no practice problems (the worked solution is normal play's).
            assert_eq!(id, "misere-nim", "{url}: {}", String::from_utf8_lossy(&r.body));
        }
    }
}

/// Issue 35, item 5: misère Nim shares its game with Nim, but is its own entry: its name
/// and rules in the menu and from `/api/game` are its own ("taking the last stone loses"),
/// not Nim's; before, the menu held two entries named "Nim".
#[test]
fn misere_nim_has_its_own_name_and_rules() {
    let games = json_of(&handle("GET", "/api/games", b""));
    let games = games["games"].as_array().unwrap();
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    let unique: std::collections::BTreeSet<&&str> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "two menu entries share a name: {names:?}");
    let misere = games.iter().find(|g| g["id"] == "misere-nim").unwrap();
    let asked = json_of(&handle("GET", "/api/game?name=misere-nim", b""));
    for g in [misere, &asked] {
        assert_eq!(g["name"], catalog::find("misere-nim").unwrap().name);
        let rules = g["rules"].as_str().unwrap();
        assert!(rules.contains("takes the last stone loses") && !rules.contains("wins"), "{rules}");
    }
    assert_eq!(json_of(&handle("GET", "/api/game?name=nim", b""))["name"], "Nim");
}

/// Issue 35, item 4: practice on a game on a graph, its text sent in the body: tokens on its
/// vertices, the answer the analysis's count of winning moves; before, the page asked
/// `GET /api/practice?game=pasted` and got "unknown game".
#[test]
fn practice_on_a_graph_puts_tokens_on_its_vertices() {
    let graph = "a:\nb: a\nc: a b\nd: c\ne: d b\n";
    for seed in 0..20u64 {
        let body = json!({ "game": "pasted", "graph": graph, "seed": seed }).to_string();
        let r = handle("POST", "/api/practice", body.as_bytes());
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        let r = json_of(&r);
        assert_eq!((r["game"].as_str(), r["seed"].as_u64()), (Some("pasted"), Some(seed)));
        let heaps: Vec<u64> = serde_json::from_value(r["heaps"].clone()).unwrap();
        assert!(heaps.len() >= 2 && heaps.iter().all(|v| (1..=5).contains(v)), "{heaps:?}");
        let asked = json!({ "game": "pasted", "graph": graph, "heaps": heaps }).to_string();
        let a = json_of(&handle("POST", "/api/analyze", asked.as_bytes()));
        assert_eq!(r["answer"], a["winning_moves"], "seed {seed}");
        assert!(r["solution"].as_str().unwrap().contains("Step 5."));
    }
    for body in [
        json!({ "game": "pasted", "graph": "a: b\nb: a\n", "seed": 1 }),
        json!({ "game": "pasted", "graph": graph }),
        json!({ "game": "pasted", "graph": graph, "seed": 1, "heaps": [1] }),
    ] {
        assert_eq!(handle("POST", "/api/practice", body.to_string().as_bytes()).status, 400, "{body}");
    }
}
