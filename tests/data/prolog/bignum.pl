pow2(0, 1) :- !.
pow2(N, P) :- M is N - 1, pow2(M, Q), P is 2 * Q.
