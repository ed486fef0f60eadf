//! knot's own Prolog library (`rules/lists.pl`) and the snapshots of parsed rules files.
//!
//! Parsing a rules file with the pest grammar was most of a small query's time. A snapshot holds
//! each file's items as flat term code (each distinct term once, children before parents), which
//! [`decode_into`] interns straight into a program's store. Snapshots are made at build time by the
//! front door's build script ([`snapshot`]) and handed over at run time ([`install`]); one is used
//! only when its key, a hash of the rules texts and of the clause parser's sources, matches this
//! build, and only for a file whose text is the one it was made from. Without one, the files are
//! parsed (slower, never different).

#![cfg_attr(not(feature = "image"), allow(dead_code))]

use super::clauses::{Item, ItemKind};
use crate::error::Span;
use crate::term::{Store, TermId};

/// A rules file: its name as cited (`rules/lists.pl`) and its text.
pub type RulesFile = (&'static str, &'static str);

/// `rules/lists.pl`: the list library of clause programs.
pub const LISTS: RulesFile = (
    "rules/lists.pl",
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/lists.pl")),
);

/// The parser's sources: a change to any of them may change a parse.
const PARSER_SOURCES: &[&str] = &[
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/syntax/clauses.rs"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/syntax/clauses.pest"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/syntax/prescan.rs"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/syntax/library.rs"
    )),
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/error.rs")),
];

/// The snapshot handed over by [`install`]: the files it covers and its bytes.
static INSTALLED: std::sync::OnceLock<(Vec<RulesFile>, &'static [u8])> = std::sync::OnceLock::new();

/// Use `bytes`, a [`snapshot`] of `files`, for the parses of those files from now on (the first
/// call in a process wins).
pub fn install(files: &[RulesFile], bytes: &'static [u8]) {
    let _ = INSTALLED.set((files.to_vec(), bytes));
}

/// One term node; arguments and symbols are indices (into the file's results and names).
#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
enum Op {
    Atom(u32),
    Int(i64),
    Var(u32),
    Placeholder(u32, u32),
    /// Functor, then the start and length of its arguments in [`FileCode::args`].
    App(u32, u32, u32),
    Float(u64),
    Big(String),
    Str(u32),
}

#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
enum Kind {
    Clause,
    Directive,
    Query,
}

#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
struct ItemCode {
    kind: Kind,
    /// The item's term: an index into the file's results.
    term: u32,
    var_names: Vec<String>,
    span: Span,
}

#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
struct FileCode {
    name: String,
    names: Vec<String>,
    ops: Vec<Op>,
    args: Vec<u32>,
    items: Vec<ItemCode>,
}

/// The key of a snapshot made from `files` (name, text) by a parser whose sources are `sources`.
/// (The std model's snapshot, `resolve::std_model`, uses it too.)
pub fn snapshot_key(files: &[(&str, &str)], sources: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    for (name, src) in files {
        name.hash(&mut h);
        src.hash(&mut h);
    }
    for src in sources {
        src.hash(&mut h);
    }
    h.finish()
}

/// A snapshot's encoded body: what follows its 8-byte key, if that key is `key`.
pub fn snapshot_body(snapshot: &[u8], key: u64) -> Option<&[u8]> {
    let (k, body) = snapshot.split_at_checked(8)?;
    (u64::from_le_bytes(k.try_into().ok()?) == key).then_some(body)
}

/// A hash of everything a snapshot of `files` depends on.
fn key(files: &[RulesFile]) -> u64 {
    snapshot_key(files, PARSER_SOURCES)
}

/// The installed snapshot's files, decoded once per process; `None` when there is none, or it is
/// stale or unreadable.
#[cfg(feature = "image")]
fn installed() -> Option<&'static [FileCode]> {
    static FILES: std::sync::OnceLock<Option<Vec<FileCode>>> = std::sync::OnceLock::new();
    FILES
        .get_or_init(|| {
            let (files, bytes) = INSTALLED.get()?;
            postcard::from_bytes(snapshot_body(bytes, key(files))?).ok()
        })
        .as_deref()
}

#[cfg(not(feature = "image"))]
fn installed() -> Option<&'static [FileCode]> {
    None
}

