//! `macro_rules!` by example, for the `.rs` front end: a definition's rules are read from its tokens,
//! an invocation's tokens are matched against each rule in turn, and the first that matches is
//! transcribed. Pasted crates generate their impls this way (`impl_trait!(u8 u16 u32)`, tuple impls
//! through recursive macros), so without it their traits look unimplemented.
//!
//! Matching is greedy: a repetition takes as many rounds as match, a fragment (`$t:ty`, `$e:expr`,
//! ...) as many tokens as `syn` parses for it. That is how rustc's matcher behaves on the macros it
//! accepts (it refuses ambiguous ones). Hygiene is not modelled, nor are macros in type, expression or
//! associated-item position (the front end reads items only).

use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};
use rustc_hash::FxHashMap;
use syn::parse::{ParseStream, Parser};

/// One element of a rule's matcher.
#[derive(Clone, Debug)]
enum Matcher {
    /// A token to find as is (identifier, punctuation or literal).
    Token(TokenTree),
    /// A delimited group, matched inside.
    Group(Delimiter, Vec<Matcher>),
    /// `$name:kind`.
    Fragment(String, String),
    /// `$( .. ) sep? op`.
    Repeat(Vec<Matcher>, Option<TokenTree>, char),
}

/// What a matcher variable was bound to: one fragment, or one binding per round of a repetition.
#[derive(Clone, Debug)]
enum Bound {
    One(TokenStream),
    Many(Vec<Bound>),
}

type Bindings = FxHashMap<String, Bound>;

/// A macro defined by `macro_rules!`: its rules, in order.
#[derive(Clone, Debug)]
pub struct MacroRules {
    rules: Vec<(Vec<Matcher>, TokenStream)>,
}

/// Why a definition or an invocation could not be used.
pub type MacroError = String;

impl MacroRules {
    /// Read the body of `macro_rules! name { (matcher) => { transcriber }; ... }`.
    pub fn parse(body: TokenStream) -> Result<MacroRules, MacroError> {
        let toks: Vec<TokenTree> = body.into_iter().collect();
        let mut rules = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            let TokenTree::Group(m) = &toks[i] else {
                return Err("a rule starts with a delimited matcher".into());
            };
            let arrow = matches!((toks.get(i + 1), toks.get(i + 2)),
                (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                    if a.as_char() == '=' && b.as_char() == '>');
            let Some(TokenTree::Group(t)) = toks.get(i + 3).filter(|_| arrow) else {
                return Err("a rule is `(matcher) => { transcriber }`".into());
            };
            rules.push((matcher(m.stream())?, t.stream()));
            i += 4;
            if matches!(toks.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
                i += 1;
            }
        }
        Ok(MacroRules { rules })
    }

    /// Expand an invocation's tokens with the first rule that matches them. `budget` is how many
    /// more tokens expansions may produce (shared by every expansion of a crate, so a macro whose
    /// output doubles at each recursive step ends with an error, not by exhausting memory).
    pub fn expand(
        &self,
        input: TokenStream,
        budget: &mut usize,
    ) -> Result<TokenStream, MacroError> {
        let toks: Vec<TokenTree> = input.into_iter().collect();
        for (m, t) in &self.rules {
            let mut b = Bindings::default();
            let mut pos = 0;
            if match_seq(m, &toks, &mut pos, &mut b) && pos == toks.len() {
                let mut out = TokenStream::new();
                transcribe(t.clone(), &b, &mut Vec::new(), &mut out, budget)?;
                return Ok(out);
            }
        }
        Err("no rule of the macro matches this invocation".into())
    }
}

