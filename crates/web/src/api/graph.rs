//! Games on a graph, for the page: the graph's text travels with each request (the page
//! reads the file or a pasted text; the server reads no files), is parsed by the core with
//! the command line's one-line errors, and heaps are the core's vertex numbers (0: no token).

use grundy_core::game::{Game, Played};

use super::Reply;

/// The largest graph text a request may carry: far below the command line's
/// [`grundy_core::game::graph::MAX_GRAPH_FILE_BYTES`], since the text comes with every
/// request of a game.
pub const MAX_GRAPH: usize = 64 * 1024;

/// A game by name, code or set, as [`Played::parse`] reads it; `graph:FILE` is refused in
/// words, since the server reads no file a page names.
pub fn parse_played(name: &str) -> Result<Played, Reply> {
    if let Some(file) = name.trim().strip_prefix("graph:") {
        return Err(Reply::error(
            400,
            format!("graph:{file} names a file, which the web page cannot read: load the file or paste its text in the page's Graph field (sent as the graph field of a request)"),
        ));
    }
    Played::parse(name).map_err(|e| Reply::error(400, e.to_string()))
}

/// The game on the graph `text`, called `label` (a graph with cycles too, whose positions
/// `/api/loopy` answers), refused as the command line refuses it
/// ("graph LABEL: graph line 3: ...") or when the text passes [`MAX_GRAPH`].
pub fn graph_game(label: &str, text: &str) -> Result<Game, Reply> {
    if text.len() > MAX_GRAPH {
        return Err(Reply::error(
            413,
            format!(
                "graph {label} is {} bytes, more than the page's limit of {MAX_GRAPH} (the command line takes up to {} bytes: grundy play --game graph:FILE)",
                text.len(),
                grundy_core::game::graph::MAX_GRAPH_FILE_BYTES
            ),
        ));
    }
    Game::any_graph(label, text).map_err(|e| Reply::error(400, format!("graph {label}: {e}")))
}

/// The names of a finite game's vertices, in heap order (heap v is `names[v - 1]`); `None`
/// for a game whose heaps are counts.
pub fn vertex_names(game: &Game) -> Option<Vec<String>> {
    game.largest_heap().map(|n| (1..=n).map(|v| game.heap_name(v)).collect())
}
