//! The terminal and the web page choose the same computer move: for every game the page
//! offers and every position of at most 12 stones (largest heap first, and smallest first
//! up to 8 stones; misère play up to 8 stones), `grundy play --computer-first` over a pipe
//! and `POST /api/computer` through the API's pure `handle` make the same move, in the
//! same words, and leave the same heaps.

use std::process::{Command, Stdio};

use grundy_core::position::exhaustive::positions_up_to;
use grundy_web::api::handle;
use serde_json::{json, Value};

/// What the terminal's computer does from `heaps`: its move's words and the heaps left,
/// or None when no move is left.
fn terminal(game: &str, heaps: &[u64], misere: bool) -> Option<(String, Vec<u64>)> {
    let mut args = vec!["play".to_string(), "--computer-first".into(), "--game".into(), game.into()];
    if misere {
        args.push("--misere".into());
    }
    args.extend(heaps.iter().map(u64::to_string));
    let out = Command::new(env!("CARGO_BIN_EXE_grundy")).args(&args).stdin(Stdio::null()).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines().skip_while(|l| !l.starts_with("computer: "));
    let words = lines.next()?.trim_start_matches("computer: ").to_string();
    let after = lines.find_map(|l| l.strip_prefix("heaps: "))?;
    let heaps = if after == "none" { vec![] } else { after.split(' ').map(|t| t.parse().unwrap()).collect() };
    Some((words, heaps))
}

/// What the web API's computer does from `heaps`.
fn web(game: &str, heaps: &[u64], misere: bool) -> Option<(String, Vec<u64>)> {
    let body = json!({ "game": game, "heaps": heaps, "misere": misere }).to_string();
    let r = handle("POST", "/api/computer", body.as_bytes());
    assert_eq!(r.status, 200, "{body}: {}", String::from_utf8_lossy(&r.body));
    let v: Value = serde_json::from_slice(&r.body).unwrap();
    if v["move"].is_null() {
        return None;
    }
    let words = v["move"]["description"].as_str().unwrap().to_string();
    let heaps = v["heaps"].as_array().unwrap().iter().map(|h| h.as_u64().unwrap()).collect();
    Some((words, heaps))
}

#[test]
fn terminal_and_web_choose_the_same_move() {
    let games: Value = serde_json::from_slice(&handle("GET", "/api/games", b"").body).unwrap();
    let ids: Vec<String> =
        games["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().into()).collect();
    assert!(ids.len() >= 7, "{ids:?}");
    let mut compared = 0;
    for id in &ids {
        for heaps in positions_up_to(12).into_iter().filter(|h| !h.is_empty()) {
            let stones: u64 = heaps.iter().sum();
            let mut orders = vec![(heaps.clone(), false)];
            if stones <= 8 {
                orders.push((heaps.iter().rev().copied().collect(), false));
                orders.push((heaps.clone(), true));
            }
            for (order, misere) in orders {
                let t = terminal(id, &order, misere);
                let w = web(id, &order, misere);
                assert_eq!(t, w, "{id} {order:?} misère {misere}");
                compared += 1;
            }
        }
    }
    // 271 positions, 66 of them also reversed and under misère play, for each game: 2,821.
    eprintln!("{compared} positions compared");
    assert!(compared >= 7 * 271);
}
