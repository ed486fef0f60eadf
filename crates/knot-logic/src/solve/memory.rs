//! The memory a search holds, for `--max-memory`: the process's resident set where the system reports
//! it (everything counts — interned terms, answer tables, choice points, goal lists, suspended
//! states), else the interned terms alone.

use crate::term::Store;

/// Bytes in use: the resident set size on Linux, else the store's own estimate; with the intern
/// table's next growth when it is near ([`Store::growth_ahead`]).
pub fn in_use(store: &Store) -> u64 {
    resident().unwrap_or(store.memory() as u64) + store.growth_ahead()
}

/// The process's resident set in bytes, where the system reports it (Linux: `/proc/self/statm`).
#[cfg(target_os = "linux")]
pub fn resident() -> Option<u64> {
    // `/proc/self/statm`: sizes in pages; the second field is the resident set.
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The process's resident set in bytes, where the system reports it (Linux: `/proc/self/statm`).
#[cfg(not(target_os = "linux"))]
pub fn resident() -> Option<u64> {
    None
}
