// From axum-core (tokio-rs/axum): axum-core/src/response/into_response.rs (`IntoResponse` impls for
// Result<T, E>, (StatusCode, R), Box<str>, Cow<'static, str>, Vec<u8>, Infallible) and
// axum-core/src/response/into_response_parts.rs (`IntoResponseParts`). `StatusCode`, `HeaderMap` and `Response`
// are local stand-ins for the http crate's.
use std::borrow::Cow;
use std::convert::Infallible;

pub struct Response;
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StatusCode(u16);
pub struct HeaderMap;

pub trait IntoResponse {
    fn into_response(self) -> Response;
}

pub trait IntoResponseParts {
    type Error: IntoResponse;
}

impl IntoResponse for StatusCode {
    fn into_response(self) -> Response {
        Response
    }
}
impl IntoResponse for () {
    fn into_response(self) -> Response {
        Response
    }
}
impl IntoResponse for Infallible {
    fn into_response(self) -> Response {
        match self {}
    }
}
impl<T, E> IntoResponse for Result<T, E>
where
    T: IntoResponse,
    E: IntoResponse,
{
    fn into_response(self) -> Response {
        match self {
            Ok(value) => value.into_response(),
            Err(err) => err.into_response(),
        }
    }
}
impl IntoResponse for &'static str {
    fn into_response(self) -> Response {
        Cow::Borrowed(self).into_response()
    }
}
impl IntoResponse for String {
    fn into_response(self) -> Response {
        Response
    }
}
impl IntoResponse for Box<str> {
    fn into_response(self) -> Response {
        String::from(self).into_response()
    }
}
impl IntoResponse for Cow<'static, str> {
    fn into_response(self) -> Response {
        Response
    }
}
impl IntoResponse for Vec<u8> {
    fn into_response(self) -> Response {
        Response
    }
}
impl<R> IntoResponse for (StatusCode, R)
where
    R: IntoResponse,
{
    fn into_response(self) -> Response {
        Response
    }
}
impl IntoResponseParts for HeaderMap {
    type Error = Infallible;
}

// goal: Result<String, StatusCode>: IntoResponse
// goal: (StatusCode, &'static str): IntoResponse
// goal: (StatusCode, Result<Vec<u8>, Infallible>): IntoResponse
// goal: Result<u8, StatusCode>: IntoResponse
// goal: Cow<'static, str>: IntoResponse
// goal: Box<str>: IntoResponse
// goal: Box<String>: IntoResponse
// goal: <HeaderMap as IntoResponseParts>::Error = Infallible
// goal: (u8, String): IntoResponse
