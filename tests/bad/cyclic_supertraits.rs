trait A: B {}
trait B: A {}
