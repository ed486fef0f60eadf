//! `knot-stdgen`: knot's std model from the toolchain's own documentation.
//!
//! Reads the rustdoc HTML of core, alloc and std (`$(rustc --print sysroot)/share/doc/rust/html`,
//! the `rust-docs` component) and writes `rules/std/generated/*.rs`: every stable public struct,
//! enum, union, trait and type alias (with generics and, for traits, supertraits and associated
//! types), every impl of an included trait (where-clauses and associated type values included,
//! negative and blanket impls too), and the auto trait impls rustdoc synthesized from the real
//! private fields. What cannot be expressed faithfully is skipped, never approximated, and written,
//! located and counted, to `rules/std/generated/SKIPPED.txt`.
//!
//! usage: knot-stdgen [--docs HTML_DIR] [--out DIR]   (run from the workspace root)
//!
//! No HTML crate: rustdoc's output is regular (the `code-header` headings, the `item-decl`
//! block, the `*-list` sections, the `trait.impl/**.js` lists), and a scanner of a page's tags
//! is all this needs; each emitted item is checked with knot's own Rust parser.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Unstable items a stable item's declaration or impls need; kept (and said so in the output).
const UNSTABLE_KEPT: &[&str] = &[
    "alloc::Global",
    "alloc::Allocator",
    "marker::FnPtr",
    "num::ZeroablePrimitive",
    "iter::Step",
];

/// Stable traits left out: their associated types are generic (GATs), which the model's trait
/// declarations do not carry, so their impls cannot be written faithfully.
const LEFT_OUT: &[&str] = &["ops::AsyncFn", "ops::AsyncFnMut", "ops::AsyncFnOnce"];

/// Bounds that mean "may be maybe_unsized" in rustdoc's 1.9x output (`T: PointeeSized`).
const MAYBE_UNSIZED: &[&str] = &["marker::PointeeSized", "marker::MetaSized"];

/// Bounds dropped from impls: every `Fn` argument list of stable Rust is a tuple.
const ALWAYS_HOLDS: &[&str] = &["marker::Tuple"];

/// Compiler-provided (rules/lang.pl, the lowering): rustdoc's impls of these for tuples are not
/// emitted (the built-in rule covers every arity).
const LANG_TUPLE_TRAITS: &[&str] = &["clone::Clone", "marker::Copy"];

/// Attributes knot needs on some std items (the compiler knows them; rustdoc does not print them).
const ATTRS: &[(&str, &str)] = &[
    ("marker::Sized", "#[lang(sized)]"),
    ("marker::Copy", "#[lang(copy)]"),
    ("clone::Clone", "#[lang(clone)]"),
    ("future::Future", "#[lang(future)]"),
    ("marker::FnPtr", "#[lang(fn_ptr_trait)]"),
    ("ops::FnOnce", "#[lang(fn_once)]\n#[fundamental]"),
    ("ops::FnMut", "#[lang(fn_mut)]\n#[fundamental]"),
    ("ops::Fn", "#[lang(fn)]\n#[fundamental]"),
    ("boxed::Box", "#[fundamental]"),
    ("pin::Pin", "#[fundamental]"),
    ("marker::PhantomData", "#[phantom_data]"),
];

/// Dynamically sized std types: rustdoc hides their private fields, so the declaration cannot
/// say it (each gets an maybe_unsized last field).
const UNSIZED: &[&str] = &["path::Path", "ffi::OsStr", "ffi::CStr"];

const OTHER_OS: &[&str] = &[
    "windows",
    "wasi",
    "wasip1",
    "wasip2",
    "hermit",
    "solid",
    "vxworks",
    "xous",
    "uefi",
    "motor",
    "fortanix_sgx",
    "darwin",
    "macos",
    "ios",
    "android",
    "freebsd",
    "netbsd",
    "openbsd",
    "dragonfly",
    "fuchsia",
    "haiku",
    "illumos",
    "solaris",
    "redox",
    "horizon",
    "nto",
    "vita",
    "espidf",
    "aix",
    "cygwin",
    "emscripten",
    "hurd",
    "l4re",
    "nuttx",
    "rtems",
    "trusty",
    "teeos",
    "wasm",
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Struct,
    Enum,
    Union,
    Trait,
    Alias,
}

struct Item {
    kind: Kind,
    page: String,
    stable: bool,
}

struct Docs {
    root: PathBuf,
    /// key (`rc::Weak`) -> item
    items: BTreeMap<String, Item>,
    /// canonical page -> key
    by_page: HashMap<String, String>,
    /// `std::rc::Weak`, `alloc::rc::Weak` -> key
    by_path: HashMap<String, String>,
    /// unsafe traits (keys)
    unsafe_traits: BTreeSet<String>,
    /// traits' associated type names (keys)
    assoc: HashMap<String, Vec<String>>,
}

fn read(p: &Path) -> String {
    std::fs::read(p)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}

fn norm(p: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    out.join("/")
}

fn dir_of(p: &str) -> &str {
    p.rsplit_once('/').map(|(d, _)| d).unwrap_or("")
}

impl Docs {
    /// Follows rustdoc's redirect pages to the canonical page (relative to the root).
    fn resolve(&self, page: &str) -> Option<String> {
        let mut page = norm(page.split('#').next().unwrap_or(""));
        for _ in 0..6 {
            let p = self.root.join(&page);
            let s = std::fs::read(&p).ok()?;
            let head = String::from_utf8_lossy(&s[..s.len().min(2000)]).into_owned();
            let Some(i) = head.find("http-equiv=\"refresh\" content=\"0;URL=") else {
                return Some(page);
            };
            let rest = &head[i + 36..];
            let url = &rest[..rest.find('"')?];
            page = norm(&format!("{}/{}", dir_of(&page), url));
        }
        None
    }

    fn unstable(&self, page: &str) -> bool {
        let s = read(&self.root.join(page));
        let Some(i) = s.find("item-decl") else {
            return false;
        };
        let Some(j) = s[i..].find("</pre>") else {
            return false;
        };
        s[i + j..].starts_with("</pre><span class=\"item-info\"><div class=\"stab unstable\"")
    }

