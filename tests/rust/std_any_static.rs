// std::any (library/core/src/any.rs: `impl<T: 'static + ?Sized> Any for T`) and the downcasting pattern of its
// documentation (`is_string(s: &dyn Any)`), with a plugin registry keyed by TypeId.
use std::any::{Any, TypeId};
use std::collections::HashMap;

pub fn is_string(s: &dyn Any) -> bool {
    s.is::<String>()
}

pub struct Registry {
    entries: HashMap<TypeId, Box<dyn Any + Send + Sync>>,
}

impl Registry {
    pub fn insert<T: Any + Send + Sync>(&mut self, value: T) {
        self.entries.insert(TypeId::of::<T>(), Box::new(value));
    }
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.entries.get(&TypeId::of::<T>()).and_then(|b| b.downcast_ref::<T>())
    }
}

pub struct Borrowing<'a>(&'a str);

// goal: String: Any
// goal: Vec<u8>: Any
// goal: str: Any
// goal: Registry: Any
// goal: Registry: Send
// goal: Borrowing<'static>: Any
// goal: Box<dyn Any + Send + Sync>: Sync
// goal: Box<dyn Any>: Send
