//! `--timeout` and `--max-memory` while a program loads. The loaders (the clause parser, syn, the
//! resolver, the lowering) do not look at the limits between steps, so a watcher thread does: past
//! either limit it prints the overflow, naming the limit as an answer's overflow does, and ends the
//! process. A load that finishes in time stops the watcher.

use knot::StopReason;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the watcher looks.
const EVERY: Duration = Duration::from_millis(5);

/// A running watcher; dropping it stops it.
pub struct LoadWatch {
    done: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl LoadWatch {
    /// Watch the load of `path` against `timeout` and `max_memory_mib` (the whole process's
    /// resident set, where the system reports it).
    pub fn start(path: &str, timeout: Option<Duration>, max_memory_mib: u64) -> LoadWatch {
        let done = Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        let flag = done.clone();
        let path = path.to_string();
        let handle = std::thread::Builder::new()
            .name("knot-load-watch".into())
            .spawn(move || {
                while !flag.load(Ordering::Relaxed) {
                    std::thread::park_timeout(EVERY);
                    let over = if timeout.is_some_and(|t| started.elapsed() >= t) {
                        timeout.map(StopReason::Timeout)
                    } else if knot::resident_bytes().is_some_and(|b| b > max_memory_mib << 20) {
                        Some(StopReason::Memory(max_memory_mib))
                    } else {
                        None
                    };
                    if let Some(reason) = over {
                        if flag.load(Ordering::Relaxed) {
                            return;
                        }
                        println!("overflow: {reason}, while loading {path}.");
                        std::process::exit(0);
                    }
                }
            })
            .ok();
        LoadWatch { done, handle }
    }
}

impl Drop for LoadWatch {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            // Woken at once rather than at its next look (a sleep here was up to 5 ms of latency).
            h.thread().unpark();
            let _ = h.join();
        }
    }
}
