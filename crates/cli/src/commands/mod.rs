//! One module per subcommand, each a thin front end: it builds a request, asks the core's
//! request API through the run's [`crate::job::Job`], and prints the answer.

use anyhow::Context;
use grundy_core::ask::{AskError, ErrorKind};
use grundy_core::game::Game;

pub mod analyze;
pub mod census;
pub mod describe;
pub mod explain;
pub mod genus;
pub mod loopy;
pub mod period;
pub mod play;
pub mod practice;
pub mod quotient;
pub mod resume;
pub mod serve;
pub mod sweep;
pub mod value;
pub mod values;

/// The core's answer as a command's result: a refusal (a limit, a bad input, a
/// cancellation) speaks for itself; a failure says which game it was computing.
pub fn asked<T>(answer: Result<T, AskError>, game: &Game) -> anyhow::Result<T> {
    match answer {
        Ok(t) => Ok(t),
        Err(e) if e.kind() == ErrorKind::Failed => {
            Err(anyhow::Error::new(e)).with_context(|| format!("computing the values of {}", game.name()))
        }
        Err(e) => Err(e.into()),
    }
}
