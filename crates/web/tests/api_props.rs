//! `api::handle` on arbitrary input never panics and answers bad input with a 4xx and a
//! one-line JSON reason in words: arbitrary bytes as the body of every POST route, and JSON-shaped
//! bodies with arbitrary games, heaps, `misere` and `count` values.

use grundy_web::api::handle;
use proptest::prelude::*;

/// `echoed` is text of the request that a reason may quote back (a game's name), so a
/// name that happens to spell a Rust type is not taken for one.
fn check(status: u16, body: &[u8], echoed: &str) -> Result<(), TestCaseError> {
    prop_assert!(status == 200 || (400..500).contains(&status), "status {status}");
    let v: serde_json::Value = serde_json::from_slice(body).expect("every API answer is JSON");
    if status != 200 {
        let reason = v["error"].as_str().expect("a reason");
        prop_assert!(!reason.is_empty() && !reason.contains('\n'));
        let reason = if echoed.is_empty() { reason.to_string() } else { reason.replace(echoed, "") };
        // In words: serde's own messages name Rust types.
        for rust in ["struct", "PositionRequest", "Convention", "u64", "invalid type"] {
            prop_assert!(!reason.contains(rust), "{reason}");
        }
    }
    Ok(())
}

proptest! {
    // 3,000 byte strings, each sent to the three POST routes of a position.
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_bytes(body in proptest::collection::vec(any::<u8>(), 0..300)) {
        for path in ["/api/analyze", "/api/computer", "/api/move"] {
            let r = handle("POST", path, &body);
            prop_assert!((400..500).contains(&r.status) || r.status == 200);
            check(r.status, &r.body, "")?;
        }
    }

    /// Bodies that are JSON, most of them valid positions, with games, sizes and flags
    /// drawn widely (including misère positions past the search's limit).
    #[test]
    fn json_shaped_bodies(
        game in prop_oneof!["grundy", "kayles", "dawsons-kayles", "s1,2,3", "half", "nim", "misere-nim", "[a-z.0-9,]{0,8}"],
        heaps in proptest::collection::vec(prop_oneof![0u64..20, 0u64..2000], 0..6),
        misere in proptest::option::of(any::<bool>()),
        count in proptest::option::of(prop_oneof!["heaps", "placements", "sizes", "[a-z]{0,6}"]),
        extra in any::<bool>(),
        summary in proptest::option::of(any::<bool>()),
        index in proptest::option::of(0u64..40),
    ) {
        let mut doc = serde_json::json!({ "game": game, "heaps": heaps });
        if let Some(m) = misere { doc["misere"] = m.into(); }
        if let Some(s) = summary { doc["summary"] = s.into(); }
        if let Some(i) = index { doc["move"] = i.into(); }
        if let Some(c) = count { doc["count"] = c.into(); }
        if extra { doc["extra"] = 1.into(); }
        let body = doc.to_string();
        for path in ["/api/analyze", "/api/computer", "/api/move"] {
            let r = handle("POST", path, body.as_bytes());
            check(r.status, &r.body, &game)?;
        }
    }
}
