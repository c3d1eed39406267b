//! What a request carries besides its question: the limits it may take, its cancellation
//! token and where its progress goes ([`Control`]), and what a progress report says
//! ([`Progress`]: how far, of how much, and the engine's model, so that a front end shows an
//! ETA without knowing which engine runs).

use crate::control::{Cancel, Limits};
use crate::engine::Engine;

/// How far a job has come: G(0..done) of G(0..total) (or games, heaps of a quotient), with
/// the engine's cost model at both points, so that the time left follows the model
/// (a quadratic job's second half takes three times its first) scaled by this machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Units done.
    pub done: u64,
    /// Units the job sets out to do (it may lower it as it goes: a period found early).
    pub total: u64,
    /// What is counted: "values" (G(0..done) of G(0..total)), "heaps" (of a misère
    /// quotient, heaps 0 to done), "games".
    pub unit: &'static str,
    /// The model's seconds for `done` units.
    pub model_done: f64,
    /// The model's seconds for `total` units.
    pub model_total: f64,
}

impl Progress {
    /// Seconds left: the model's remaining time scaled by how the `elapsed` seconds so far
    /// compare with the model's. `None` before there is anything to scale by.
    pub fn eta(&self, elapsed: f64) -> Option<f64> {
        if self.done == 0 || self.model_done <= 0.0 || elapsed < 0.05 {
            return None;
        }
        Some((elapsed / self.model_done * (self.model_total - self.model_done)).max(0.0))
    }

    /// The share done, by the model (0 to 1).
    pub fn fraction(&self) -> f64 {
        if self.model_total > 0.0 {
            (self.model_done / self.model_total).clamp(0.0, 1.0)
        } else if self.total > 0 {
            self.done as f64 / self.total as f64
        } else {
            1.0
        }
    }
}

/// Where a request's progress goes.
type Sink<'a> = Box<dyn FnMut(&Progress) + 'a>;

/// A request's limits, cancellation token and progress sink. Every request takes one; a
/// front end makes it once per request (the CLI per command, the server per HTTP request
/// with a token its disconnect sets, Python per call with a token Ctrl-C sets).
pub struct Control<'a> {
    /// What the job may take by the engines' estimates; past them it is refused at once.
    pub limits: Limits,
    /// Set it (from any thread) to stop the job within a fraction of a second.
    pub cancel: Cancel,
    progress: Option<Sink<'a>>,
}

impl<'a> Control<'a> {
    /// A control with these limits, a token nobody sets and no progress sink.
    pub fn new(limits: Limits) -> Control<'a> {
        Control { limits, cancel: Cancel::never(), progress: None }
    }

    /// No limits at all: for small answers whose size the caller has bounded itself.
    pub fn unlimited() -> Control<'a> {
        Control::new(Limits { bytes: u64::MAX, seconds: f64::INFINITY })
    }

    /// With this cancellation token.
    pub fn with_cancel(mut self, cancel: Cancel) -> Control<'a> {
        self.cancel = cancel;
        self
    }

    /// With this progress sink, called now and then while the job runs.
    pub fn with_progress(mut self, sink: impl FnMut(&Progress) + 'a) -> Control<'a> {
        self.progress = Some(Box::new(sink));
        self
    }

    /// Reports progress, if anyone listens.
    pub(crate) fn report(&mut self, progress: Progress) {
        if let Some(sink) = &mut self.progress {
            sink(&progress);
        }
    }

    /// Reports G(0..done) of G(0..total) of `engine`'s job, with its model.
    pub(crate) fn report_heaps(&mut self, engine: &Engine, done: u64, total: u64) {
        if self.progress.is_some() {
            let (model_done, model_total) = (engine.cost(done).seconds, engine.cost(total).seconds);
            self.report(Progress { done, total, unit: "values", model_done, model_total });
        }
    }
}

impl std::fmt::Debug for Control<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("limits", &self.limits)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eta_follows_the_model() {
        // Quadratic: the second half costs three times the first.
        let p = Progress { done: 50, total: 100, unit: "heaps", model_done: 1.0, model_total: 4.0 };
        assert_eq!(p.eta(2.0), Some(6.0));
        assert_eq!(p.fraction(), 0.25);
        assert_eq!(Progress { done: 0, ..p }.eta(2.0), None);
    }
}
