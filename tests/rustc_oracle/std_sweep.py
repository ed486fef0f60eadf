#!/usr/bin/env python3
"""The std sweep: does knot's std model agree with std? Every pair of a list of std types and a list of
std traits (two sets) is judged by rustc, old and next solver, in one compilation per set and solver, and
written to the fixture as `std-sweep-1` to `-6` (replacing those lines); the third set relates
the types of one family (strings, paths, bytes) pairwise: `PartialEq`, `PartialOrd`, `From`, `Into`,
`AsRef`, `Borrow`; the fourth asks projections, `<TYPE as TRAIT>::ASSOC = CANDIDATE` (rustc:
`X: TRAIT<ASSOC = CANDIDATE>`); the fifth relates the numeric types pairwise by conversions,
comparisons and operators (also through references); the sixth asks the iterator adapters over a few
inner iterators for the iterator traits and their own impls. The program is
`programs/std_sweep.rs` (the `use` lines both sides need). Run `known.py --keep` after it.

    std_sweep.py [--fixture F]

A sized type is checked as `fn c<X: BOUND>() {} c::<TYPE>();`, an unsized one with `X: ?Sized + BOUND`
(a trait whose default parameter mentions `Self`, as `Add<Rhs = Self>`, then needs no second run).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import oracle  # noqa: E402

PROGRAM = os.path.join(HERE, "programs", "std_sweep.rs")
UNSIZED = {"str", "[u8]"}
TYPES = ["u8","i32","u64","usize","f32","f64","bool","char","()","str","&'static str","String","[u8]","&'static [u8]","[u8; 4]","[String; 2]",
 "Vec<u8>","Vec<String>","Box<u8>","Box<str>","Box<[u8]>","Box<dyn Error>","Box<dyn Error + Send + Sync>","Box<dyn Fn(u8) -> u8>",
 "Option<u8>","Option<String>","Option<&'static str>","Result<u8, String>","(u8, String)","(u8, f32)","Rc<u8>","Rc<str>","Arc<u8>","Arc<str>",
 "Arc<Mutex<u8>>","Mutex<u8>","RwLock<String>","Cell<u8>","RefCell<String>","HashMap<String, u8>","HashSet<u8>","BTreeMap<u8, String>",
 "BTreeSet<String>","VecDeque<u8>","Cow<'static, str>","Cow<'static, [u8]>","PathBuf","&'static Path","OsString","Range<u32>",
 "std::vec::IntoIter<u8>","std::slice::Iter<'static, u8>","fn(u8) -> u8","*const u8","&'static mut u8","PhantomData<Rc<u8>>"]
TRAITS = ["Clone","Copy","Send","Sync","Unpin","Debug","Display","Default","PartialEq","Eq","PartialOrd","Ord","Hash","Iterator","IntoIterator",
 "ToString","AsRef<str>","AsRef<[u8]>","AsRef<Path>","Borrow<str>","From<String>","From<&'static str>","From<u8>","From<Vec<u8>>","Into<String>",
 "Into<Vec<u8>>","Deref","Index<usize>","Extend<u8>","FromIterator<u8>","FromIterator<char>","Error","std::io::Write","std::io::Read",
 "std::fmt::Write","std::str::FromStr","ToOwned","Any","std::panic::UnwindSafe","std::panic::RefUnwindSafe","Add<u8>","PartialEq<str>",
 "PartialEq<&'static str>","PartialEq<String>","TryFrom<i32>","Into<u64>","Fn(u8) -> u8","DoubleEndedIterator","ExactSizeIterator"]
TYPES2 = ["Rev<Range<u32>>", "Range<u64>", "Range<usize>", "Range<i64>", "RangeInclusive<u8>", "std::vec::IntoIter<String>",
 "std::str::Chars<'static>", "std::str::Bytes<'static>", "Map<Range<u8>, fn(u8) -> u8>", "Enumerate<std::slice::Iter<'static, u8>>",
 "(u8, u8, u8)", "(String, f32, bool)", "(u8,)", "[f32; 3]", "[u8; 0]", "&'static [u8; 4]", "&'static mut [u8]", "&'static mut str",
 "Box<[String]>", "Rc<[u8]>", "Arc<[u8]>", "Rc<String>", "Cow<'static, Path>", "VecDeque<String>", "BinaryHeap<u8>",
 "std::collections::LinkedList<u8>", "Option<f32>", "Result<f32, ()>", "Cell<f32>", "RefCell<f32>", "PhantomData<f32>",
 "isize", "usize", "i128", "u128", "u16", "char", "bool", "f64", "&'static String", "Mutex<String>",
 "std::collections::hash_map::IntoIter<u8, u8>", "std::collections::hash_set::IntoIter<u8>",
 "std::collections::btree_map::IntoIter<u8, String>", "std::collections::btree_set::IntoIter<u8>",
 "std::collections::vec_deque::IntoIter<u8>", "std::collections::binary_heap::IntoIter<u8>",
 "std::collections::linked_list::IntoIter<u8>", "std::path::Iter<'static>"]
TRAITS2 = ["Iterator", "DoubleEndedIterator", "ExactSizeIterator", "IntoIterator", "Clone", "Copy", "Debug", "Default", "PartialEq", "Eq",
 "PartialOrd", "Ord", "Hash", "Index<usize>", "Index<Range<usize>>", "AsRef<[u8]>", "From<Vec<u8>>", "FromIterator<u8>",
 "std::str::FromStr", "TryFrom<u8>", "TryFrom<usize>", "TryFrom<isize>", "TryFrom<i128>", "TryFrom<bool>", "From<bool>", "From<u8>",
 "TryFrom<char>", "From<char>", "Into<char>", "PartialEq<[u8]>", "PartialEq<str>", "Borrow<[u8]>", "Send", "Sync", "Display", "ToString",
 "Extend<u8>", "From<String>", "From<&'static str>", "Deref", "Unpin"]

# Set 3: traits between two types of one family (strings, paths, bytes), every ordered pair.
FAMILY = ["str", "&'static str", "String", "&'static String", "Cow<'static, str>", "Box<str>", "Rc<str>",
          "Arc<str>", "std::ffi::OsStr", "&'static std::ffi::OsStr", "OsString", "Path", "PathBuf", "&'static Path",
          "Cow<'static, Path>", "[u8]", "&'static [u8]",
          "Vec<u8>", "[u8; 3]", "&'static [u8; 3]", "Box<[u8]>", "Cow<'static, [u8]>", "VecDeque<u8>", "char", "u8"]
PAIR_TRAITS = ["PartialEq<%s>", "PartialOrd<%s>", "From<%s>", "Into<%s>", "AsRef<%s>", "Borrow<%s>"]
UNSIZED |= {"std::ffi::OsStr", "Path"}


def pairs():
    return [(x, t % y) for x in FAMILY for t in PAIR_TRAITS for y in FAMILY]

# Set 4: projections, `<TYPE as TRAIT>::ASSOC = CANDIDATE` for each type, associated type and candidate.
PROJ_TYPES = ["Vec<u8>", "&'static Vec<u8>", "String", "&'static str", "[u8; 3]", "&'static [u8]", "Option<u8>",
              "Result<u8, String>", "Box<[u8]>", "Box<str>", "Box<u8>", "HashMap<String, u8>", "HashSet<u8>",
              "BTreeMap<u8, String>", "VecDeque<u8>", "Range<u32>", "std::vec::IntoIter<u8>",
              "std::slice::Iter<'static, u8>", "Rc<str>", "Arc<u8>", "Cow<'static, str>", "Cow<'static, [u8]>",
              "PathBuf", "&'static Path", "OsString", "Rev<Range<u32>>", "std::str::Chars<'static>"]
PROJ_ASSOC = [("IntoIterator", "Item"), ("Iterator", "Item"), ("Deref", "Target"), ("ToOwned", "Owned"),
              ("Index<usize>", "Output"), ("std::str::FromStr", "Err")]
PROJ_CANDS = ["u8", "&'static u8", "u32", "char", "&'static str", "String", "str", "[u8]", "Vec<u8>", "(String, u8)",
              "(u8, String)", "&'static std::ffi::OsStr", "std::ffi::OsStr", "Path", "PathBuf", "OsString",
              "std::vec::IntoIter<u8>", "std::slice::Iter<'static, u8>", "std::num::ParseIntError",
              "std::convert::Infallible", "Cow<'static, str>", "Box<[u8]>", "Rc<str>"]


def projections():
    """(type, bound with the binding, knot's goal) of every projection goal."""
    out = []
    for t in PROJ_TYPES:
        for tr, assoc in PROJ_ASSOC:
            for y in PROJ_CANDS:
                bound = tr[:-1] + ", %s = %s>" % (assoc, y) if "<" in tr else "%s<%s = %s>" % (tr, assoc, y)
                out.append((t, bound, "<%s as %s>::%s = %s" % (t, tr, assoc, y)))
    return out


# Set 5: the numeric types related pairwise by conversions, comparisons and operators, the operators
# also through references (`&u8: Add<u8>`, `u8: Add<&u8>`, `&u8: Add<&u8>`), and each type's `Neg`/`Not`.
NUMS = ["u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64"]
NUM_TRAITS = ["From<%s>", "TryFrom<%s>", "Into<%s>", "TryInto<%s>", "PartialEq<%s>", "PartialOrd<%s>", "Add<%s>",
              "Sub<%s>", "Mul<%s>", "Rem<%s>", "BitAnd<%s>", "Shl<%s>", "Shr<%s>", "AddAssign<%s>", "ShlAssign<%s>"]
REF_OPS = ["Add<%s>", "Sub<%s>", "Mul<%s>", "Div<%s>", "BitOr<%s>", "Shl<%s>", "Shr<%s>"]


def numeric():
    out = [(x, t % y) for x in NUMS for t in NUM_TRAITS for y in NUMS]
    for n in NUMS:
        r = "&'static %s" % n
        out += [(x, t % y) for t in REF_OPS for x, y in ((r, n), (n, r), (r, r))]
        out += [(n, "std::ops::Neg"), (n, "std::ops::Not"), (r, "std::ops::Neg"), (r, "std::ops::Not")]
    return out


# Set 6: the iterator adapters over a few inner iterators, against the iterator traits and the
# adapters' own impls.
ITERS = ["Range<u8>", "std::slice::Iter<'static, u8>", "std::vec::IntoIter<String>", "std::str::Chars<'static>"]
ADAPTERS = ["std::iter::Fuse<%s>", "std::iter::Peekable<%s>", "std::iter::Rev<%s>", "std::iter::Take<%s>",
            "std::iter::Skip<%s>", "std::iter::Enumerate<%s>", "std::iter::Zip<%s, Range<u8>>",
            "std::iter::Chain<%s, %s>", "std::iter::Filter<%s, fn(&<%s as Iterator>::Item) -> bool>",
            "std::iter::Map<%s, fn(<%s as Iterator>::Item) -> u8>"]
ITER_TRAITS = ["Iterator", "DoubleEndedIterator", "ExactSizeIterator", "Clone", "Copy", "Debug", "Default",
               "Send", "Sync"]
LEAVES = ["std::iter::Once<u8>", "std::iter::Empty<u8>", "std::iter::Once<String>", "std::iter::Empty<String>",
          "std::iter::Copied<std::slice::Iter<'static, u8>>", "std::iter::Cloned<std::slice::Iter<'static, String>>",
          "std::option::IntoIter<u8>", "std::str::Bytes<'static>", "std::str::Lines<'static>"]


def iterators():
    types = [a.replace("%s", i) for a in ADAPTERS for i in ITERS] + LEAVES
    return [(t, b) for t in types for b in ITER_TRAITS]


def use_line(i, ty, bound):
    relax = "?Sized + " if ty in UNSIZED else ""
    return "fn __use_%d() { fn c<X: %s%s>() {} c::<%s>(); }" % (i, relax, bound, ty)


def judge(goals, next_solver):
    lines = open(PROGRAM).read().rstrip("\n").split("\n")
    base = len(lines)
    text = "\n".join(lines + [use_line(i, t, b) for i, (t, b) in enumerate(goals)]) + "\n"
    errs, timed_out = oracle.run_rustc(text, next_solver, timeout=600)
    if timed_out:
        sys.exit("rustc timed out")
    per = [[] for _ in goals]
    for code, ln in errs:
        k = (ln or 0) - base - 1
        if not 0 <= k < len(goals):
            sys.exit("an error outside every goal's line: %s at %s" % (code, ln))
        per[k].append(code)
    return [oracle.verdict_of(p) for p in per]


def main():
    args = sys.argv[1:]
    fixture = args[args.index("--fixture") + 1] if "--fixture" in args else os.path.join(HERE, "fixture.jsonl")
    # A goal's `known` reason (written by hand or by known.py) is kept when its line is rewritten.
    known = {}
    for l in open(fixture):
        if l.strip() and json.loads(l)["id"].startswith("std-sweep-"):
            for g in json.loads(l)["goals"]:
                if "known" in g:
                    known[g["goal"]] = g["known"]
    lines = []
    def bounds(checks):
        return [(t, b, "%s: %s" % (t, b)) for t, b in checks]
    sets = [bounds((t, b) for t in TYPES for b in TRAITS),
            bounds((t, b) for t in TYPES2 for b in TRAITS2),
            bounds(pairs()),
            projections(),
            bounds(numeric()),
            bounds(iterators())]
    for n, goals in enumerate(sets, 1):
        checks = [(t, b) for t, b, _ in goals]
        old, new = judge(checks, False), judge(checks, True)
        entry = {"id": "std-sweep-%d" % n, "file": os.path.relpath(PROGRAM, os.path.dirname(os.path.dirname(HERE))),
                 "goals": [{"goal": g[2], "old": o, "next": x} for g, o, x in zip(goals, old, new)]}
        for g in entry["goals"]:
            if g["goal"] in known:
                g["known"] = known[g["goal"]]
        lines.append(json.dumps(entry))
        print("std-sweep-%d: %d goals, %d hold" % (n, len(goals), old.count("holds")))
    kept = [l for l in open(fixture) if l.strip() and not json.loads(l)["id"].startswith("std-sweep-")]
    with open(fixture, "w") as f:
        f.writelines(kept + [l + "\n" for l in lines])


if __name__ == "__main__":
    main()