    fn load(root: PathBuf) -> Docs {
        let mut d = Docs {
            root,
            items: BTreeMap::new(),
            by_page: HashMap::new(),
            by_path: HashMap::new(),
            unsafe_traits: BTreeSet::new(),
            assoc: HashMap::new(),
        };
        for krate in ["std", "core", "alloc"] {
            let all = read(&d.root.join(krate).join("all.html"));
            for (sec, kind) in [
                ("structs", Kind::Struct),
                ("enums", Kind::Enum),
                ("unions", Kind::Union),
                ("traits", Kind::Trait),
                ("types", Kind::Alias),
            ] {
                let Some(i) = all.find(&format!("<h3 id=\"{sec}\">")) else {
                    continue;
                };
                let end = all[i..].find("</ul>").map(|j| i + j).unwrap_or(all.len());
                let sect = &all[i..end];
                for (href, name) in links(sect) {
                    let segs: Vec<&str> = name.split("::").collect();
                    if (segs[0] == "os" || segs[0] == "arch")
                        && (segs.len() < 2
                            || OTHER_OS.contains(&segs[1])
                            || (segs[0] == "arch" && segs[1] != "x86_64"))
                    {
                        continue;
                    }
                    let Some(page) = d.resolve(&format!("{krate}/{href}")) else {
                        continue;
                    };
                    let key = name.clone();
                    d.by_path.insert(format!("{krate}::{key}"), key.clone());
                    d.by_page.entry(page.clone()).or_insert_with(|| key.clone());
                    if d.items.contains_key(&key) {
                        continue;
                    }
                    let stable = !d.unstable(&page);
                    d.items.insert(key, Item { kind, page, stable });
                }
            }
        }
        d
    }

    /// The key of an item linked from a page (`title="struct std::rc::Weak"`, `href`).
    fn key_of(&self, from_dir: &str, href: &str, title: &str) -> Option<String> {
        let path = title.split_once(' ').map(|(_, p)| p).unwrap_or(title);
        if let Some(k) = self.by_path.get(path) {
            return Some(k.clone());
        }
        let page = self.resolve(&format!("{from_dir}/{href}"))?;
        self.by_page.get(&page).cloned()
    }

    fn included(&self, key: &str) -> bool {
        self.items
            .get(key)
            .is_some_and(|i| (i.stable || UNSTABLE_KEPT.contains(&key)) && !LEFT_OUT.contains(&key))
    }
}

/// `<a href="H">TEXT</a>` pairs of a fragment.
fn links(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(i) = rest.find("<a href=\"") {
        rest = &rest[i + 9..];
        let Some(j) = rest.find('"') else { break };
        let href = rest[..j].to_string();
        let Some(k) = rest.find('>') else { break };
        let Some(l) = rest.find("</a>") else { break };
        out.push((href, unescape(&rest[k + 1..l])));
        rest = &rest[l..];
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&")
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let pat = format!("{name}=\"");
    let i = tag.find(&pat)? + pat.len();
    let j = tag[i..].find('"')?;
    Some(&tag[i..i + j])
}

/// Why a fragment cannot be rendered.
#[derive(Debug)]
enum Missing {
    Unstable(String),
    Unknown(String),
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Missing::Unstable(k) => write!(f, "mentions the unstable or hidden item `{k}`"),
            Missing::Unknown(k) => write!(f, "mentions `{k}`, which has no documented page"),
        }
    }
}

/// Rust text of a rustdoc code fragment: links to items become `crate::` paths.
fn render(d: &Docs, from_dir: &str, html: &str) -> Result<String, Missing> {
    let mut out = String::new();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(i) = rest.find('<') else {
            out.push_str(&unescape(rest));
            break;
        };
        out.push_str(&unescape(&rest[..i]));
        rest = &rest[i..];
        let Some(j) = rest.find('>') else { break };
        let tag = &rest[..=j];
        rest = &rest[j + 1..];
        if tag.starts_with("<a ") {
            let end = rest.find("</a>").unwrap_or(rest.len());
            let inner = unescape(&strip_tags(&rest[..end]));
            rest = &rest[(end + 4).min(rest.len())..];
            let class = attr(tag, "class").unwrap_or("");
            match class {
                "struct" | "enum" | "union" | "trait" | "type" | "traitalias" | "foreigntype" => {
                    let href = attr(tag, "href").unwrap_or("");
                    let title = attr(tag, "title").unwrap_or("");
                    let Some(key) = d.key_of(from_dir, href, title) else {
                        return Err(Missing::Unknown(
                            title
                                .split_once(' ')
                                .map(|p| p.1)
                                .unwrap_or(&inner)
                                .to_string(),
                        ));
                    };
                    if MAYBE_UNSIZED.contains(&key.as_str()) {
                        out.push_str("?Sized");
                    } else if key == "marker::Sized" {
                        out.push_str("Sized");
                    } else if !d.included(&key) {
                        if ALWAYS_HOLDS.contains(&key.as_str()) {
                            out.push_str("__ALWAYS__");
                        } else {
                            return Err(Missing::Unstable(key));
                        }
                    } else {
                        // rustdoc writes a path prefix as text before a link it must
                        // disambiguate (`core::cmp::<a>Ordering</a>`): the key replaces it
                        while out.ends_with("::") {
                            let t = out.trim_end_matches("::");
                            let k = t
                                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                                .map(|k| k + 1)
                                .unwrap_or(0);
                            out.truncate(k);
                        }
                        out.push_str("crate::");
                        out.push_str(&key);
                    }
                }
                _ => out.push_str(&inner),
            }
        } else if tag.starts_with("<div class=\"where\"") || tag.starts_with("<br") {
            out.push(' ');
        }
    }
    Ok(out.split_whitespace().collect::<Vec<_>>().join(" "))
}

fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut depth = false;
    for ch in s.chars() {
        match ch {
            '<' => depth = true,
            '>' => depth = false,
            c if !depth => out.push(c),
            _ => {}
        }
    }
    out
}

