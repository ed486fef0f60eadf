// std::borrow

pub trait Borrow<Borrowed: ?Sized> {}
pub trait BorrowMut<Borrowed: ?Sized>: Borrow<Borrowed> {}
pub trait ToOwned { type Owned: Borrow<Self>; }

pub enum Cow<'a, B: ?Sized + 'a + ToOwned> {
    Borrowed(&'a B),
    Owned(<B as ToOwned>::Owned),
}

impl<T: ?Sized> Borrow<T> for T {}
impl<T: ?Sized> Borrow<T> for &T {}
impl<T: ?Sized> Borrow<T> for &mut T {}
impl<T: ?Sized> BorrowMut<T> for T {}
impl<T: Clone> ToOwned for T { type Owned = T; }
impl<T: Clone> ToOwned for [T] { type Owned = Vec<T>; }
impl ToOwned for str { type Owned = String; }
impl<'a, B: ?Sized + ToOwned> Clone for Cow<'a, B> {}
impl<'a, B: ?Sized + ToOwned + Debug> Debug for Cow<'a, B> where <B as ToOwned>::Owned: Debug {}
impl<'a, B: ?Sized + ToOwned + Display> Display for Cow<'a, B> where <B as ToOwned>::Owned: Display {}
impl<'a, B: ?Sized + ToOwned> Deref for Cow<'a, B> { type Target = B; }
impl<'a, T: ?Sized + ToOwned> AsRef<T> for Cow<'a, T> {}
