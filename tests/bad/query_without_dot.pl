p(a).
?- p(X)