/// Read a matcher.
fn matcher(ts: TokenStream) -> Result<Vec<Matcher>, MacroError> {
    let toks: Vec<TokenTree> = ts.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            TokenTree::Punct(p) if p.as_char() == '$' => match toks.get(i + 1) {
                Some(TokenTree::Ident(name)) => {
                    let name = name.to_string();
                    if name == "crate" {
                        out.push(Matcher::Token(toks[i + 1].clone()));
                        i += 2;
                        continue;
                    }
                    let kind = match (toks.get(i + 2), toks.get(i + 3)) {
                        (Some(TokenTree::Punct(c)), Some(TokenTree::Ident(k)))
                            if c.as_char() == ':' =>
                        {
                            k.to_string()
                        }
                        _ => return Err(format!("`${name}` in a matcher needs a fragment kind")),
                    };
                    out.push(Matcher::Fragment(name, kind));
                    i += 4;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    let inner = matcher(g.stream())?;
                    let (sep, op, used) = repetition_tail(&toks, i + 2)?;
                    out.push(Matcher::Repeat(inner, sep, op));
                    i += 2 + used;
                }
                _ => return Err("`$` in a matcher is followed by a name or `(`".into()),
            },
            TokenTree::Group(g) => {
                out.push(Matcher::Group(g.delimiter(), matcher(g.stream())?));
                i += 1;
            }
            t => {
                out.push(Matcher::Token(t.clone()));
                i += 1;
            }
        }
    }
    Ok(out)
}

/// The separator and operator after `$( .. )`, and how many tokens they take.
fn repetition_tail(
    toks: &[TokenTree],
    i: usize,
) -> Result<(Option<TokenTree>, char, usize), MacroError> {
    let op = |t: Option<&TokenTree>| match t {
        Some(TokenTree::Punct(p)) if matches!(p.as_char(), '*' | '+' | '?') => Some(p.as_char()),
        _ => None,
    };
    if let Some(c) = op(toks.get(i)) {
        // `$(..)+*`-like: an operator that is followed by another is a separator.
        if c != '?' {
            if let Some(c2) = op(toks.get(i + 1)) {
                return Ok((Some(toks[i].clone()), c2, 2));
            }
        }
        return Ok((None, c, 1));
    }
    match (toks.get(i), op(toks.get(i + 1))) {
        (Some(sep), Some(c)) => Ok((Some(sep.clone()), c, 2)),
        _ => Err("a repetition `$( .. )` ends with `*`, `+` or `?`".into()),
    }
}

fn same_token(a: &TokenTree, b: &TokenTree) -> bool {
    match (a, b) {
        (TokenTree::Ident(x), TokenTree::Ident(y)) => x == y,
        (TokenTree::Punct(x), TokenTree::Punct(y)) => x.as_char() == y.as_char(),
        (TokenTree::Literal(x), TokenTree::Literal(y)) => x.to_string() == y.to_string(),
        _ => false,
    }
}

/// Match `ms` against `toks` from `pos` (advanced past what matched).
fn match_seq(ms: &[Matcher], toks: &[TokenTree], pos: &mut usize, b: &mut Bindings) -> bool {
    for m in ms {
        match m {
            Matcher::Token(t) => {
                if toks.get(*pos).is_some_and(|x| same_token(x, t)) {
                    *pos += 1;
                } else {
                    return false;
                }
            }
            Matcher::Group(d, inner) => {
                let Some(TokenTree::Group(g)) = toks.get(*pos) else {
                    return false;
                };
                if g.delimiter() != *d {
                    return false;
                }
                let sub: Vec<TokenTree> = g.stream().into_iter().collect();
                let mut p = 0;
                if !match_seq(inner, &sub, &mut p, b) || p != sub.len() {
                    return false;
                }
                *pos += 1;
            }
            Matcher::Fragment(name, kind) => {
                let Some(n) = fragment_len(kind, &toks[*pos..]) else {
                    return false;
                };
                let ts: TokenStream = toks[*pos..*pos + n].iter().cloned().collect();
                // An expression is kept whole where it is pasted, as rustc keeps it.
                let ts = if kind == "expr" {
                    TokenStream::from(TokenTree::Group(Group::new(Delimiter::None, ts)))
                } else {
                    ts
                };
                b.insert(name.clone(), Bound::One(ts));
                *pos += n;
            }
            Matcher::Repeat(inner, sep, op) => {
                let mut rounds: Vec<Bindings> = Vec::new();
                loop {
                    let mut p = *pos;
                    if !rounds.is_empty() {
                        if let Some(s) = sep {
                            if !toks.get(p).is_some_and(|x| same_token(x, s)) {
                                break;
                            }
                            p += 1;
                        }
                    }
                    let mut rb = Bindings::default();
                    if !match_seq(inner, toks, &mut p, &mut rb) || p == *pos {
                        break;
                    }
                    *pos = p;
                    rounds.push(rb);
                    if *op == '?' {
                        break;
                    }
                }
                if *op == '+' && rounds.is_empty() {
                    return false;
                }
                let mut names = Vec::new();
                variables(inner, &mut names);
                for name in names {
                    let each = rounds
                        .iter_mut()
                        .map(|r| r.remove(&name).unwrap_or(Bound::Many(Vec::new())))
                        .collect();
                    b.insert(name, Bound::Many(each));
                }
            }
        }
    }
    true
}

