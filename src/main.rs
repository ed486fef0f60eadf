//! The `knot` command. Parsing and solving run on a thread with a large stack, so that the recursive
//! parser handles deeply nested terms; the solvers themselves iterate.
use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    tune_allocator();
    // A panic is a bug in knot: say so plainly, with what is needed to reproduce it.
    std::panic::set_hook(Box::new(|info| {
        let args: Vec<String> = std::env::args().collect();
        eprintln!(
            "knot {}: internal error (a bug in knot, not in your input): {info}\n  command: {}\n  \
             please report it to the knot maintainers with this message and the input files",
            env!("CARGO_PKG_VERSION"),
            args.join(" ")
        );
    }));
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(cli::main);
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => ExitCode::from(101),
    }
}

/// glibc's malloc grows the heap of the worker thread's arena 128 KiB at a time, each step a system
/// call; loading a large program allocates tens of megabytes in small blocks. Growing it 16 MiB at
/// a time costs no memory (untouched pages are not resident) and spares those calls.
///
/// One arena for every thread: the loader's parsing thread and the worker then draw on one heap,
/// so what one frees the other reuses. With an arena per thread, a million facts peaked at 148.5 MiB;
/// with one, 141.5 MiB, and 1,750 fewer page faults, for the same load time.
///
/// Blocks up to 4 MiB come from the heap, not from a mapping of their own. Setting the top pad
/// turns off glibc's sliding threshold, which would otherwise stay at 128 KiB: each vector or hash
/// table of a query that grows past 128 KiB was then mapped afresh at every doubling, a page fault per
/// 4 KiB, where the heap holds the memory the loader freed. Andersen at 64,000 variables: the
/// evaluation's page faults 1,157 -> 125 and its query 15.4 -> 13.7 ms. A threshold of 32 MiB spares
/// a few more faults but kept big_reach's freed blocks apart (peak 74 -> 103 MiB at 500,000 edges);
/// at 4 MiB peak memory moves by at most 3 MiB on the peer workloads.
fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets allocator parameters; no other thread exists yet.
    unsafe {
        libc::mallopt(libc::M_TOP_PAD, 16 << 20);
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
    }
}
