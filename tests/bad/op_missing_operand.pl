p(X) :- X is 1 + .
