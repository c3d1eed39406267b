//! Which stage-2 kernel a sweep runs: detected from the CPU at run time, every one tested
//! against the others and the plain sweep.

/// Which stage-2 kernel to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrundyKernel {
    /// Plain Rust, any CPU.
    Portable,
    /// Stage 2 in AVX2 intrinsics (module `avx2`; x86-64 only, chosen when the CPU has AVX2
    /// but not AVX-512BW); the rest of the sweep compiled for that CPU.
    Avx2,
    /// Stage 2 in AVX-512BW intrinsics (module `avx512`; x86-64 only, chosen only when the CPU has
    /// AVX-512BW and VL); the rest of the sweep compiled for that CPU.
    Avx512,
}

impl GrundyKernel {
    /// The fastest kernel this CPU supports.
    pub fn detect() -> GrundyKernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512vl")
                && crate::cpu::has_avx2()
            {
                return GrundyKernel::Avx512;
            }
            if crate::cpu::has_avx2() {
                return GrundyKernel::Avx2;
            }
        }
        GrundyKernel::Portable
    }

    /// Every kernel this CPU can run, for tests and benchmarks.
    pub fn available() -> Vec<GrundyKernel> {
        let mut k = vec![GrundyKernel::Portable];
        if crate::cpu::has_avx2() {
            k.push(GrundyKernel::Avx2);
        }
        if GrundyKernel::detect() == GrundyKernel::Avx512 {
            k.push(GrundyKernel::Avx512);
        }
        k
    }

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            GrundyKernel::Portable => "portable",
            GrundyKernel::Avx2 => "avx2",
            GrundyKernel::Avx512 => "avx512bw",
        }
    }
}
