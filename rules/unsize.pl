% The built-in `Unsize` rules (chalk's builtin unsize clauses, rustc's unsizing candidates), bridged
% by the lowering to the program's `#[lang(unsize)] trait Unsize<T>`:
% `'Unsize'(S, T) :- '$unsize_from'(S, T).`
% The program adds `'$dyn_holds'/2`, `'$with_self'/3`, `'$auto_trait'/1`, `'$object_safe'/1`,
% `'$super_trait'/2` (per trait) and `'$unsize_to'/2` clauses for structs (src/lower/unsize.rs).
%
% Source or target unknown: the goal flounders (neither can be listed).
:- non_enumerable '$unsize_from'/2.
:- non_enumerable '$unsize_to'/2.

'$unsize_from'(S, T) :- '$unsize_to'(T, S).

% `dyn A + AutosA + 'a: Unsize<dyn B + AutosB + 'b>`: the same principal (or none in B, or B a
% supertrait of A: upcasting), B's auto traits among A's (or A's principal's supertraits), and 'a: 'b.
'$unsize_to'('$dyn'(Bs, Lb), S) :-
    nonvar(S), S = '$dyn'(As, La),
    '$unsize_dyn'(As, Bs),
    '$outlives'(La, Lb).
% `T: Unsize<dyn Tr + Autos + 'a>` (T not a `dyn` type): T implements every bound (with its
% associated-type bindings), each trait is dyn compatible, T is sized and T: 'a.
'$unsize_to'('$dyn'(Bs, Lb), S) :-
    nonvar(S), S \= '$dyn'(_, _),
    '$dyn_bounds_hold'(Bs, S),
    '$sized'(S),
    '$outlives'(S, Lb).
% `[T; N]: Unsize<[T]>`.
'$unsize_to'('$slice'(T), '$array'(T, _)).
% A tuple whose last element unsizes, the others equal.
'$unsize_to'('$tuple'(Y), '$tuple'(X)) :- '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, Y), '$tuple'(A, X)) :- '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, Y), '$tuple'(A, B, X)) :- '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, Y), '$tuple'(A, B, C, X)) :- '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, Y), '$tuple'(A, B, C, D, X)) :- '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, E, Y), '$tuple'(A, B, C, D, E, X)) :- '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, E, F, Y), '$tuple'(A, B, C, D, E, F, X)) :-
    '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, E, F, G, Y), '$tuple'(A, B, C, D, E, F, G, X)) :-
    '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, E, F, G, H, Y), '$tuple'(A, B, C, D, E, F, G, H, X)) :-
    '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, E, F, G, H, I, Y), '$tuple'(A, B, C, D, E, F, G, H, I, X)) :-
    '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, E, F, G, H, I, J, Y), '$tuple'(A, B, C, D, E, F, G, H, I, J, X)) :-
    '$unsize_from'(X, Y).
'$unsize_to'('$tuple'(A, B, C, D, E, F, G, H, I, J, K, Y), '$tuple'(A, B, C, D, E, F, G, H, I, J, K, X)) :-
    '$unsize_from'(X, Y).

% Every bound of a `dyn` type holds for S.
'$dyn_bounds_hold'([], _).
'$dyn_bounds_hold'(['$b'(TR, Binds) | Bs], S) :-
    functor(TR, N, _), '$object_safe'(N),
    '$dyn_holds'(TR, S),
    '$dyn_binds_hold'(Binds, TR, S),
    '$dyn_bounds_hold'(Bs, S).

'$dyn_bounds_hold'(['$for'(N, X) | Bs], S) :-
    '$instantiate'('$for'(N, X), B),
    '$dyn_bounds_hold'([B | Bs], S).

'$dyn_binds_hold'([], _, _).
'$dyn_binds_hold'(['$eq'(Item, V) | Bs], TR, S) :-
    '$with_self'(TR, S, G),
    alias_eq('$assoc'(G, Item), V),
    '$dyn_binds_hold'(Bs, TR, S).

