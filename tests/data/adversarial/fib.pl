fib(X, Y) :- fib(Y, f(X, Y)).
