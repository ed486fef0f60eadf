p(a) :- /* q(a).
r(b).
