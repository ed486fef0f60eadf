p(a)
q(b).
