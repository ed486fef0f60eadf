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
impl<'a, B: ?Sized + ToOwned> Borrow<B> for Cow<'a, B> {}
impl<'a, B: ?Sized + ToOwned> Default for Cow<'a, B> where <B as ToOwned>::Owned: Default {}
impl<'a, 'b, B: ?Sized + ToOwned + PartialEq<C>, C: ?Sized + ToOwned> PartialEq<Cow<'b, C>> for Cow<'a, B> {}
impl<'a, B: ?Sized + ToOwned + Eq> Eq for Cow<'a, B> {}
impl<'a, B: ?Sized + ToOwned + PartialOrd> PartialOrd for Cow<'a, B> {}
impl<'a, B: ?Sized + ToOwned + Ord> Ord for Cow<'a, B> {}
impl<'a, B: ?Sized + ToOwned + Hash> Hash for Cow<'a, B> {}
impl<'a> PartialEq<str> for Cow<'a, str> {}
impl<'a, 'b> PartialEq<&'b str> for Cow<'a, str> {}
impl<'a> PartialEq<String> for Cow<'a, str> {}
impl<'a> From<&'a str> for Cow<'a, str> {}
impl<'a> From<String> for Cow<'a, str> {}
impl<'a> From<&'a String> for Cow<'a, str> {}
impl<'a, T: Clone> From<&'a [T]> for Cow<'a, [T]> {}
impl<'a, T: Clone> From<Vec<T>> for Cow<'a, [T]> {}
impl<'a, T: Clone> From<&'a Vec<T>> for Cow<'a, [T]> {}
impl<'a> FromIterator<char> for Cow<'a, str> {}
impl<'a, 'b> FromIterator<&'b str> for Cow<'a, str> {}
impl<'a> FromIterator<String> for Cow<'a, str> {}
impl<'a, T: Clone> FromIterator<T> for Cow<'a, [T]> {}
impl<'a> Add<&'a str> for Cow<'a, str> { type Output = Cow<'a, str>; }
