% Mode-directed tabling (answer subsumption, issue 46), as SWI-Prolog documents it.
:- table path(_, _, min).
e(a, b, 1). e(b, c, 2). e(a, c, 5). e(c, a, 1).
path(X, Y, C) :- e(X, Y, C).
path(X, Y, C) :- path(X, Z, C1), e(Z, Y, C2), C is C1 + C2.

:- table longest(_, _, max).
dag(a, b). dag(b, c). dag(a, c). dag(c, d).
longest(X, Y, 1) :- dag(X, Y).
longest(X, Y, N) :- longest(X, Z, N0), dag(Z, Y), N is N0 + 1.

:- table p(_, po('<'/2)), q(_, lattice(j/3)), s(_, sum), f(_, first), l(_, last).
p(a, 1). p(a, 3). p(a, 2). p(b, 5).
j(A, B, C) :- C is max(A, B).
q(a, 1). q(a, 3). q(a, 2).
s(a, 1). s(a, 3). s(a, 2). s(a, 2).
f(a, 2). f(a, 1). f(a, 3).
l(a, 2). l(a, 1). l(a, 3).

% Several moded arguments.
:- table best(_, min, max).
best(k, 3, 1). best(k, 1, 2). best(k, 2, 9).
