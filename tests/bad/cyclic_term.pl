cyclic(X) :- X = f(X).
