//! Large buffers of the Datalog engine on transparent huge pages. A relation of a million facts is
//! an array of several MiB written once in full (copied from the program, then radix-sorted through
//! a second array of the same size). On 4 KiB pages that is a page fault per 4 KiB of fresh memory
//! and a TLB miss for most scattered writes; on 2 MiB pages, a few faults and no misses. Systems
//! that give huge pages only on request (`madvise` mode, the usual default) are asked for them for
//! these buffers alone: they are filled at once, so resident memory grows by at most the rounding
//! to whole pages. Elsewhere the request is not made, or is refused harmlessly.

/// Buffers from this size ask for huge pages (each holds at least one whole 2 MiB page).
const LARGE_BYTES: usize = 4 << 20;

/// An empty vector with room for `len` ids, its memory on huge pages where the system allows.
pub fn large_buffer(len: usize) -> Vec<u32> {
    let v: Vec<u32> = Vec::with_capacity(len);
    let bytes = len.saturating_mul(std::mem::size_of::<u32>());
    if bytes >= LARGE_BYTES {
        advise_huge(v.as_ptr() as usize, bytes);
    }
    v
}

#[cfg(target_os = "linux")]
fn advise_huge(addr: usize, bytes: usize) {
    const HUGE: usize = 2 << 20;
    let start = addr.next_multiple_of(HUGE);
    let end = (addr + bytes) & !(HUGE - 1);
    if end > start {
        // SAFETY: the range lies inside the vector's own allocation (rounded inward to whole huge
        // pages); `MADV_HUGEPAGE` changes only how the kernel backs those pages, never their
        // contents or their mapping, and fails harmlessly (ignored) where huge pages are off.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge(_addr: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    #[test]
    fn large_buffers_hold_what_is_written() {
        for len in [0, 10, (4 << 20) / 4 + 1, (9 << 20) / 4] {
            let mut v = super::large_buffer(len);
            assert!(v.capacity() >= len);
            v.extend((0..len as u32).map(|i| i.wrapping_mul(2_654_435_761)));
            assert_eq!(v.len(), len);
            assert!(v
                .iter()
                .enumerate()
                .all(|(i, &x)| x == (i as u32).wrapping_mul(2_654_435_761)));
        }
    }
}
