//! Atoms, strings and their conversions (`atom_codes/2`, `atom_length/2`, `atomic_list_concat/3`, ...),
//! with SWI-Prolog's argument checks (ISO's type and instantiation errors).

use super::super::{Machine, State};
use super::arith::Num;
use super::Err;
use crate::syntax::print::float_text;
use crate::term::unify::{Deref, Ref};
use crate::term::{syms, Store, TermId, View};

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

/// A number read from text as SWI-Prolog's `number_codes/2` and `atom_number/2` read one: a sign
/// right before the digits, an integer in any notation of the reader (`12`, `1_000`, `0x1F`, `0'a`)
/// or a float with a fraction and/or an exponent (`1.5`, `1.0e10`, `1e3`, `1.0Inf`), and nothing
/// after it. `layout`: white space may come first (`number_codes/2`).
pub fn parse_number(text: &str, layout: bool) -> Option<Num> {
    let t = if layout { text.trim_start() } else { text };
    let (neg, body) = match (t.strip_prefix('-'), t.strip_prefix('+')) {
        (Some(r), _) => (true, r),
        (_, Some(r)) => (false, r),
        _ => (false, t),
    };
    let b = body.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let digits_end = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let int_form = body.starts_with("0'")
        || (b.len() > 2 && b[0] == b'0' && matches!(b[1], b'x' | b'o' | b'b'))
        || b.iter().all(|c| c.is_ascii_digit() || *c == b'_');
    if int_form {
        if body.contains("__") || body.ends_with('_') {
            return None;
        }
        let v = crate::syntax::clauses::integer_value(body)?;
        return Some(Num::norm(if neg { -v } else { v }));
    }
    // digits [. digits] [e [+-] digits] [Inf | NaN]
    let mut i = digits_end(0);
    let mut fraction = false;
    if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i = digits_end(i + 1);
        fraction = true;
    }
    let special = &body[i..];
    let value = if fraction && (special == "Inf" || special == "NaN") {
        if special == "Inf" {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else {
        let mut exponent = false;
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if b.get(j).is_some_and(u8::is_ascii_digit) {
                i = digits_end(j);
                exponent = true;
            }
        }
        if i != b.len() || !(fraction || exponent) {
            return None;
        }
        body.parse::<f64>().ok()?
    };
    Some(Num::Float(if neg { -value } else { value }))
}

