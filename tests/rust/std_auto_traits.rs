// The auto-trait impls of std as declared in library/core/src/marker.rs, library/core/src/cell.rs,
// library/alloc/src/rc.rs, library/alloc/src/sync.rs and library/std/src/sync/mutex.rs
// (`impl<T: ?Sized + Sync> Send for &T`, `!Send for *const T`, `Send for Arc<T> where T: Send + Sync`,
// `Sync for Mutex<T> where T: Send`, `!Sync for Cell<T>` ...), probed through a program's own types.
use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::{Arc, Mutex, RwLock};

pub struct Counter {
    hits: Cell<u32>,
}

pub struct Shared {
    inner: Arc<Mutex<Vec<u8>>>,
}

pub struct Cache {
    map: RefCell<Vec<(String, u32)>>,
}

pub struct Handle<T> {
    ptr: *const T,
    _marker: PhantomData<T>,
}

unsafe impl<T: Send> Send for Handle<T> {}

pub struct Guarded<T> {
    lock: RwLock<T>,
}

pub struct Local {
    rc: Rc<String>,
}

// goal: Counter: Send
// goal: Counter: Sync
// goal: &'static Counter: Send
// goal: Arc<Counter>: Send
// goal: Mutex<Counter>: Sync
// goal: Shared: Send
// goal: Shared: Sync
// goal: Cache: Sync
// goal: Handle<u8>: Send
// goal: Handle<u8>: Sync
// goal: Handle<Rc<u8>>: Send
// goal: Guarded<Cell<u8>>: Sync
// goal: Guarded<u8>: Sync
// goal: Local: Send
// goal: PhantomData<Rc<u8>>: Send
// goal: &'static mut Counter: Send
// goal: Box<dyn Fn() + Send>: Send
// goal: Arc<RwLock<Vec<u8>>>: Sync
