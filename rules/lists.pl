% The list library of clause programs (SWI-Prolog's library(lists) and a few autoloaded
% predicates), loaded into every `.pl` program; a predicate the program defines itself replaces
% the library's. Helpers are named '$lists_...'.

append([], L, L).
append([H|T], L, [H|R]) :- append(T, L, R).

append(ListOfLists, List) :- '$lists_append'(ListOfLists, List).
'$lists_append'([], []).
'$lists_append'([L|Ls], As) :- append(L, Ws, As), '$lists_append'(Ls, Ws).

member(X, [X|_]).
member(X, [_|T]) :- member(X, T).

memberchk(X, L) :- member(X, L), !.

length(L, N) :- var(N), !, '$skip_list'(K, L, T), ( T == [] -> N = K ; var(T) -> T \== N, '$lists_length'(T, K, N) ; throw(error(type_error(list, L), _)) ).
length(L, N) :- integer(N), !, ( N >= 0 -> true ; throw(error(domain_error(not_less_than_zero, N), _)) ), '$skip_list'(K, L, T), ( T == [] -> N = K ; var(T) -> N >= K, M is N - K, '$lists_make'(M, T) ; throw(error(type_error(list, L), _)) ).
length(_, N) :- throw(error(type_error(integer, N), _)).
'$lists_length'([], N, N).
'$lists_length'([_|T], N0, N) :- N1 is N0 + 1, '$lists_length'(T, N1, N).
'$lists_make'(0, L) :- !, L = [].
'$lists_make'(N, [_|T]) :- N1 is N - 1, '$lists_make'(N1, T).

reverse(L, R) :- '$lists_reverse'(L, [], R).
'$lists_reverse'([], A, A).
'$lists_reverse'([H|T], A, R) :- '$lists_reverse'(T, [H|A], R).

nth0(I, L, E) :- integer(I), !, I >= 0, '$lists_nth'(I, L, E).
nth0(I, L, E) :- var(I), '$lists_nth_gen'(L, E, 0, I).
nth1(I, L, E) :- integer(I), !, I >= 1, I0 is I - 1, '$lists_nth'(I0, L, E).
nth1(I, L, E) :- var(I), '$lists_nth_gen'(L, E, 1, I).
'$lists_nth'(0, [E|_], E) :- !.
'$lists_nth'(I, [_|T], E) :- I1 is I - 1, '$lists_nth'(I1, T, E).
'$lists_nth_gen'([E|_], E, B, B).
'$lists_nth_gen'([_|T], E, B0, B) :- B1 is B0 + 1, '$lists_nth_gen'(T, E, B1, B).

last([X], X) :- !.
last([_|T], X) :- last(T, X).

sum_list(L, S) :- '$lists_sum'(L, 0, S).
sumlist(L, S) :- sum_list(L, S).
'$lists_sum'([], S, S).
'$lists_sum'([X|Xs], S0, S) :- S1 is S0 + X, '$lists_sum'(Xs, S1, S).

max_list([H|T], M) :- '$lists_max'(T, H, M).
'$lists_max'([], M, M).
'$lists_max'([H|T], M0, M) :- M1 is max(M0, H), '$lists_max'(T, M1, M).
min_list([H|T], M) :- '$lists_min'(T, H, M).
'$lists_min'([], M, M).
'$lists_min'([H|T], M0, M) :- M1 is min(M0, H), '$lists_min'(T, M1, M).

max_member(M, L) :- '$lists_max_member'(L, M).
'$lists_max_member'([H|T], M) :- '$lists_max_member_'(T, H, M).
'$lists_max_member_'([], M, M).
'$lists_max_member_'([H|T], M0, M) :- ( H @> M0 -> M1 = H ; M1 = M0 ), '$lists_max_member_'(T, M1, M).
min_member(M, L) :- '$lists_min_member'(L, M).
'$lists_min_member'([H|T], M) :- '$lists_min_member_'(T, H, M).
'$lists_min_member_'([], M, M).
'$lists_min_member_'([H|T], M0, M) :- ( H @< M0 -> M1 = H ; M1 = M0 ), '$lists_min_member_'(T, M1, M).

numlist(L, H, R) :- '$lists_must_be_integer'(L), '$lists_must_be_integer'(H), L =< H, '$lists_numlist'(L, H, R).
'$lists_numlist'(H, H, R) :- !, R = [H].
'$lists_numlist'(L, H, [L|T]) :- L1 is L + 1, '$lists_numlist'(L1, H, T).

between(L, H, X) :- integer(X), !, X >= L, ( H == inf -> true ; X =< H ).
between(L, H, L) :- ( H == inf -> true ; L =< H ).
between(L, H, X) :- ( H == inf -> true ; L < H ), L1 is L + 1, between(L1, H, X).

