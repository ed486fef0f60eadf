// After rustc's tests/ui/coherence tests of impls that do not overlap (a blanket impl over a local trait
// beside impls for foreign types, impls distinguished by a generic trait argument), written anew.
pub trait Named {
    fn name() -> &'static str;
}
impl Named for u8 {
    fn name() -> &'static str {
        "u8"
    }
}
impl Named for String {
    fn name() -> &'static str {
        "String"
    }
}
impl<T: Named> Named for Vec<T> {
    fn name() -> &'static str {
        "Vec"
    }
}
impl<T: Named> Named for Option<T> {
    fn name() -> &'static str {
        "Option"
    }
}
impl<A: Named, B: Named> Named for (A, B) {
    fn name() -> &'static str {
        "pair"
    }
}

pub trait Convert<T> {}
impl Convert<u8> for u16 {}
impl Convert<u16> for u16 {}
impl<T> Convert<Vec<T>> for Vec<T> {}

// goal: Vec<Option<(u8, String)>>: Named
// goal: (u8, Vec<u16>): Named
// goal: u16: Convert<u8>
// goal: u16: Convert<u32>
// goal: Vec<char>: Convert<Vec<char>>
// goal: Vec<char>: Convert<Vec<u8>>
