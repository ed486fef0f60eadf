// From nom (rust-bakery/nom): src/internal.rs (`IResult`, `Err`, `Parser<Input>` with `type Output`/`type Error`,
// the blanket impl for `FnMut(I) -> IResult<I, O, E>`, and the tuple impl), plus src/error.rs
// (`ParseError<I>`, `Error<I>`, `ErrorKind`), trimmed: only `parse` kept.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum ErrorKind {
    Tag,
    Char,
    Eof,
}

#[derive(Debug, PartialEq)]
pub struct Error<I> {
    pub input: I,
    pub code: ErrorKind,
}

pub trait ParseError<I>: Sized {
    fn from_error_kind(input: I, kind: ErrorKind) -> Self;
}

impl<I> ParseError<I> for Error<I> {
    fn from_error_kind(input: I, kind: ErrorKind) -> Self {
        Error { input, code: kind }
    }
}

impl<I> ParseError<I> for () {
    fn from_error_kind(_: I, _: ErrorKind) -> Self {}
}

#[derive(Debug, Clone, PartialEq)]
pub enum Err<E> {
    Incomplete(usize),
    Error(E),
    Failure(E),
}

pub type IResult<I, O, E = Error<I>> = Result<(I, O), Err<E>>;

pub trait Parser<Input> {
    type Output;
    type Error: ParseError<Input>;
    fn parse(&mut self, input: Input) -> IResult<Input, Self::Output, Self::Error>;
}

impl<I, O, E: ParseError<I>, F> Parser<I> for F
where
    F: FnMut(I) -> IResult<I, O, E>,
{
    type Output = O;
    type Error = E;
    fn parse(&mut self, i: I) -> IResult<I, O, E> {
        self(i)
    }
}

pub struct Pair<A, B>(A, B);

impl<I, E: ParseError<I>, A, B> Parser<I> for Pair<A, B>
where
    A: Parser<I, Error = E>,
    B: Parser<I, Error = E>,
{
    type Output = (A::Output, B::Output);
    type Error = E;
    fn parse(&mut self, i: I) -> IResult<I, Self::Output, E> {
        let (i, o1) = self.0.parse(i)?;
        let (i, o2) = self.1.parse(i)?;
        Ok((i, (o1, o2)))
    }
}

// goal: fn(&'static str) -> IResult<&'static str, u8>: Parser<&'static str>
// goal: <fn(&'static str) -> IResult<&'static str, u8> as Parser<&'static str>>::Output = u8
// goal: fn(&'static str) -> Result<(&'static str, u8), Err<String>>: Parser<&'static str>
// goal: Pair<fn(u32) -> IResult<u32, u8, ()>, fn(u32) -> IResult<u32, bool, ()>>: Parser<u32>
// goal: Pair<fn(u32) -> IResult<u32, u8, ()>, fn(u32) -> IResult<u32, bool>>: Parser<u32>
// goal: Error<&'static str>: ParseError<&'static str>
// goal: Err<Error<u8>>: Clone
// goal: u8: Parser<u8>
