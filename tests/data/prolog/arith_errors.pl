p(X) :- Y is X + 1, Y > 2.
