// std::any

pub trait Any: 'static {}
impl<T: 'static + ?Sized> Any for T {}

pub struct TypeId { t: u128 }
impl Clone for TypeId {} impl Copy for TypeId {} impl Debug for TypeId {}
impl PartialEq for TypeId {} impl Eq for TypeId {} impl PartialOrd for TypeId {} impl Ord for TypeId {}
impl Hash for TypeId {}
