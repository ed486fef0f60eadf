greet(Name) :- format("Hello, ~w!~n", [Name]).
show :- write(f(a, "s", 'B c')), nl, print([1,2]), nl, writeq('B c'), nl, writeq(f(-1, 1-2, a+b*c)), nl.
