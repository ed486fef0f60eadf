// From serde_json (serde-rs/json): src/value/mod.rs (`Value` enum with its derives), src/value/index.rs
// (`Index: private::Sealed` with impls for usize, str, String and &T), and src/value/from.rs (the `From`
// impls), trimmed: `Map` is a local alias of BTreeMap, and Number is a stand-in.
use std::collections::BTreeMap;

#[derive(Clone, PartialEq, Debug)]
pub struct Number(f64);

pub type Map<K, V> = BTreeMap<K, V>;

#[derive(Clone, Eq, PartialEq, Debug)]
pub enum Never {}

#[derive(Clone, PartialEq, Debug, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Map<String, Value>),
}

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T> Sealed for &T where T: ?Sized + Sealed {}
}

pub trait Index: private::Sealed {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
}

impl Index for usize {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        match v {
            Value::Array(vec) => vec.get(*self),
            _ => None,
        }
    }
}

impl Index for str {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        match v {
            Value::Object(map) => map.get(self),
            _ => None,
        }
    }
}

impl Index for String {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self[..].index_into(v)
    }
}

impl<T> Index for &T
where
    T: ?Sized + Index,
{
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        (**self).index_into(v)
    }
}

impl From<bool> for Value {
    fn from(f: bool) -> Self {
        Value::Bool(f)
    }
}

impl From<String> for Value {
    fn from(f: String) -> Self {
        Value::String(f)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(f: Vec<T>) -> Self {
        Value::Array(f.into_iter().map(Into::into).collect())
    }
}

// goal: usize: Index
// goal: &'static str: Index
// goal: &'static &'static String: Index
// goal: u32: Index
// goal: Value: Clone
// goal: Value: Eq
// goal: Value: Default
// goal: Vec<bool>: Into<Value>
// goal: Vec<Vec<String>>: Into<Value>
// goal: Vec<u8>: Into<Value>
// goal: Value: Send