% dyn to dyn: the source's bounds with B's auto traits (and B's principal when upcasting) must be
% the target's bounds, in any order: the two `dyn` types, B's bounds put in the source's order, are
% equal (chalk's `EqGoal`; a higher-ranked bound is related under its binder).
'$unsize_dyn'(As, Bs) :-
    '$dyn_split'(As, PA, AutosA),
    '$dyn_split'(Bs, PB, AutosB),
    '$dyn_has_principal'(PA, PB),
    '$dyn_autos_in'(AutosB, AutosA, PA),
    '$dyn_new_source'(PA, PB, AutosA, AutosB, New),
    '$dyn_same_set'(New, Bs, Ordered),
    '$dyn'(New, L) = '$dyn'(Ordered, L).

% The principal bound (`some(B)` or `none`) and the auto-trait bounds of a bound list.
'$dyn_split'([], none, []).
'$dyn_split'([B | Bs], P, Autos) :-
    B = '$b'(TR, _), functor(TR, N, _),
    (   '$auto_trait'(N)
    ->  Autos = [B | Rest], '$dyn_split'(Bs, P, Rest)
    ;   P = some(B), '$dyn_split'(Bs, _, Autos)
    ).

% A principal may be dropped, never made up.
'$dyn_has_principal'(_, none).
'$dyn_has_principal'(some(_), some(_)).

% Every auto trait of B is one of A's, or a supertrait of A's principal.
'$dyn_autos_in'([], _, _).
'$dyn_autos_in'(['$b'(TR, _) | Bs], AutosA, PA) :-
    functor(TR, N, _),
    (   '$dyn_auto_named'(AutosA, N)
    ->  true
    ;   PA = some('$b'(P, _)), '$super_trait_tc'(P, Sup), functor(Sup, N, _)
    ->  true
    ;   fail
    ),
    '$dyn_autos_in'(Bs, AutosA, PA).

'$dyn_auto_named'(['$b'(TR, _) | Bs], N) :-
    (   functor(TR, N, _) -> true ; '$dyn_auto_named'(Bs, N) ).

% The source type rebuilt with the target's auto traits: its own principal (same trait), none, or
% a supertrait of its principal (upcasting; the source's auto traits that B lists kept).
'$dyn_new_source'(_, none, _, AutosB, AutosB).
'$dyn_new_source'(some(BA), some(BB), _, AutosB, [BA | AutosB]) :-
    BA = '$b'(TA, _), BB = '$b'(TB, _),
    functor(TA, N, _), functor(TB, N, _).
'$dyn_new_source'(some(BA), some(BB), AutosA, AutosB, [NewB | Kept]) :-
    BA = '$b'(TA, _), BB = '$b'(TB, _),
    functor(TA, NA, _), functor(TB, NB, _), NA \== NB,
    '$super_trait_tc'(TA, Sup), '$dyn_super_bound'(Sup, NB, NewB),
    '$dyn_keep_autos'(AutosA, AutosB, Kept).

% A supertrait named N as a bound of a `dyn` type; a higher-ranked one (`forall<'a> Self: Sup<'a>`,
% `'$for'(K, Sup)`) keeps its binder.
'$dyn_super_bound'('$for'(K, TR), N, '$for'(K, '$b'(TR, []))) :- functor(TR, N, _).
'$dyn_super_bound'(Sup, N, '$b'(Sup, [])) :- functor(Sup, N, _).

'$dyn_keep_autos'([], _, []).
'$dyn_keep_autos'([B | Bs], AutosB, Kept) :-
    B = '$b'(TR, _), functor(TR, N, _),
    (   '$dyn_auto_named'(AutosB, N) -> Kept = [B | Rest] ; Kept = Rest ),
    '$dyn_keep_autos'(Bs, AutosB, Rest).

% The supertraits of a trait reference (`'$self'` for the self type), transitively.
'$super_trait_tc'(A, B) :- '$super_trait'(A, B).
'$super_trait_tc'(A, C) :- '$super_trait'(A, B), '$super_trait_tc'(B, C).

% Ordered: the bounds Ys in the order of the bounds Xs of the same traits.
'$dyn_same_set'([], [], []).
'$dyn_same_set'([X | Xs], Ys, [Y | Ordered]) :-
    '$dyn_bound_trait'(X, N),
    '$dyn_select_trait'(N, Ys, Y, Rest),
    '$dyn_same_set'(Xs, Rest, Ordered).

% The trait a bound names (under its binder, if it has one).
'$dyn_bound_trait'('$b'(TR, _), N) :- functor(TR, N, _).
'$dyn_bound_trait'('$for'(_, B), N) :- '$dyn_bound_trait'(B, N).

'$dyn_select_trait'(N, [Y | Ys], Y, Ys) :- '$dyn_bound_trait'(Y, N).
'$dyn_select_trait'(N, [Y | Ys], Z, [Y | Rest]) :- '$dyn_select_trait'(N, Ys, Z, Rest).
