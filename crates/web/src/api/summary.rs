//! The page's answers, which carry only what the page draws (issue 38): a position's moves
//! as columns of numbers (heap, stones taken, heaps left, and for games on a row the first
//! square and the piece) instead of one object a move, and the words of a move (its
//! description and why it wins or loses) for every move only while there are at most
//! [`WORDED_MOVES`]; past that, for the winning moves and the computer's. Nim 500+400+300
//! (1,200 moves) is 14 KB so, against 264 KiB with every move's words, and four Kayles
//! rows of 1,000 (7,996 moves) 142 KB against 2.2 MB (12 KB and 174 KB gzipped); the words of any
//! other move are one `POST /api/move` away, which the page asks when that move is played.

use grundy_core::ask::Analyzed;
use serde_json::{json, Value};

use super::{PositionRequest, Reply};

/// Most moves given their words in a summary: every move of a position the page shows in
/// full (the largest of the e2e suite's boards have under 100), a board of hundreds of
/// buttons only its winning moves'.
pub const WORDED_MOVES: usize = 200;

/// The analysis document with `summary` in place of `moves`: columns `heap_index`, `take`,
/// `left` and, for games on a row, `at`, one entry a listed move in the order of
/// `computer_move`'s index; for games on a row `piece`, `[index, first, last]` for each
/// move whose piece is not the squares it removes (`[at, at + take - 1]`: dominoes,
/// crosses); the indices of the `winning` moves; and `words`, a list of
/// `{index, description, reason}`.
pub(super) fn summarized(answer: &Analyzed) -> Value {
    let a = &answer.analysis;
    let mut doc = serde_json::to_value(a).expect("an analysis serializes");
    let moves = &a.moves;
    let column = |f: &dyn Fn(&grundy_core::ask::Move) -> Value| Value::Array(moves.iter().map(f).collect());
    let mut summary = json!({
        "heap_index": column(&|m| json!(m.heap_index)),
        "take": column(&|m| json!(m.take)),
        "left": column(&|m| json!(m.left)),
        "winning": moves.iter().enumerate().filter(|(_, m)| m.winning).map(|(i, _)| i).collect::<Vec<_>>(),
    });
    if moves.iter().any(|m| m.at.is_some()) {
        summary["at"] = column(&|m| json!(m.at));
        summary["piece"] = moves
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match (m.piece, m.at) {
                (Some(p), Some(at)) if m.take >= 1 && p == [at, at + m.take - 1] => None,
                (Some([p, q]), _) => Some(json!([i, p, q])),
                (None, _) => None,
            })
            .collect();
    }
    let worded = |i: usize| moves.len() <= WORDED_MOVES || moves[i].winning || a.computer_move == Some(i);
    summary["words"] = (0..moves.len())
        .filter(|&i| worded(i))
        .map(|i| json!({ "index": i, "description": moves[i].description, "reason": answer.reason(&moves[i]) }))
        .collect();
    let fields = doc.as_object_mut().expect("an analysis is an object");
    fields.remove("moves");
    fields.insert("summary".into(), summary);
    doc
}

/// `/api/move`: one listed move of the position, by its index, with its words and why it
/// wins or loses, and the heaps it leaves (what a summary leaves out).
pub(super) fn move_reply(answer: &Analyzed, req: &PositionRequest) -> Reply {
    let moves = &answer.analysis.moves;
    let Some(m) = req.move_index.and_then(|i| moves.get(i)) else {
        return Reply::error(
            422,
            match req.move_index {
                None => "move is missing: the index of one of the position's listed moves".into(),
                Some(i) => format!("move {i} is not listed: the position lists {} moves", moves.len()),
            },
        );
    };
    let mut doc = json!({ "move": m, "heaps": answer.analysis.position_after(m) });
    doc["move"]["reason"] = json!(answer.reason(m));
    Reply::json(200, doc)
}