select(X, [X|T], T).
select(X, [H|T], [H|R]) :- select(X, T, R).

selectchk(X, L, R) :- select(X, L, R), !.

select(X, Xs, Y, Ys) :- '$lists_select4'(Xs, X, Y, Ys).
'$lists_select4'([X|T], X, Y, [Y|T]).
'$lists_select4'([H|T], X, Y, [H|T2]) :- '$lists_select4'(T, X, Y, T2).

exclude(_, [], []).
exclude(P, [H|T], R) :- ( call(P, H) -> R = R1 ; R = [H|R1] ), exclude(P, T, R1).
include(_, [], []).
include(P, [H|T], R) :- ( call(P, H) -> R = [H|R1] ; R = R1 ), include(P, T, R1).
partition(_, [], [], []).
partition(P, [H|T], I, E) :- ( call(P, H) -> I = [H|I1], E = E1 ; I = I1, E = [H|E1] ), partition(P, T, I1, E1).

maplist(_, []).
maplist(P, [A|As]) :- call(P, A), maplist(P, As).
maplist(_, [], []).
maplist(P, [A|As], [B|Bs]) :- call(P, A, B), maplist(P, As, Bs).
maplist(_, [], [], []).
maplist(P, [A|As], [B|Bs], [C|Cs]) :- call(P, A, B, C), maplist(P, As, Bs, Cs).
maplist(_, [], [], [], []).
maplist(P, [A|As], [B|Bs], [C|Cs], [D|Ds]) :- call(P, A, B, C, D), maplist(P, As, Bs, Cs, Ds).

foldl(G, L, V0, V) :- '$lists_foldl'(L, G, V0, V).
'$lists_foldl'([], _, V, V).
'$lists_foldl'([X|Xs], G, V0, V) :- call(G, X, V0, V1), '$lists_foldl'(Xs, G, V1, V).
foldl(G, L1, L2, V0, V) :- '$lists_foldl'(L1, L2, G, V0, V).
'$lists_foldl'([], [], _, V, V).
'$lists_foldl'([X|Xs], [Y|Ys], G, V0, V) :- call(G, X, Y, V0, V1), '$lists_foldl'(Xs, Ys, G, V1, V).

delete([], _, []).
delete([H|T], X, R) :- ( H \= X -> R = [H|R1] ; R = R1 ), delete(T, X, R1).

