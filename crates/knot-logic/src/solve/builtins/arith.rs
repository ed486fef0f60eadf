//! Arithmetic as SWI-Prolog does it (flags `iso` and `prefer_rationals` false): integers are
//! unbounded (machine integers on the fast path, `BigInt` on overflow), floats are IEEE doubles, `/`
//! on integers is an integer when exact and a float otherwise. Errors are ISO's error terms.

use super::super::{Machine, State};
use super::Err;
use crate::syntax::clauses::MAX_INT_BITS;
use crate::term::unify::{Deref, Ref};
use crate::term::{syms, Store, TermId, View};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// A number.
#[derive(Clone, Debug)]
pub enum Num {
    Int(i64),
    Big(BigInt),
    Float(f64),
}

impl Num {
    fn big(&self) -> Option<BigInt> {
        match self {
            Num::Int(i) => Some(BigInt::from(*i)),
            Num::Big(b) => Some(b.clone()),
            Num::Float(_) => None,
        }
    }
    fn float(&self) -> f64 {
        match self {
            Num::Int(i) => *i as f64,
            // Too large for a float: infinite (float_result reports the overflow).
            Num::Big(b) => b.to_f64().unwrap_or(if b.is_negative() {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }),
            Num::Float(f) => *f,
        }
    }
    fn is_float(&self) -> bool {
        matches!(self, Num::Float(_))
    }
    /// A big integer back to the fast representation when it fits.
    pub fn norm(b: BigInt) -> Num {
        match b.to_i64() {
            Some(i) => Num::Int(i),
            None => Num::Big(b),
        }
    }
    pub fn term(&self, store: &mut Store) -> TermId {
        match self {
            Num::Int(i) => store.int(*i),
            Num::Big(b) => store.bigint(b),
            Num::Float(f) => store.float(*f),
        }
    }
    /// The number a term is, if it is one.
    pub fn of(store: &Store, t: TermId) -> Option<Num> {
        match store.view(t) {
            View::Int(i) => Some(Num::Int(i)),
            View::Big(b) => Some(Num::Big(b.clone())),
            View::Float(f) => Some(Num::Float(f)),
            _ => None,
        }
    }
}

/// Numeric comparison (`=:=`, `<`, ...): exact between integers, by value otherwise; `None` when
/// either is NaN (which is neither less than, equal to nor greater than any number).
pub fn compare(a: &Num, b: &Num) -> Option<Ordering> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => Some(x.cmp(y)),
        (Num::Float(_), _) | (_, Num::Float(_)) => a.float().partial_cmp(&b.float()),
        _ => Some(a.big().cmp(&b.big())),
    }
}

/// The standard order of two numbers (`compare/3`, `msort/2`): by value, NaN before every other
/// number, `-0.0` before `0.0`, and a float before an integer of the same value.
pub fn standard_order(a: &Num, b: &Num) -> Ordering {
    let nan = |n: &Num| matches!(n, Num::Float(f) if f.is_nan());
    match (nan(a), nan(b)) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        _ => {}
    }
    if let (Num::Float(x), Num::Float(y)) = (a, b) {
        return x.total_cmp(y);
    }
    compare(a, b)
        .unwrap_or(Ordering::Equal)
        .then_with(|| b.is_float().cmp(&a.is_float()))
}

fn float_result(f: f64) -> Result<Num, Err> {
    if f.is_nan() {
        Err(Err::Eval("undefined"))
    } else if f.is_infinite() {
        Err(Err::Eval("float_overflow"))
    } else {
        Ok(Num::Float(f))
    }
}

fn need_int(n: &Num) -> Result<BigInt, Err> {
    n.big().ok_or(Err::TypeNum("integer", n.clone()))
}

