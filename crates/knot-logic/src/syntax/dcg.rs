//! Definite clause grammars: `Head --> Body` rules and `phrase/2,3` bodies translated to clauses
//! as SWI-Prolog translates them (`boot/dcg_basics.pl`): a non-terminal gets two more arguments,
//! the list before and after it; a terminal list `[a, b]` (or a string, read as its codes) becomes
//! `S0 = [a, b|S]`; `{G}` is `G` and `!` is `!`, each followed by `S = S0`; `\+ B` consumes nothing;
//! `call(G, A..)` is `call(G, A.., S0, S)`; a variable is `phrase(V, S0, S)`; a pushback
//! `Head, [x] --> Body` puts `[x]` in front of what is left.

use crate::term::{syms, Store, TermId, View};

/// Why a grammar rule or body has no translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DcgError {
    /// The head (or a non-terminal) is unbound where a callable term is needed.
    Instantiation,
    /// This part is not callable (a number, a string as a head).
    NotCallable(TermId),
}

/// The translator: the store and the next free variable number of the term being translated.
struct Dcg<'a> {
    store: &'a mut Store,
    next: u32,
}

impl Dcg<'_> {
    fn fresh(&mut self) -> TermId {
        let v = self.store.var(self.next);
        self.next += 1;
        v
    }

    fn eq(&mut self, a: TermId, b: TermId) -> TermId {
        self.store.app(syms::EQ, &[a, b])
    }

    fn and(&mut self, a: TermId, b: TermId) -> TermId {
        self.store.app(syms::COMMA, &[a, b])
    }

    /// `t` with the two list arguments added.
    fn extend(&mut self, t: TermId, s0: TermId, s: TermId) -> Result<TermId, DcgError> {
        match self.store.view(t) {
            View::Var(_) => Err(DcgError::Instantiation),
            View::Atom(f) => Ok(self.store.app(f, &[s0, s])),
            View::App(f, xs) => {
                let mut all = xs.to_vec();
                all.push(s0);
                all.push(s);
                Ok(self.store.app(f, &all))
            }
            _ => Err(DcgError::NotCallable(t)),
        }
    }

    /// The goal of the grammar body `b` from the list `s` to the list `sr`.
    fn body(&mut self, b: TermId, s: TermId, sr: TermId) -> Result<TermId, DcgError> {
        let v = self.store.view(b);
        match v {
            View::Var(_) => {
                let f = self.store.sym("phrase");
                Ok(self.store.app(f, &[b, s, sr]))
            }
            View::Atom(syms::NIL) => Ok(self.eq(s, sr)),
            View::App(syms::CONS, _) => {
                // A proper list unifies at once; a partial one is appended at run time.
                let mut items = Vec::new();
                let mut cur = b;
                loop {
                    match self.store.view(cur) {
                        View::App(syms::CONS, xs) if xs.len() == 2 => {
                            items.push(xs[0]);
                            cur = xs[1];
                        }
                        View::Atom(syms::NIL) => {
                            let l = self.store.list(&items, Some(sr));
                            return Ok(self.eq(s, l));
                        }
                        _ => {
                            let f = self.store.sym("append");
                            return Ok(self.store.app(f, &[b, sr, s]));
                        }
                    }
                }
            }
            View::Str(text) => {
                let codes: Vec<TermId> = self
                    .store
                    .name(text)
                    .to_string()
                    .chars()
                    .map(|c| self.store.int(c as i64))
                    .collect();
                let l = self.store.list(&codes, Some(sr));
                Ok(self.eq(s, l))
            }
            View::Atom(f) if self.store.name(f) == "{}" => Ok(self.eq(sr, s)),
            View::Atom(f) if self.store.name(f) == "!" => {
                let e = self.eq(sr, s);
                Ok(self.and(b, e))
            }
            View::App(f, xs) => {
                let xs = xs.to_vec();
                let name = self.store.name(f).to_string();
                match (name.as_str(), xs.len()) {
                    ("{}", 1) => {
                        let e = self.eq(sr, s);
                        Ok(self.and(xs[0], e))
                    }
                    ("\\+", 1) => {
                        let any = self.fresh();
                        let c = self.body(xs[0], s, any)?;
                        let n = self.store.app(f, &[c]);
                        let e = self.eq(sr, s);
                        Ok(self.and(n, e))
                    }
                    (",", 2) => {
                        let mid = self.fresh();
                        let a = self.body(xs[0], s, mid)?;
                        let b = self.body(xs[1], mid, sr)?;
                        Ok(self.and(a, b))
                    }
                    (";" | "|", 2) => {
                        let a = self.body(xs[0], s, sr)?;
                        let b = self.body(xs[1], s, sr)?;
                        Ok(self.store.app(syms::SEMI, &[a, b]))
                    }
                    ("->" | "*->", 2) => {
                        let mid = self.fresh();
                        let a = self.body(xs[0], s, mid)?;
                        let b = self.body(xs[1], mid, sr)?;
                        Ok(self.store.app(f, &[a, b]))
                    }
                    _ => self.extend(b, s, sr),
                }
            }
            _ => self.extend(b, s, sr),
        }
    }
}

/// The clause of the grammar rule `head --> body` (`next`: the number of variables the rule has).
pub fn translate_rule(
    store: &mut Store,
    head: TermId,
    body: TermId,
    next: u32,
) -> Result<TermId, DcgError> {
    let mut d = Dcg { store, next };
    let (h, pushback) = match d.store.view(head) {
        View::App(syms::COMMA, xs) if xs.len() == 2 => (xs[0], Some(xs[1])),
        _ => (head, None),
    };
    if matches!(d.store.view(h), View::Str(_)) {
        return Err(DcgError::NotCallable(h));
    }
    let s0 = d.fresh();
    let s = d.fresh();
    let head = d.extend(h, s0, s)?;
    let goal = match pushback {
        None => d.body(body, s0, s)?,
        Some(pb) => {
            let mid = d.fresh();
            let b0 = d.body(body, s0, mid)?;
            let b1 = d.body(pb, s, mid)?;
            d.and(b0, b1)
        }
    };
    Ok(d.store.app(syms::NECK, &[head, goal]))
}

/// The goal of the grammar body `body` from `s0` to `s` (`phrase/3`); `next` is the first free
/// variable number and is advanced past the variables made.
pub fn translate_body(
    store: &mut Store,
    body: TermId,
    s0: TermId,
    s: TermId,
    next: &mut u32,
) -> Result<TermId, DcgError> {
    let mut d = Dcg { store, next: *next };
    let g = d.body(body, s0, s)?;
    *next = d.next;
    Ok(g)
}
