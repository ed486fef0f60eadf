//! Bridges from the built-in rules of `rules/lang.pl` (`'$lang_sized'(T)`, `'$fn_ptr_call'(F, Args, R)`,
//! ...) to the program's own lang-item traits, by their `#[lang(..)]` attribute:
//! - `#[lang(sized|copy|clone)] trait Tr {}`: `'Tr'(T) :- '$lang_sized'(T).` and `'$sized'(T) :- 'Tr'(T).`
//!   (the built-in rules ask `'$sized'`); without such a trait, `'$sized'(_)` holds for every type.
//! - `#[lang(fn_once|fn_mut|fn)] trait Tr<Args> { type Output; }`: callables implement it,
//!   `'Tr'(F, Args) :- '$callable'(F, Args, _, Kind).` (safe function pointers, function definitions and
//!   closures, by their kind), and `Output` normalizes to their return type.
//! - `#[lang(async_fn_once|async_fn_mut|async_fn)]`: callables returning a `#[lang(future)]` type;
//!   `Output` is the future's `Output`, `CallOnceFuture` the returned type.
//! - `#[lang(coroutine)] trait Coroutine<R> { type Yield; type Return; }`: the coroutines resumed with
//!   `R` (`'$coroutine'(G, R, Yield, Return)`, from `coroutine.rs`).
//! - `#[lang(discriminant_kind)] trait DiscriminantKind { type Discriminant; }`: every type;
//!   `Discriminant` is an enum's `#[repr(..)]` integer (`isize` without one), `u32` for a coroutine,
//!   `u8` for any other type (`'$discriminant'/2`); a placeholder's stays a rigid projection.
//! - `#[lang(tuple_trait)] trait Tuple {}`: every tuple (up to 16 elements);
//!   `#[lang(fn_ptr_trait)] trait FnPtr {}`: every function pointer type (`'$fn_ptr'/1`);
//!   `#[lang(destruct)] trait Destruct {}`: every type. `#[lang(drop)]` has no built-in impls.
//! - `#[lang(unsize)] trait Unsize<T> {}`: the built-in unsizing rules of `rules/unsize.pl`
//!   (`dyn` to `dyn`, a type to a `dyn` type, arrays to slices, tuple and struct tails).
//! - `#[lang(pointee_trait)] trait Pointee { type Metadata; }`: every type; `Metadata` is `usize` for
//!   `str` and slices, `()` for other sized types, a struct's or tuple's is its last field's.

use super::names::Names;
use crate::syntax::print::atom_text as q;

/// Lang traits implemented for a fixed kind of type alone (function pointers, tuples), by built-in
/// rules: no crate may write an impl of one (rustc: E0322), so in the open world no other crate adds
/// any, and a type that is not of that kind never implements it (`coherence::intercrate_rules`).
pub const CLOSED: [&str; 2] = ["fn_ptr_trait", "tuple_trait"];

/// The condition on a callable's kind `K` (`fn`, `fn_mut`, `fn_once`) for implementing the Fn trait
/// `lang`: `Fn` needs `fn`; `FnMut` anything but `fn_once`; `FnOnce` any kind.
fn kind_test(lang: &str) -> &'static str {
    match lang {
        "fn" => "K == fn",
        "fn_mut" => "K \\== fn_once",
        _ => "true",
    }
}

