// From log (rust-lang/log): src/lib.rs (`Log: Sync + Send`, the impls for &T and Box<T>/Arc<T> of
// `T: ?Sized + Log`, `Level`, `Metadata`, `Record`, `NopLogger`), trimmed: Record and Metadata carry fewer
// fields.
use std::sync::Arc;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    Error = 1,
    Warn,
    Info,
    Debug,
    Trace,
}

#[derive(Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub struct Metadata<'a> {
    level: Level,
    target: &'a str,
}

#[derive(Clone, Debug)]
pub struct Record<'a> {
    metadata: Metadata<'a>,
    module_path: Option<&'a str>,
}

pub trait Log: Sync + Send {
    fn enabled(&self, metadata: &Metadata) -> bool;
    fn log(&self, record: &Record);
    fn flush(&self);
}

struct NopLogger;

impl Log for NopLogger {
    fn enabled(&self, _: &Metadata) -> bool {
        false
    }
    fn log(&self, _: &Record) {}
    fn flush(&self) {}
}

impl<T> Log for &'_ T
where
    T: ?Sized + Log,
{
    fn enabled(&self, metadata: &Metadata) -> bool {
        (**self).enabled(metadata)
    }
    fn log(&self, record: &Record) {
        (**self).log(record);
    }
    fn flush(&self) {
        (**self).flush();
    }
}

impl<T> Log for Box<T>
where
    T: ?Sized + Log,
{
    fn enabled(&self, metadata: &Metadata) -> bool {
        self.as_ref().enabled(metadata)
    }
    fn log(&self, record: &Record) {
        self.as_ref().log(record);
    }
    fn flush(&self) {
        self.as_ref().flush();
    }
}

impl<T> Log for Arc<T>
where
    T: ?Sized + Log,
{
    fn enabled(&self, metadata: &Metadata) -> bool {
        self.as_ref().enabled(metadata)
    }
    fn log(&self, record: &Record) {
        self.as_ref().log(record);
    }
    fn flush(&self) {
        self.as_ref().flush();
    }
}

// goal: NopLogger: Log
// goal: &'static NopLogger: Log
// goal: Box<NopLogger>: Log
// goal: Arc<Box<NopLogger>>: Log
// goal: Box<dyn Log>: Log
// goal: Level: Ord
// goal: Metadata<'static>: std::hash::Hash
// goal: Record<'static>: Clone
// goal: Record<'static>: PartialEq
// goal: NopLogger: Send
// goal: String: Log
