//! FNV-1a over values, each as eight little-endian bytes: the checksum of a run of values
//! that the census and the long octal sweeps record, the same at every length it is taken.

/// FNV-1a, 64 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Goes on from a hash taken before ([`Fnv::value`]).
    pub fn from_value(value: u64) -> Fnv {
        Fnv(value)
    }

    /// Adds one value.
    pub fn push(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash so far.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The hash as 16 hexadecimal digits.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}
