//! The kinds of game, one file each, and the order in which they try to read a game's text
//! ([`PARSERS`]): adding a kind is its file and its line here.

use super::{Game, GameError};

pub mod graph;
pub(crate) mod grundy;
pub(crate) mod half;
pub(crate) mod loopy_graph;
pub(crate) mod nim;
pub(crate) mod squares;
pub(crate) mod subtraction;
pub(crate) mod take_and_break;
pub(crate) mod tbcode;

/// Reads `text` as a game of one kind: `None` when the text is not of the kind's shape (the
/// next kind tries), an error when it is but is wrong.
pub(crate) type Parser = fn(&str) -> Option<Result<Game, GameError>>;

/// The kinds that have a text of their own, in the order they try it (the named games are
/// the catalog's; a graph is read from its file by the front end: [`Game::graph`]).
///
/// Plain codes (hexadecimal digits, a point) are read by `take_and_break` as they always
/// were; every other code (with `!`, `?`, `=`, brackets, braces, `*`, `&`, digits past F or
/// before the point) by `tbcode`, which hands a code a plain kind plays to that kind.
pub(crate) const PARSERS: &[Parser] = &[subtraction::parse, take_and_break::parse, tbcode::parse];
