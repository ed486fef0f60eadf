a(X) :- ( X = 1 ; X = 2 ), !.
b(X) :- ( X = 1, ! ; X = 2 ).
c(X) :- member(X, [1,2,3]), ( X > 1 -> true ; fail ).
