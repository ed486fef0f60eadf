
cmp(O, A, B) :- compare(O, A, B).
