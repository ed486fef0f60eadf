#!/usr/bin/env python3
"""Random Rust trait programs with goals, deterministic from a seed.

Each program is a list of items (one item per line, so rustc's error lines map back to items) and a list of
goals. A goal is a dict {"goal": knot goal text, "env": [(param, bound), ...], "ty": type, "bound": bound}:
knot asks `goal`; rustc checks `fn __use_N<params: bounds>() { fn c<X: ?Sized + bound>() {} c::<ty>(); }`.

Covered: supertraits, associated types (with bounds), generic traits, blanket impls, impls of local traits
on std types (Vec, Option, Box, &T, u8, String, tuples ...), derives, recursive types through
Box/Option/Vec, impls that cycle, auto traits (Send/Sync) through fields, goals under a generic
environment. The generator is permissive: `record.py` keeps only what rustc accepts (and drops the items
rustc points at).

    python3 gen.py SEED            # print one program and its goals (as JSON)
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle  # noqa: E402

SCALARS = ["u8", "u32", "i64", "bool", "char", "()", "String"]
STD_TRAITS = ["Clone", "Copy", "Debug", "Send", "Sync", "Default", "PartialEq"]
# std types with Send/Sync behaviour worth probing; the rarer ones need `use` lines.
AUTO_TYPES = ["Rc<u8>", "Arc<u8>", "*const u8", "&'static u8", "Box<u8>"]
EXTRA_AUTO = ["Cell<u8>", "RefCell<u8>", "PhantomData<Rc<u8>>", "Mutex<u8>", "Arc<Cell<u8>>"]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.items = []
        self.structs = []  # (name, nparams)
        self.traits = []  # dict(name, params(int), assoc(str|None), assoc_bound, supers)
        self.uses = set()
        self.impls = []  # (trait ref, self type, params, where-clauses) of the impls written
        self.extra = self.r.random() < 0.2

    def pick(self, xs):
        return self.r.choice(xs)

    # ---- types ----
    def ty(self, depth, params=(), selfref=None):
        r = self.r
        choices = ["scalar"] * 4 + ["std"] * 3 + ["local"] * 3 + ["param"] * (4 if params else 0)
        choices += ["auto"] * 1
        if selfref:
            choices += ["rec"] * 2
        if depth <= 0:
            choices = ["scalar"] * 3 + (["param"] * 3 if params else []) + ["local"] * (1 if self.structs else 0)
        k = r.choice(choices)
        if k == "param":
            return r.choice(params)
        if k == "rec":
            wrap = r.choice(["Box<{}>", "Option<Box<{}>>", "Vec<{}>"])
            return wrap.format(selfref)
        if k == "local" and self.structs:
            name, n = r.choice(self.structs)
            if n == 0:
                return name
            return "%s<%s>" % (name, ", ".join(self.ty(depth - 1, params) for _ in range(n)))
        if k == "std":
            w = r.choice(["Vec", "Option", "Box", "Ref", "Tuple", "Rc", "Arc"])
            if w == "Ref":
                return "&'static " + self.ty(depth - 1, ())  # params have no 'static bound
            if w == "Tuple":
                return "(%s, %s)" % (self.ty(depth - 1, params), self.ty(depth - 1, params))
            if w in ("Rc", "Arc"):
                self.uses.add("std::rc::Rc" if w == "Rc" else "std::sync::Arc")
            return "%s<%s>" % (w, self.ty(depth - 1, params))
        if k == "auto":
            t = r.choice(AUTO_TYPES + (EXTRA_AUTO if self.extra else []))
            for name, path in (("Rc", "std::rc::Rc"), ("Arc", "std::sync::Arc"), ("Cell", "std::cell::Cell"),
                               ("RefCell", "std::cell::RefCell"), ("PhantomData", "std::marker::PhantomData"),
                               ("Mutex", "std::sync::Mutex")):
                if name + "<" in t:
                    self.uses.add(path)
            return t
        return r.choice(SCALARS)

    # ---- items ----
    def struct(self, i):
        r = self.r
        name = "S%d" % i
        n = r.choice([0, 0, 1, 1, 2])
        params = ["T%d" % j for j in range(n)]
        selfref = name if n == 0 else "%s<%s>" % (name, ", ".join(params))
        nf = r.randint(1, 3) if n == 0 else r.randint(n, n + 2)
        fields = []
        for f in range(nf):
            if f < n:
                t = params[f] if r.random() < 0.6 else "Vec<%s>" % params[f]
            else:
                t = self.ty(2, params, selfref if r.random() < 0.4 else None)
            fields.append(t)
        self.structs.append((name, n))
        derives = [d for d in ["Clone", "Debug", "Copy", "Default", "PartialEq"] if r.random() < 0.3]
        if "Copy" in derives and "Clone" not in derives:
            derives.append("Clone")
        dv = "#[derive(%s)] " % ", ".join(derives) if derives else ""
        gp = "<%s>" % ", ".join(params) if params else ""
        if r.random() < 0.15 and n == 0:
            self.items.append("%senum %s { A(%s), B }" % (dv, name, fields[0]))
        elif r.random() < 0.3:
            self.items.append("%sstruct %s%s(%s);" % (dv, name, gp, ", ".join(fields)))
        else:
            fs = ", ".join("f%d: %s" % (k, t) for k, t in enumerate(fields))
            self.items.append("%sstruct %s%s { %s }" % (dv, name, gp, fs))

    def trait(self, i):
        r = self.r
        name = "Tr%d" % i
        t = {"name": name, "params": 0, "assoc": None, "assoc_bound": None, "supers": []}
        if r.random() < 0.25:
            t["params"] = 1
        if self.traits and r.random() < 0.35:
            sup = r.choice(self.traits)
            if sup["params"] == 0:
                t["supers"].append(sup["name"])
        if r.random() < 0.2:
            t["supers"].append(r.choice(["Clone", "Debug", "Send", "Sync"]))
        if r.random() < 0.35:
            t["assoc"] = "Out"
            if r.random() < 0.5:
                cands = [x["name"] for x in self.traits if x["params"] == 0] + ["Clone", "Debug", "Send"]
                t["assoc_bound"] = r.choice(cands)
        self.traits.append(t)
        gp = "<A>" if t["params"] else ""
        sp = ": " + " + ".join(t["supers"]) if t["supers"] else ""
        body = ""
        if t["assoc"]:
            body = " type Out%s; " % (": " + t["assoc_bound"] if t["assoc_bound"] else "")
        self.items.append("trait %s%s%s {%s}" % (name, gp, sp, body))

    def trait_ref(self, t, params=()):
        if t["params"]:
            return "%s<%s>" % (t["name"], self.ty(1, params))
        return t["name"]

    def bound(self, params):
        """A bound for a where-clause: a local trait or a std one."""
        r = self.r
        if self.traits and r.random() < 0.7:
            return self.trait_ref(r.choice(self.traits), params)
        return r.choice(["Clone", "Debug", "Send", "Sync", "Copy"])

    def impl(self, t):
        r = self.r
        k = r.choice(["local", "local", "std", "std", "scalar", "ref", "cycle"])
        n = r.choice([0, 1, 1, 2]) if k != "scalar" else 0
        params = ["T%d" % j for j in range(n)]
        if k == "local" and self.structs:
            name, sn = r.choice(self.structs)
            args = [params[j % len(params)] if params else self.ty(1) for j in range(sn)]
            if sn == 0:
                self_ty = name
                params = []
            else:
                used = set(args)
                params = [p for p in params if p in used]
                self_ty = "%s<%s>" % (name, ", ".join(args))
        elif k == "std":
            p = params[0] if params else self.ty(1)
            self_ty = r.choice(["Vec<%s>", "Option<%s>", "Box<%s>", "(%s, u8)"]) % p
            params = params[:1]
        elif k == "ref":
            params = params[:1] or ["T0"]
            self_ty = "&'a %s" % params[0]
        elif k == "cycle":
            # impls that cycle at goal time: `impl<T> Tr for A<T> where B<T>: Tr` (rustc checks a
            # concrete where-clause at the impl, so cycles go through a parameter)
            gen_structs = [s for s in self.structs if s[1] == 1]
            wraps = ["Vec<%s>", "Option<%s>", "Box<%s>"] + ["%s<%%s>" % s[0] for s in gen_structs]
            a, b = r.choice(wraps), r.choice(wraps)
            if a == b:
                b = "Vec<Vec<%s>>" if r.random() < 0.5 else "(%s, u8)"
            self.emit_impl(t, ["T0"], a % "T0", ["%s: %s" % (b % "T0", self.trait_ref(t, ["T0"]))])
            return
        else:
            self_ty = self.ty(1)
            params = []
        where = []
        for p in params:
            if r.random() < 0.6:
                where.append("%s: %s" % (p, self.bound(params) if r.random() < 0.5 else self.trait_ref(t, params)))
        lifetimes = ["'a"] if "'a" in self_ty else []
        self.emit_impl(t, lifetimes + params, self_ty, where)

    def emit_impl(self, t, params, self_ty, where):
        r = self.r
        gp = "<%s>" % ", ".join(params) if params else ""
        tps = [p for p in params if not p.startswith("'")]
        body = ""
        if t["assoc"]:
            body = " type Out = %s; " % self.ty(1, tps)
        # supertrait obligations: repeat the supertraits on the parameters to raise rustc's acceptance rate
        for s in t["supers"]:
            for p in tps:
                if r.random() < 0.5:
                    where.append("%s: %s" % (p, s))
        wc = " where " + ", ".join(where) if where else ""
        tr = self.trait_ref(t, tps)
        self.items.append("impl%s %s for %s%s {%s}" % (gp, tr, self_ty, wc, body))
        self.impls.append((tr, self_ty.replace("'a", "'static"), tps, [w.split(": ", 1) for w in where]))

    def blanket(self, t):
        if not self.traits or len(self.traits) < 2:
            return
        b = self.r.choice([x for x in self.traits if x is not t] or self.traits)
        if b["params"]:
            return
        body = " type Out = T; " if t["assoc"] else ""
        extra = "".join(" + %s" % s for s in t["supers"])
        self.items.append("impl<T: %s%s> %s for T {%s}" % (b["name"], extra, self.trait_ref(t, ["T"]), body))

    # ---- goals ----
    def goal_ty(self):
        r = self.r
        if self.structs and r.random() < 0.5:
            return self.ty(1, ())
        return self.ty(2, ())

    def goals(self, n):
        r = self.r
        out = []
        seen = set()
        for _ in range(n * 3):
            if len(out) >= n:
                break
            g = self.goal()
            if g and g["goal"] not in seen:
                seen.add(g["goal"])
                out.append(g)
        return out

    def subst(self, text, params, vals):
        import re
        for p, v in zip(params, vals):
            text = re.sub(r"\b%s\b" % p, v, text)
        return text

    def goal(self):
        r = self.r
        k = r.random()
        if self.impls and r.random() < 0.45:
            # a goal an impl is written for: its parameters replaced by concrete types, or by `T` under
            # the impl's own where-clauses
            tr, self_ty, tps, where = r.choice(self.impls)
            if tps and r.random() < 0.35:
                vals = ["T"] + [self.goal_ty() for _ in tps[1:]]
                hyps = [self.subst("%s: %s" % (a, b), tps, vals) for a, b in where]
                hyps = [h for h in hyps if "T" in h.split(":")[0]] or ["T: " + self.bound(())]
                if r.random() < 0.3 and len(hyps) > 1:
                    hyps = hyps[1:]
                g = self.subst("%s: %s" % (self_ty, tr), tps, vals)
                env = [tuple(h.split(": ", 1)) for h in hyps]
                return {"env": env, "goal": "forall<T> { if (%s; T: Sized) { %s } }" % ("; ".join(hyps), g)}
            vals = [self.goal_ty() for _ in tps]
            g = self.subst("%s: %s" % (self_ty, tr), tps, vals)
            return {"env": [], "goal": g}
        if k < 0.5 or not self.traits:
            ty = self.goal_ty()
            if self.traits and r.random() < 0.6:
                b = self.trait_ref(r.choice(self.traits))
            else:
                b = r.choice(STD_TRAITS)
                if b == "PartialEq":
                    b = "PartialEq<%s>" % ty if "'" not in ty else "Clone"
            return {"env": [], "ty": ty, "bound": b, "goal": "%s: %s" % (ty, b)}
        if k < 0.65:
            withs = [t for t in self.traits if t["assoc"]]
            if not withs:
                return None
            t = r.choice(withs)
            ty = self.goal_ty()
            tr = self.trait_ref(t)
            proj = "<%s as %s>::Out" % (ty, tr)
            if r.random() < 0.5:
                b = self.bound(())
                return {"env": [], "ty": proj, "bound": b, "goal": "%s: %s" % (proj, b)}
            val = self.goal_ty()
            if t["params"]:
                rb = "%s<%s, Out = %s>" % (t["name"], tr[len(t["name"]) + 1:-1], val)
            else:
                rb = "%s<Out = %s>" % (t["name"], val)
            return {"env": [], "ty": ty, "bound": rb, "goal": "%s = %s" % (proj, val)}
        # under a generic environment
        t = r.choice(self.traits)
        hyp = self.trait_ref(t, ())
        env = [("T", hyp)]
        if r.random() < 0.3:
            env.append(("T", self.bound(())))
        kk = r.random()
        if kk < 0.3:
            ty = "T"
        elif kk < 0.5 and t["assoc"]:
            ty = "<T as %s>::Out" % hyp
        elif kk < 0.8:
            ty = r.choice(["Vec<T>", "Option<T>", "Box<T>", "&'static T", "(T, u8)"])
            if ty == "&'static T":
                env.append(("T", "'static"))
        else:
            ty = self.goal_ty()
        b = self.bound(()) if r.random() < 0.7 else r.choice(STD_TRAITS[:6])
        hyps = "; ".join(["%s: %s" % e for e in env if not e[1].startswith("'")] + ["T: Sized"])
        return {"env": env, "ty": ty, "bound": b, "goal": "forall<T> { if (%s) { %s: %s } }" % (hyps, ty, b)}


def extras(g, goals):
    """Shapes where a trait solver goes wrong most easily: unsized types and ?Sized, where-clauses on
    projections (as hypotheses and on traits), associated-type bounds with bindings, auto traits through
    references, Arc and raw-pointer fields."""
    r = g.r
    tr0 = g.traits[0]["name"] if g.traits and not g.traits[0]["params"] else None
    if tr0 is None:
        g.items.append("trait Base {}")
        tr0 = "Base"
    k = r.random()
    if k < 0.3:
        # unsized types
        g.items.append("impl %s for str {}" % tr0)
        if r.random() < 0.5:
            g.items.append("trait Mark {}")
            g.items.append("impl<T: %s%s> Mark for T {}" % ("?Sized + " if r.random() < 0.5 else "", tr0))
            goals += ["str: Mark", "String: Mark", "[u8]: Mark"]
        if r.random() < 0.5:
            g.items.append("impl<T: %s%s> %s for Box<T> {}" % ("?Sized + " if r.random() < 0.5 else "", tr0, tr0))
        else:
            g.items.append("impl<'a, T: %s%s> %s for &'a T {}" % ("?Sized + " if r.random() < 0.5 else "", tr0, tr0))
        goals += ["Box<str>: %s" % tr0, "&'static str: %s" % tr0, "str: %s" % tr0, "Box<[u8]>: %s" % tr0,
                  "&'static [u8]: %s" % tr0, "str: Sized"]
    elif k < 0.55:
        # projections in where-clauses
        n = len(g.traits)
        g.items.append("trait Tw%d: Iterator where <Self as Iterator>::Item: %s {}" % (n, tr0))
        bounds_pack = r.random() < 0.3  # `Iterator<Item: Bound>`: kept apart, a front end may not parse it
        if bounds_pack:
            g.items.append("trait Tb%d: Iterator<Item: %s> {}" % (n, tr0))
        g.items.append("trait Gen%d<U> {}" % n)
        g.items.append("impl %s for u8 {}" % tr0)
        goals += ["forall<T> { if (T: Iterator; <T as Iterator>::Item: %s) { String: %s } }" % (tr0, tr0),
                  "forall<T> { if (T: Tw%d) { u16: %s } }" % (n, tr0),
                  "forall<T> { if (T: Tw%d) { <T as Iterator>::Item: %s } }" % (n, tr0),
                  ] + ([
                  "forall<T> { if (T: Tb%d) { <T as Iterator>::Item: %s } }" % (n, tr0),
                  "forall<T> { if (T: Tb%d) { T: Iterator } }" % n] if bounds_pack else []) + [
                  "forall<T> { if (T: Gen%d<<Vec<u8> as IntoIterator>::Item>) { T: Gen%d<u16> } }" % (n, n),
                  "forall<T> { if (T: Gen%d<<Vec<u8> as IntoIterator>::Item>) { T: Gen%d<u8> } }" % (n, n),
                  "std::vec::IntoIter<u8>: Iterator", "<Vec<u8> as IntoIterator>::Item = u8"]
    elif k < 0.75:
        # associated-type bounds with bindings
        n = len(g.traits)
        g.items.append("trait Ta%d { type U: Iterator<Item = u8>; type V: Clone; }" % n)
        g.items.append("struct It%d;" % n)
        g.items.append("impl Iterator for It%d { type Item = u8; fn next(&mut self) -> Option<u8> { None } }" % n)
        g.items.append("impl Ta%d for u8 { type U = It%d; type V = String; }" % (n, n))
        goals += ["forall<T> { if (T: Ta%d) { <<T as Ta%d>::U as Iterator>::Item = u8 } }" % (n, n),
                  "forall<T> { if (T: Ta%d) { <T as Ta%d>::U: Iterator } }" % (n, n),
                  "forall<T> { if (T: Ta%d) { <T as Ta%d>::V: Clone } }" % (n, n),
                  "forall<T> { if (T: Ta%d) { <T as Ta%d>::V: Copy } }" % (n, n),
                  "<<u8 as Ta%d>::U as Iterator>::Item = u8" % n, "<u8 as Ta%d>::V = String" % n,
                  "It%d: Iterator" % n, "It%d: IntoIterator" % n, "<u8 as Ta%d>::U: Send" % n]
    else:
        # auto traits through references, Arc, raw pointers
        n = len(g.structs)
        g.items.append("struct Raw%d { p: *const u8 }" % n)
        g.items.append("struct Holds%d { r: Raw%d, n: u8 }" % (n, n))
        g.uses.add("std::sync::Arc")
        g.uses.add("std::rc::Rc")
        for t in ["Raw%d" % n, "Holds%d" % n, "&'static Raw%d" % n, "Arc<Holds%d>" % n, "Box<Raw%d>" % n,
                  "Vec<Holds%d>" % n, "&'static Rc<u8>", "Arc<Rc<u8>>", "*mut u8", "&'static mut Raw%d" % n,
                  "Option<Box<Holds%d>>" % n, "(u8, *const u8)", "[*const u8; 2]", "&'static [Raw%d]" % n]:
            goals.append("%s: %s" % (t, r.choice(["Send", "Sync"])))


def generate(seed, ngoals=10):
    g = Gen(seed)
    r = g.r
    ns = r.randint(1, 4)
    nt = r.randint(1, 4)
    # structs and traits interleaved so later ones may refer to earlier ones
    for i in range(max(ns, nt)):
        if i < ns:
            g.struct(i)
        if i < nt:
            g.trait(i)
    for t in g.traits:
        if r.random() < 0.2:
            g.blanket(t)
            continue
        for _ in range(r.randint(1, 3)):
            g.impl(t)
    goals = g.goals(ngoals)
    if r.random() < 0.5:
        more = []
        extras(g, more)
        seen = {x["goal"] for x in goals}
        goals += [{"env": [], "goal": x} for x in more if x not in seen]
    g.uses.add("std::fmt::Debug")
    uses = ["use %s;" % u for u in sorted(g.uses)]
    for x in goals:  # rustc's `fn __use<T>` has `T: Sized` implicitly: the knot goal says it
        x["goal"] = oracle.with_sized(x["goal"])
    return {"seed": seed, "items": uses + g.items, "goals": goals}


if __name__ == "__main__":
    print(json.dumps(generate(int(sys.argv[1])), indent=1))
