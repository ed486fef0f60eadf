// From actix (actix/actix): actix/src/actor.rs (`Actor: Sized + Unpin + 'static { type Context: ActorContext; }`),
// actix/src/handler.rs (`Message { type Result: 'static; }`, `Handler<M>: Actor where M: Message`, the
// `Message` impls for Box<M> and Arc<M>, `MessageResponse<A, M>` impls for () and Option<T>), with `Context`
// a local stand-in, trimmed.
use std::sync::Arc;

pub trait ActorContext {}
pub struct Context<A>(std::marker::PhantomData<A>);
impl<A> ActorContext for Context<A> {}

pub trait Actor: Sized + Unpin + 'static {
    type Context: ActorContext;
}

pub trait Message {
    type Result: 'static;
}

impl<M> Message for Box<M>
where
    M: Message,
{
    type Result = M::Result;
}

impl<M> Message for Arc<M>
where
    M: Message,
{
    type Result = M::Result;
}

pub trait MessageResponse<A: Actor, M: Message> {}
impl<A: Actor, M: Message<Result = ()>> MessageResponse<A, M> for () {}
impl<A: Actor, M: Message<Result = Option<T>>, T: 'static> MessageResponse<A, M> for Option<T> {}

pub trait Handler<M>
where
    Self: Actor,
    M: Message,
{
    type Result: MessageResponse<Self, M>;
    fn handle(&mut self, msg: M, ctx: &mut Self::Context) -> Self::Result;
}

pub struct Ping(pub u32);
impl Message for Ping {
    type Result = ();
}

pub struct Lookup(pub String);
impl Message for Lookup {
    type Result = Option<u64>;
}

pub struct Server;
impl Actor for Server {
    type Context = Context<Self>;
}
impl Handler<Ping> for Server {
    type Result = ();
    fn handle(&mut self, _msg: Ping, _ctx: &mut Context<Self>) {}
}
impl Handler<Lookup> for Server {
    type Result = Option<u64>;
    fn handle(&mut self, _msg: Lookup, _ctx: &mut Context<Self>) -> Option<u64> {
        None
    }
}

// goal: Server: Handler<Ping>
// goal: Server: Handler<Lookup>
// goal: Server: Handler<Box<Ping>>
// goal: Box<Arc<Lookup>>: Message
// goal: <Arc<Lookup> as Message>::Result = Option<u64>
// goal: (): MessageResponse<Server, Ping>
// goal: (): MessageResponse<Server, Lookup>
// goal: Option<u64>: MessageResponse<Server, Lookup>
// goal: Server: Unpin
