// From embedded-hal (rust-embedded/embedded-hal): embedded-hal/src/digital.rs (`Error: Debug`, `ErrorKind`,
// `ErrorType { type Error: Error }`, `OutputPin: ErrorType`, `StatefulOutputPin`, the forwarding impls for
// &T and &mut T) with a local pin driver.
use core::fmt::Debug;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    Other,
}

pub trait Error: Debug {
    fn kind(&self) -> ErrorKind;
}

impl Error for core::convert::Infallible {
    fn kind(&self) -> ErrorKind {
        match *self {}
    }
}

impl Error for ErrorKind {
    fn kind(&self) -> ErrorKind {
        *self
    }
}

pub trait ErrorType {
    type Error: Error;
}

impl<T: ErrorType + ?Sized> ErrorType for &T {
    type Error = T::Error;
}

impl<T: ErrorType + ?Sized> ErrorType for &mut T {
    type Error = T::Error;
}

pub trait OutputPin: ErrorType {
    fn set_low(&mut self) -> Result<(), Self::Error>;
    fn set_high(&mut self) -> Result<(), Self::Error>;
}

impl<T: OutputPin + ?Sized> OutputPin for &mut T {
    #[inline]
    fn set_low(&mut self) -> Result<(), Self::Error> {
        T::set_low(self)
    }
    #[inline]
    fn set_high(&mut self) -> Result<(), Self::Error> {
        T::set_high(self)
    }
}

pub trait StatefulOutputPin: OutputPin {
    fn is_set_high(&mut self) -> Result<bool, Self::Error>;
}

pub struct Led {
    on: bool,
}

impl ErrorType for Led {
    type Error = core::convert::Infallible;
}

impl OutputPin for Led {
    fn set_low(&mut self) -> Result<(), Self::Error> {
        self.on = false;
        Ok(())
    }
    fn set_high(&mut self) -> Result<(), Self::Error> {
        self.on = true;
        Ok(())
    }
}

// goal: Led: OutputPin
// goal: &'static mut Led: OutputPin
// goal: &'static Led: OutputPin
// goal: &'static Led: ErrorType
// goal: <&'static mut Led as ErrorType>::Error = core::convert::Infallible
// goal: Led: StatefulOutputPin
// goal: ErrorKind: Error
// goal: forall<T> { if (T: StatefulOutputPin; T: Sized) { T: ErrorType } }
// goal: forall<T> { if (T: OutputPin; T: Sized) { <T as ErrorType>::Error: Debug } }
