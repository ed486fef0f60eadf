// The std sweep's program (tests/rustc_oracle/std_sweep.py): std items in scope, nothing else.
use std::borrow::{Borrow, Cow};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex, RwLock};
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::{Deref, Index, Add, Range};
use std::error::Error;
use std::any::Any;
use std::marker::PhantomData;
use std::iter::{Rev, Map, Enumerate};
use std::ops::RangeInclusive;
use std::ops::{Sub, Mul, Div, Rem, BitAnd, BitOr, Shl, Shr, AddAssign, ShlAssign};
use std::collections::BinaryHeap;
