p(a) :- q(a),.
q(a).