subtract([], _, []).
subtract([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), subtract(T, L, R1).
intersection([], _, []).
intersection([H|T], L, R) :- ( memberchk(H, L) -> R = [H|R1] ; R = R1 ), intersection(T, L, R1).
union([], L, L).
union([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), union(T, L, R1).

list_to_set(L, S) :- '$lists_to_set'(L, [], S).
'$lists_to_set'([], _, []).
'$lists_to_set'([H|T], Seen, R) :- ( '$lists_memberchk_eq'(H, Seen) -> R = R1 ; R = [H|R1] ), '$lists_to_set'(T, [H|Seen], R1).
'$lists_memberchk_eq'(X, [Y|Ys]) :- ( X == Y -> true ; '$lists_memberchk_eq'(X, Ys) ).


permutation([], []).
permutation(L, [H|T]) :- select(H, L, R), permutation(R, T).

flatten(List, Flat) :- '$lists_flatten'(List, [], Flat0), !, Flat = Flat0.
'$lists_flatten'(Var, Tl, [Var|Tl]) :- var(Var), !.
'$lists_flatten'([], Tl, Tl) :- !.
'$lists_flatten'([Hd|Tl], Tail, List) :- !, '$lists_flatten'(Hd, FlatHeadTail, List), '$lists_flatten'(Tl, Tail, FlatHeadTail).
'$lists_flatten'(NonList, Tl, [NonList|Tl]).



pairs_keys_values([], [], []).
pairs_keys_values([K-V|T], [K|Ks], [V|Vs]) :- pairs_keys_values(T, Ks, Vs).
pairs_keys([], []).
pairs_keys([K-_|T], [K|Ks]) :- pairs_keys(T, Ks).
pairs_values([], []).
pairs_values([_-V|T], [V|Vs]) :- pairs_values(T, Vs).


predsort(P, L, Sorted) :- '$lists_must_be_list'(L), length(L, N), ( N < 2 -> '$lists_predsort_dedup'(L, Sorted) ; '$lists_predsort'(P, N, L, _, Sorted1), Sorted = Sorted1 ).
'$lists_predsort_dedup'(L, L).
'$lists_predsort'(P, 2, [X1,X2|L], L, R) :- !, call(P, Delta, X1, X2), '$lists_sort2'(Delta, X1, X2, R).
'$lists_predsort'(_, 1, [X|L], L, [X]) :- !.
'$lists_predsort'(_, 0, L, L, []) :- !.
'$lists_predsort'(P, N, L1, L3, R) :- N1 is N // 2, plus(N1, N2, N), '$lists_predsort'(P, N1, L1, L2, R1), '$lists_predsort'(P, N2, L2, L3, R2), '$lists_predmerge'(P, R1, R2, R).
'$lists_sort2'(<, X1, X2, [X1,X2]).
'$lists_sort2'(=, X1, _, [X1]).
'$lists_sort2'(>, X1, X2, [X2,X1]).
'$lists_predmerge'(_, [], R, R) :- !.
'$lists_predmerge'(_, R, [], R) :- !.
'$lists_predmerge'(P, [H1|T1], [H2|T2], Result) :- call(P, Delta, H1, H2), !, '$lists_predmerge_'(Delta, P, H1, H2, T1, T2, Result).
'$lists_predmerge_'(<, P, H1, H2, T1, T2, [H1|R]) :- '$lists_predmerge'(P, T1, [H2|T2], R).
'$lists_predmerge_'(=, P, H1, _, T1, T2, [H1|R]) :- '$lists_predmerge'(P, T1, T2, R).
'$lists_predmerge_'(>, P, H1, H2, T1, T2, [H2|R]) :- '$lists_predmerge'(P, [H1|T1], T2, R).


% bagof/3 and setof/3: solutions grouped by the free variables of the goal (those not in the
% template nor bound by `^`).
bagof(T, G, L) :- '$lists_free'(T, G, W, G1), ( W == [] -> findall(T, G1, L), L \== [] ; findall(W-T, G1, Ps), Ps \== [], '$lists_bag_groups'(Ps, W, L) ).
setof(T, G, S) :- bagof(T, G, L), sort(L, S).
'$lists_free'(T, G, W, G1) :- '$lists_strip'(G, G1, Bound), term_variables(T-Bound, TV), term_variables(G1, GV), '$lists_vars_minus'(GV, TV, W).
'$lists_strip'(V^G, G1, [V|B]) :- !, '$lists_strip'(G, G1, B).
'$lists_strip'(G, G, []).
'$lists_vars_minus'([], _, []).
'$lists_vars_minus'([V|Vs], Ex, R) :- ( '$lists_memberchk_eq'(V, Ex) -> R = R1 ; R = [V|R1] ), '$lists_vars_minus'(Vs, Ex, R1).
'$lists_bag_groups'(Ps, W, L) :- keysort(Ps, Sorted), '$lists_pick'(Sorted, Groups), member(W-L, Groups).
'$lists_pick'([], []).
'$lists_pick'([K-V|T], [K-[V|Vs]|Gs]) :- '$lists_same'(K, T, Vs, Rest), '$lists_pick'(Rest, Gs).
'$lists_same'(K, [K1-V|T], [V|Vs], Rest) :- K1 =@= K, !, K1 = K, '$lists_same'(K, T, Vs, Rest).
'$lists_same'(_, Rest, [], Rest).

% subsumes/2 (SWI-Prolog's library(backcomp)): subsumes_term/2, then unify.
subsumes(G, S) :- subsumes_term(G, S), G = S.

% must_be/2 of the types the library checks (ISO's errors).
'$lists_must_be_integer'(X) :- integer(X), !.
'$lists_must_be_integer'(X) :- var(X), !, throw(error(instantiation_error, _)).
'$lists_must_be_integer'(X) :- throw(error(type_error(integer, X), _)).
'$lists_must_be_list'(L) :- '$lists_tail'(L, T), ( T == [] -> true ; var(T) -> throw(error(instantiation_error, _)) ; throw(error(type_error(list, L), _)) ).
'$lists_tail'(L, T) :- '$skip_list'(_, L, T).

% XSB's and SWI-Prolog's tabling library: tabled negation (`tnot/1` of a call of a tabled
% predicate, else a permission error, as SWI-Prolog's), the undefined truth value of the
% well-founded semantics, residual programs (an answer's delay list: empty, as knot's engine
% has no delays yet), and XSB's aliases.
tnot(G) :- '$tnot_check'(G), \+ G.
:- table undefined/0.
undefined :- tnot(undefined).
get_residual(G, []) :- call(G).
tfindall(T, G, L) :- findall(T, G, L).
sk_not(G) :- \+ G.
incr_assert(C) :- assertz(C).
incr_asserta(C) :- asserta(C).
incr_assertz(C) :- assertz(C).
incr_retract(C) :- retract(C).
incr_retractall(C) :- retractall(C).
