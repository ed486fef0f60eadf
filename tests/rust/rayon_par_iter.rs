// From rayon (rayon-rs/rayon): src/iter/mod.rs (`ParallelIterator: Sized + Send { type Item: Send; }`,
// `IntoParallelIterator` with the blanket impl for every ParallelIterator, `IntoParallelRefIterator<'data>`
// with its blanket impl over `&'data I: IntoParallelIterator`, `IndexedParallelIterator`) and
// src/vec.rs / src/slice/mod.rs (`IntoIter<T>`, `Iter<'data, T>`), trimmed.
pub trait ParallelIterator: Sized + Send {
    type Item: Send;
}

pub trait IndexedParallelIterator: ParallelIterator {}

pub trait IntoParallelIterator {
    type Iter: ParallelIterator<Item = Self::Item>;
    type Item: Send;
    fn into_par_iter(self) -> Self::Iter;
}

impl<T: ParallelIterator> IntoParallelIterator for T {
    type Iter = T;
    type Item = T::Item;
    fn into_par_iter(self) -> T {
        self
    }
}

pub trait IntoParallelRefIterator<'data> {
    type Iter: ParallelIterator<Item = Self::Item>;
    type Item: Send + 'data;
}

impl<'data, I: 'data + ?Sized> IntoParallelRefIterator<'data> for I
where
    &'data I: IntoParallelIterator,
{
    type Iter = <&'data I as IntoParallelIterator>::Iter;
    type Item = <&'data I as IntoParallelIterator>::Item;
}

pub mod vec {
    use super::*;
    #[derive(Debug, Clone)]
    pub struct IntoIter<T: Send> {
        vec: Vec<T>,
    }
    impl<T: Send> ParallelIterator for IntoIter<T> {
        type Item = T;
    }
    impl<T: Send> IndexedParallelIterator for IntoIter<T> {}
    impl<T: Send> IntoParallelIterator for Vec<T> {
        type Item = T;
        type Iter = IntoIter<T>;
        fn into_par_iter(self) -> Self::Iter {
            IntoIter { vec: self }
        }
    }
}

pub mod slice {
    use super::*;
    #[derive(Debug)]
    pub struct Iter<'data, T: Sync> {
        slice: &'data [T],
    }
    impl<'data, T: Sync + 'data> ParallelIterator for Iter<'data, T> {
        type Item = &'data T;
    }
    impl<'data, T: Sync + 'data> IntoParallelIterator for &'data [T] {
        type Item = &'data T;
        type Iter = Iter<'data, T>;
        fn into_par_iter(self) -> Self::Iter {
            Iter { slice: self }
        }
    }
    impl<'data, T: Sync + 'data> IntoParallelIterator for &'data Vec<T> {
        type Item = &'data T;
        type Iter = Iter<'data, T>;
        fn into_par_iter(self) -> Self::Iter {
            Iter { slice: self }
        }
    }
}

// goal: Vec<u8>: IntoParallelIterator
// goal: <Vec<u8> as IntoParallelIterator>::Item = u8
// goal: vec::IntoIter<String>: IndexedParallelIterator
// goal: &'static [u32]: IntoParallelIterator
// goal: Vec<u32>: IntoParallelRefIterator<'static>
// goal: [u32]: IntoParallelRefIterator<'static>
// goal: Vec<std::rc::Rc<u8>>: IntoParallelIterator
// goal: &'static [std::cell::Cell<u8>]: IntoParallelIterator
// goal: slice::Iter<'static, u64>: Send
// goal: String: IntoParallelIterator