/// The items of the rules file `file` with text `src`, interned into `store`, if the installed
/// snapshot holds that file with that text.
pub fn decode_into(store: &mut Store, file: &str, src: &'static str) -> Option<Vec<Item>> {
    let (files, _) = INSTALLED.get()?;
    let (_, text) = files.iter().find(|(n, _)| *n == file)?;
    // The snapshot's key covers the texts it was made from; a caller's other text is not in it.
    if *text != src {
        return None;
    }
    let code = installed()?.iter().find(|f| f.name == file)?;
    let syms: Vec<_> = code.names.iter().map(|n| store.sym(n)).collect();
    let mut out: Vec<TermId> = Vec::with_capacity(code.ops.len());
    let mut buf: Vec<TermId> = Vec::new();
    for op in &code.ops {
        let t = match op {
            Op::Atom(s) => store.atom(*syms.get(*s as usize)?),
            Op::Int(i) => store.int(*i),
            Op::Var(v) => store.var(*v),
            Op::Placeholder(u, i) => store.placeholder(*u, *i),
            Op::App(f, start, len) => {
                buf.clear();
                let args = code.args.get(*start as usize..(*start + *len) as usize)?;
                for &a in args {
                    buf.push(*out.get(a as usize)?);
                }
                store.app(*syms.get(*f as usize)?, &buf)
            }
            Op::Float(bits) => store.float(f64::from_bits(*bits)),
            Op::Big(text) => store.bigint(&text.parse().ok()?),
            Op::Str(s) => store.string(code.names.get(*s as usize)?),
        };
        out.push(t);
    }
    code.items
        .iter()
        .map(|it| {
            Some(Item {
                kind: match it.kind {
                    Kind::Clause => ItemKind::Clause,
                    Kind::Directive => ItemKind::Directive,
                    Kind::Query => ItemKind::Query,
                },
                term: *out.get(it.term as usize)?,
                var_names: it.var_names.iter().map(|n| n.as_str().into()).collect(),
                span: it.span.clone(),
            })
        })
        .collect()
}

/// The snapshot of `files` as the clause parser reads them now (the front door's build script
/// writes it; [`install`] takes it back).
#[cfg(feature = "image")]
pub fn snapshot(files: &[RulesFile]) -> crate::error::Result<Vec<u8>> {
    let mut codes = Vec::new();
    for (name, src) in files {
        let mut store = Store::new();
        let items = super::clauses::parse_clauses(&mut store, &std::sync::Arc::from(*name), src)?;
        codes.push(encode(&store, name, &items));
    }
    let mut out = key(files).to_le_bytes().to_vec();
    out.extend(postcard::to_stdvec(&codes).map_err(|e| {
        crate::error::Error::Internal(format!("cannot encode a rules snapshot: {e}"))
    })?);
    Ok(out)
}

/// Encode one file's parsed items (in `store`).
#[cfg(feature = "image")]
fn encode(store: &Store, name: &str, items: &[Item]) -> FileCode {
    use crate::term::View;
    use rustc_hash::FxHashMap;
    let mut code = FileCode {
        name: name.to_string(),
        names: Vec::new(),
        ops: Vec::new(),
        args: Vec::new(),
        items: Vec::new(),
    };
    let mut name_ix: FxHashMap<String, u32> = FxHashMap::default();
    let mut sym = |code: &mut FileCode, text: &str| -> u32 {
        *name_ix.entry(text.to_string()).or_insert_with(|| {
            code.names.push(text.to_string());
            code.names.len() as u32 - 1
        })
    };
    let mut done: FxHashMap<TermId, u32> = FxHashMap::default();
    for it in items {
        // Post-order over the term's distinct nodes, without recursion.
        let mut stack = vec![(it.term, false)];
        while let Some((t, expanded)) = stack.pop() {
            if done.contains_key(&t) {
                continue;
            }
            let view = store.view(t);
            if let (View::App(_, args), false) = (view, expanded) {
                stack.push((t, true));
                for &a in args.iter().rev() {
                    stack.push((a, false));
                }
                continue;
            }
            let op = match view {
                View::Atom(s) => Op::Atom(sym(&mut code, store.name(s))),
                View::Int(i) => Op::Int(i),
                View::Var(v) => Op::Var(v),
                View::Placeholder(u, i) => Op::Placeholder(u, i),
                View::App(f, args) => {
                    let f = sym(&mut code, store.name(f));
                    let start = code.args.len() as u32;
                    code.args.extend(args.iter().map(|a| done[a]));
                    Op::App(f, start, args.len() as u32)
                }
                View::Float(x) => Op::Float(x.to_bits()),
                View::Big(b) => Op::Big(b.to_string()),
                View::Str(s) => Op::Str(sym(&mut code, store.name(s))),
            };
            code.ops.push(op);
            done.insert(t, code.ops.len() as u32 - 1);
        }
        code.items.push(ItemCode {
            kind: match it.kind {
                ItemKind::Clause => Kind::Clause,
                ItemKind::Directive => Kind::Directive,
                ItemKind::Query => Kind::Query,
            },
            term: done[&it.term],
            var_names: it.var_names.iter().map(|n| n.to_string()).collect(),
            span: it.span.clone(),
        });
    }
    code
}

#[cfg(all(test, feature = "image"))]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A snapshot of the list library decodes into the items a parse gives (same clauses,
    /// variable names and spans), also into a store that holds other terms.
    #[test]
    fn a_snapshot_decodes_to_the_parse() {
        let bytes = snapshot(&[LISTS]).expect("the list library parses");
        install(&[LISTS], Box::leak(bytes.into_boxed_slice()));
        let text = super::super::clauses::items_text;
        let (name, src) = LISTS;
        let mut parsed_store = Store::new();
        let parsed = super::super::clauses::parse_clauses(&mut parsed_store, &Arc::from(name), src)
            .expect("parses");
        let mut other = Store::new();
        other.atom_named("something_else");
        let decoded = decode_into(&mut other, name, src).expect("the snapshot is current");
        assert_eq!(
            text(&other, &decoded),
            text(&parsed_store, &parsed),
            "{name}"
        );
    }
}
