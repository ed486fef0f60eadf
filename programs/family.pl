% A small family database: plain Prolog, no tabling needed.
parent(tom, bob).
parent(tom, liz).
parent(bob, ann).
parent(bob, pat).
parent(pat, jim).

male(tom). male(bob). male(jim).
female(liz). female(ann). female(pat).

father(X, Y) :- parent(X, Y), male(X).
mother(X, Y) :- parent(X, Y), female(X).
grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
sibling(X, Y) :- parent(P, X), parent(P, Y), X \= Y.
ancestor(X, Y) :- parent(X, Y).
ancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).
childless(X) :- person(X), \+ parent(X, _).
person(X) :- male(X).
person(X) :- female(X).

?- father(tom, bob).
?- mother(X, jim).
?- grandparent(tom, ann).
?- sibling(ann, X).
?- ancestor(tom, jim).
?- childless(liz).
?- childless(bob).
