//! How moves read in words, in each game's own terms (split a heap, take stones, knock
//! down pins, place a domino, put a cross), and the letters that name heaps (A, B, ...,
//! Z, AA, ...). The move model ([`crate::position::model`]) attaches these words to every move.

use crate::game::Game;

/// The letter of heap `index`: A to Z, then AA, AB, ... as in spreadsheets.
pub fn heap_label(index: usize) -> String {
    let mut n = index + 1;
    let mut s = Vec::new();
    while n > 0 {
        n -= 1;
        s.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    s.reverse();
    String::from_utf8(s).expect("ASCII letters")
}

/// The heap index of a label made by [`heap_label`] (case-insensitive).
pub fn heap_index_of_label(label: &str) -> Option<usize> {
    if label.is_empty() || label.len() > 3 || !label.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let mut n = 0usize;
    for b in label.bytes() {
        n = n * 26 + (b.to_ascii_uppercase() - b'A') as usize + 1;
    }
    Some(n - 1)
}

/// How a game's moves read in words and how it is drawn. A named game carries its own in
/// catalog entry; any other game gets the words of its kind ([`Words::of`], written beside
/// the catalog, which it reads first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    /// Grundy's game: split a heap.
    Split,
    /// Nim, subtraction games, take-at-most-half: take stones from a heap.
    Take,
    /// Take-and-break codes not read as a row.
    Code,
    /// A game on a graph: move a token along an edge.
    Token,
    /// A game on a row, where a move removes a run of pieces (pins, squares, coins) and
    /// may split the row in two.
    Row(RowWords),
    /// Dawson's chess: a cross on a square clears it and its neighbours.
    Crosses,
}

/// The nouns and the verb of a game on a row: "knock down pins 3-4 of row A".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowWords {
    /// What a move does to the pieces ("knock down").
    pub verb: &'static str,
    /// One piece ("pin"; the plural adds an s).
    pub piece: &'static str,
    /// What a heap is drawn as ("row", "strip").
    pub row: &'static str,
}

impl RowWords {
    /// The words of a take-and-break code read as a row of squares, when no name says more.
    pub const SQUARES: RowWords = RowWords { verb: "remove", piece: "square", row: "strip" };
}

impl Words {
    /// Whether the game is played on a row, so that moves have places.
    pub fn on_a_row(self) -> bool {
        matches!(self, Words::Row(_) | Words::Crosses)
    }

    /// What one heap is drawn as: "heap", "row", "strip".
    pub fn thing(self) -> &'static str {
        match self {
            Words::Row(r) => r.row,
            Words::Crosses => "strip",
            _ => "heap",
        }
    }
}

fn list(parts: &[u64]) -> String {
    let s: Vec<String> = parts.iter().map(u64::to_string).collect();
    match s.len() {
        0 => String::new(),
        1 => s[0].clone(),
        _ => format!("{} and {}", s[..s.len() - 1].join(", "), s[s.len() - 1]),
    }
}

fn leaving(left: &[u64]) -> String {
    if left.is_empty() {
        "leaving nothing".into()
    } else {
        format!("leaving {}", list(left))
    }
}

/// A move in the game's own words.
pub(crate) fn describe(
    game: &Game,
    heap_index: usize,
    heap: u64,
    take: u64,
    at: Option<u64>,
    piece: Option<[u64; 2]>,
    left: &[u64],
) -> String {
    describe_placed(game, (heap_index, None), heap, take, at, piece, left)
}

/// A move in the game's own words, for a heap at `place`: its letter's index and, when the
/// heap is a stretch of a longer row on a board, the squares before it in that row. On a
/// board the squares keep the row's numbers and the stretch is named by the squares it
/// spans ("knock down pin 5 of row B (pins 4-6), leaving 1 and 1").
pub(crate) fn describe_placed(
    game: &Game,
    place: (usize, Option<u64>),
    heap: u64,
    take: u64,
    at: Option<u64>,
    piece: Option<[u64; 2]>,
    left: &[u64],
) -> String {
    let words = Words::of(game);
    let (heap_index, offset) = place;
    let label = heap_label(heap_index);
    let shift = offset.unwrap_or(0);
    // The cross's square is found in the heap's own numbers, then moved with the rest.
    let piece = match words {
        Words::Crosses => Some(piece.unwrap_or_else(|| piece_of(words, heap, take, at.unwrap_or(1)))),
        _ => piece,
    };
    let (at, piece) = (at.map(|a| a + shift), piece.map(|[a, b]| [a + shift, b + shift]));
    let unit = match words {
        Words::Row(r) => r.piece,
        _ => "square",
    };
    let size = match offset {
        None => heap.to_string(),
        Some(o) if heap == 1 => format!("{unit} {}", o + 1),
        Some(o) => format!("{unit}s {}-{}", o + 1, o + heap),
    };
    let squares = |what: &str, one: &str| {
        let p = at.unwrap_or(1);
        if take == 1 {
            format!("{what} {one} {p}")
        } else {
            format!("{what} {one}s {p}-{}", p + take - 1)
        }
    };
    match words {
        Words::Split => format!("split heap {label} ({heap}) into {}", list(left)),
        Words::Token => {
            let to = left.first().map_or_else(|| "nowhere".to_string(), |&v| game.heap_name(v));
            format!("move token {label} from {} to {to}", game.heap_name(heap))
        }
        Words::Take | Words::Code if take == heap => format!("take all {heap} of heap {label}"),
        Words::Take => format!("take {take} from heap {label} ({heap}), {}", leaving(left)),
        Words::Code => match (take, left.len()) {
            // A digit before the point adds tokens (`80.0`): the heaps left hold more.
            (0, _) if left.iter().sum::<u64>() > heap => {
                let added = left.iter().sum::<u64>() - heap;
                format!("add {added} to heap {label} ({heap}) and split it into {}", list(left))
            }
            (0, _) => format!("split heap {label} ({heap}) into {}", list(left)),
            (_, 0 | 1) => format!("take {take} from heap {label} ({heap}), {}", leaving(left)),
            _ => format!("take {take} from heap {label} ({heap}) and split the rest into {}", list(left)),
        },
        Words::Row(r) => format!("{} of {} {label} ({size}), {}", squares(r.verb, r.piece), r.row, leaving(left)),
        Words::Crosses => {
            let [square, _] = piece.unwrap_or([1, 1]);
            format!("put a cross on square {square} of strip {label} ({size}), {}", leaving(left))
        }
    }
}

/// The square a cross goes on, for a move of Dawson's chess that removes `take` squares
/// from the `at`-th on: a cross removes its square and both neighbours; at an end of the
/// strip only one neighbour, and on a strip of one square just itself.
fn cross_square(heap: u64, take: u64, at: u64) -> u64 {
    match take {
        3 => at + 1,
        2 if at == 1 => 1,
        2 => heap,
        _ => at,
    }
}

/// The squares (first, last; counted from 1) the piece itself covers, for a move of a game
/// played on a row that removes `take` squares from the `at`-th on: the pins knocked down,
/// the domino's two squares, the cross's one square (on a strip of 2, the left one).
pub(crate) fn piece_of(words: Words, heap: u64, take: u64, at: u64) -> [u64; 2] {
    match words {
        Words::Crosses => {
            let c = cross_square(heap, take, at);
            [c, c]
        }
        _ => [at, at + take.max(1) - 1],
    }
}
