// rustc's reading of programs/link.rs: the same items, with the `...` bodies written out.
use std::fmt::Debug;
trait Wrap {
    type Wrapper<T>;
}
struct Link<W: Wrap> {
    next: Option<Box<W::Wrapper<Link<W>>>>,
}
impl<W> Debug for Link<W>
where
    W: Wrap,
    Option<Box<W::Wrapper<Link<W>>>>: Debug,
{
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { Ok(()) }
}
struct MyWrapper<T = ()>(T);
impl Wrap for MyWrapper {
    type Wrapper<T> = MyWrapper<T>;
}
impl<T> Debug for MyWrapper<T>
where
    T: Debug,
{
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { Ok(()) }
}
