even(X) :- 0 is X mod 2.
