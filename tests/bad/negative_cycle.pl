:- table win/1.
win(X) :- move(X, Y), \+ win(Y).
move(a, a).
