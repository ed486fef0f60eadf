p(X) :- X = = a.
