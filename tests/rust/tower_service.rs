// From tower (tower-rs/tower): tower-service/src/lib.rs (`Service<Request>` with the impls for &mut S and
// Box<S>) and tower-layer/src/lib.rs (`Layer<S>`, impls for &L, `Identity`, `Stack<Inner, Outer>`), plus
// tower/src/util/service_fn.rs (`ServiceFn`).
use std::future::Future;
use std::task::{Context, Poll};

pub trait Service<Request> {
    type Response;
    type Error;
    type Future: Future<Output = Result<Self::Response, Self::Error>>;
    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>>;
    fn call(&mut self, req: Request) -> Self::Future;
}

impl<'a, S, Request> Service<Request> for &'a mut S
where
    S: Service<Request> + 'a,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;
    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        (**self).poll_ready(cx)
    }
    fn call(&mut self, request: Request) -> S::Future {
        (**self).call(request)
    }
}

impl<S, Request> Service<Request> for Box<S>
where
    S: Service<Request> + ?Sized,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;
    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        (**self).poll_ready(cx)
    }
    fn call(&mut self, request: Request) -> S::Future {
        (**self).call(request)
    }
}

pub trait Layer<S> {
    type Service;
    fn layer(&self, inner: S) -> Self::Service;
}

impl<'a, T, S> Layer<S> for &'a T
where
    T: ?Sized + Layer<S>,
{
    type Service = T::Service;
    fn layer(&self, inner: S) -> Self::Service {
        (**self).layer(inner)
    }
}

#[derive(Default, Clone)]
pub struct Identity {
    _p: (),
}

impl<S> Layer<S> for Identity {
    type Service = S;
    fn layer(&self, inner: S) -> Self::Service {
        inner
    }
}

#[derive(Clone)]
pub struct Stack<Inner, Outer> {
    inner: Inner,
    outer: Outer,
}

impl<S, Inner, Outer> Layer<S> for Stack<Inner, Outer>
where
    Inner: Layer<S>,
    Outer: Layer<Inner::Service>,
{
    type Service = Outer::Service;
    fn layer(&self, service: S) -> Self::Service {
        let inner = self.inner.layer(service);
        self.outer.layer(inner)
    }
}

#[derive(Copy, Clone)]
pub struct ServiceFn<T> {
    f: T,
}

impl<T, F, Request, R, E> Service<Request> for ServiceFn<T>
where
    T: FnMut(Request) -> F,
    F: Future<Output = Result<R, E>>,
{
    type Response = R;
    type Error = E;
    type Future = F;
    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), E>> {
        Poll::Ready(Ok(()))
    }
    fn call(&mut self, req: Request) -> Self::Future {
        (self.f)(req)
    }
}

pub struct Echo;
impl Service<String> for Echo {
    type Response = String;
    type Error = std::convert::Infallible;
    type Future = std::future::Ready<Result<String, std::convert::Infallible>>;
    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }
    fn call(&mut self, req: String) -> Self::Future {
        std::future::ready(Ok(req))
    }
}

// goal: Echo: Service<String>
// goal: Box<Echo>: Service<String>
// goal: &'static mut Box<Echo>: Service<String>
// goal: Echo: Service<u8>
// goal: <Box<Echo> as Service<String>>::Response = String
// goal: Identity: Layer<Echo>
// goal: <Identity as Layer<Echo>>::Service = Echo
// goal: <Stack<Identity, Identity> as Layer<Echo>>::Service = Echo
// goal: &'static Stack<Identity, Identity>: Layer<u8>
// goal: ServiceFn<fn(u8) -> std::future::Ready<Result<u16, ()>>>: Service<u8>
// goal: ServiceFn<fn(u8) -> u16>: Service<u8>
