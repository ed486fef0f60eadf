p(X) :- X = a = b.