/// Splits at top-level commas (outside `<>()[]`).
fn split_top(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let mut prev = ' ';
    for ch in s.chars() {
        match ch {
            '<' | '(' | '[' => depth += 1,
            '>' if prev != '-' => depth -= 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if ch == ',' && depth == 0 {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(ch);
        }
        prev = ch;
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Index just past the `<...>` that starts at `i` (`s[i] == '<'`).
fn close_angle(s: &str, i: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut k = i;
    while k < b.len() {
        match b[k] {
            b'<' => depth += 1,
            b'>' if k == 0 || b[k - 1] != b'-' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// Finds `pat` at nesting depth 0.
fn find_top(s: &str, pat: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    for k in 0..b.len() {
        match b[k] {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if k > 0 && b[k - 1] == b'-' => {}
            b'>' | b')' | b']' => depth -= 1,
            _ => {}
        }
        if depth == 0 && s[k..].starts_with(pat) {
            return Some(k);
        }
    }
    None
}

/// One impl, rendered.
struct Impl {
    header: String,
    assoc: Vec<String>,
    origin: String,
}

/// The impl headings (and associated type values) of a page's `id="LIST"` section.
fn page_impls(d: &Docs, page: &str, list: &str, out: &mut Vec<Impl>, skipped: &mut Vec<String>) {
    let s = read(&d.root.join(page));
    let Some(i) = s.find(&format!("id=\"{list}\"")) else {
        return;
    };
    let end = s[i..].find("<h2 ").map(|j| i + j).unwrap_or(s.len());
    let sect = &s[i..end];
    let dir = dir_of(page);
    let starts: Vec<usize> = sect
        .match_indices("<h3 class=\"code-header\">")
        .map(|(k, _)| k)
        .collect();
    for (n, &k) in starts.iter().enumerate() {
        let h_start = k + "<h3 class=\"code-header\">".len();
        let Some(h_len) = sect[h_start..].find("</h3>") else {
            continue;
        };
        let header_html = &sect[h_start..h_start + h_len];
        let body_end = starts.get(n + 1).copied().unwrap_or(sect.len());
        let body = &sect[h_start + h_len..body_end];
        let origin = format!("{page}#{list}");
        let header = match render(d, dir, header_html) {
            Ok(h) => h,
            Err(m) => {
                skipped.push(format!(
                    "{origin}: `{}`: {m}",
                    strip_tags(&unescape(header_html))
                ));
                continue;
            }
        };
        let mut assoc = Vec::new();
        let mut bad = None;
        for (a, _) in body.match_indices("<h4 class=\"code-header\">") {
            let a = a + "<h4 class=\"code-header\">".len();
            let Some(e) = body[a..].find("</h4>") else {
                continue;
            };
            let t = &body[a..a + e];
            if !t.starts_with("type ") {
                continue;
            }
            match render(d, dir, t) {
                Ok(r) => assoc.push(r),
                Err(m) => bad = Some(m),
            }
        }
        if let Some(m) = bad {
            skipped.push(format!("{origin}: `{header}`: an associated type {m}"));
            continue;
        }
        out.push(Impl {
            header,
            assoc,
            origin,
        });
    }
}

/// The implementors a trait page lists for other crates (`trait.impl/**.js`): headings only.
fn js_impls(d: &Docs, js: &str, out: &mut Vec<Impl>, skipped: &mut Vec<String>) {
    let s = read(&d.root.join(js))
        .replace("\\\"", "\"")
        .replace("\\n", " ");
    for krate in ["core", "alloc", "std"] {
        let pat = format!("[\"{krate}\",[");
        let Some(i) = s.find(&pat) else { continue };
        let body = &s[i + pat.len()..];
        let end = body
            .find("]],[\"")
            .or_else(|| body.find("]]]"))
            .unwrap_or(body.len());
        let body = &body[..end];
        let mut rest = body;
        while let Some(a) = rest.find("[\"impl") {
            rest = &rest[a + 2..];
            let Some(e) = rest.find("\",") else { break };
            let h = &rest[..e];
            rest = &rest[e..];
            match render(d, "", h) {
                Ok(header) => out.push(Impl {
                    header,
                    assoc: Vec::new(),
                    origin: js.to_string(),
                }),
                Err(m) => skipped.push(format!("{js}: `{}`: {m}", strip_tags(&unescape(h)))),
            }
        }
    }
}

/// The parts of a rendered impl heading.
struct Parts {
    generics: Vec<String>,
    negative: bool,
    trait_path: String,
    trait_key: String,
    self_ty: String,
    where_: String,
}

fn parts(h: &str) -> Option<Parts> {
    let mut s = h.trim().to_string();
    s = s.replace("#[may_dangle] ", "");
    s = s.replace("[const] ", "").replace("~const ", "");
    if let Some(r) = s.strip_prefix("unsafe ") {
        s = r.to_string();
    }
    let r = s.strip_prefix("impl")?;
    let (generics, r) = if r.starts_with('<') {
        let e = close_angle(r, 0)?;
        (split_top(&r[1..e - 1]), r[e..].trim_start())
    } else {
        (Vec::new(), r.trim_start())
    };
    let r = r.strip_prefix("const ").unwrap_or(r);
    let (negative, r) = match r.strip_prefix('!') {
        Some(x) => (true, x),
        None => (false, r),
    };
    let f = find_top(r, " for ")?;
    let trait_path = r[..f].trim().to_string();
    let rest = &r[f + 5..];
    let (self_ty, where_) = match find_top(rest, " where ") {
        Some(w) => (
            rest[..w].trim().to_string(),
            rest[w + 7..].trim().to_string(),
        ),
        None => (rest.trim().to_string(), String::new()),
    };
    let tp = trait_path.split('<').next()?.trim();
    let trait_key = tp.strip_prefix("crate::")?.to_string();
    // impl generics: no defaults
    let generics = generics
        .into_iter()
        .map(|g| match find_top(&g, " = ") {
            Some(k) if !g.starts_with("const ") || g.contains(':') => g[..k].to_string(),
            _ => g,
        })
        .collect();
    let clean = |v: Vec<String>| -> Vec<String> {
        v.into_iter()
            .filter_map(|g| {
                let g = g.replace(" + __ALWAYS__", "").replace("__ALWAYS__ + ", "");
                match g.split_once(':') {
                    Some((a, b)) if b.trim() == "__ALWAYS__" => {
                        if a.trim().starts_with("for<") || a.contains('<') || a.contains("::") {
                            None
                        } else {
                            Some(a.trim().to_string())
                        }
                    }
                    _ => Some(g),
                }
            })
            .collect()
    };
    let generics = clean(generics);
    let where_: String = clean(split_top(where_.trim_end_matches(',')))
        .into_iter()
        .filter(|w| w.contains(':'))
        .collect::<Vec<_>>()
        .join(", ");
    Some(Parts {
        generics,
        negative,
        trait_path,
        trait_key,
        self_ty,
        where_: where_.trim_end_matches(',').to_string(),
    })
}

const VARIADIC: &str = "(T₁, T₂, …, Tₙ)";

fn text(p: &Parts, unsafe_: bool, assoc: &[String]) -> String {
    let mut s = String::new();
    if unsafe_ && !p.negative {
        s.push_str("unsafe ");
    }
    s.push_str("impl");
    if !p.generics.is_empty() {
        let _ = write!(s, "<{}>", p.generics.join(", "));
    }
    s.push(' ');
    if p.negative {
        s.push('!');
    }
    let _ = write!(s, "{} for {}", p.trait_path, p.self_ty);
    if !p.where_.is_empty() {
        let _ = write!(s, " where {}", p.where_);
    }
    if assoc.is_empty() {
        s.push_str(" {}");
    } else {
        s.push_str(" { ");
        for a in assoc {
            let _ = write!(s, "{}; ", a.trim_end_matches(';'));
        }
        s.push('}');
    }
    s
}

/// rustdoc's `(T₁, T₂, …, Tₙ)` impls, one per arity 1..=12: every `Tᵢ` has `T`'s bounds; a
/// `T: ?Sized` applies to the last element only.
fn expand_variadic(p: &Parts, assoc: &[String]) -> Option<Vec<(Parts, Vec<String>)>> {
    let mut out = Vec::new();
    for n in 1..=12usize {
        let names: Vec<String> = (1..=n).map(|i| format!("T{i}")).collect();
        let tuple = if n == 1 {
            "(T1,)".to_string()
        } else {
            format!("({})", names.join(", "))
        };
        let mut generics = Vec::new();
        for g in &p.generics {
            let (name, bounds) = match g.split_once(':') {
                Some((a, b)) => (a.trim(), Some(b.trim())),
                None => (g.trim(), None),
            };
            if name != "T" {
                generics.push(g.clone());
                continue;
            }
            for (i, t) in names.iter().enumerate() {
                match bounds {
                    Some(b) if i + 1 < n => {
                        let b = b
                            .replace(" + ?Sized", "")
                            .replace("?Sized + ", "")
                            .replace("?Sized", "");
                        if b.trim().is_empty() {
                            generics.push(t.clone());
                        } else {
                            generics.push(format!("{t}: {b}"));
                        }
                    }
                    Some(b) => generics.push(format!("{t}: {b}")),
                    None => generics.push(t.clone()),
                }
            }
        }
        let mut wheres = Vec::new();
        for w in split_top(&p.where_) {
            let Some(b) = w.strip_prefix("T:") else {
                if w.contains(VARIADIC) || w.split(|c: char| !c.is_alphanumeric()).any(|x| x == "T")
                {
                    return None;
                }
                wheres.push(w);
                continue;
            };
            for (i, t) in names.iter().enumerate() {
                let b = if i + 1 < n {
                    b.replace(" + ?Sized", "")
                        .replace("?Sized + ", "")
                        .replace("?Sized", "")
                } else {
                    b.to_string()
                };
                if !b.trim().is_empty() {
                    wheres.push(format!("{t}: {}", b.trim()));
                }
            }
        }
        let mentions_t = |s: &str| {
            s.split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|x| x == "T")
        };
        let self_ty = p.self_ty.replace(VARIADIC, &tuple);
        let trait_path = p.trait_path.replace(VARIADIC, &tuple);
        if mentions_t(&self_ty)
            || mentions_t(&trait_path)
            || assoc.iter().any(|a| mentions_t(a) || a.contains(VARIADIC))
        {
            return None;
        }
        out.push((
            Parts {
                generics,
                negative: p.negative,
                trait_path,
                trait_key: p.trait_key.clone(),
                self_ty,
                where_: wheres.join(", "),
            },
            assoc.to_vec(),
        ));
    }
    Some(out)
}

/// The declaration (`item-decl`) of an item page, rendered, up to its body.
fn decl(d: &Docs, page: &str) -> Result<(String, String), Missing> {
    let s = read(&d.root.join(page));
    let Some(i) = s.find("<pre class=\"rust item-decl\"><code>") else {
        return Err(Missing::Unknown(page.to_string()));
    };
    let a = i + "<pre class=\"rust item-decl\"><code>".len();
    let e = s[a..]
        .find("</code></pre>")
        .map(|k| a + k)
        .unwrap_or(s.len());
    let full = &s[a..e];
    // strip attributes lines (`#[repr(..)]`)
    let dir = dir_of(page);
    let r = render_lenient(d, dir, full);
    Ok((r, full.to_string()))
}

/// Renders, replacing links to excluded items by `__MISSING__` (for declarations, whose
/// excluded bounds are dropped).
fn render_lenient(d: &Docs, dir: &str, html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find("<a ") {
        let Some(e) = rest[i..].find("</a>") else {
            break;
        };
        let frag = &rest[i..i + e + 4];
        out.push_str(&rest[..i]);
        match render(d, dir, frag) {
            Ok(r) => out.push_str(&html_escape(&r)),
            Err(_) => out.push_str("__MISSING__"),
        }
        rest = &rest[i + e + 4..];
    }
    out.push_str(rest);
    render(d, dir, &out).unwrap_or_default()
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Generic parameters of a declaration, for a model item: lifetimes, `const N: T`, type
/// parameters with `?Sized` (from the bounds or the where-clause) and their defaults.
fn decl_generics(gen: &str, where_: &str) -> Vec<String> {
    let mut out = Vec::new();
    for g in split_top(gen) {
        if g.starts_with('\'') {
            out.push(g.split(':').next().unwrap_or(&g).trim().to_string());
            continue;
        }
        if g.starts_with("const ") {
            let g = match find_top(&g, " = ") {
                Some(k) => g[..k].to_string(),
                None => g.clone(),
            };
            out.push(g);
            continue;
        }
        let (head, default) = match find_top(&g, " = ") {
            Some(k) => (g[..k].to_string(), Some(g[k + 3..].to_string())),
            None => (g.clone(), None),
        };
        let name = head.split(':').next().unwrap_or(&head).trim().to_string();
        let bounds = head.split_once(':').map(|x| x.1).unwrap_or("");
        let maybe_unsized = bounds.contains("?Sized")
            || split_top(where_)
                .iter()
                .any(|w| w.starts_with(&format!("{name}:")) && w.contains("?Sized"));
        let mut p = name;
        if maybe_unsized {
            p.push_str(": ?Sized");
        }
        if let Some(def) = default {
            if !def.contains("__MISSING__") {
                let _ = write!(p, " = {def}");
            }
        }
        out.push(p);
    }
    out
}

struct Module {
    items: Vec<String>,
    mods: BTreeMap<String, Module>,
}

impl Module {
    fn new() -> Module {
        Module {
            items: Vec::new(),
            mods: BTreeMap::new(),
        }
    }
    fn at(&mut self, path: &[&str]) -> &mut Module {
        match path.split_first() {
            None => self,
            Some((h, t)) => self
                .mods
                .entry(h.to_string())
                .or_insert_with(Module::new)
                .at(t),
        }
    }
    fn write(&self, out: &mut String, indent: usize) {
        let pad = "    ".repeat(indent);
        for it in &self.items {
            for line in it.lines() {
                let _ = writeln!(out, "{pad}{line}");
            }
        }
        for (name, m) in &self.mods {
            let _ = writeln!(out, "{pad}pub mod {name} {{");
            m.write(out, indent + 1);
            let _ = writeln!(out, "{pad}}}");
        }
    }
}

fn parses(src: &str) -> Result<(), String> {
    let file: Arc<str> = "generated.rs".into();
    knot_rust::syntax::rust::parse_crate(&file, src)
        .map(|_| ())
        .map_err(|e| e.to_string().lines().next().unwrap_or("").to_string())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let docs = opt("--docs").map(PathBuf::from).unwrap_or_else(|| {
        let out = std::process::Command::new("rustc")
            .args(["--print", "sysroot"])
            .output()
            .expect("rustc runs");
        PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()).join("share/doc/rust/html")
    });
    let out_dir = PathBuf::from(opt("--out").unwrap_or_else(|| "rules/std/generated".into()));
    if !docs.join("std/all.html").exists() {
        eprintln!(
            "knot-stdgen: no rust-docs at {} (rustup component add rust-docs, or --docs DIR)",
            docs.display()
        );
        std::process::exit(2);
    }
    let version = std::fs::read_dir(&docs)
        .ok()
        .and_then(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .find_map(|n| {
                    n.strip_prefix("crates")
                        .and_then(|v| v.strip_suffix(".js"))
                        .map(str::to_string)
                })
        })
        .unwrap_or_else(|| "unknown".into());
    let d = Docs::load(docs.clone());
    let mut skipped: Vec<String> = Vec::new();
    let mut root = Module::new();
    let mut n_types = 0;
    let mut n_traits = 0;
    let mut n_unstable = 0;

    // ---- declarations ----
    for (key, it) in &d.items {
        if !d.included(key) {
            n_unstable += 1;
            continue;
        }
        let segs: Vec<&str> = key.split("::").collect();
        let (name, modpath) = segs.split_last().expect("a path");
        let (text, raw) = match decl(&d, &it.page) {
            Ok(x) => x,
            Err(m) => {
                skipped.push(format!("{}: `{key}`: {m}", it.page));
                continue;
            }
        };
        let attrs = ATTRS
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, a)| format!("{a}\n"))
            .unwrap_or_default();
        let kw = match it.kind {
            Kind::Struct => "struct ",
            Kind::Enum => "enum ",
            Kind::Union => "union ",
            Kind::Trait => "trait ",
            Kind::Alias => "type ",
        };
        let Some(kpos) = text.find(&format!("{kw}{name}")) else {
            skipped.push(format!("{}: `{key}`: no declaration found", it.page));
            continue;
        };
        let prefix = &text[..kpos];
        let after = &text[kpos + kw.len() + name.len()..];
        let (gen, after) = if after.starts_with('<') {
            match close_angle(after, 0) {
                Some(e) => (after[1..e - 1].to_string(), &after[e..]),
                None => {
                    skipped.push(format!("{}: `{key}`: unreadable generics", it.page));
                    continue;
                }
            }
        } else {
            (String::new(), after)
        };
        let item = match it.kind {
            Kind::Struct | Kind::Enum | Kind::Union => {
                let where_ = after
                    .find("where ")
                    .map(|w| after[w + 6..].split('{').next().unwrap_or(""))
                    .unwrap_or("");
                let g = decl_generics(&gen, where_);
                let gs = if g.is_empty() {
                    String::new()
                } else {
                    format!("<{}>", g.join(", "))
                };
                let body = if UNSIZED.contains(&key.as_str()) {
                    "{ _unsized: [u8] }"
                } else {
                    "{}"
                };
                n_types += 1;
                let kw = if it.kind == Kind::Enum {
                    "enum"
                } else {
                    "struct"
                };
                format!("{attrs}pub {kw} {name}{gs} {body}")
            }
            Kind::Alias => {
                let Some(eq) = after.find('=') else {
                    skipped.push(format!("{}: `{key}`: no aliased type", it.page));
                    continue;
                };
                let target = after[eq + 1..].trim().trim_end_matches(';').trim();
                if target.contains("__MISSING__") {
                    skipped.push(format!(
                        "{}: `{key}`: the aliased type mentions an unstable item",
                        it.page
                    ));
                    continue;
                }
                let g = decl_generics(&gen, "");
                let gs = if g.is_empty() {
                    String::new()
                } else {
                    format!("<{}>", g.join(", "))
                };
                n_types += 1;
                format!("pub type {name}{gs} = {target};")
            }
            Kind::Trait => {
                let unsafe_ = prefix.contains("unsafe ");
                let auto = prefix.contains("auto ");
                // supertraits and where-clause: up to the body's `{`
                let brace = find_top(after, "{").unwrap_or(after.len());
                let head = after[..brace].trim();
                let (sup, where_) = match find_top(head, "where ") {
                    Some(w) => (head[..w].trim(), head[w + 6..].trim()),
                    None => (head, ""),
                };
                let sup = sup.trim_start_matches(':').trim();
                let keep = |b: &str| {
                    !b.contains("__MISSING__")
                        && !b.contains("__ALWAYS__")
                        && (b.starts_with("crate::")
                            || b.starts_with('\'')
                            || b == "?Sized"
                            || b.starts_with("for<"))
                };
                let sups: Vec<String> = sup
                    .split(" + ")
                    .map(|b| b.trim().to_string())
                    .filter(|b| keep(b))
                    .collect();
                let wheres: Vec<String> = split_top(where_.trim_end_matches(','))
                    .into_iter()
                    .filter_map(|w| {
                        let (l, r) = w.split_once(':')?;
                        let bs: Vec<&str> =
                            r.split(" + ").map(str::trim).filter(|b| keep(b)).collect();
                        if bs.is_empty() {
                            None
                        } else {
                            Some(format!("{}: {}", l.trim(), bs.join(" + ")))
                        }
                    })
                    .collect();
                let g: Vec<String> = split_top(&gen)
                    .into_iter()
                    .map(|p| {
                        // keep a parameter's default and `?Sized`; drop other bounds
                        let (h, def) = match find_top(&p, " = ") {
                            Some(k) => (p[..k].to_string(), Some(p[k + 3..].to_string())),
                            None => (p.clone(), None),
                        };
                        let name = h.split(':').next().unwrap_or(&h).trim().to_string();
                        let mut s = name.clone();
                        let maybe_unsized = h.contains("?Sized")
                            || wheres.iter().any(|w| {
                                w.starts_with(&format!("{name}:")) && w.contains("?Sized")
                            });
                        if maybe_unsized {
                            s.push_str(": ?Sized");
                        }
                        if let Some(def) = def {
                            if !def.contains("__MISSING__") {
                                let _ = write!(s, " = {def}");
                            }
                        }
                        s
                    })
                    .collect();
                let wheres: Vec<String> = wheres
                    .into_iter()
                    .filter(|w| !w.ends_with("?Sized"))
                    .collect();
                // associated types from the body (`type Item;`, `type IntoIter: Iterator<..>;`)
                let mut assoc = Vec::new();
                let body_html = raw.split_once('{').map(|x| x.1).unwrap_or("");
                let mut names = Vec::new();
                for line in body_html.split(";\n") {
                    let l = strip_tags(&unescape(line));
                    let l = l.trim();
                    let Some(t) = l.rsplit("\n").next() else {
                        continue;
                    };
                    let t = t.trim();
                    if !t.starts_with("type ") {
                        continue;
                    }
                    // render this line's html properly for the bounds
                    let lh = line.rsplit('\n').next().unwrap_or(line);
                    let r = render_lenient(&d, dir_of(&it.page), lh);
                    let r = r.trim().to_string();
                    let r = if r.contains("__MISSING__") {
                        // drop the bounds naming excluded items
                        match r.split_once(':') {
                            Some((a, b)) => {
                                let bs: Vec<&str> = b
                                    .split(" + ")
                                    .map(str::trim)
                                    .filter(|x| !x.contains("__MISSING__"))
                                    .collect();
                                if bs.is_empty() {
                                    a.to_string()
                                } else {
                                    format!("{a}: {}", bs.join(" + "))
                                }
                            }
                            None => r,
                        }
                    } else {
                        r
                    };
                    let r = match find_top(&r, " = ") {
                        Some(k) => r[..k].to_string(),
                        None => r,
                    };
                    if r.contains('<') && r.split(':').next().is_some_and(|n| n.contains('<')) {
                        skipped.push(format!(
                            "{}: `{key}`: generic associated type `{r}` left out",
                            it.page
                        ));
                        continue;
                    }
                    names.push(
                        r.trim_start_matches("type ")
                            .split([':', ' '])
                            .next()
                            .unwrap_or("")
                            .to_string(),
                    );
                    assoc.push(format!("{r};"));
                }
                n_traits += 1;
                let gs = if g.is_empty() {
                    String::new()
                } else {
                    format!("<{}>", g.join(", "))
                };
                let sups = if sups.is_empty() {
                    String::new()
                } else {
                    format!(": {}", sups.join(" + "))
                };
                let wh = if wheres.is_empty() {
                    String::new()
                } else {
                    format!(" where {}", wheres.join(", "))
                };
                let kws = format!(
                    "{}{}",
                    if unsafe_ { "unsafe " } else { "" },
                    if auto { "auto " } else { "" }
                );
                format!(
                    "{attrs}pub {kws}trait {name}{gs}{sups}{wh} {{ {} }}",
                    assoc.join(" ")
                )
            }
        };
        match parses(&item) {
            Ok(()) => root.at(modpath).items.push(item),
            Err(e) => skipped.push(format!(
                "{}: `{key}`: `{item}` does not parse: {e}",
                it.page
            )),
        }
    }
    // unsafe traits and associated type names, for the impls
    let mut d = d;
    collect_trait_facts(&mut d, &root, "");

    // ---- impls ----
    let mut impls: Vec<Impl> = Vec::new();
    let mut prim_pages = Vec::new();
    {
        let all = read(&d.root.join("std/all.html"));
        if let Some(i) = all.find("<h3 id=\"primitives\">") {
            let end = all[i..].find("</ul>").map(|j| i + j).unwrap_or(all.len());
            for (href, _) in links(&all[i..end]) {
                prim_pages.push(format!("std/{href}"));
            }
        }
    }
    for (key, it) in &d.items {
        if !d.included(key) {
            continue;
        }
        match it.kind {
            Kind::Struct | Kind::Enum | Kind::Union => {
                page_impls(
                    &d,
                    &it.page,
                    "trait-implementations-list",
                    &mut impls,
                    &mut skipped,
                );
                page_impls(
                    &d,
                    &it.page,
                    "synthetic-implementations-list",
                    &mut impls,
                    &mut skipped,
                );
            }
            Kind::Trait => {
                page_impls(&d, &it.page, "implementors-list", &mut impls, &mut skipped);
                let s = read(&d.root.join(&it.page));
                let mut jss = BTreeSet::new();
                for (k, _) in s.match_indices("trait.impl/") {
                    let e = s[k..].find('"').map(|e| k + e).unwrap_or(s.len());
                    if s[k..e].ends_with(".js") {
                        jss.insert(s[k..e].to_string());
                    }
                }
                for js in jss {
                    js_impls(&d, &js, &mut impls, &mut skipped);
                }
            }
            Kind::Alias => {}
        }
    }
    // The primitives' auto traits are the compiler's structural rules (knot's lowering); rustdoc's
    // synthesized section of a primitive page is not about the primitive (the array page's is
    // about `[MaybeUninit<T>; N]`), so it is not read.
    for p in &prim_pages {
        page_impls(
            &d,
            p,
            "trait-implementations-list",
            &mut impls,
            &mut skipped,
        );
    }

    // dedupe by heading; prefer the copy with associated type values
    let mut by_header: BTreeMap<String, Impl> = BTreeMap::new();
    for im in impls {
        match by_header.get(&im.header) {
            Some(old) if old.assoc.len() >= im.assoc.len() => {}
            _ => {
                by_header.insert(im.header.clone(), im);
            }
        }
    }
    let mut emitted: BTreeMap<String, Vec<String>> = BTreeMap::new(); // trait key -> impls
    let mut n_impls = 0;
    let mut seen_text = BTreeSet::new();
    for (h, im) in &by_header {
        if h.contains(" is ") {
            skipped.push(format!("{}: `{h}`: a pattern type", im.origin));
            continue;
        }
        let h2 = h.clone();
        let Some(p) = parts(&h2) else {
            skipped.push(format!("{}: `{h}`: unreadable impl heading", im.origin));
            continue;
        };
        if !d.included(&p.trait_key) {
            continue; // an unstable trait's impl: not counted as skipped
        }
        let want: Vec<String> = d.assoc.get(&p.trait_key).cloned().unwrap_or_default();
        let assoc: Vec<String> = im.assoc.clone();
        let have: Vec<String> = assoc
            .iter()
            .map(|a| {
                a.trim_start_matches("type ")
                    .split([' ', '=', '<'])
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .collect();
        if !p.negative && want.iter().any(|w| !have.contains(w)) {
            skipped.push(format!(
                "{}: `{h}`: rustdoc gives no value for its associated type(s) {:?}",
                im.origin, want
            ));
            continue;
        }
        if let Some(x) = have.iter().find(|x| !want.contains(x)) {
            skipped.push(format!(
                "{}: `{h}`: its associated type `{x}` is not in the model's trait (a generic associated type)",
                im.origin
            ));
            continue;
        }
        let all: Vec<(Parts, Vec<String>)> = if h2.contains(VARIADIC) {
            if LANG_TUPLE_TRAITS.contains(&p.trait_key.as_str()) {
                continue; // built in for every arity (rules/lang.pl)
            }
            match expand_variadic(&p, &assoc) {
                Some(v) => v,
                None => {
                    skipped.push(format!(
                        "{}: `{h}`: a tuple impl whose elements rustdoc's `(T₁, …, Tₙ)` does not say",
                        im.origin
                    ));
                    continue;
                }
            }
        } else if h2.contains('…') || h2.contains('ₙ') {
            skipped.push(format!(
                "{}: `{h}`: a variadic form knot-stdgen does not expand",
                im.origin
            ));
            continue;
        } else {
            vec![(p, assoc)]
        };
        for (p, assoc) in all {
            let t = text(&p, d.unsafe_traits.contains(&p.trait_key), &assoc);
            if let Some(x) = unlinked_name(&p, &t) {
                skipped.push(format!(
                    "{}: `{h}`: mentions `{x}`, which rustdoc does not link (a private item)",
                    im.origin
                ));
                continue;
            }
            if !seen_text.insert(t.clone()) {
                continue;
            }
            match parses(&t) {
                Ok(()) => {
                    n_impls += 1;
                    emitted.entry(p.trait_key.clone()).or_default().push(t);
                }
                Err(e) => skipped.push(format!("{}: `{t}` does not parse: {e}", im.origin)),
            }
        }
    }

    // ---- write ----
    let _ = std::fs::remove_dir_all(&out_dir);
    std::fs::create_dir_all(&out_dir).expect("the output directory can be made");
    // impls go in the module of their trait's top-level module file
    for (tk, list) in &emitted {
        let top = tk.split("::").next().unwrap_or("");
        let m = root.at(&[top]);
        m.items.push(format!("// impls of {tk}"));
        m.items.extend(list.iter().cloned());
    }
    let header = format!(
        "// GENERATED by knot-stdgen from the rustdoc of rust {version} (core, alloc, std): do not edit;\n\
         // rerun `cargo run --release -p knot-stdgen` for another toolchain. Skipped items: SKIPPED.txt.\n"
    );
    let mut files = Vec::new();
    for (name, m) in &root.mods {
        let mut s = header.clone();
        m.write(&mut s, 0);
        std::fs::write(out_dir.join(format!("{name}.rs")), s).expect("writable");
        files.push(name.clone());
    }
    let mut list = String::from(
        "// GENERATED by knot-stdgen: the generated std modules (included by crates/knot-rust/src/resolve/std_model.rs).\n[\n",
    );
    for f in &files {
        let _ = writeln!(
            list,
            "    (\"{f}\", include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/../../rules/std/generated/{f}.rs\"))),"
        );
    }
    list.push_str("]\n");
    std::fs::write(out_dir.join("modules.in"), list).expect("writable");
    let mut sk = format!(
        "# knot-stdgen, rust {version}: {} items skipped (each with where rustdoc says it and why)\n",
        skipped.len()
    );
    skipped.sort();
    for s in &skipped {
        sk.push_str(s);
        sk.push('\n');
    }
    std::fs::write(out_dir.join("SKIPPED.txt"), sk).expect("writable");
    std::fs::write(out_dir.join("VERSION"), format!("{version}\n")).expect("writable");
    println!(
        "knot-stdgen: rust {version}: {n_types} types, {n_traits} traits, {n_impls} impls written to {}; {} skipped (SKIPPED.txt), {n_unstable} unstable items left out",
        out_dir.display(),
        skipped.len()
    );
}

const PRIMS: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64", "bool", "char", "str", "Self", "Sized", "impl", "for", "where", "dyn", "mut", "const",
    "unsafe", "fn", "as", "type", "extern", "static",
];

/// A bare name in an impl that is neither a parameter, a primitive, a keyword nor an associated
/// type: rustdoc printed an item it does not document (a private one).
fn unlinked_name(p: &Parts, t: &str) -> Option<String> {
    let params: Vec<&str> = p
        .generics
        .iter()
        .map(|g| {
            g.trim_start_matches("const ")
                .split([':', ' '])
                .next()
                .unwrap_or("")
        })
        .collect();
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < b.len() && ((b[i] as char).is_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let w = &t[start..i];
            let prev = &t[..start];
            if prev.ends_with("::")
                || prev.ends_with('\'')
                || prev.ends_with('"')
                || t[i..].starts_with("::")
                || t[i..].starts_with(" =")
                || prev.ends_with("type ")
                || w.chars().next().is_some_and(|c| c.is_ascii_digit())
                || PRIMS.contains(&w)
                || params.contains(&w)
            {
                continue;
            }
            return Some(w.to_string());
        }
        i += 1;
    }
    None
}

/// Which emitted traits are unsafe, and their associated types.
fn collect_trait_facts(d: &mut Docs, m: &Module, prefix: &str) {
    for it in &m.items {
        let Some(pos) = it.find("trait ") else {
            continue;
        };
        if !it[..pos].contains("pub ") || it.lines().last().is_some_and(|l| !l.starts_with("pub "))
        {
            continue;
        }
        let last = it.lines().last().unwrap_or("");
        let Some(tp) = last.find("trait ") else {
            continue;
        };
        let name: String = last[tp + 6..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let key = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}::{name}")
        };
        if last[..tp].contains("unsafe ") {
            d.unsafe_traits.insert(key.clone());
        }
        let body = last.split_once('{').map(|x| x.1).unwrap_or("");
        let names: Vec<String> = body
            .split(';')
            .filter_map(|t| t.trim().strip_prefix("type "))
            .map(|t| t.split([':', ' ', '<']).next().unwrap_or("").to_string())
            .collect();
        d.assoc.insert(key, names);
    }
    for (n, sub) in &m.mods {
        let p = if prefix.is_empty() {
            n.clone()
        } else {
            format!("{prefix}::{n}")
        };
        collect_trait_facts(d, sub, &p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(items: &[(&str, Kind, bool)]) -> Docs {
        let mut d = Docs {
            root: PathBuf::from("/nonexistent"),
            items: BTreeMap::new(),
            by_page: HashMap::new(),
            by_path: HashMap::new(),
            unsafe_traits: BTreeSet::new(),
            assoc: HashMap::new(),
        };
        for (k, kind, stable) in items {
            d.by_path.insert(format!("std::{k}"), k.to_string());
            d.by_path.insert(format!("core::{k}"), k.to_string());
            d.items.insert(
                k.to_string(),
                Item {
                    kind: *kind,
                    page: String::new(),
                    stable: *stable,
                },
            );
        }
        d
    }

    /// Links become `crate::` paths (a text path prefix rustdoc adds is replaced), entities are
    /// decoded, and a link to an unstable item makes the fragment unrenderable.
    #[test]
    fn render_resolves_links_and_refuses_unstable_items() {
        let d = docs(&[
            ("panic::UnwindSafe", Kind::Trait, true),
            ("rc::Weak", Kind::Struct, true),
            ("cmp::Ordering", Kind::Enum, true),
            ("marker::Freeze", Kind::Trait, false),
            ("marker::PointeeSized", Kind::Trait, false),
        ]);
        let h = r#"impl&lt;T, A = X&gt; !<a class="trait" href="a.html" title="trait std::panic::UnwindSafe">UnwindSafe</a> for <a class="struct" href="b.html" title="struct std::rc::Weak">Weak</a>&lt;T, A&gt;"#;
        assert_eq!(
            render(&d, "", h).unwrap(),
            "impl<T, A = X> !crate::panic::UnwindSafe for crate::rc::Weak<T, A>"
        );
        let h = r#"impl Clone for core::cmp::<a class="enum" href="c.html" title="enum core::cmp::Ordering">Ordering</a>"#;
        assert_eq!(
            render(&d, "", h).unwrap(),
            "impl Clone for crate::cmp::Ordering"
        );
        let h = r#"impl&lt;T: <a class="trait" href="p.html" title="trait core::marker::PointeeSized">PointeeSized</a>&gt; X for &amp;T"#;
        assert_eq!(render(&d, "", h).unwrap(), "impl<T: ?Sized> X for &T");
        let h = r#"impl <a class="trait" href="f.html" title="trait core::marker::Freeze">Freeze</a> for u8"#;
        assert!(matches!(render(&d, "", h), Err(Missing::Unstable(k)) if k == "marker::Freeze"));
    }

    /// Impl headings split into their parts; impl generics lose rustdoc's defaults.
    #[test]
    fn parts_of_a_heading() {
        let p = parts("impl<T, A = crate::alloc::Global> !crate::marker::Send for crate::rc::Weak<T, A> where T: ?Sized").unwrap();
        assert_eq!(p.generics, vec!["T".to_string(), "A".to_string()]);
        assert!(p.negative);
        assert_eq!(p.trait_key, "marker::Send");
        assert_eq!(p.self_ty, "crate::rc::Weak<T, A>");
        assert_eq!(p.where_, "T: ?Sized");
    }

    /// rustdoc's `(T₁, T₂, …, Tₙ)` template gives one impl per arity 1..=12, each element with `T`'s
    /// bounds, `?Sized` on the last only; every expansion parses.
    #[test]
    fn tuple_template_expands_to_every_arity() {
        let p = parts(
            "impl<T: crate::fmt::Debug> crate::fmt::Debug for (T₁, T₂, …, Tₙ) where T: ?Sized",
        )
        .unwrap();
        let all = expand_variadic(&p, &[]).unwrap();
        assert_eq!(all.len(), 12);
        for (n, (q, _)) in all.iter().enumerate() {
            let n = n + 1;
            assert_eq!(q.generics.len(), n);
            assert_eq!(split_top(q.self_ty.trim_matches(['(', ')'])).len(), n);
            for i in 1..=n {
                assert!(q.generics.contains(&format!("T{i}: crate::fmt::Debug")));
            }
            assert_eq!(q.where_, format!("T{n}: ?Sized"));
            parses(&text(q, false, &[])).unwrap();
        }
        // a template whose elements rustdoc does not say (`[T; N]` for a homogeneous tuple)
        let p = parts("impl<T> crate::convert::From<[T; N]> for (T₁, T₂, …, Tₙ)").unwrap();
        assert!(expand_variadic(&p, &[]).is_none());
    }

    /// A name rustdoc printed without a link (a private item) is found; parameters, primitives,
    /// keywords and associated types are not.
    #[test]
    fn unlinked_names_are_found() {
        let t = "impl<P> crate::ops::Deref for crate::pin::Pin<P> where P: crate::ops::Deref { type Target = <P as crate::ops::Deref>::Target; }";
        assert_eq!(
            unlinked_name(&parts(t.split(" {").next().unwrap()).unwrap(), t),
            None
        );
        let t = "impl<P> crate::ops::Deref for crate::pin::Pin<PinHelper<P>> {}";
        let p = parts("impl<P> crate::ops::Deref for crate::pin::Pin<PinHelper<P>>").unwrap();
        assert_eq!(unlinked_name(&p, t), Some("PinHelper".into()));
    }
}
