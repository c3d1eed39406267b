//! What the CPU offers the vector kernels, asked once in one place: the Grundy sweep's and
//! the octal sweep's AVX2 kernels are compiled for the same features, and the octal
//! sweep's AVX-512 scans (its stage 2, the dense kernel's candidates) for F and BW.

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

/// Whether the CPU has AVX-512 F and BW besides what [`has_avx2`] asks: the octal sweep's
/// AVX-512 scans are compiled for `avx512f,avx512bw` inside the AVX2 kernels. Asked once
/// (the dense kernel asks it for every heap).
pub(crate) fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static HAS: OnceLock<bool> = OnceLock::new();
        *HAS.get_or_init(|| {
            has_avx2()
                && std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
