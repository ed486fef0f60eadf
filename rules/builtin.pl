% Built-in rules for every lowered Rust-like program: well-formedness of the built-in types.
% `'$sized'(T)` is bridged to the program's `#[lang(sized)]` trait (or holds for every type when the
% program declares none).
'$scalar'(i8). '$scalar'(i16). '$scalar'(i32). '$scalar'(i64). '$scalar'(i128). '$scalar'(isize).
'$scalar'(u8). '$scalar'(u16). '$scalar'(u32). '$scalar'(u64). '$scalar'(u128). '$scalar'(usize).
'$scalar'(f16). '$scalar'(f32). '$scalar'(f64). '$scalar'(f128). '$scalar'(bool). '$scalar'(char).

well_formed_ty(T) :- '$scalar'(T).
well_formed_ty(T) :- '$placeholder'(T).
well_formed_ty(str).
well_formed_ty('!').
% `&'a T` is well-formed when `T` is and `T: 'a` (recorded as a region constraint of the answer).
well_formed_ty('$ref'(L, T)) :- '$outlives'(T, L), well_formed_ty(T).
well_formed_ty('$refmut'(L, T)) :- '$outlives'(T, L), well_formed_ty(T).
well_formed_ty('$ptr'(T)) :- well_formed_ty(T).
well_formed_ty('$ptrmut'(T)) :- well_formed_ty(T).
well_formed_ty(F) :- '$fn_ptr'(F).
well_formed_ty('$slice'(T)) :- well_formed_ty(T), '$sized'(T).
well_formed_ty('$array'(T, _)) :- well_formed_ty(T), '$sized'(T).
well_formed_ty('$tuple').
well_formed_ty('$tuple'(A)) :- well_formed_ty(A).
well_formed_ty('$tuple'(A, B)) :- '$sized'(A), well_formed_ty(A), well_formed_ty(B).
well_formed_ty('$tuple'(A, B, C)) :- '$sized'(A), '$sized'(B), well_formed_ty(A), well_formed_ty(B), well_formed_ty(C).
well_formed_ty('$tuple'(A, B, C, D)) :- '$sized'(A), '$sized'(B), '$sized'(C), well_formed_ty(A), well_formed_ty(B), well_formed_ty(C), well_formed_ty(D).
% Longer tuples (any arity): every element well formed, every one but the last sized.
well_formed_ty(T) :- nonvar(T), functor(T, '$tuple', N), N > 4, '$tuple_wf'(T, N, N).
'$tuple_wf'(_, 0, _).
'$tuple_wf'(T, I, N) :- I > 0, arg(I, T, A), well_formed_ty(A), ( I =:= N -> true ; '$sized'(A) ), J is I - 1, '$tuple_wf'(T, J, N).

% Function pointer types: `'$fn'(Args, Ret)` (safe, Rust ABI) or `'$fn'('$sig'(Safety, Abi), Args, Ret)`;
% Args is a tuple, or `'$variadic'(Tuple)`. Only safe, non-variadic ones are called through the Fn traits.
'$fn_ptr'('$fn'(_, _)).
'$fn_ptr'('$fn'(_, _, _)).
'$fn_ptr_call'('$fn'(Args, R), Args, R) :- Args \= '$variadic'(_).
'$fn_ptr_call'('$fn'('$sig'(safe, _), Args, R), Args, R) :- Args \= '$variadic'(_).
% A higher-ranked one, `'$for'(N, '$fn'(..))`: its `for<..>` lifetimes are fresh regions for each use.
'$fn_ptr'('$for'(N, F)) :- '$instantiate'('$for'(N, F), G), '$fn_ptr'(G).
'$fn_ptr_call'('$for'(N, F), Args, R) :- '$instantiate'('$for'(N, F), G), '$fn_ptr_call'(G, Args, R).

% dyn types: `'$dyn'(Bounds, L)`, each bound `'$b'(TraitRef, Bindings)` with `'$self'` as the trait
% reference's self type, each binding `'$eq'(Item, Value)` (see the lowering of `dyn`).
'$dyn_bound'(['$b'(B, _)|_], B).
'$dyn_bound'(['$for'(N, X)|_], B) :- '$instantiate'('$for'(N, X), '$b'(B, _)).
'$dyn_bound'([_|Bs], B) :- '$dyn_bound'(Bs, B).
'$dyn_assoc'(['$b'(B, Eqs)|_], B, I, V) :- '$dyn_eq'(Eqs, I, V).
'$dyn_assoc'(['$for'(N, X)|_], B, I, V) :-
    '$instantiate'('$for'(N, X), '$b'(B, Eqs)), '$dyn_eq'(Eqs, I, V).
'$dyn_assoc'([_|Bs], B, I, V) :- '$dyn_assoc'(Bs, B, I, V).
'$dyn_eq'(['$eq'(I, V)|_], I, V).
'$dyn_eq'([_|Eqs], I, V) :- '$dyn_eq'(Eqs, I, V).
well_formed_ty('$dyn'(_, _)).
