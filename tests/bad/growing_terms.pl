p(X) :- p(f(X)).
