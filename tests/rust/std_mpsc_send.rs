// Threads and channels as in the Rust book ch. 16 (rust-lang/book, src/ch16-02-message-passing.md) and the
// auto-trait impls of std::sync::mpsc (library/std/src/sync/mpsc.rs: `unsafe impl<T: Send> Send for Sender<T>`,
// `impl<T> !Sync for Receiver<T>`), with `thread::spawn`'s `F: FnOnce() -> T + Send + 'static` bound.
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

pub struct Job {
    id: u32,
    payload: Vec<u8>,
}

pub struct Worker {
    rx: Arc<Mutex<Receiver<Job>>>,
}

pub fn start() -> Sender<Job> {
    let (tx, rx) = mpsc::channel();
    let rx = Arc::new(Mutex::new(rx));
    let w = Worker { rx: Arc::clone(&rx) };
    thread::spawn(move || {
        let _ = w.rx.lock().unwrap().recv();
    });
    tx
}

// goal: Sender<Job>: Send
// goal: Sender<Rc<u8>>: Send
// goal: Receiver<Job>: Send
// goal: Receiver<Job>: Sync
// goal: Worker: Send
// goal: Worker: Sync
// goal: SyncSender<Job>: Sync
// goal: Arc<Mutex<Receiver<Rc<u8>>>>: Send
// goal: Mutex<Receiver<Job>>: Sync
