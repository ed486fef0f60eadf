trait Probe {}
trait Mark { type Elem: Probe; }
