p(a) :- X.
