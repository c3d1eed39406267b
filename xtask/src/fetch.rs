//! `cargo xtask fetch`: the reference pipeline.

use std::path::PathBuf;

use anyhow::{bail, Result};
use grundy_sources::fetch::{FetchOptions, Fetcher};
use grundy_sources::pipeline;

use crate::util;

#[derive(clap::Args)]
pub struct Args {
    /// Do not use the network: rebuild the parsed fixtures and the manifest from fixtures/raw/.
    #[arg(long)]
    offline: bool,
    /// Make fixtures/raw/ from a folder of stored source files (no network), then rebuild.
    #[arg(long, value_name = "DIR", conflicts_with = "offline")]
    import_stored: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    let root = util::fixtures();
    let report = if let Some(dir) = args.import_stored {
        pipeline::import_stored(&root, &dir, &util::today())?
    } else if args.offline {
        pipeline::regenerate(&root)?
    } else {
        let fetcher = Fetcher::new(FetchOptions::default())?;
        match pipeline::fetch_all(&root, &fetcher, |s| s.url.to_string(), &util::today()) {
            Ok(report) => report,
            Err(failures) => {
                for f in &failures {
                    eprintln!("{f}");
                }
                bail!("{} of the sources could not be fetched; every fixture is left as it was", failures.len());
            }
        }
    };
    for line in report.lines {
        println!("{line}");
    }
    Ok(())
}