/// `c` mapped by `f` when that gives one character (SWI-Prolog maps case a character at a time:
/// `upcase_atom('straße', 'STRAßE')`).
fn case_map<I: Iterator<Item = char>>(c: char, f: fn(char) -> I) -> char {
    let mut it = f(c);
    match (it.next(), it.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

impl Machine<'_> {
    /// The text of `r`: an atomic term, or a list of codes or characters (`[]` is the empty text,
    /// as SWI-Prolog reads it where a list may stand); anything else is a type error naming `ty`.
    fn text_arg(&self, st: &State, r: Ref, ty: &'static str) -> Result<String, Err> {
        let t = match st.b.deref(self.store, r) {
            Deref::Unbound(_) => return Err(Err::Instantiation),
            Deref::Term(t) => t,
        };
        match self.store.view(t.term) {
            View::Atom(syms::NIL) => Ok(String::new()),
            View::App(syms::CONS, xs) if xs.len() == 2 => self.list_text(st, t, true),
            _ => atomic_text(self.store, t.term).ok_or(Err::TypeTerm(ty, t)),
        }
    }

    /// The text a list of character codes or one-character atoms spells (its first element says
    /// which, `codes` when that is neither): ISO's errors for a partial list, something not a
    /// list, or an element that is no code (character).
    /// True when a cell of the list `r` (each cell once) holds an unbound element: in a text list
    /// whose tail is no list, SWI-Prolog meets that first (`number_chars(N, [_|1])` is an
    /// instantiation error).
    fn unbound_element(&self, st: &State, r: Ref) -> bool {
        let mut cur = r;
        let mut cells = rustc_hash::FxHashSet::default();
        while let Deref::Term(t) = st.b.deref(self.store, cur) {
            if !cells.insert(t) {
                break;
            }
            match self.store.view(t.term) {
                View::App(syms::CONS, [h, tl]) => {
                    if !self.is_bound(st, Ref::new(*h, t.base)) {
                        return true;
                    }
                    cur = Ref::new(*tl, t.base);
                }
                _ => break,
            }
        }
        false
    }

    fn list_text(&self, st: &State, r: Ref, codes: bool) -> Result<String, Err> {
        let t = match st.b.deref(self.store, r) {
            Deref::Unbound(_) => return Err(Err::Instantiation),
            Deref::Term(t) => t,
        };
        if let View::Str(s) = self.store.view(t.term) {
            // A string stands for its text (SWI-Prolog 7's double quotes).
            return Ok(self.store.name(s).to_string());
        }
        let items = self.proper_list(st, t).map_err(|partial| {
            if partial || self.unbound_element(st, t) {
                Err::Instantiation
            } else {
                Err::TypeTerm("list", t)
            }
        })?;
        let mut codes = codes;
        if let Some(Deref::Term(f)) = items.first().map(|&x| st.b.deref(self.store, x)) {
            match self.store.view(f.term) {
                View::Int(_) => codes = true,
                View::Atom(_) => codes = false,
                _ => {}
            }
        }
        let mut out = String::new();
        for x in items {
            let c = match st.b.deref(self.store, x) {
                Deref::Unbound(_) => return Err(Err::Instantiation),
                Deref::Term(c) => c,
            };
            let ch = match (codes, self.store.view(c.term)) {
                (true, View::Int(i)) => u32::try_from(i).ok().and_then(char::from_u32),
                (false, View::Atom(a)) => {
                    let mut cs = self.store.name(a).chars();
                    match (cs.next(), cs.next()) {
                        (Some(ch), None) => Some(ch),
                        _ => None,
                    }
                }
                _ => None,
            };
            match ch {
                Some(ch) => out.push(ch),
                None => {
                    let ty = if codes { "character_code" } else { "character" };
                    return Err(Err::TypeTerm(ty, c));
                }
            }
        }
        Ok(out)
    }

    /// The length in bytes of the text of `r` when it is an atom or a string (0 otherwise): what a
    /// built-in that joins texts will build, measured before it builds it.
    fn text_len(&self, st: &State, r: Ref) -> usize {
        match self.bound(st, r).map(|t| self.store.view(t.term)) {
            Some(View::Atom(s) | View::Str(s)) => self.store.name(s).len(),
            _ => 0,
        }
    }

    /// True when `r` is a string or a list whose elements are all bound (so its text can be read).
    fn complete_list(&self, st: &State, r: Ref) -> bool {
        if let Some(t) = self.bound(st, r) {
            if matches!(self.store.view(t.term), View::Str(_)) {
                return true;
            }
        }
        self.proper_list(st, r).is_ok_and(|items| {
            items
                .iter()
                .all(|&x| matches!(st.b.deref(self.store, x), Deref::Term(_)))
        })
    }

    /// The number `r` is bound to: `Ok(None)` when unbound, a type error when not a number.
    fn number_arg(&self, st: &State, r: Ref) -> Result<Option<Num>, Err> {
        match st.b.deref(self.store, r) {
            Deref::Unbound(_) => Ok(None),
            Deref::Term(t) => match Num::of(self.store, t.term) {
                Some(n) => Ok(Some(n)),
                None => Err(Err::TypeTerm("number", t)),
            },
        }
    }

    fn unify_term(&mut self, st: &mut State, x: Ref, t: TermId) -> bool {
        st.b.unify(self.store, x, Ref::new(t, 0), self.opts)
    }

    /// The list of the codes (`codes`) or one-character atoms of `s`; `None` once a limit stops
    /// the search. A list cell holds about 64 bytes, asked for before it is built, and the time
    /// and memory limits are checked every 65,536 cells (a text of 30 million characters is two
    /// gigabytes of list and seconds of work).
    fn text_list(&mut self, s: &str, codes: bool) -> Option<TermId> {
        if !self.room_for(s.len().saturating_mul(64)) {
            return None;
        }
        let mut t = self.store.atom(syms::NIL);
        for (i, c) in s.chars().rev().enumerate() {
            if i & 0xffff == 0xffff && !self.limits_hold() {
                return None;
            }
            let x = if codes {
                self.store.int(c as i64)
            } else {
                self.store.atom_named(c.encode_utf8(&mut [0; 4]))
            };
            t = self.store.app(syms::CONS, &[x, t]);
        }
        Some(t)
    }

    /// True when `r` is bound (not a variable).
    fn is_bound(&self, st: &State, r: Ref) -> bool {
        matches!(st.b.deref(self.store, r), Deref::Term(_))
    }

    /// Succeed once for each row of `rows`, unifying `targets` with it: a disjunction of
    /// unifications pushed in front of the goals (the built-in's several answers, in order). A row
    /// may be shorter than `targets` (it binds the first ones); `then`, a goal over variables
    /// `0..targets.len()` standing for the targets, runs after each row.
    pub fn alternatives(
        &mut self,
        st: &mut State,
        targets: &[Ref],
        rows: Vec<Vec<TermId>>,
        then: Option<TermId>,
    ) -> bool {
        let s = &mut *self.store;
        let n = targets.len();
        let v: Vec<TermId> = (0..n as u32).map(|i| s.var(i)).collect();
        let mut disj: Option<TermId> = None;
        for vals in rows.into_iter().rev() {
            let mut conj = None;
            for i in (0..vals.len()).rev() {
                let e = s.app(syms::EQ, &[v[i], vals[i]]);
                conj = Some(match conj {
                    None => e,
                    Some(c) => s.app(syms::COMMA, &[e, c]),
                });
            }
            let c = conj.unwrap_or_else(|| s.atom(syms::TRUE));
            disj = Some(match disj {
                None => c,
                Some(d) => s.app(syms::SEMI, &[c, d]),
            });
        }
        let Some(mut goal) = disj else { return false };
        if let Some(then) = then {
            goal = self.store.app(syms::COMMA, &[goal, then]);
        }
        // The goal's variables 0..n are the targets.
        let base = st.b.alloc(n as u32, st.universe);
        for (i, &t) in targets.iter().enumerate() {
            let vi = self.store.var(i as u32);
            if !st.b.unify(self.store, Ref::new(vi, base), t, self.opts) {
                return false;
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

    pub fn text_builtin(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Ref],
    ) -> Option<Result<bool, Err>> {
        if !known(name) {
            return None;
        }
        let a = |i: usize| args[i];
        Some((|| -> Result<bool, Err> {
            Ok(match (name, args.len()) {
                ("number_codes" | "number_chars", 2) => {
                    let n = self.number_arg(st, a(0))?;
                    let list_bound = self.is_bound(st, a(1));
                    if n.is_none() || (list_bound && self.complete_list(st, a(1))) {
                        // Read the list (ISO: also when the number is given: `0'1` reads as 1).
                        let s = self.list_text(st, a(1), name == "number_codes")?;
                        let v = parse_number(&s, true).ok_or(Err::Syntax)?;
                        let t = v.term(self.store);
                        self.unify_term(st, a(0), t)
                    } else {
                        if list_bound && matches!(self.proper_list(st, a(1)), Err(false)) {
                            // An unbound element before the tail that is no list is met first
                            // (SWI-Prolog: `number_chars(N, [_|1])` is an instantiation error).
                            if self.unbound_element(st, a(1)) {
                                return Err(Err::Instantiation);
                            }
                            return Err(Err::TypeTerm("list", a(1)));
                        }
                        let s = self.text_arg(st, a(0), "number")?;
                        let Some(l) = self.text_list(&s, name == "number_codes") else {
                            return Ok(false);
                        };
                        self.unify_term(st, a(1), l)
                    }
                }
                ("atom_codes" | "atom_chars" | "string_chars" | "string_codes", 2) => {
                    if self.is_bound(st, a(0)) {
                        let ty = if name.starts_with("atom") {
                            "atom"
                        } else {
                            "string"
                        };
                        let s = self.text_arg(st, a(0), ty)?;
                        let Some(l) = self.text_list(&s, name.ends_with("codes")) else {
                            return Ok(false);
                        };
                        self.unify_term(st, a(1), l)
                    } else {
                        let s = self.list_text(st, a(1), name.ends_with("codes"))?;
                        let t = if name.starts_with("atom") {
                            self.store.atom_named(&s)
                        } else {
                            self.store.string(&s)
                        };
                        self.unify_term(st, a(0), t)
                    }
                }
                ("char_code", 2) => {
                    let code = match st.b.deref(self.store, a(1)) {
                        Deref::Unbound(_) => None,
                        Deref::Term(t) => match self.store.view(t.term) {
                            View::Int(i) => Some((i, t)),
                            _ => return Err(Err::TypeTerm("integer", t)),
                        },
                    };
                    match st.b.deref(self.store, a(0)) {
                        Deref::Term(t) => {
                            let ch = match self.store.view(t.term) {
                                View::Atom(s) => {
                                    let mut cs = self.store.name(s).chars();
                                    match (cs.next(), cs.next()) {
                                        (Some(c), None) => Some(c),
                                        _ => None,
                                    }
                                }
                                _ => None,
                            };
                            let ch = ch.ok_or(Err::TypeTerm("character", t))?;
                            let c = self.store.int(ch as i64);
                            self.unify_term(st, a(1), c)
                        }
                        Deref::Unbound(_) => {
                            let (i, t) = code.ok_or(Err::Instantiation)?;
                            let c = u32::try_from(i)
                                .ok()
                                .and_then(char::from_u32)
                                .ok_or(Err::TypeTerm("character_code", t))?;
                            let c = self.store.atom_named(c.encode_utf8(&mut [0; 4]));
                            self.unify_term(st, a(0), c)
                        }
                    }
                }
                ("atom_length" | "string_length", 2) => {
                    let s = self.text_arg(st, a(0), "text")?;
                    if let Deref::Term(t) = st.b.deref(self.store, a(1)) {
                        if !matches!(self.store.view(t.term), View::Int(_) | View::Big(_)) {
                            return Err(Err::TypeTerm("integer", t));
                        }
                    }
                    let t = self.store.int(s.chars().count() as i64);
                    self.unify_term(st, a(1), t)
                }
                ("atom_number" | "number_string", 2) => {
                    let (txt, num) = if name == "atom_number" {
                        (a(0), a(1))
                    } else {
                        (a(1), a(0))
                    };
                    let n = if name == "number_string" {
                        self.number_arg(st, num)?
                    } else {
                        None
                    };
                    if self.is_bound(st, txt) {
                        let s = match st.b.deref(self.store, txt) {
                            Deref::Term(t)
                                if name == "atom_number"
                                    && !matches!(
                                        self.store.view(t.term),
                                        View::Atom(_) | View::Str(_)
                                    ) =>
                            {
                                return Err(Err::TypeTerm("atom", t))
                            }
                            _ => self.text_arg(st, txt, "string")?,
                        };
                        match parse_number(&s, name == "number_string") {
                            Some(v) => {
                                let t = v.term(self.store);
                                self.unify_term(st, num, t)
                            }
                            None => false,
                        }
                    } else {
                        let n = match n {
                            Some(n) => n,
                            None => self.number_arg(st, num)?.ok_or(Err::Instantiation)?,
                        };
                        let t = n.term(self.store);
                        let s = atomic_text(self.store, t).unwrap_or_default();
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
                        let s = self.text_arg(st, at, "atom")?;
                        let t = self.store.string(&s);
                        self.unify_term(st, sg, t)
                    } else {
                        let s = self.text_arg(st, sg, "string")?;
                        let t = self.store.atom_named(&s);
                        self.unify_term(st, at, t)
                    }
                }
                ("upcase_atom" | "downcase_atom" | "string_upper" | "string_lower", 2) => {
                    let s = self.text_arg(st, a(0), "atomic")?;
                    let s: String = if name.contains("up") {
                        s.chars().map(|c| case_map(c, char::to_uppercase)).collect()
                    } else {
                        s.chars().map(|c| case_map(c, char::to_lowercase)).collect()
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
                    let (x_bound, y_bound) = (self.is_bound(st, a(0)), self.is_bound(st, a(1)));
                    if x_bound && y_bound {
                        // The two texts, their concatenation and the interned copy.
                        let n = self.text_len(st, a(0)) + self.text_len(st, a(1));
                        if !self.room_for(n.saturating_mul(3)) {
                            return Ok(false);
                        }
                        let x = self.text_arg(st, a(0), "atomic")?;
                        let y = self.text_arg(st, a(1), "atomic")?;
                        let t = mk(self, &format!("{x}{y}"));
                        self.unify_term(st, a(2), t)
                    } else {
                        let z = self.text_arg(st, a(2), "atomic")?;
                        if x_bound {
                            let x = self.text_arg(st, a(0), "atomic")?;
                            match z.strip_prefix(&x) {
                                Some(rest) => {
                                    let t = mk(self, rest);
                                    self.unify_term(st, a(1), t)
                                }
                                None => false,
                            }
                        } else if y_bound {
                            let y = self.text_arg(st, a(1), "atomic")?;
                            match z.strip_suffix(&y) {
                                Some(rest) => {
                                    let t = mk(self, rest);
                                    self.unify_term(st, a(0), t)
                                }
                                None => false,
                            }
                        } else {
                            // Mode (-, -, +): every split, shortest prefix first; n + 1
                            // splits of n characters each, so the limits are checked as they
                            // are built.
                            let cuts: Vec<usize> = z
                                .char_indices()
                                .map(|(i, _)| i)
                                .chain(std::iter::once(z.len()))
                                .collect();
                            let mut rows = Vec::with_capacity(cuts.len());
                            let mut built = 0usize;
                            for i in cuts {
                                built += z.len() + 64;
                                if built >= 1 << 20 {
                                    built = 0;
                                    // The two parts, their texts and their interned copies.
                                    if !self.limits_hold() || !self.room_for(z.len() * 3) {
                                        return Ok(false);
                                    }
                                }
                                rows.push(vec![mk(self, &z[..i]), mk(self, &z[i..])]);
                            }
                            self.alternatives(st, &[a(0), a(1)], rows, None)
                        }
                    }
                }
                ("atomic_list_concat", 2 | 3) => {
                    let sep = if args.len() == 3 {
                        self.text_arg(st, a(1), "atomic")?
                    } else {
                        String::new()
                    };
                    let out = a(args.len() - 1);
                    match self.proper_list(st, a(0)) {
                        Ok(items) if items.iter().all(|&r| self.is_bound(st, r)) => {
                            let n = items.iter().map(|&r| self.text_len(st, r)).sum::<usize>()
                                + sep.len() * items.len();
                            if !self.room_for(n.saturating_mul(3)) {
                                return Ok(false);
                            }
                            let parts: Result<Vec<String>, Err> = items
                                .iter()
                                .map(|&r| self.text_arg(st, r, "text"))
                                .collect();
                            let t = self.store.atom_named(&parts?.join(&sep));
                            self.unify_term(st, out, t)
                        }
                        _ if args.len() == 3 && sep.is_empty() && self.is_bound(st, out) => {
                            return Err(Err::Domain("non_empty_atom", a(1)));
                        }
                        _ if !sep.is_empty() && self.is_bound(st, out) => {
                            // Split mode.
                            let whole = self.text_arg(st, out, "atomic")?;
                            let parts: Vec<TermId> = whole
                                .split(sep.as_str())
                                .map(|p| self.store.atom_named(p))
                                .collect();
                            let l = self.store.list(&parts, None);
                            self.unify_term(st, a(0), l)
                        }
                        // Not a list (a cyclic one included).
                        Err(false) => return Err(Err::TypeTerm("list", a(0))),
                        _ => return Err(Err::Instantiation),
                    }
                }
                ("split_string", 4) => {
                    let s = self.text_arg(st, a(0), "text")?;
                    let seps = self.text_arg(st, a(1), "text")?;
                    let pad = self.text_arg(st, a(2), "text")?;
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
                // term_string/3: its options (variable_names/1, ...) are not read.
                ("term_to_atom" | "term_string", 2) | ("term_string", 3) => {
                    if self.is_bound(st, a(1)) {
                        // Parse mode: the text read as a term, its variables fresh.
                        let text = self.text_arg(st, a(1), "atomic")?;
                        let file: std::sync::Arc<str> = std::sync::Arc::from("term_to_atom/2");
                        let t = match crate::syntax::clauses::parse_goal(self.store, &file, &text) {
                            Ok((t, _)) => t,
                            Err(_) => return Err(Err::SyntaxText("cannot_parse")),
                        };
                        self.unify_fresh(st, a(0), t)
                    } else {
                        let (t, _) = self.resolved(st, a(0));
                        let text = super::write::term_text(self.store, t, true, false);
                        let at = if name == "term_string" {
                            self.store.string(&text)
                        } else {
                            self.store.atom_named(&text)
                        };
                        self.unify_term(st, a(1), at)
                    }
                }
                ("sub_atom", 5) => {
                    // sub_atom(+Atom, ?B, ?L, ?A, ?Sub): every match, as alternatives, in
                    // SWI-Prolog's order. Only the rows the bound arguments allow are built (a
                    // known Sub is searched for, a known B, L or A fixes its loop), and the limits
                    // are checked as they are built: all the sub-atoms of an atom of n characters
                    // are n^3/6 characters.
                    if !self.room_for(self.text_len(st, a(0)).saturating_mul(6)) {
                        return Ok(false);
                    }
                    let whole = self.text_arg(st, a(0), "atom")?;
                    let s: Vec<char> = whole.chars().collect();
                    drop(whole);
                    let n = s.len();
                    let mut fixed = [None; 3];
                    for (i, slot) in fixed.iter_mut().enumerate() {
                        match self.number_arg(st, a(i + 1)) {
                            Ok(None) => {}
                            Ok(Some(Num::Int(k))) => match usize::try_from(k) {
                                Ok(k) if k <= n => *slot = Some(k),
                                _ => return Ok(false),
                            },
                            Ok(Some(Num::Big(_))) => return Ok(false),
                            _ => return Err(Err::TypeTerm("integer", a(i + 1))),
                        }
                    }
                    let [fb, fl, fa] = fixed;
                    let known_sub: Option<Vec<char>> = if self.is_bound(st, a(4)) {
                        Some(self.text_arg(st, a(4), "atom")?.chars().collect())
                    } else {
                        None
                    };
                    let fl = match (&known_sub, fl) {
                        (Some(k), Some(l)) if k.len() != l => return Ok(false),
                        (Some(k), _) => Some(k.len()),
                        (None, l) => l,
                    };
                    let bs = match (fb, fl, fa) {
                        (Some(b), _, _) => b..b + 1,
                        (None, Some(l), Some(a)) if l + a <= n => n - l - a..n - l - a + 1,
                        (None, Some(_), Some(_)) => return Ok(false),
                        _ => 0..n + 1,
                    };
                    let mut rows = Vec::new();
                    let mut built = 0usize;
                    for b in bs {
                        let ls = match (fl, fa) {
                            (Some(l), _) if b + l <= n => l..l + 1,
                            (Some(_), _) => continue,
                            (None, Some(a)) if b + a <= n => n - b - a..n - b - a + 1,
                            (None, Some(_)) => continue,
                            (None, None) => 0..n - b + 1,
                        };
                        for l in ls {
                            let part = &s[b..b + l];
                            if known_sub.as_ref().is_some_and(|k| k.as_slice() != part) {
                                continue;
                            }
                            built += l + 64;
                            if built >= 1 << 20 {
                                built = 0;
                                if !self.limits_hold() {
                                    return Ok(false);
                                }
                            }
                            let sub: String = part.iter().collect();
                            let st = &mut *self.store;
                            rows.push(vec![
                                st.int(b as i64),
                                st.int(l as i64),
                                st.int((n - b - l) as i64),
                                st.atom_named(&sub),
                            ]);
                        }
                    }
                    self.alternatives(st, &[a(1), a(2), a(3), a(4)], rows, None)
                }
                _ => return Err(Err::Resource),
            })
        })())
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
            | "term_string"
            | "sub_atom"
    )
}
