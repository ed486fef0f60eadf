:- table nat/1.
nat(0).
nat(s(X)) :- nat(X).
