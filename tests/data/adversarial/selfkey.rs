trait Mark { type Key; }
trait Shape where Self::Key: Clone { type Key; }
impl Shape for u8 { type Key = u32; }
