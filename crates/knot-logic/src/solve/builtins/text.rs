//! Atoms, strings and their conversions (`atom_codes/2`, `atom_length/2`, `atomic_list_concat/3`, ...).

use super::super::{Machine, State};
use super::Err;
use crate::syntax::print::float_text;
use crate::term::unify::{Deref, Ref};
use crate::term::{Store, TermId, View};

/// The text of an atomic term (atom, string, number).
pub fn atomic_text(store: &Store, t: TermId) -> Option<String> {
    Some(match store.view(t) {
        View::Atom(s) | View::Str(s) => store.name(s).to_string(),
        View::Int(i) => i.to_string(),
        View::Big(b) => b.to_string(),
        View::Float(f) => float_text(f),
        _ => return None,
    })
}

/// A number read from text, as the reader reads it.
fn parse_number(store: &mut Store, text: &str) -> Option<TermId> {
    let t = text.trim();
    if let Ok(i) = t.parse::<i64>() {
        return Some(store.int(i));
    }
    if let Ok(b) = t.parse::<num_bigint::BigInt>() {
        return Some(store.bigint(&b));
    }
    if t.contains('.') || t.contains('e') || t.contains('E') {
        if let Ok(f) = t.parse::<f64>() {
            if t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
                return Some(store.float(f));
            }
        }
    }
    None
}

