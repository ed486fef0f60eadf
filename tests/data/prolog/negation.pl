bird(tweety). bird(polly).
penguin(polly).
flies(X) :- bird(X), \+ penguin(X).
