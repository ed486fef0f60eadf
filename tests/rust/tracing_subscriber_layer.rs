// From tracing-subscriber (tokio-rs/tracing): tracing-subscriber/src/layer/mod.rs (`Layer<S>: 'static where
// S: Subscriber`, the impls for Option<L>, Box<L>, Vec<L>), tracing-subscriber/src/layer/layered.rs
// (`Layered<L, I, S = I>` and `impl<S, A, B> Layer<S> for Layered<A, B, S>`), with `Subscriber` a trimmed
// stand-in for tracing-core's.
use std::marker::PhantomData;

pub trait Subscriber: 'static {
    fn enabled(&self) -> bool;
}

pub trait Layer<S>
where
    S: Subscriber,
    Self: 'static,
{
    fn on_event(&self) {}
}

impl<L, S> Layer<S> for Option<L>
where
    L: Layer<S>,
    S: Subscriber,
{
}

impl<L, S> Layer<S> for Box<L>
where
    L: Layer<S>,
    S: Subscriber,
{
}

impl<L, S> Layer<S> for Vec<L>
where
    L: Layer<S>,
    S: Subscriber,
{
}

pub struct Layered<L, I, S = I> {
    layer: L,
    inner: I,
    _s: PhantomData<fn(S)>,
}

impl<S, A, B> Layer<S> for Layered<A, B, S>
where
    A: Layer<S>,
    B: Layer<S>,
    S: Subscriber,
{
}

impl<L, S> Subscriber for Layered<L, S>
where
    L: Layer<S>,
    S: Subscriber,
{
    fn enabled(&self) -> bool {
        self.inner.enabled()
    }
}

pub struct Registry;
impl Subscriber for Registry {
    fn enabled(&self) -> bool {
        true
    }
}

pub struct FmtLayer;
impl<S: Subscriber> Layer<S> for FmtLayer {}

pub struct Filter;
impl Layer<Registry> for Filter {}

// goal: FmtLayer: Layer<Registry>
// goal: Option<Box<FmtLayer>>: Layer<Registry>
// goal: Layered<FmtLayer, Registry>: Subscriber
// goal: Layered<Filter, Registry>: Subscriber
// goal: Layered<Filter, Layered<FmtLayer, Registry>>: Subscriber
// goal: Layered<FmtLayer, Filter, Registry>: Layer<Registry>
// goal: Vec<Filter>: Layer<Layered<FmtLayer, Registry>>
// goal: Layered<FmtLayer, Registry>: Send
