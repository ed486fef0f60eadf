// std::slice

pub struct Iter<'a, T> { ptr: &'a [T] }
pub struct IterMut<'a, T> { ptr: &'a mut [T] }

impl<'a, T> Iterator for Iter<'a, T> { type Item = &'a T; }
impl<'a, T> Iterator for IterMut<'a, T> { type Item = &'a mut T; }
impl<'a, T> Clone for Iter<'a, T> {}
impl<'a, T> IntoIterator for &'a [T] { type Item = &'a T; type IntoIter = Iter<'a, T>; }
impl<'a, T> IntoIterator for &'a mut [T] { type Item = &'a mut T; type IntoIter = IterMut<'a, T>; }
