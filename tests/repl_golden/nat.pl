p(1).
p(2).
p(3).
nat(0).
nat(s(X)) :- nat(X).
