:- table c/1.
c(N) :- M is N + 1, c(M).