/// The bridging clauses, as clause-language text.
pub fn bridges(names: &Names) -> String {
    let mut text = String::new();
    let mut bridged = [false; 3];
    let future = names.trait_order.iter().find(|t| {
        let i = &names.traits[*t];
        i.lang.as_deref() == Some("future") && i.params.is_empty()
    });
    if let Some(f) = future {
        text.push_str(&format!("'$future'(T) :- {}(T).\n", q(f)));
    }
    for t in &names.trait_order {
        let info = &names.traits[t];
        let Some(lang) = info.lang.as_deref() else {
            continue;
        };
        let n = q(t);
        let assoc = |name: &str| info.assoc.iter().any(|(a, k)| a == name && *k == 0);
        match (lang, info.params.len()) {
            ("sized" | "copy" | "clone", 0) => {
                let i = ["sized", "copy", "clone"]
                    .iter()
                    .position(|&l| l == lang)
                    .unwrap_or(0);
                bridged[i] = true;
                text.push_str(&format!(
                    "{n}(T) :- '$lang_{lang}'(T).\n'${lang}'(T) :- {n}(T).\n"
                ));
            }
            ("fn_once" | "fn_mut" | "fn", 1) => {
                text.push_str(&format!(
                    "{n}(F, Args) :- '$callable'(F, Args, _, K), {}.\n",
                    kind_test(lang)
                ));
                if assoc("Output") {
                    text.push_str(&format!(
                        "normalize('$assoc'({n}(F, Args), 'Output'), R) :- '$callable'(F, Args, R, _).\n"
                    ));
                }
            }
            ("pointee_trait", 0) => {
                text.push_str(&format!("{n}(_).\n"));
                if assoc("Metadata") {
                    text.push_str(&format!(
                        "normalize('$assoc'({n}(T), 'Metadata'), M) :- '$pointee_metadata'(T, M).\n"
                    ));
                }
            }
            ("coroutine", 1) => {
                text.push_str(&format!("{n}(G, R) :- '$coroutine'(G, R, _, _).\n"));
                for (i, item) in ["Yield", "Return"].iter().enumerate() {
                    if assoc(item) {
                        let (y, r) = if i == 0 { ("V", "_") } else { ("_", "V") };
                        text.push_str(&format!(
                            "normalize('$assoc'({n}(G, R), '{item}'), V) :- '$coroutine'(G, R, {y}, {r}).\n"
                        ));
                    }
                }
            }
            ("tuple_trait", 0) => {
                // Every tuple, up to 16 elements.
                for k in 0..=16 {
                    let elems = vec!["_"; k].join(", ");
                    if k == 0 {
                        text.push_str(&format!("{n}('$tuple').\n"));
                    } else {
                        text.push_str(&format!("{n}('$tuple'({elems})).\n"));
                    }
                }
            }
            ("fn_ptr_trait", 0) => text.push_str(&format!("{n}(F) :- '$fn_ptr'(F).\n")),
            // chalk: every type is `Destruct` (no const-drop checking).
            ("destruct", 0) => text.push_str(&format!("{n}(_).\n")),
            ("unsize", 1) => {
                text.push_str(&format!(
                    "{n}(S, T) :- {}(S, T).\n",
                    q(super::unsize::UNSIZE_FROM)
                ));
            }
            ("discriminant_kind", 0) => {
                text.push_str(&format!("{n}(_).\n"));
                if assoc("Discriminant") {
                    text.push_str(&format!(
                        "normalize('$assoc'({n}(T), 'Discriminant'), D) :- '$discriminant'(T, D).\n"
                    ));
                }
            }
            ("async_fn_once" | "async_fn_mut" | "async_fn", 1) => {
                let Some(f) = future else { continue };
                text.push_str(&format!(
                    "{n}(F, Args) :- '$callable'(F, Args, R, K), {}, '$future'(R).\n",
                    kind_test(lang.trim_start_matches("async_"))
                ));
                if assoc("Output") {
                    text.push_str(&format!(
                        "normalize('$assoc'({n}(F, Args), 'Output'), O) :- '$callable'(F, Args, R, _), \
                         '$future'(R), normalize('$assoc'({}(R), 'Output'), O).\n",
                        q(f)
                    ));
                }
                if assoc("CallOnceFuture") {
                    text.push_str(&format!(
                        "normalize('$assoc'({n}(F, Args), 'CallOnceFuture'), R) :- \
                         '$callable'(F, Args, R, _), '$future'(R).\n"
                    ));
                }
            }
            _ => {}
        }
    }
    for (i, lang) in ["sized", "copy", "clone"].iter().enumerate() {
        if !bridged[i] {
            text.push_str(&format!("'${lang}'(_).\n"));
        }
    }
    text
}
