max(X, Y, X) :- X >= Y, !.
max(_, Y, Y).
first([X|_], X) :- !.
t(1). t(2). t(3).
g(X) :- t(X), X > 1, !.
