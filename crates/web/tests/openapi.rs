//! The OpenAPI document (`/api/openapi.json`) is kept equal to the handlers: it names every
//! path and method of `api::ROUTES` and no other (HEAD wherever the server answers it), and
//! answers to requests of every operation, good and bad, have a status the document lists
//! for it and a body its schema accepts (checked by a small validator of the keywords the
//! document uses). schemathesis fuzzes the live server from the same document in CI.

use std::collections::BTreeSet;

use grundy_web::api::{handle, page_file, ROUTES};
use serde_json::Value;

fn document() -> Value {
    let r = handle("GET", "/api/openapi.json", b"");
    assert_eq!(r.status, 200);
    serde_json::from_slice(&r.body).expect("the document is JSON")
}

#[test]
fn every_route_and_no_other_is_described() {
    let doc = document();
    assert_eq!(doc["openapi"].as_str().map(|v| &v[..2]), Some("3."));
    let described: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| ops.as_object().unwrap().keys().map(move |m| (path.clone(), m.to_uppercase())))
        .collect();
    let handled: BTreeSet<(String, String)> = ROUTES
        .iter()
        .flat_map(|(path, methods)| {
            let head = page_file(path).map(|_| "HEAD");
            methods.iter().copied().chain(head).map(move |m| (path.to_string(), m.to_string()))
        })
        .collect();
    assert_eq!(described, handled);
    // And the handler refuses every other method of a described path with 405, and an
    // undescribed path with 404.
    for (path, methods) in ROUTES {
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            let status = handle(method, path, b"{}").status;
            assert_eq!(status == 405, !methods.contains(&method), "{method} {path}: {status}");
        }
    }
    assert_eq!(handle("GET", "/api/nothing", b"").status, 404);
}

/// Follows `$ref`s within the document.
fn resolve<'a>(doc: &'a Value, mut v: &'a Value) -> &'a Value {
    while let Some(r) = v.get("$ref").and_then(Value::as_str) {
        v = doc.pointer(r.trim_start_matches('#')).unwrap_or_else(|| panic!("no {r}"));
    }
    v
}

/// Whether `v` is valid against `schema`, for the keywords the document uses; the error
/// names where it is not.
fn check(doc: &Value, schema: &Value, v: &Value, at: &str) -> Result<(), String> {
    let schema = resolve(doc, schema);
    if v.is_null() && schema["nullable"] == true {
        return Ok(());
    }
    if let Some(all) = schema["allOf"].as_array() {
        return all.iter().try_for_each(|s| check(doc, s, v, at));
    }
    let fail = |what: &str| Err(format!("{at}: {what}: {v:.80}"));
    match schema["type"].as_str() {
        Some("object") => {
            let Some(fields) = v.as_object() else { return fail("not an object") };
            for key in schema["required"].as_array().into_iter().flatten() {
                if !fields.contains_key(key.as_str().unwrap()) {
                    return fail(&format!("{key} is missing"));
                }
            }
            let props = schema["properties"].as_object();
            for (key, value) in fields {
                match props.and_then(|p| p.get(key)) {
                    Some(s) => check(doc, s, value, &format!("{at}.{key}"))?,
                    None if schema["additionalProperties"] == false => return fail(&format!("{key} is not described")),
                    None => {}
                }
            }
        }
        Some("array") => {
            let Some(items) = v.as_array() else { return fail("not an array") };
            if schema["minItems"].as_u64().is_some_and(|n| (items.len() as u64) < n)
                || schema["maxItems"].as_u64().is_some_and(|n| (items.len() as u64) > n)
            {
                return fail("wrong length");
            }
            for (i, item) in items.iter().enumerate() {
                check(doc, &schema["items"], item, &format!("{at}[{i}]"))?;
            }
        }
        Some("string") if !v.is_string() => return fail("not text"),
        Some("string") if schema["minLength"].as_u64().is_some_and(|n| v.as_str().unwrap().len() < n as usize) => {
            return fail("too short")
        }
        Some("integer") if !(v.is_u64() || v.is_i64()) => return fail("not an integer"),
        Some("integer") if schema["minimum"].as_i64().is_some_and(|m| v.as_i64().is_some_and(|x| x < m)) => {
            return fail("below the minimum")
        }
        Some("number") if !v.is_number() => return fail("not a number"),
        Some("boolean") if !v.is_boolean() => return fail("not true or false"),
        _ => {}
    }
    if let Some(allowed) = schema["enum"].as_array() {
        if !allowed.contains(v) {
            return fail("not one of the values allowed");
        }
    }
    Ok(())
}

