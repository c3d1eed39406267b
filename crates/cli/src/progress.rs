//! The one progress bar of the `grundy` command: count, rate and ETA, on stderr.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `len` items called `unit` ("heaps", "games").
pub fn bar(len: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{human_pos}}/{{human_len}} {unit}  {{per_sec}}  ETA {{eta}}  {{msg}}"
        ))
        .expect("a valid template"),
    );
    bar
}
