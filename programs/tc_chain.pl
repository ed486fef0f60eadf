% Transitive closure over a chain 1 -> 2 -> ... -> 6, left- and right-recursive.
:- table lpath/2.
:- table rpath/2.

lpath(X, Y) :- lpath(X, Z), edge(Z, Y).
lpath(X, Y) :- edge(X, Y).

rpath(X, Y) :- edge(X, Z), rpath(Z, Y).
rpath(X, Y) :- edge(X, Y).

edge(1, 2).
edge(2, 3).
edge(3, 4).
edge(4, 5).
edge(5, 6).

?- lpath(1, 6).
?- rpath(2, X), X > 4.
?- lpath(X, 2).
?- lpath(6, X).
