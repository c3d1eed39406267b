//! The summarized answer (issue 38): the same moves as the full answer, as columns, with
//! the words the page shows, and `/api/move` for the words of any other move.

use super::*;

fn json_of(r: &Reply) -> serde_json::Value {
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    serde_json::from_slice(&r.body).unwrap()
}

/// The summary's columns read back as move objects (what the page does), without words.
fn moves_of(summary: &serde_json::Value) -> Vec<serde_json::Value> {
    let col = |k: &str| summary[k].as_array().cloned();
    let (heap, take, left) = (col("heap_index").unwrap(), col("take").unwrap(), col("left").unwrap());
    let winning = col("winning").unwrap();
    (0..heap.len())
        .map(|i| {
            let mut m = json!({ "heap_index": heap[i], "take": take[i], "left": left[i], "winning": winning.contains(&json!(i)) });
            if let Some(at) = col("at") {
                m["at"] = at[i].clone();
                let own = col("piece").unwrap().into_iter().find(|p| p[0] == json!(i));
                m["piece"] = match own {
                    Some(p) => json!([p[1], p[2]]),
                    None => json!([at[i].as_u64().unwrap(), at[i].as_u64().unwrap() + take[i].as_u64().unwrap() - 1]),
                };
            }
            m
        })
        .collect()
}

/// The full answer's moves with only the fields a summary carries.
fn plain(full: &serde_json::Value) -> Vec<serde_json::Value> {
    full["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut p =
                json!({ "heap_index": m["heap_index"], "take": m["take"], "left": m["left"], "winning": m["winning"] });
            if m.get("at").is_some() {
                p["at"] = m["at"].clone();
                p["piece"] = m["piece"].clone();
            }
            p
        })
        .collect()
}

#[test]
fn a_summary_has_the_full_answers_moves_and_words() {
    for (game, heaps, places) in [
        ("nim", "[500,400,300]", None),
        ("grundy", "[1000,999]", None),
        ("kayles", "[300,300,300]", Some("[[0,0],[1,0],[2,0]]")),
        ("dominoes", "[30,7]", Some("[[0,0],[0,31]]")),
        ("crosses", "[12]", Some("[[0,2]]")),
        ("4.07", "[9,6]", None),
        (".777", "[12]", Some("[[0,0]]")),
        ("kayles", "[20,13]", None),
    ] {
        let places = places.map_or(String::new(), |p| format!(r#","count":"placements","places":{p}"#));
        let body = |extra: &str| format!(r#"{{"game":"{game}","heaps":{heaps}{places}{extra}}}"#);
        let full = json_of(&handle("POST", "/api/analyze", body("").as_bytes()));
        let short = json_of(&handle("POST", "/api/analyze", body(r#","summary":true"#).as_bytes()));
        assert!(short.get("moves").is_none());
        for key in
            ["heaps", "values", "nim_sum", "outcome", "legal_moves", "winning_moves", "computer_move", "game_over"]
        {
            assert_eq!(short[key], full[key], "{game} {heaps}: {key}");
        }
        let moves = full["moves"].as_array().unwrap();
        assert_eq!(moves_of(&short["summary"]), plain(&full), "{game} {heaps}");
        // Words: every move's while there are at most WORDED_MOVES, else the winning
        // moves' and the computer's, each the full answer's own.
        let words = short["summary"]["words"].as_array().unwrap();
        let computer = full["computer_move"].as_u64().map(|i| i as usize);
        let worded: Vec<usize> = words.iter().map(|w| w["index"].as_u64().unwrap() as usize).collect();
        let expected: Vec<usize> = (0..moves.len())
            .filter(|&i| moves.len() <= summary::WORDED_MOVES || moves[i]["winning"] == true || computer == Some(i))
            .collect();
        assert_eq!(worded, expected, "{game} {heaps}");
        for w in words {
            let m = &moves[w["index"].as_u64().unwrap() as usize];
            assert_eq!((&w["description"], &w["reason"]), (&m["description"], &m["reason"]), "{game} {heaps}");
        }
        // Any move's words by /api/move, as the full answer has them.
        for i in [0, moves.len() / 2, moves.len() - 1] {
            let one = json_of(&handle("POST", "/api/move", body(&format!(r#","move":{i}"#)).as_bytes()));
            assert_eq!(one["move"], moves[i], "{game} {heaps} move {i}");
        }
    }
}

#[test]
fn the_largest_boards_summary_is_small() {
    // Nim 500+400+300: 1,200 moves, 264 KiB with every move's words.
    let body = br#"{"game":"nim","heaps":[500,400,300],"summary":true}"#;
    let r = handle("POST", "/api/analyze", body);
    assert!(r.body.len() < 20 << 10, "{} bytes", r.body.len());
    let full = handle("POST", "/api/analyze", br#"{"game":"nim","heaps":[500,400,300]}"#);
    assert!(full.body.len() > 200 << 10, "{} bytes", full.body.len());
    // Four Kayles rows of 1,000: 7,996 moves, 2.2 MB with every move's words.
    let body = br#"{"game":"kayles","heaps":[1000,1000,1000,1000],"count":"placements","summary":true}"#;
    let r = handle("POST", "/api/analyze", body);
    assert_eq!(r.status, 200);
    assert!(r.body.len() < 150_000, "{} bytes", r.body.len());
}

#[test]
fn a_move_not_listed_is_refused_in_words() {
    let r = handle("POST", "/api/move", br#"{"game":"nim","heaps":[5],"move":5}"#);
    assert_eq!(r.status, 422);
    assert!(String::from_utf8_lossy(&r.body).contains("move 5 is not listed: the position lists 5 moves"));
    let r = handle("POST", "/api/move", br#"{"game":"nim","heaps":[5]}"#);
    assert_eq!(r.status, 422);
    let r = handle("POST", "/api/move", br#"{"game":"nim","heaps":[5],"move":"a"}"#);
    assert_eq!(r.status, 400);
}
