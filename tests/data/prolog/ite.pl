classify(X, neg) :- X < 0, !.
classify(0, zero) :- !.
classify(_, pos).
sgn(X, S) :- ( X > 0 -> S = 1 ; X < 0 -> S = -1 ; S = 0 ).
