trait Foo {}
struct W<T>(T);
impl Foo for W<u8, u8> {}
