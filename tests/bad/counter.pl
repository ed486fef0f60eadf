count(N) :- M is N + 1, count(M).
