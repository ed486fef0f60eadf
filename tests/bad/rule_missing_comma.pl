p(a) :- q(a) q(b).
