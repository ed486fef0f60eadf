p(a).
?- p(X