/// The float next to `x` (finite, not NaN) upwards or downwards (`f64::next_up`, written out for the
/// crate's minimum Rust version).
fn next_float(x: f64, up: bool) -> f64 {
    if x == 0.0 {
        let tiny = f64::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    let b = x.to_bits();
    // Away from zero: the magnitude's bits grow by one; towards zero they shrink.
    let away = up == (x > 0.0);
    f64::from_bits(if away { b + 1 } else { b - 1 })
}

/// `round(F)` and `integer(F)`: to the nearest integer, halves away from zero; 2^63 saturates to
/// the largest 64-bit integer as SWI-Prolog's llround does.
fn round_int(f: f64) -> Result<Num, Err> {
    if f == (1u64 << 63) as f64 {
        return Ok(Num::Int(i64::MAX));
    }
    to_int(f.round())
}

fn to_int(f: f64) -> Result<Num, Err> {
    if !f.is_finite() {
        return Err(Err::Eval("undefined"));
    }
    if f.abs() < 9.0e18 {
        return Ok(Num::Int(f as i64));
    }
    Ok(Num::norm(
        format!("{f:.0}").parse::<BigInt>().unwrap_or_default(),
    ))
}

/// `A + B` (SWI-Prolog's: an integer sum overflowing to a big integer, a float with a float).
pub fn add(a: Num, b: Num) -> Option<Num> {
    binary("+", a, b).ok()
}

fn binary(op: &str, a: Num, b: Num) -> Result<Num, Err> {
    use Num::*;
    // The fast path: two machine integers without overflow.
    if let (Int(x), Int(y)) = (&a, &b) {
        let (x, y) = (*x, *y);
        let r = match op {
            "+" => x.checked_add(y),
            "-" => x.checked_sub(y),
            "*" => x.checked_mul(y),
            "//" if y != 0 => x.checked_div(y),
            "mod" if y != 0 => x
                .checked_rem_euclid(y)
                .map(|m| if m != 0 && y < 0 { m + y } else { m }),
            "rem" if y != 0 => x.checked_rem(y),
            "div" if y != 0 => Some(Integer::div_floor(&x, &y)),
            "min" => Some(x.min(y)),
            "max" => Some(x.max(y)),
            "/\\" => Some(x & y),
            "\\/" => Some(x | y),
            "xor" => Some(x ^ y),
            // `gcd(min_int, min_int)` is 2^63: not a machine integer.
            "gcd" => Some(x.gcd(&y)).filter(|g| *g >= 0),
            ">>" if (0..64).contains(&y) => Some(x >> y),
            "<<" if (0..63).contains(&y) => x.checked_shl(y as u32).filter(|r| r >> y == x),
            "/" if y != 0 && x % y == 0 => x.checked_div(y),
            _ => None,
        };
        if let Some(r) = r {
            return Ok(Int(r));
        }
    }
    let either_float = a.is_float() || b.is_float();
    match op {
        "+" | "-" | "*" if either_float => {
            let (x, y) = (a.float(), b.float());
            float_result(match op {
                "+" => x + y,
                "-" => x - y,
                _ => x * y,
            })
        }
        "+" | "-" | "*" => {
            let (x, y) = (need_int(&a)?, need_int(&b)?);
            Ok(Num::norm(match op {
                "+" => x + y,
                "-" => x - y,
                _ => x * y,
            }))
        }
        "/" => {
            if !either_float {
                let (x, y) = (need_int(&a)?, need_int(&b)?);
                if y.is_zero() {
                    return Err(Err::Eval("zero_divisor"));
                }
                let (q, r) = x.div_rem(&y);
                if r.is_zero() {
                    return Ok(Num::norm(q));
                }
            }
            let (x, y) = (a.float(), b.float());
            if y == 0.0 {
                return Err(Err::Eval(if x.is_nan() || x == 0.0 && either_float {
                    "undefined"
                } else {
                    "zero_divisor"
                }));
            }
            float_result(x / y)
        }
        "//" | "mod" | "rem" | "div" | "gcd" | "/\\" | "\\/" | "xor" | ">>" | "<<" => {
            let (x, y) = (need_int(&a)?, need_int(&b)?);
            if matches!(op, "//" | "mod" | "rem" | "div") && y.is_zero() {
                return Err(Err::Eval("zero_divisor"));
            }
            Ok(Num::norm(match op {
                "//" => &x / &y,
                "mod" => x.mod_floor(&y),
                "rem" => &x % &y,
                "div" => x.div_floor(&y),
                "gcd" => x.gcd(&y),
                "/\\" => x & y,
                "\\/" => x | y,
                "xor" => x ^ y,
                ">>" | "<<" => {
                    // A shift right by more than the number's bits leaves its sign, by more than a
                    // 64-bit count 0 (SWI-Prolog).
                    let right = (op == ">>") != y.is_negative();
                    if right {
                        match y.to_i64() {
                            None => return Ok(Int(0)),
                            Some(n) if n.unsigned_abs() > x.bits() => {
                                return Ok(Int(if x.is_negative() { -1 } else { 0 }))
                            }
                            Some(_) => {}
                        }
                    }
                    let n = y.to_i64().ok_or(Err::Resource)?;
                    let left = (op == "<<") == (n >= 0);
                    let n = n.unsigned_abs();
                    if left {
                        if n > MAX_INT_BITS {
                            return Err(Err::Resource);
                        }
                        x << n
                    } else {
                        x >> n
                    }
                }
                _ => unreachable!(),
            }))
        }
        "min" | "max" => {
            // SWI: a NaN argument loses to a number (`max(1, nan)` is 1).
            let o = match compare(&a, &b) {
                Some(o) => o,
                None => return Ok(if a.float().is_nan() { b } else { a }),
            };
            let pick_a = match op {
                "min" => o == Ordering::Less || (o == Ordering::Equal && a.is_float()),
                _ => o == Ordering::Greater || (o == Ordering::Equal && a.is_float()),
            };
            Ok(if pick_a { a } else { b })
        }
        "**" | "^" => {
            if !either_float {
                let (x, y) = (need_int(&a)?, need_int(&b)?);
                if y.is_negative() {
                    if x == BigInt::from(1) {
                        return Ok(Int(1));
                    }
                    if x == BigInt::from(-1) {
                        return Ok(Int(if y.is_even() { 1 } else { -1 }));
                    }
                    if x.is_zero() {
                        return Err(Err::Eval("zero_divisor"));
                    }
                    return float_result(a.float().powf(b.float()));
                }
                let e = y.to_u32().ok_or(Err::Resource)?;
                // At least (bits - 1) * e bits: refused before it is built (a result just past
                // the bound is built and refused after).
                if (x.bits().saturating_sub(1)).saturating_mul(e as u64) > MAX_INT_BITS {
                    return Err(Err::Resource);
                }
                return Ok(Num::norm(num_traits::pow(x, e as usize)));
            }
            float_result(a.float().powf(b.float()))
        }
        "atan2" | "atan" => float_result(a.float().atan2(b.float())),
        "copysign" => float_result(a.float().copysign(b.float())),
        "nexttoward" | "nextafter" => {
            let (x, y) = (a.float(), b.float());
            if x.is_nan() || y.is_nan() {
                return Err(Err::Eval("undefined"));
            }
            Ok(Float(if x == y { y } else { next_float(x, x < y) }))
        }
        "log" => float_result(b.float().ln() / a.float().ln()),
        "truncate" => unreachable!(),
        _ => Err(Err::NotEvaluable(op.to_string(), 2)),
    }
}

fn unary(op: &str, a: Num) -> Result<Num, Err> {
    use Num::*;
    match op {
        "-" => Ok(match a {
            Int(i) => match i.checked_neg() {
                Some(r) => Int(r),
                None => Num::norm(-BigInt::from(i)),
            },
            Big(b) => Num::norm(-b),
            Float(f) => Float(-f),
        }),
        "+" => Ok(a),
        "abs" => Ok(match a {
            Int(i) => match i.checked_abs() {
                Some(r) => Int(r),
                None => Num::norm(BigInt::from(i).abs()),
            },
            Big(b) => Num::norm(b.abs()),
            Float(f) => Float(f.abs()),
        }),
        "sign" => Ok(match a {
            Int(i) => Int(i.signum()),
            Big(b) => Int(if b.is_negative() { -1 } else { 1 }),
            Float(f) => Float(if f == 0.0 { 0.0 } else { f.signum() }),
        }),
        "\\" => Ok(Num::norm(!need_int(&a)?)),
        "msb" => {
            let x = need_int(&a)?;
            Ok(Int(x.bits() as i64 - 1))
        }
        "succ" => binary("+", a, Int(1)),
        // An integer too large for a float overflows; a float is itself.
        "float" if !a.is_float() => float_result(a.float()),
        "float" => Ok(Float(a.float())),
        "integer" => match a {
            Float(f) => round_int(f),
            x => Ok(x),
        },
        "float_integer_part" => Ok(Float(a.float().trunc())),
        "float_fractional_part" => Ok(Float(a.float().fract())),
        "round" => match a {
            Float(f) => round_int(f),
            x => Ok(x),
        },
        "truncate" | "ceiling" | "floor" => match a {
            Float(f) => to_int(match op {
                "truncate" => f.trunc(),
                "ceiling" => f.ceil(),
                _ => f.floor(),
            }),
            x => Ok(x),
        },
        "sqrt" | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "exp" | "log" | "log2"
        | "sinh" | "cosh" | "tanh" | "asinh" | "acosh" | "atanh" => {
            let x = a.float();
            // Outside the domain: undefined, or a pole (`log(0)`, `atanh(1)`).
            let error = match op {
                "sqrt" if x < 0.0 => Some("undefined"),
                "asin" | "acos" if !(-1.0..=1.0).contains(&x) => Some("undefined"),
                "log" | "log2" if x == 0.0 => Some("float_overflow"),
                "log" | "log2" if x < 0.0 => Some("undefined"),
                "acosh" if x < 1.0 => Some("undefined"),
                "atanh" if x.abs() == 1.0 => Some("float_overflow"),
                "atanh" if x.abs() > 1.0 => Some("undefined"),
                _ => None,
            };
            if let Some(e) = error {
                return Err(Err::Eval(e));
            }
            float_result(match op {
                "sqrt" => x.sqrt(),
                "sin" => x.sin(),
                "cos" => x.cos(),
                "tan" => x.tan(),
                "asin" => x.asin(),
                "acos" => x.acos(),
                "atan" => x.atan(),
                "exp" => x.exp(),
                "log" => x.ln(),
                "log2" => x.log2(),
                "sinh" => x.sinh(),
                "cosh" => x.cosh(),
                "asinh" => x.asinh(),
                "acosh" => x.acosh(),
                "atanh" => x.atanh(),
                _ => x.tanh(),
            })
        }
        _ => Err(Err::NotEvaluable(op.to_string(), 1)),
    }
}

fn constant(name: &str) -> Option<Num> {
    Some(match name {
        "pi" => Num::Float(std::f64::consts::PI),
        "e" => Num::Float(std::f64::consts::E),
        "inf" | "infinite" => Num::Float(f64::INFINITY),
        "nan" => Num::Float(f64::NAN),
        "epsilon" => Num::Float(f64::EPSILON),
        "max_tagged_integer" => Num::Int((1 << 60) - 1),
        "random" => Num::Float(0.5),
        "cputime" | "realtime" => Num::Float(0.0),
        "[]" => return None,
        _ => return None,
    })
}

impl Machine<'_> {
    /// Evaluate an arithmetic expression. Iterative: a long sum does not recurse.
    pub fn eval(&self, st: &State, r: Ref) -> Result<Num, Err> {
        enum W<'a> {
            Visit(Ref),
            Apply(&'a str, usize),
        }
        let mut work = vec![W::Visit(r)];
        let mut vals: Vec<Num> = Vec::new();
        // A cyclic expression (`X = X+1, Y is X`) would be walked forever: after many nodes,
        // check once (SWI-Prolog: a type error).
        let mut visits = 0u32;
        let top = r;
        while let Some(w) = work.pop() {
            match w {
                W::Visit(r) => {
                    visits += 1;
                    if visits == 1 << 16 && st.b.is_cyclic(self.store, top) {
                        return Err(Err::TypeTerm("expression", top));
                    }
                    let r = match st.b.deref(self.store, r) {
                        Deref::Term(r) => r,
                        Deref::Unbound(_) => return Err(Err::Instantiation),
                    };
                    match self.store.view(r.term) {
                        View::Int(i) => vals.push(Num::Int(i)),
                        View::Big(b) => vals.push(Num::Big(b.clone())),
                        View::Float(f) => vals.push(Num::Float(f)),
                        View::Atom(f) => {
                            let name = self.store.name(f);
                            match constant(name) {
                                Some(n) => vals.push(n),
                                None => return Err(Err::NotEvaluable(name.to_string(), 0)),
                            }
                        }
                        View::Str(s) if self.store.name(s).chars().count() == 1 => {
                            let c = self.store.name(s).chars().next().unwrap_or('\0');
                            vals.push(Num::Int(c as i64));
                        }
                        View::App(syms::CONS, xs) if xs.len() == 2 => {
                            // `[X]` evaluates X (SWI: a one-character list is its code).
                            let tail = st.b.deref(self.store, Ref::new(xs[1], r.base));
                            match tail {
                                Deref::Term(t)
                                    if self.store.view(t.term) == View::Atom(syms::NIL) =>
                                {
                                    let x = Ref::new(xs[0], r.base);
                                    match st.b.deref(self.store, x) {
                                        Deref::Term(t) => match self.store.view(t.term) {
                                            View::Atom(c)
                                                if self.store.name(c).chars().count() == 1 =>
                                            {
                                                let c = self
                                                    .store
                                                    .name(c)
                                                    .chars()
                                                    .next()
                                                    .unwrap_or('\0');
                                                vals.push(Num::Int(c as i64));
                                            }
                                            _ => work.push(W::Visit(x)),
                                        },
                                        Deref::Unbound(_) => return Err(Err::Instantiation),
                                    }
                                }
                                _ => return Err(Err::TypeTerm("evaluable", r)),
                            }
                        }
                        View::App(f, xs) if xs.len() <= 2 => {
                            work.push(W::Apply(self.store.name(f), xs.len()));
                            for &x in xs.iter().rev() {
                                work.push(W::Visit(Ref::new(x, r.base)));
                            }
                        }
                        View::App(f, xs) => {
                            return Err(Err::NotEvaluable(
                                self.store.name(f).to_string(),
                                xs.len() as u32,
                            ))
                        }
                        _ => return Err(Err::TypeTerm("evaluable", r)),
                    }
                }
                W::Apply(op, n) => {
                    let v = if n == 1 {
                        let a = vals.pop().ok_or(Err::Resource)?;
                        unary(op, a)?
                    } else {
                        let b = vals.pop().ok_or(Err::Resource)?;
                        let a = vals.pop().ok_or(Err::Resource)?;
                        binary(op, a, b)?
                    };
                    if matches!(&v, Num::Big(b) if b.bits() > MAX_INT_BITS) {
                        return Err(Err::Resource);
                    }
                    vals.push(v);
                }
            }
        }
        vals.pop().ok_or(Err::Resource)
    }
}
