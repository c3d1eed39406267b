//! What every command asks the core through: one [`Job`] per run, holding the request
//! API's session, the limits of `--max-time` and `--max-memory`, and the cancellation token
//! Ctrl-C sets. A command makes a [`Control`] for each request with [`Job::control`], which
//! draws the job's progress on stderr with an ETA that follows the engine's model (a bar on
//! a terminal, a line every [`PIPE_INTERVAL`] on a pipe or a file).

use std::cell::RefCell;
use std::io::IsTerminal;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use grundy_core::ask::{human_seconds, Cancel, Control, Limits, Progress, Session};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often a job reports to a pipe or a file.
pub const PIPE_INTERVAL: Duration = Duration::from_secs(10);

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells report it.
pub const INTERRUPTED: u8 = 130;

/// The run's door into the core and what its requests carry.
pub struct Job {
    /// The request API.
    pub session: Session,
    /// `--max-time` and `--max-memory`.
    pub limits: Limits,
    /// Set by the first Ctrl-C.
    pub cancel: Cancel,
}

static CANCEL: OnceLock<Cancel> = OnceLock::new();

impl Job {
    /// The job of this run, with Ctrl-C installed: the first sets the token (the running
    /// request stops within a second, saving what it can), a second ends the process at once.
    pub fn new(limits: Limits) -> Job {
        let cancel = CANCEL.get_or_init(Cancel::new).clone();
        install_ctrl_c();
        Job { session: Session::new(), limits, cancel }
    }

    /// A control for one request, its progress drawn as `what` ("computing").
    pub fn control(&self, what: &'static str) -> (Control<'static>, Display) {
        let display = Display::new(what);
        let shown = display.clone();
        let ctl = Control::new(self.limits).with_cancel(self.cancel.clone()).with_progress(move |p| shown.update(p));
        (ctl, display)
    }

    /// A control without progress, for requests that answer at once.
    pub fn quiet(&self) -> Control<'static> {
        Control::new(self.limits).with_cancel(self.cancel.clone())
    }
}

/// Presses of Ctrl-C so far.
static PRESSES: AtomicUsize = AtomicUsize::new(0);

fn install_ctrl_c() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            if PRESSES.fetch_add(1, Ordering::SeqCst) > 0 {
                eprintln!("\ninterrupted again: stopping at once");
                std::process::exit(i32::from(INTERRUPTED));
            }
            if let Some(cancel) = CANCEL.get() {
                cancel.cancel();
            }
        });
    });
}

/// The progress of one request on stderr, shown once it has run a second.
#[derive(Clone)]
pub struct Display(Rc<RefCell<Shown>>);

struct Shown {
    what: &'static str,
    started: Instant,
    terminal: bool,
    bar: Option<ProgressBar>,
    /// In a pipe: when the last line was written (the first comes [`PIPE_INTERVAL`] after
    /// the start).
    last_line: Option<Instant>,
}

impl Display {
    /// Progress called `what`.
    pub fn new(what: &'static str) -> Display {
        Display(Rc::new(RefCell::new(Shown {
            what,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            bar: None,
            last_line: None,
        })))
    }

    /// Shows `p`.
    pub fn update(&self, p: &Progress) {
        let mut s = self.0.borrow_mut();
        let elapsed = s.started.elapsed();
        if elapsed < Duration::from_secs(1) {
            return;
        }
        let eta = p.eta(elapsed.as_secs_f64()).map_or("?".into(), human_seconds);
        if s.terminal {
            let what = s.what;
            let bar = s.bar.get_or_insert_with(|| {
                let bar = ProgressBar::with_draw_target(Some(p.total), ProgressDrawTarget::stderr());
                let template =
                    format!("{what} {{bar:40}} {{human_pos}}/{{human_len}} {}  {{per_sec}}  {{msg}}", p.unit);
                bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
                bar
            });
            bar.set_length(p.total);
            bar.set_position(p.done);
            bar.set_message(format!("ETA {eta}"));
        } else if s.last_line.unwrap_or(s.started).elapsed() >= PIPE_INTERVAL {
            s.last_line = Some(Instant::now());
            let percent = p.fraction() * 100.0;
            match p.unit {
                "values" => eprintln!("{}: G(0..{}) of G(0..{}) ({percent:.0}%), ETA {eta}", s.what, p.done, p.total),
                "heaps" => {
                    eprintln!("{}: heaps 0 to {} of 0 to {} ({percent:.0}%), ETA {eta}", s.what, p.done, p.total)
                }
                unit => eprintln!("{}: {} of {} {unit} ({percent:.0}%), ETA {eta}", s.what, p.done, p.total),
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0.borrow().bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Shown {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
