% Clauses for built-in predicates are refused (SWI-Prolog prints a permission error and loads the
% rest of the file): is/2, true/0 and atom_length/2 keep their meaning.
is(X, Y) :- X = Y.
true :- fail.
atom_length(_, 42).
mine(X) :- X is 2 * 3.