/// Requests of every operation, good and bad.
const REQUESTS: &[(&str, &str, &str)] = &[
    ("GET", "/", ""),
    ("GET", "/app.js", ""),
    ("GET", "/api/openapi.json", ""),
    ("GET", "/api/findings", ""),
    ("GET", "/api/games", ""),
    ("GET", "/api/game?name=kayles", ""),
    ("GET", "/api/game?name=.6", ""),
    ("GET", "/api/game?name=chess", ""),
    ("GET", "/api/game", ""),
    ("POST", "/api/game", r#"{"name":"g","graph":"a: b\nb:\n"}"#),
    ("POST", "/api/game", r#"{"name":"g","graph":"a: a\n"}"#),
    ("POST", "/api/game", "[]"),
    ("GET", "/api/values?game=kayles&to=20", ""),
    ("GET", "/api/values?to=2%5E4", ""),
    ("GET", "/api/values?game=grundy&to=0", ""),
    ("GET", "/api/values?to=100001", ""),
    ("GET", "/api/values?game=.fffff&to=1000", ""),
    ("GET", "/api/values?to=1&to=2", ""),
    ("POST", "/api/analyze", r#"{"game":"grundy","heaps":[5,9,12]}"#),
    ("POST", "/api/analyze", r#"{"game":"dawsons-kayles","heaps":[7,4],"count":"placements","places":[[0,0],[0,9]]}"#),
    ("POST", "/api/analyze", r#"{"game":"kayles","heaps":[3,5],"misere":true}"#),
    ("POST", "/api/analyze", r#"{"game":"nim","heaps":[1,1],"misere":true}"#),
    ("POST", "/api/analyze", r#"{"game":"grundy","heaps":[2,1]}"#),
    ("POST", "/api/analyze", r#"{"game":"grundy","heaps":[100000]}"#),
    ("POST", "/api/analyze", r#"{"game":"grundy","heaps":"5"}"#),
    ("POST", "/api/analyze", r#"{"game":"nim","heaps":[500,400,300],"summary":true}"#),
    (
        "POST",
        "/api/analyze",
        r#"{"game":"dominoes","heaps":[7,4],"count":"placements","places":[[0,0],[0,9]],"summary":true}"#,
    ),
    ("POST", "/api/analyze", r#"{"game":"kayles","heaps":[300,300],"count":"placements","summary":true}"#),
    ("POST", "/api/analyze", r#"{"game":"nim","heaps":[3],"summary":"yes"}"#),
    ("POST", "/api/move", r#"{"game":"nim","heaps":[500,400,300],"move":17}"#),
    ("POST", "/api/move", r#"{"game":"nim","heaps":[5],"move":5}"#),
    ("POST", "/api/move", r#"{"game":"nim","heaps":[5]}"#),
    ("POST", "/api/move", r#"{"game":"nim","heaps":[5],"move":-1}"#),
    ("POST", "/api/computer", r#"{"game":"kayles","heaps":[10,7],"random":0.5,"seed":3}"#),
    ("POST", "/api/computer", r#"{"game":"grundy","heaps":[2,1]}"#),
    ("POST", "/api/computer", "{"),
    ("POST", "/api/loopy", r#"{"game":"g","graph":"a: b end\nb: a end\nend:\n","heaps":[1,2],"history":[[1,2]]}"#),
    ("POST", "/api/loopy", r#"{"game":"g","graph":"a: b end\nb: a end\nend:\n","heaps":[1]}"#),
    ("POST", "/api/loopy", r#"{"game":"g","graph":"a: b\nb:\n","heaps":[1]}"#),
    ("GET", "/api/practice?game=kayles&seed=3", ""),
    ("GET", "/api/practice?game=misere-nim&seed=3", ""),
    ("GET", "/api/practice?game=kayles", ""),
    ("POST", "/api/practice", r#"{"game":"g","graph":"a: b c\nb: c\nc:\n","seed":2}"#),
    ("POST", "/api/practice", r#"{"game":"g"}"#),
];

#[test]
fn answers_match_the_document() {
    let doc = document();
    // Every operation is asked at least once here.
    for (path, methods) in ROUTES.iter().filter(|(p, _)| p.starts_with("/api/")) {
        for method in methods.iter() {
            assert!(
                REQUESTS.iter().any(|(m, u, _)| m == method && u.split('?').next() == Some(path)),
                "{method} {path} is never asked"
            );
        }
    }
    for &(method, url, body) in REQUESTS {
        let path = url.split('?').next().unwrap();
        let op = &doc["paths"][path][method.to_lowercase()];
        assert!(op.is_object(), "{method} {path} is not described");
        let r = handle(method, url, body.as_bytes());
        let status = r.status.to_string();
        let response = resolve(&doc, &op["responses"][&status]);
        assert!(response.is_object(), "{method} {url}: {status} is not described for it");
        let media = &response["content"][r.content_type.split(';').next().unwrap()];
        assert!(media.is_object(), "{method} {url}: {} is not described for {status}", r.content_type);
        if r.content_type == "application/json" {
            let v: Value = serde_json::from_slice(&r.body).unwrap();
            check(&doc, &media["schema"], &v, &format!("{method} {url}")).unwrap();
        }
    }
}
