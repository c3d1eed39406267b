//! What a job may take and how it is going: the limits of `--max-time` and
//! `--max-memory`, and the progress of a long job on stderr, with an ETA that follows the
//! engine's cost model ([`Engine::eta`]), drawn as a bar on a terminal and written as a
//! line every [`PIPE_INTERVAL`] when stderr is a pipe or a file.

use std::io::IsTerminal;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use grundy_core::engine::cost::human_seconds;
use grundy_core::engine::{Engine, Limits};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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

/// The default `--max-time`: an hour. Beyond it a researcher wants to know before starting.
pub const DEFAULT_MAX_SECONDS: f64 = 3600.0;

static LIMITS: OnceLock<Limits> = OnceLock::new();

/// Sets the limits of this run (once, from the command line): `None` for the defaults,
/// an hour and three quarters of the memory available.
pub fn set_limits(seconds: Option<f64>, bytes: Option<u64>) {
    let limits = Limits {
        seconds: seconds.unwrap_or(DEFAULT_MAX_SECONDS),
        bytes: bytes.unwrap_or_else(|| memory_available() / 4 * 3),
    };
    let _ = LIMITS.set(limits);
}

/// The limits of this run.
pub fn limits() -> Limits {
    *LIMITS.get_or_init(|| Limits { seconds: DEFAULT_MAX_SECONDS, bytes: memory_available() / 4 * 3 })
}

/// Memory the system reports available (8 GiB if that cannot be read).
fn memory_available() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    });
    available.unwrap_or(8 << 30)
}

/// A number and the letters that end it: `10m` is (10, m), `1e9` is (1e9, none) as counts
/// write it (the `e` of an exponent is not a unit), `1e3s` is (1e3, s).
fn number_and_unit(t: &str) -> (&str, &str) {
    let number = t.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    (number, &t[number.len()..])
}

/// Parses `--max-time`: seconds, or a number with s, m, h or d (`90`, `10m`, `2h`, `1e9`).
pub fn parse_duration(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let (number, unit) = match number_and_unit(t) {
        (number, "") => (number, "s"),
        other => other,
    };
    let scale = match unit {
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        _ => return Err(format!("unknown unit {unit:?} (s, m, h or d)")),
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x * scale),
        _ => Err(format!("{t:?} is not a positive time such as 90, 10m or 2h")),
    }
}

/// Parses `--max-memory`: bytes, or a number with K, M, G or T (powers of 1024, an
/// optional `iB` or `B`: `512M`, `4GiB`).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (number, unit) = number_and_unit(t);
    let unit = unit.trim_end_matches("iB").trim_end_matches('B');
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("unknown unit in {t:?} (K, M, G or T, as in 512M or 4GiB)")),
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x * ((1u64 << shift) as f64) < u64::MAX as f64 => {
            Ok((x * (1u64 << shift) as f64) as u64)
        }
        _ => Err(format!("{t:?} is not a positive size such as 512M or 4GiB")),
    }
}

/// How often a job reports to a pipe or a file.
pub const PIPE_INTERVAL: Duration = Duration::from_secs(10);

/// Progress of one engine's job over G(0..total), shown once it has run a second.
pub struct Progress {
    /// The model the ETA follows: the engine's, or seconds for G(0..done) given.
    model: Model,
    total: u64,
    what: &'static str,
    started: Instant,
    /// On a terminal: the bar, once shown.
    bar: Option<ProgressBar>,
    terminal: bool,
    /// In a pipe: when the last line was written (the first comes [`PIPE_INTERVAL`] after
    /// the start).
    last_line: Option<Instant>,
}

/// What an ETA follows.
enum Model {
    /// The engine's cost model ([`Engine::eta`]).
    Engine(Engine),
    /// Linear in the items (writing a table).
    Linear,
    /// Seconds the model gives for the first `done` items (the misère quotient's).
    Seconds(Box<dyn Fn(u64) -> f64>),
}

impl Progress {
    /// Progress of `engine` computing G(0..total), called `what` ("computing").
    pub fn new(engine: &Engine, total: u64, what: &'static str) -> Progress {
        Progress::following(Model::Engine(engine.clone()), total, what)
    }

    /// Progress of writing the rows of G(0..total): linear, so the ETA is the time so far
    /// scaled by the rows left.
    pub fn writing(total: u64) -> Progress {
        Progress::following(Model::Linear, total, "writing")
    }

    /// Progress over `total` items whose first `done` take `seconds(done)` by a model (the
    /// misère quotient's, heap by heap).
    pub fn modelled(total: u64, what: &'static str, seconds: Box<dyn Fn(u64) -> f64>) -> Progress {
        Progress::following(Model::Seconds(seconds), total, what)
    }

    fn following(model: Model, total: u64, what: &'static str) -> Progress {
        Progress {
            model,
            total,
            what,
            started: Instant::now(),
            bar: None,
            terminal: std::io::stderr().is_terminal(),
            last_line: None,
        }
    }

    /// G(0..done) are known.
    pub fn set(&mut self, done: u64) {
        self.set_of(done, self.total);
    }

    /// G(0..done) are known of G(0..total), a total the job may lower as it goes (a
    /// period search that looks only as far as its limits allow).
    pub fn set_of(&mut self, done: u64, total: u64) {
        self.total = total;
        let elapsed = self.started.elapsed();
        if elapsed < Duration::from_secs(1) {
            return;
        }
        let elapsed_s = elapsed.as_secs_f64();
        let eta = match &self.model {
            Model::Engine(engine) => engine.eta(done, self.total, elapsed_s),
            Model::Linear => (done > 0).then(|| elapsed_s / done as f64 * self.total.saturating_sub(done) as f64),
            Model::Seconds(f) => {
                let so_far = f(done);
                (so_far > 0.0).then(|| (elapsed_s / so_far * (f(self.total) - so_far)).max(0.0))
            }
        };
        let eta = eta.map_or("?".into(), human_seconds);
        if self.terminal {
            let bar = self.bar.get_or_insert_with(|| {
                let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
                let template =
                    format!("{} {{bar:40}} {{human_pos}}/{{human_len}} heaps  {{per_sec}}  {{msg}}", self.what);
                bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
                bar
            });
            bar.set_length(self.total);
            bar.set_position(done);
            bar.set_message(format!("ETA {eta}"));
        } else if self.last_line.unwrap_or(self.started).elapsed() >= PIPE_INTERVAL {
            self.last_line = Some(Instant::now());
            let percent = done as f64 * 100.0 / self.total.max(1) as f64;
            if matches!(self.model, Model::Seconds(_)) {
                eprintln!("{}: heaps 0 to {done} of 0 to {} ({percent:.0}%), ETA {eta}", self.what, self.total);
            } else {
                eprintln!("{}: G(0..{done}) of G(0..{}) ({percent:.0}%), ETA {eta}", self.what, self.total);
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_parse() {
        assert_eq!(parse_duration("90"), Ok(90.0));
        assert_eq!(parse_duration("10m"), Ok(600.0));
        assert_eq!(parse_duration("2h"), Ok(7200.0));
        assert_eq!(parse_duration("1e9"), Ok(1e9));
        assert_eq!(parse_duration("1e3m"), Ok(60_000.0));
        assert_eq!(parse_bytes("1e9"), Ok(1_000_000_000));
        assert!(parse_duration("-5").is_err() && parse_duration("5y").is_err() && parse_duration("").is_err());
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("4GiB"), Ok(4 << 30));
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert!(parse_bytes("4Q").is_err() && parse_bytes("0").is_err() && parse_bytes("x").is_err());
    }
}
