//! What the CPU offers the vector kernels, asked once in one place: the Grundy sweep's and
//! the octal sweep's AVX2 kernels are compiled for the same features.

/// Whether the CPU has what the AVX2 kernels are compiled for (`avx2,bmi1,bmi2,popcnt`).
pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
