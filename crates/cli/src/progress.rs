//! The one progress bar of the `grundy` command: count, rate and ETA, on stderr.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `len` items called `unit` ("heaps", "games"): the sweep's one template
/// ([`grundy_core::engine::grundy::fast::PROGRESS_TEMPLATE`]) with the unit put in and a message after.
pub fn bar(len: u64, unit: &str) -> ProgressBar {
    let template = format!(
        "{}  {{msg}}",
        grundy_core::engine::grundy::fast::PROGRESS_TEMPLATE.replace(" heaps", &format!(" {unit}"))
    );
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
    bar
}
