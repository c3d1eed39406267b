//! The four tables of the tczajka/octal-games project (trivial, solved and unsolved games,
//! and the GameLookup equivalences), copied with their provenance into
//! `fixtures/raw/stored/`: the reference the `tczajka` families are compared with, and the
//! source of the codes of `tczajka-solved` and `tczajka-unsolved`.

/// Trivial games: `code pre-period period values`.
pub const TRIVIAL: &str = include_str!("../../../fixtures/raw/stored/tczajka_trivial_games.txt");
/// Solved games: `code pre-period period largest-at largest mask count last [who]`.
pub const SOLVED: &str = include_str!("../../../fixtures/raw/stored/tczajka_solved_games.txt");
/// Unsolved games: `code N largest-at largest mask count last` (`-` where empty).
pub const UNSOLVED: &str = include_str!("../../../fixtures/raw/stored/tczajka_unsolved_games.txt");
/// GameLookup: `code representative` (`=` for a representative).
pub const LOOKUP: &str = include_str!("../../../fixtures/raw/stored/tczajka_game_lookup.txt");

/// Rows of a whitespace-column table, without its `#` header.
pub fn rows(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.split_whitespace().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_their_documented_sizes() {
        assert_eq!(rows(TRIVIAL).count(), 82);
        assert_eq!(crate::family::table_codes(SOLVED).len(), 10);
        assert_eq!(rows(UNSOLVED).count(), 83);
        assert_eq!(crate::family::table_codes(UNSOLVED).len(), 82, "all but Grundy's game");
        assert_eq!(rows(LOOKUP).count(), 1022);
    }
}
