// From slog (slog-rs/slog): src/lib.rs (`Drain { type Ok; type Err; }`, the forwarding impls for Box<D>,
// Arc<D> and &D of `D: Drain + ?Sized`, `Discard`, `Fuse<D>` requiring `D::Err: Debug`, `SendSyncUnwindSafeDrain`
// as a blanket "trait alias"), trimmed: log records are a stand-in.
use std::fmt::Debug;
use std::panic::{RefUnwindSafe, UnwindSafe};
use std::sync::Arc;

pub struct Record;

pub trait Drain {
    type Ok;
    type Err;
    fn log(&self, record: &Record) -> Result<Self::Ok, Self::Err>;
}

impl<D: Drain + ?Sized> Drain for Box<D> {
    type Ok = D::Ok;
    type Err = D::Err;
    fn log(&self, record: &Record) -> Result<Self::Ok, D::Err> {
        (**self).log(record)
    }
}

impl<D: Drain + ?Sized> Drain for Arc<D> {
    type Ok = D::Ok;
    type Err = D::Err;
    fn log(&self, record: &Record) -> Result<Self::Ok, D::Err> {
        (**self).log(record)
    }
}

impl<'a, D: Drain + 'a + ?Sized> Drain for &'a D {
    type Ok = D::Ok;
    type Err = D::Err;
    fn log(&self, record: &Record) -> Result<Self::Ok, D::Err> {
        (**self).log(record)
    }
}

#[derive(Debug, Copy, Clone)]
pub struct Discard;

impl Drain for Discard {
    type Ok = ();
    type Err = std::convert::Infallible;
    fn log(&self, _: &Record) -> Result<(), std::convert::Infallible> {
        Ok(())
    }
}

#[derive(Debug, Clone)]
pub struct Fuse<D: Drain>(pub D)
where
    D::Err: Debug;

impl<D: Drain> Drain for Fuse<D>
where
    D::Err: Debug,
{
    type Ok = ();
    type Err = std::convert::Infallible;
    fn log(&self, record: &Record) -> Result<(), std::convert::Infallible> {
        let _ = self.0.log(record);
        Ok(())
    }
}

pub trait SendSyncUnwindSafeDrain: Drain + Send + Sync + UnwindSafe + RefUnwindSafe {}
impl<D> SendSyncUnwindSafeDrain for D where D: Drain + Send + Sync + UnwindSafe + RefUnwindSafe + ?Sized {}

pub struct Quiet;
impl Drain for Quiet {
    type Ok = ();
    type Err = Quiet;
    fn log(&self, _: &Record) -> Result<(), Quiet> {
        Err(Quiet)
    }
}

// goal: Discard: Drain
// goal: Arc<Box<Discard>>: Drain
// goal: Fuse<Discard>: Drain
// goal: Fuse<Quiet>: Drain
// goal: Discard: SendSyncUnwindSafeDrain
// goal: Arc<Fuse<Discard>>: SendSyncUnwindSafeDrain
// goal: <&'static Box<Quiet> as Drain>::Err = Quiet
// goal: std::rc::Rc<Discard>: Drain
