// From axum (tokio-rs/axum): axum/src/handler/mod.rs (`Handler<T, S>: Clone + Send + Sized + 'static` and the
// impls for async fns of zero and one extractor, generated there by `all_the_tuples!`), with
// axum-core/src/response/into_response.rs (`IntoResponse`) and axum-core/src/extract/mod.rs (`FromRequest`,
// `FromRequestParts`), trimmed to local stand-ins for `Request`/`Response` and a boxed future.
use std::future::Future;
use std::pin::Pin;

pub struct Request;
pub struct Response;
pub struct Parts;

pub trait IntoResponse {
    fn into_response(self) -> Response;
}
impl IntoResponse for () {
    fn into_response(self) -> Response {
        Response
    }
}
impl IntoResponse for String {
    fn into_response(self) -> Response {
        Response
    }
}
impl IntoResponse for &'static str {
    fn into_response(self) -> Response {
        Response
    }
}

pub trait FromRequestParts<S>: Sized {}
pub trait FromRequest<S, M = private::ViaRequest>: Sized {}

mod private {
    #[derive(Debug, Clone, Copy)]
    pub enum ViaParts {}
    #[derive(Debug, Clone, Copy)]
    pub enum ViaRequest {}
}

impl<S, T> FromRequest<S, private::ViaParts> for T
where
    S: Send + Sync,
    T: FromRequestParts<S>,
{
}

pub trait Handler<T, S>: Clone + Send + Sized + 'static {
    type Future: Future<Output = Response> + Send + 'static;
    fn call(self, req: Request, state: S) -> Self::Future;
}

impl<F, Fut, Res, S> Handler<((),), S> for F
where
    F: FnOnce() -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Res> + Send,
    Res: IntoResponse,
{
    type Future = Pin<Box<dyn Future<Output = Response> + Send>>;
    fn call(self, _req: Request, _state: S) -> Self::Future {
        Box::pin(async move { self().await.into_response() })
    }
}

impl<F, Fut, S, Res, M, T1> Handler<(M, T1), S> for F
where
    F: FnOnce(T1) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Res> + Send,
    S: Send + Sync + 'static,
    Res: IntoResponse,
    T1: FromRequest<S, M> + Send,
{
    type Future = Pin<Box<dyn Future<Output = Response> + Send>>;
    fn call(self, _req: Request, _state: S) -> Self::Future {
        Box::pin(async move { Response })
    }
}

pub struct Path(pub String);
impl<S: Send + Sync> FromRequestParts<S> for Path {}

pub struct Body(pub Vec<u8>);
impl<S> FromRequest<S> for Body {}

// goal: Path: FromRequest<(), private::ViaParts>
// goal: Body: FromRequest<()>
// goal: Body: FromRequest<(), private::ViaParts>
// goal: String: IntoResponse
// goal: Vec<u8>: IntoResponse
// goal: Path: FromRequestParts<std::rc::Rc<u8>>
// goal: Path: FromRequest<std::rc::Rc<u8>, private::ViaParts>
// goal: fn() -> std::future::Ready<String>: Handler<((),), ()>
// goal: fn() -> std::future::Ready<u8>: Handler<((),), ()>
