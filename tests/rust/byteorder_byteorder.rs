// From byteorder (BurntSushi/byteorder): src/lib.rs (`ByteOrder: Clone + Copy + Debug + Default + Eq + Hash +
// Ord + PartialEq + PartialOrd + private::Sealed`, the uninhabited `BigEndian`/`LittleEndian` enums with their
// derives and `Default` impls, the `NetworkEndian`/`NativeEndian` aliases), trimmed to two methods.
use core::fmt::Debug;
use core::hash::Hash;

mod private {
    pub trait Sealed {}
    impl Sealed for super::LittleEndian {}
    impl Sealed for super::BigEndian {}
}

pub trait ByteOrder:
    Clone + Copy + Debug + Default + Eq + Hash + Ord + PartialEq + PartialOrd + private::Sealed
{
    fn read_u16(buf: &[u8]) -> u16;
    fn write_u16(buf: &mut [u8], n: u16);
}

#[derive(Clone, Copy, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
pub enum BigEndian {}

impl Default for BigEndian {
    fn default() -> BigEndian {
        panic!("BigEndian default")
    }
}

#[derive(Clone, Copy, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
pub enum LittleEndian {}

impl Default for LittleEndian {
    fn default() -> LittleEndian {
        panic!("LittleEndian default")
    }
}

pub type BE = BigEndian;
pub type LE = LittleEndian;
pub type NetworkEndian = BigEndian;
#[cfg(target_endian = "little")]
pub type NativeEndian = LittleEndian;
#[cfg(target_endian = "big")]
pub type NativeEndian = BigEndian;

impl ByteOrder for BigEndian {
    #[inline]
    fn read_u16(buf: &[u8]) -> u16 {
        u16::from_be_bytes([buf[0], buf[1]])
    }
    #[inline]
    fn write_u16(buf: &mut [u8], n: u16) {
        buf[..2].copy_from_slice(&n.to_be_bytes());
    }
}

impl ByteOrder for LittleEndian {
    #[inline]
    fn read_u16(buf: &[u8]) -> u16 {
        u16::from_le_bytes([buf[0], buf[1]])
    }
    #[inline]
    fn write_u16(buf: &mut [u8], n: u16) {
        buf[..2].copy_from_slice(&n.to_le_bytes());
    }
}

// goal: BigEndian: ByteOrder
// goal: NetworkEndian: ByteOrder
// goal: BE: Ord
// goal: LittleEndian: Default
// goal: LE: Hash
// goal: u8: ByteOrder
// goal: forall<T> { if (T: ByteOrder; T: Sized) { T: Copy } }
// goal: forall<T> { if (T: ByteOrder; T: Sized) { T: PartialOrd } }
