//! The segments of a path `a::b::C` as written in a name, without allocating: every type and bound
//! of a program has its name resolved.

/// The segments of a path written `a::b::C`, borrowed: on the stack for up to eight segments (a
/// name is resolved for every type and bound an item writes).
pub struct Segs<'s> {
    inline: [&'s str; 8],
    len: usize,
    spill: Vec<&'s str>,
}

impl<'s> Segs<'s> {
    pub fn of(path: &'s str) -> Segs<'s> {
        let mut segs = Segs {
            inline: [""; 8],
            len: 0,
            spill: Vec::new(),
        };
        // As `path.split("::")` (its searcher is general and slow for a two-byte needle).
        let b = path.as_bytes();
        let (mut from, mut i) = (0, 0);
        while i + 1 < b.len() {
            if b[i] == b':' && b[i + 1] == b':' {
                segs.push(&path[from..i]);
                i += 2;
                from = i;
            } else {
                i += 1;
            }
        }
        segs.push(&path[from..]);
        segs
    }

    fn push(&mut self, s: &'s str) {
        if self.len < self.inline.len() {
            self.inline[self.len] = s;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline);
            }
            self.spill.push(s);
        }
        self.len += 1;
    }
}

impl<'s> std::ops::Deref for Segs<'s> {
    type Target = [&'s str];
    fn deref(&self) -> &[&'s str] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn segments_of_paths() {
        assert_eq!(&*Segs::of("a::b::C"), &["a", "b", "C"]);
        assert_eq!(&*Segs::of("C"), &["C"]);
        assert_eq!(&*Segs::of(""), &[""]);
        assert_eq!(&*Segs::of("::std::X"), &["", "std", "X"]);
        let long = "a::b::c::d::e::f::g::h::i::j";
        assert_eq!(
            Segs::of(long).to_vec(),
            long.split("::").collect::<Vec<_>>()
        );
        assert_eq!(Segs::of("T::Assoc")[0], "T");
    }

    proptest! {
        /// The same segments as `str::split("::")`, whatever the colons.
        #[test]
        fn same_as_split(path in "[ab:]{0,24}") {
            let expected: Vec<&str> = path.split("::").collect();
            prop_assert_eq!(Segs::of(&path).to_vec(), expected.clone());
        }
    }
}
