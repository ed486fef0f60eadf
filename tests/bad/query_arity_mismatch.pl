edge(1, 2).
?- edge(1, X).
?- edge(1).
