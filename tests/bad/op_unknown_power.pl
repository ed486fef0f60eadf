p(X) :- X is 2 ** 3.