/// The variables a matcher binds.
fn variables(ms: &[Matcher], out: &mut Vec<String>) {
    for m in ms {
        match m {
            Matcher::Fragment(n, _) => out.push(n.clone()),
            Matcher::Group(_, inner) | Matcher::Repeat(inner, _, _) => variables(inner, out),
            Matcher::Token(_) => {}
        }
    }
}

/// How many tokens of `toks` a fragment of `kind` takes (`None`: it does not match).
fn fragment_len(kind: &str, toks: &[TokenTree]) -> Option<usize> {
    match kind {
        "tt" => return (!toks.is_empty()).then_some(1),
        "ident" => {
            return matches!(toks.first(), Some(TokenTree::Ident(i)) if i != "_").then_some(1);
        }
        "lifetime" => {
            let ok = matches!(toks.first(), Some(TokenTree::Punct(p))
                if p.as_char() == '\'' && p.spacing() == Spacing::Joint)
                && matches!(toks.get(1), Some(TokenTree::Ident(_)));
            return ok.then_some(2);
        }
        _ => {}
    }
    let ts: TokenStream = toks.iter().cloned().collect();
    let total = toks.len();
    let rest = |input: ParseStream| -> syn::Result<usize> {
        match kind {
            "ty" => drop(input.parse::<syn::Type>()?),
            "path" => drop(input.parse::<syn::Path>()?),
            "expr" => drop(input.parse::<syn::Expr>()?),
            "block" => drop(input.parse::<syn::Block>()?),
            "item" => drop(input.parse::<syn::Item>()?),
            "stmt" => drop(input.parse::<syn::Stmt>()?),
            "pat" => drop(syn::Pat::parse_multi_with_leading_vert(input)?),
            "pat_param" => drop(syn::Pat::parse_single(input)?),
            "vis" => drop(input.parse::<syn::Visibility>()?),
            "meta" => drop(input.parse::<syn::Meta>()?),
            "literal" => {
                if input.peek(syn::Token![-]) {
                    input.parse::<syn::Token![-]>()?;
                }
                drop(input.parse::<syn::Lit>()?)
            }
            _ => return Err(input.error("unknown fragment kind")),
        }
        let rest: TokenStream = input.parse()?;
        Ok(rest.into_iter().count())
    };
    let left = rest.parse2(ts).ok()?;
    let n = total - left;
    (n > 0 || kind == "vis").then_some(n)
}

/// Look a variable up at the current repetition indices.
fn lookup<'b>(b: &'b Bindings, name: &str, idx: &[usize]) -> Option<&'b Bound> {
    let mut cur = b.get(name)?;
    for &i in idx {
        match cur {
            Bound::Many(v) => cur = v.get(i)?,
            Bound::One(_) => break,
        }
    }
    Some(cur)
}

/// How many rounds a transcriber repetition takes: the length of the repeated variables in it.
fn rounds(ts: &TokenStream, b: &Bindings, idx: &[usize]) -> Option<usize> {
    let toks: Vec<TokenTree> = ts.clone().into_iter().collect();
    let mut n: Option<usize> = None;
    for (k, t) in toks.iter().enumerate() {
        match t {
            TokenTree::Punct(p) if p.as_char() == '$' => {
                if let Some(TokenTree::Ident(name)) = toks.get(k + 1) {
                    if let Some(Bound::Many(v)) = lookup(b, &name.to_string(), idx) {
                        n = Some(n.map_or(v.len(), |m| m.min(v.len())));
                    }
                }
            }
            TokenTree::Group(g) => {
                if let Some(m) = rounds(&g.stream(), b, idx) {
                    n = Some(n.map_or(m, |x| x.min(m)));
                }
            }
            _ => {}
        }
    }
    n
}