impl Machine<'_> {
    /// The text of `r`: an atomic term, or a list of codes or one-character atoms.
    fn text_arg(&self, st: &State, r: Ref) -> Result<String, Err> {
        let t = match st.b.deref(self.store, r) {
            Deref::Unbound(_) => return Err(Err::Instantiation),
            Deref::Term(t) => t,
        };
        if let Some(s) = atomic_text(self.store, t.term) {
            return Ok(s);
        }
        let items = self.proper_list(st, t).map_err(|partial| {
            if partial {
                Err::Instantiation
            } else {
                Err::TypeTerm("atomic", t)
            }
        })?;
        let mut out = String::new();
        for x in items {
            match st.b.deref(self.store, x) {
                Deref::Unbound(_) => return Err(Err::Instantiation),
                Deref::Term(c) => match self.store.view(c.term) {
                    View::Int(i) => out.push(char::from_u32(i as u32).ok_or(Err::Representation)?),
                    View::Atom(a) if self.store.name(a).chars().count() == 1 => {
                        out.push_str(self.store.name(a))
                    }
                    _ => return Err(Err::TypeTerm("character_code", c)),
                },
            }
        }
        Ok(out)
    }

    fn unify_term(&mut self, st: &mut State, x: Ref, t: TermId) -> bool {
        st.b.unify(self.store, x, Ref::new(t, 0), self.opts)
    }

    fn codes(&mut self, s: &str) -> TermId {
        let items: Vec<TermId> = s.chars().map(|c| self.store.int(c as i64)).collect();
        self.store.list(&items, None)
    }

    fn chars(&mut self, s: &str) -> TermId {
        let items: Vec<TermId> = s
            .chars()
            .map(|c| self.store.atom_named(c.encode_utf8(&mut [0; 4])))
            .collect();
        self.store.list(&items, None)
    }

    /// True when `r` is bound (not a variable).
    fn is_bound(&self, st: &State, r: Ref) -> bool {
        matches!(st.b.deref(self.store, r), Deref::Term(_))
    }

    pub fn text_builtin(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Ref],
    ) -> Option<Result<bool, Err>> {
        let a = |i: usize| args[i];
        let r = (|| -> Result<bool, Err> {
            Ok(match (name, args.len()) {
                (
                    "atom_codes" | "atom_chars" | "string_chars" | "string_codes" | "number_codes"
                    | "number_chars",
                    2,
                ) => {
                    if self.is_bound(st, a(0)) {
                        let s = self.text_arg(st, a(0))?;
                        let l = if name.ends_with("codes") {
                            self.codes(&s)
                        } else {
                            self.chars(&s)
                        };
                        self.unify_term(st, a(1), l)
                    } else {
                        let s = self.text_arg(st, a(1))?;
                        let t = match name {
                            "atom_codes" | "atom_chars" => self.store.atom_named(&s),
                            "string_chars" | "string_codes" => self.store.string(&s),
                            _ => parse_number(self.store, &s).ok_or(Err::Syntax)?,
                        };
                        self.unify_term(st, a(0), t)
                    }
                }
                ("char_code", 2) => {
                    if self.is_bound(st, a(0)) {
                        let s = self.text_arg(st, a(0))?;
                        let c = s.chars().next().ok_or(Err::TypeTerm("character", a(0)))?;
                        let t = self.store.int(c as i64);
                        self.unify_term(st, a(1), t)
                    } else {
                        let t = match self.bound(st, a(1)).map(|r| self.store.view(r.term)) {
                            Some(View::Int(i)) => i,
                            _ => return Err(Err::Instantiation),
                        };
                        let c = char::from_u32(t as u32).ok_or(Err::Representation)?;
                        let t = self.store.atom_named(c.encode_utf8(&mut [0; 4]));
                        self.unify_term(st, a(0), t)
                    }
                }
                ("atom_length" | "string_length", 2) => {
                    let s = self.text_arg(st, a(0))?;
                    let t = self.store.int(s.chars().count() as i64);
                    self.unify_term(st, a(1), t)
                }
                ("atom_number" | "number_string", 2) => {
                    let (txt, num) = if name == "atom_number" {
                        (a(0), a(1))
                    } else {
                        (a(1), a(0))
                    };
                    if self.is_bound(st, txt) {
                        let s = self.text_arg(st, txt)?;
                        match parse_number(self.store, &s) {
                            Some(n) => self.unify_term(st, num, n),
                            None => false,
                        }
                    } else {
                        let s = self.text_arg(st, num)?;
                        let t = if name == "atom_number" {
                            self.store.atom_named(&s)
                        } else {
                            self.store.string(&s)
                        };
                        self.unify_term(st, txt, t)
                    }
                }
                ("atom_string" | "string_to_atom", 2) => {
                    let (at, sg) = if name == "atom_string" {
                        (a(0), a(1))
                    } else {
                        (a(1), a(0))
                    };
                    if self.is_bound(st, at) {
                        let s = self.text_arg(st, at)?;
                        let t = self.store.string(&s);
                        self.unify_term(st, sg, t)
                    } else {
                        let s = self.text_arg(st, sg)?;
                        let t = self.store.atom_named(&s);
                        self.unify_term(st, at, t)
                    }
                }
                ("upcase_atom" | "downcase_atom" | "string_upper" | "string_lower", 2) => {
                    let s = self.text_arg(st, a(0))?;
                    let s = if name.contains("up") {
                        s.to_uppercase()
                    } else {
                        s.to_lowercase()
                    };
                    let t = if name.starts_with("string") {
                        self.store.string(&s)
                    } else {
                        self.store.atom_named(&s)
                    };
                    self.unify_term(st, a(1), t)
                }
                ("atom_concat" | "string_concat", 3) => {
                    let mk = |m: &mut Self, s: &str| {
                        if name == "atom_concat" {
                            m.store.atom_named(s)
                        } else {
                            m.store.string(s)
                        }
                    };
                    if self.is_bound(st, a(0)) && self.is_bound(st, a(1)) {
                        let x = self.text_arg(st, a(0))?;
                        let y = self.text_arg(st, a(1))?;
                        let t = mk(self, &format!("{x}{y}"));
                        self.unify_term(st, a(2), t)
                    } else {
                        // Mode (-, -, +) has several answers: handled by splitting once here when one
                        // side is known, else by instantiation error (SWI enumerates).
                        let z = self.text_arg(st, a(2))?;
                        if self.is_bound(st, a(0)) {
                            let x = self.text_arg(st, a(0))?;
                            match z.strip_prefix(&x) {
                                Some(rest) => {
                                    let t = mk(self, rest);
                                    self.unify_term(st, a(1), t)
                                }
                                None => false,
                            }
                        } else if self.is_bound(st, a(1)) {
                            let y = self.text_arg(st, a(1))?;
                            match z.strip_suffix(&y) {
                                Some(rest) => {
                                    let t = mk(self, rest);
                                    self.unify_term(st, a(0), t)
                                }
                                None => false,
                            }
                        } else {
                            return Err(Err::Instantiation);
                        }
                    }
                }
                ("atomic_list_concat", 2 | 3) => {
                    let sep = if args.len() == 3 {
                        self.text_arg(st, a(1))?
                    } else {
                        String::new()
                    };
                    let out = a(args.len() - 1);
                    match self.proper_list(st, a(0)) {
                        Ok(items) if items.iter().all(|&r| self.is_bound(st, r)) => {
                            let parts: Result<Vec<String>, Err> =
                                items.iter().map(|&r| self.text_arg(st, r)).collect();
                            let t = self.store.atom_named(&parts?.join(&sep));
                            self.unify_term(st, out, t)
                        }
                        _ if !sep.is_empty() && self.is_bound(st, out) => {
                            // Split mode.
                            let whole = self.text_arg(st, out)?;
                            let parts: Vec<TermId> = whole
                                .split(sep.as_str())
                                .map(|p| self.store.atom_named(p))
                                .collect();
                            let l = self.store.list(&parts, None);
                            self.unify_term(st, a(0), l)
                        }
                        _ => return Err(Err::Instantiation),
                    }
                }
                ("split_string", 4) => {
                    let s = self.text_arg(st, a(0))?;
                    let seps = self.text_arg(st, a(1))?;
                    let pad = self.text_arg(st, a(2))?;
                    let parts: Vec<String> = if seps.is_empty() {
                        vec![s.clone()]
                    } else {
                        s.split(|c| seps.contains(c)).map(String::from).collect()
                    };
                    let items: Vec<TermId> = parts
                        .iter()
                        .map(|p| {
                            let p = p.trim_matches(|c| pad.contains(c));
                            self.store.string(p)
                        })
                        .collect();
                    let l = self.store.list(&items, None);
                    self.unify_term(st, a(3), l)
                }
                ("term_to_atom", 2) => {
                    let (t, _) = self.resolved(st, a(0));
                    let text = crate::syntax::print::term_to_string(
                        self.store,
                        t,
                        &|i| format!("_G{i}"),
                        1200,
                    );
                    let at = self.store.atom_named(&text);
                    self.unify_term(st, a(1), at)
                }
                ("sub_atom", 5) => {
                    // sub_atom(+Atom, ?B, ?L, ?A, ?Sub): every match, as alternatives.
                    let s: Vec<char> = self.text_arg(st, a(0))?.chars().collect();
                    let n = s.len();
                    let known_sub = if self.is_bound(st, a(4)) {
                        Some(self.text_arg(st, a(4))?)
                    } else {
                        None
                    };
                    let mut alts = Vec::new();
                    for b in 0..=n {
                        for l in 0..=n - b {
                            let sub: String = s[b..b + l].iter().collect();
                            if known_sub.as_ref().is_some_and(|k| *k != sub) {
                                continue;
                            }
                            alts.push((b, l, n - b - l, sub));
                        }
                    }
                    let s = &mut *self.store;
                    let eq = crate::term::syms::EQ;
                    let v: Vec<TermId> = (0..4).map(|i| s.var(i)).collect();
                    let mut disj: Option<TermId> = None;
                    for (b, l, af, sub) in alts.into_iter().rev() {
                        let vals = [
                            s.int(b as i64),
                            s.int(l as i64),
                            s.int(af as i64),
                            s.atom_named(&sub),
                        ];
                        let mut conj = None;
                        for i in (0..4).rev() {
                            let e = s.app(eq, &[v[i], vals[i]]);
                            conj = Some(match conj {
                                None => e,
                                Some(c) => s.app(crate::term::syms::COMMA, &[e, c]),
                            });
                        }
                        let c = conj.unwrap_or_else(|| s.atom(crate::term::syms::TRUE));
                        disj = Some(match disj {
                            None => c,
                            Some(d) => s.app(crate::term::syms::SEMI, &[c, d]),
                        });
                    }
                    let Some(goal) = disj else { return Ok(false) };
                    // Bind the goal's variables 0..4 to B, L, A, Sub.
                    let base = st.b.alloc(4, st.universe);
                    for i in 0..4 {
                        let vi = self.store.var(i as u32);
                        if !st
                            .b
                            .unify(self.store, Ref::new(vi, base), a(i + 1), self.opts)
                        {
                            return Ok(false);
                        }
                    }
                    let node = super::super::cons(
                        super::super::GoalKind::Call(Ref::new(goal, base)),
                        &None,
                        0,
                        st.goals.take(),
                    );
                    st.goals = node;
                    true
                }
                _ => return Err(Err::Resource),
            })
        })();
        match r {
            Err(Err::Resource) if !matches!(name, "atom_codes") && !known(name) => None,
            r => Some(r),
        }
    }
}

fn known(name: &str) -> bool {
    matches!(
        name,
        "atom_codes"
            | "atom_chars"
            | "string_chars"
            | "string_codes"
            | "number_codes"
            | "number_chars"
            | "char_code"
            | "atom_length"
            | "string_length"
            | "atom_number"
            | "number_string"
            | "atom_string"
            | "string_to_atom"
            | "upcase_atom"
            | "downcase_atom"
            | "string_upper"
            | "string_lower"
            | "atom_concat"
            | "string_concat"
            | "atomic_list_concat"
            | "split_string"
            | "term_to_atom"
            | "sub_atom"
    )
}
