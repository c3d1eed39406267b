//! Memory handed back: the server's resident memory returns to within a few megabytes of
//! where it started once the heavy computations are done (issue 38, Must 3). glibc keeps
//! freed memory in its arenas for reuse, one arena per thread up to eight per core, and
//! gives back only what sits at an arena's top. Measured with six misère quotients at once
//! (`.1234` and five more codes at heaps 700, 500, 300; peak 210-260 MiB), one second after
//! the last answer: 86 MiB resident with glibc's defaults and a trim, 18 MiB with two arenas
//! and a trim, 10 MiB with one. Two arenas, so that the cheap lane does not wait for the
//! heavy one's allocations; a trim half a second after no heavy computation runs or waits
//! (a trim after every computation, which locks the arenas, raised the cheap requests' p99
//! from 40 to 96 ms under load). Elsewhere than glibc both are nothing.

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod glibc {
    use std::ffi::c_int;

    /// `M_ARENA_MAX` of glibc's `malloc.h`.
    const M_ARENA_MAX: c_int = -8;

    extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
        fn malloc_trim(pad: usize) -> c_int;
    }

    pub fn limit_arenas() {
        // SAFETY: mallopt takes two integers and changes only the allocator's tuning; it is
        // called before the server's threads start.
        unsafe {
            mallopt(M_ARENA_MAX, 2);
        }
    }

    pub fn give_back() {
        // SAFETY: malloc_trim takes no pointer and only hands the allocator's free pages back
        // to the system.
        unsafe {
            malloc_trim(0);
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(super) use glibc::{give_back, limit_arenas};

/// Nothing to tune elsewhere than glibc.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(super) fn limit_arenas() {}

/// Nothing to hand back elsewhere than glibc.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(super) fn give_back() {}