/// Transcribe `ts` with the bindings, at repetition indices `idx`, within `budget` tokens.
fn transcribe(
    ts: TokenStream,
    b: &Bindings,
    idx: &mut Vec<usize>,
    out: &mut TokenStream,
    budget: &mut usize,
) -> Result<(), MacroError> {
    let toks: Vec<TokenTree> = ts.into_iter().collect();
    let spend = |budget: &mut usize, n: usize| -> Result<(), MacroError> {
        *budget = budget
            .checked_sub(n)
            .ok_or("macro expansions produce too many tokens")?;
        Ok(())
    };
    spend(budget, toks.len())?;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            TokenTree::Punct(p) if p.as_char() == '$' => match toks.get(i + 1) {
                Some(TokenTree::Ident(name)) => {
                    let name = name.to_string();
                    match lookup(b, &name, idx) {
                        Some(Bound::One(t)) => {
                            spend(budget, t.clone().into_iter().count())?;
                            out.extend(t.clone())
                        }
                        Some(Bound::Many(_)) => {
                            return Err(format!("`${name}` is repeated: use it inside `$( .. )`"))
                        }
                        // `$crate` is this crate's root: `crate`.
                        None if name == "crate" => out.extend(std::iter::once(toks[i + 1].clone())),
                        // A `$` the macro passes on (a nested macro definition).
                        None => out.extend(toks[i..i + 2].iter().cloned()),
                    }
                    i += 2;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    let (sep, _, used) = repetition_tail(&toks, i + 2)?;
                    let n = rounds(&g.stream(), b, idx)
                        .ok_or("a repetition in a transcriber repeats no variable")?;
                    for k in 0..n {
                        if k > 0 {
                            if let Some(s) = &sep {
                                out.extend(std::iter::once(s.clone()));
                            }
                        }
                        idx.push(k);
                        transcribe(g.stream(), b, idx, out, budget)?;
                        idx.pop();
                    }
                    i += 2 + used;
                }
                _ => {
                    out.extend(std::iter::once(toks[i].clone()));
                    i += 1;
                }
            },
            TokenTree::Group(g) => {
                let mut inner = TokenStream::new();
                transcribe(g.stream(), b, idx, &mut inner, budget)?;
                let mut ng = Group::new(g.delimiter(), inner);
                ng.set_span(g.span());
                out.extend(std::iter::once(TokenTree::Group(ng)));
                i += 1;
            }
            t => {
                out.extend(std::iter::once(t.clone()));
                i += 1;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn expand(def: &str, call: &str) -> String {
        let m = MacroRules::parse(TokenStream::from_str(def).unwrap()).unwrap();
        let out = m
            .expand(TokenStream::from_str(call).unwrap(), &mut 1_000)
            .unwrap();
        // Compared without the spaces the printer puts between tokens.
        out.to_string().split_whitespace().collect()
    }

    #[test]
    fn repetitions_fragments_and_separators() {
        assert_eq!(
            expand(
                "($($t:ty)*) => { $(impl Tr for $t {})* };",
                "u8 Vec<u16> &'static str"
            ),
            "implTrforu8{}implTrforVec<u16>{}implTrfor&'staticstr{}"
        );
        assert_eq!(
            expand(
                "($($n:ident),*) => { impl<$($n: B),*> B for ($($n,)*) {} }",
                "A, B"
            ),
            "impl<A:B,B:B>Bfor(A,B,){}"
        );
        assert_eq!(
            expand("() => { struct E; }; ($x:ident) => { struct $x; }", "Z"),
            "structZ;"
        );
        assert_eq!(
            expand("($t:ident) => { impl $crate::Tr for $t {} }", "S"),
            "implcrate::TrforS{}"
        );
        assert_eq!(
            expand(
                "($t:ty => $($u:ty),*) => { $(impl C<$u> for $t {})* }",
                "u8 => u16, i32"
            ),
            "implC<u16>foru8{}implC<i32>foru8{}"
        );
    }

    #[test]
    fn a_non_matching_invocation_is_an_error() {
        let m = MacroRules::parse(TokenStream::from_str("($x:ident) => {}").unwrap()).unwrap();
        assert!(m
            .expand(TokenStream::from_str("1 2").unwrap(), &mut 1_000)
            .is_err());
    }
}
