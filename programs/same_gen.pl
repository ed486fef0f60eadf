% Same generation: two people are of the same generation if they are the same person,
% or their parents are of the same generation.
:- table sg/2.

sg(X, X) :- person(X).
sg(X, Y) :- parent(XP, X), sg(XP, YP), parent(YP, Y).

person(ann). person(bob). person(cid). person(dot). person(eve). person(fay). person(gus).

parent(ann, bob).
parent(ann, cid).
parent(bob, dot).
parent(cid, eve).
parent(cid, fay).
parent(eve, gus).

?- sg(dot, fay).
?- sg(bob, cid).
?- sg(gus, X).
?- sg(ann, bob).
