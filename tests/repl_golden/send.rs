use std::rc::Rc;
struct Handle(Rc<u8>);
struct Outer { h: Vec<Handle> }
