// knot's std prelude for `.rs` files: the traits and types trait puzzles use, and the std impls among
// them. A program that declares an item of the same name hides the prelude's item and every prelude impl
// that mentions it. `--no-prelude` turns the prelude off; `.chalk` files never get it.

#[lang(sized)]
trait Sized {}
#[auto]
trait Send {}
#[auto]
trait Sync {}
trait Debug {}
trait Clone {}
trait Copy where Self: Clone {}
trait Default {}
trait PartialEq<Rhs = Self> {}
trait Eq where Self: PartialEq<Self> {}
trait Hash {}
trait Iterator { type Item; }
trait IntoIterator { type Item; type IntoIter; }
trait Deref { type Target; }

struct Option<T> { value: T }
#[fundamental]
struct Box<T> { value: T }
struct Vec<T> { value: T }
struct Rc<T> { value: T }
struct Arc<T> { value: T }
struct String {}

impl<T> Debug for Option<T> where T: Debug {}
impl<T> Debug for Box<T> where T: Debug {}
impl<T> Debug for Vec<T> where T: Debug {}
impl<T> Debug for Rc<T> where T: Debug {}
impl<T> Debug for Arc<T> where T: Debug {}
impl Debug for String {}
impl<T> Clone for Option<T> where T: Clone {}
impl<T> Clone for Box<T> where T: Clone {}
impl<T> Clone for Vec<T> where T: Clone {}
impl<T> Clone for Rc<T> {}
impl<T> Clone for Arc<T> {}
impl Clone for String {}
impl<T> Copy for Option<T> where T: Copy {}
impl<T> Default for Option<T> {}
impl<T> Default for Vec<T> {}
impl Default for String {}
impl<T> Deref for Box<T> { type Target = T; }
impl<T> Deref for Rc<T> { type Target = T; }
impl<T> Deref for Arc<T> { type Target = T; }
impl<T> Deref for Vec<T> { type Target = [T]; }
impl<T> IntoIterator for Vec<T> { type Item = T; type IntoIter = Vec<T>; }
impl<T> Iterator for Vec<T> { type Item = T; }
impl<T> !Send for Rc<T> {}
impl<T> !Sync for Rc<T> {}

impl Debug for u8 {} impl Debug for u16 {} impl Debug for u32 {} impl Debug for u64 {} impl Debug for usize {}
impl Debug for i8 {} impl Debug for i16 {} impl Debug for i32 {} impl Debug for i64 {} impl Debug for isize {}
impl Debug for bool {} impl Debug for char {} impl Debug for str {} impl Debug for () {}
impl Clone for u8 {} impl Clone for u16 {} impl Clone for u32 {} impl Clone for u64 {} impl Clone for usize {}
impl Clone for i8 {} impl Clone for i16 {} impl Clone for i32 {} impl Clone for i64 {} impl Clone for isize {}
impl Clone for bool {} impl Clone for char {} impl Clone for () {}
impl Copy for u8 {} impl Copy for u16 {} impl Copy for u32 {} impl Copy for u64 {} impl Copy for usize {}
impl Copy for i8 {} impl Copy for i16 {} impl Copy for i32 {} impl Copy for i64 {} impl Copy for isize {}
impl Copy for bool {} impl Copy for char {} impl Copy for () {}
impl<'a, T> Clone for &'a T {}
impl<'a, T> Copy for &'a T {}
impl<'a, T> Debug for &'a T where T: Debug {}
impl<A, B> Debug for (A, B) where A: Debug, B: Debug {}
impl<A, B> Clone for (A, B) where A: Clone, B: Clone {}
impl<T> Debug for [T] where T: Debug {}
impl<T> PartialEq<Option<T>> for Option<T> where T: PartialEq<T> {}
impl PartialEq<u32> for u32 {} impl Eq for u32 {} impl Hash for u32 {}
impl PartialEq<String> for String {} impl Eq for String {} impl Hash for String {}
