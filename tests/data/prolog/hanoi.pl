hanoi(0, _, _, _, []) :- !.
hanoi(N, A, B, C, Moves) :- M is N - 1, hanoi(M, A, C, B, M1), hanoi(M, C, B, A, M2), append(M1, [A-B|M2], Moves).
