rev([], A, A).
rev([H|T], A, R) :- rev(T, [H|A], R).
nrev([], []).
nrev([H|T], R) :- nrev(T, RT), append(RT, [H], R).
