// std::any

pub trait Any: 'static {}
impl<T: 'static + ?Sized> Any for T {}
