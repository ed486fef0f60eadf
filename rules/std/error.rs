// std::error

pub trait Error: Debug + Display {}

impl<'a, E: Error + 'a> From<E> for Box<dyn Error + 'a> {}
impl<'a, E: Error + Send + Sync + 'a> From<E> for Box<dyn Error + Send + Sync + 'a> {}
impl<'a> From<String> for Box<dyn Error + 'a> {}
impl<'a> From<String> for Box<dyn Error + Send + Sync + 'a> {}
impl<'a> From<&str> for Box<dyn Error + 'a> {}
impl<'a> From<&str> for Box<dyn Error + Send + Sync + 'a> {}
impl<T: Error> Error for Box<T> {}
impl<'a, T: Error + ?Sized> Error for &'a T {}
impl Error for crate::fmt::Error {}
impl Error for Infallible {}
