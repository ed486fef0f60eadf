// std::pin

#[fundamental]
pub struct Pin<Ptr> { pointer: Ptr }

impl<Ptr: Clone> Clone for Pin<Ptr> {}
impl<Ptr: Copy> Copy for Pin<Ptr> {}
impl<Ptr: Debug> Debug for Pin<Ptr> {}
impl<Ptr: Deref> Deref for Pin<Ptr> { type Target = <Ptr as Deref>::Target; }
