trait Foo {}
trait Foo {}
