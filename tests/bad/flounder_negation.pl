p(a).
ok(X) :- \+ p(X).
