//! Fixed-width little-endian records: how an image (`term::image_wire`, `program::image_wire`)
//! lays out its large arrays, so that decoding them is a few instructions a field, not a serde
//! visit each.

/// Appends records.
#[derive(Default)]
pub struct Writer(pub Vec<u8>);

impl Writer {
    pub fn u8(&mut self, v: u8) {
        self.0.push(v);
    }

    pub fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
}

/// Reads records back; `None` past the end.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    #[inline]
    pub fn u8(&mut self) -> Option<u8> {
        let (&v, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(v)
    }

    #[inline]
    pub fn u32(&mut self) -> Option<u32> {
        let (v, rest) = self.bytes.split_first_chunk::<4>()?;
        self.bytes = rest;
        Some(u32::from_le_bytes(*v))
    }
}
