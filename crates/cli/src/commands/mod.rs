//! One module per subcommand of `grundy`.

pub mod analyze;
pub mod census;
pub mod explain;
pub mod misere;
pub mod period;
pub mod play;
pub mod quotient;
pub mod sweep;
pub mod values;
