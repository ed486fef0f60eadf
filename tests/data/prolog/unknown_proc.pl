p(X) :- colour(X).
color(red).
q(X) :- catch(undefined_thing(X), error(existence_error(procedure, PI), _), (X = PI)).
