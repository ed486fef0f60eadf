% A left-recursive tabled path over a cycle a -> b -> c -> d -> e -> a.
:- table path/2.
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).
edge(a, b). edge(b, c). edge(c, d). edge(d, e). edge(e, a).
