% The dynamic database (issue 46): assert/asserta/assertz, retract (with the logical update view),
% retractall, abolish, clause/2, counters, and incremental tabling.
:- dynamic counter/1, item/1.
:- dynamic(stack/1).
:- dynamic([seen/1, edge/2]).
counter(0).
item(a).
item(b).
item(c).

bump(N1) :- retract(counter(N)), N1 is N + 1, assertz(counter(N1)).

% The logical update view: the clauses a call sees are those of when it started.
copy_items :- item(X), atom_concat(X, x, Y), assertz(item(Y)), fail.
copy_items.

:- dynamic q/1 as incremental.
:- table r/1 as incremental.
r(X) :- q(X).
rs(L) :- findall(X, r(X), L0), msort(L0, L).

:- table path/2.
path(X, Y) :- edge(X, Y).
path(X, Y) :- edge(X, Z), path(Z, Y).
