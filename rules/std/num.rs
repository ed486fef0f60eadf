// std::num

use crate::error::Error;

pub struct ParseIntError { kind: u8 }
pub struct ParseFloatError { kind: u8 }
pub struct TryFromIntError(());
pub struct NonZeroU32(u32);
pub struct NonZeroUsize(usize);
pub struct Wrapping<T>(pub T);

impl Debug for ParseIntError {} impl Display for ParseIntError {} impl Clone for ParseIntError {}
impl PartialEq for ParseIntError {} impl Eq for ParseIntError {} impl Error for ParseIntError {}
impl Debug for ParseFloatError {} impl Display for ParseFloatError {} impl Clone for ParseFloatError {}
impl PartialEq for ParseFloatError {} impl Eq for ParseFloatError {} impl Error for ParseFloatError {}
impl Debug for TryFromIntError {} impl Display for TryFromIntError {} impl Clone for TryFromIntError {}
impl Copy for TryFromIntError {} impl Error for TryFromIntError {}
impl Clone for NonZeroU32 {} impl Copy for NonZeroU32 {} impl Debug for NonZeroU32 {}
impl Display for NonZeroU32 {} impl PartialEq for NonZeroU32 {} impl Eq for NonZeroU32 {} impl Hash for NonZeroU32 {}
impl Clone for NonZeroUsize {} impl Copy for NonZeroUsize {} impl Debug for NonZeroUsize {}
impl Display for NonZeroUsize {} impl PartialEq for NonZeroUsize {} impl Eq for NonZeroUsize {}
impl Hash for NonZeroUsize {}
impl<T: Clone> Clone for Wrapping<T> {} impl<T: Copy> Copy for Wrapping<T> {}
impl<T: Debug> Debug for Wrapping<T> {} impl<T: Default> Default for Wrapping<T> {}
pub struct TryFromCharError(());
impl Debug for TryFromCharError {} impl Display for TryFromCharError {} impl Clone for TryFromCharError {}
impl Copy for TryFromCharError {} impl PartialEq for TryFromCharError {} impl Eq for TryFromCharError {}
impl Error for TryFromCharError {}
impl TryFrom<char> for u8 { type Error = TryFromCharError; }
impl TryFrom<char> for u16 { type Error = TryFromCharError; }
impl TryFrom<char> for usize { type Error = TryFromCharError; }
