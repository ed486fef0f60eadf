% ISO's errors for goals that are not callable and for `=..` with a bad list (SWI-Prolog's answers).
w14(X) :- X = yes, call((1 ; true)).
w15(X) :- X = f(Y), findall(Y, 4, _).
num_goal :- G = 1, call(G).
