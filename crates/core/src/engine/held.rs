//! The values an engine holds, as a period search or a table reads them in place: a leaf
//! the engines and the chooser share (an engine does not import the chooser).

use super::definition::Wide;

/// The values an engine holds: two bytes a heap in the sweeps while they fit, four elsewhere.
pub enum Values<'a> {
    /// Grundy's game, and an octal sweep while every value is below 2^16.
    Narrow(&'a [u16]),
    /// The definition's values, and an octal sweep's once one needs more than 16 bits.
    Wide(&'a [Wide]),
}
