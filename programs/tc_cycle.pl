% Transitive closure over a cycle of 8 nodes, written left-recursively.
% Tabling (slg, the default) terminates with every node reachable from 1, each once. Depth-first
% (sld) search loops on path(1, Z) calling itself and reports Overflow; inside findall/3 or
% aggregate_all/3 its tabled calls are tabled (as SWI-Prolog's) and terminate.
%   knot query programs/tc_cycle.pl --goal 'path(1, X)' --all
%   knot query programs/tc_cycle.pl --goal 'path(1, X)' --all --strategy sld
:- table path/2.

path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).

edge(1, 2).
edge(2, 3).
edge(3, 4).
edge(4, 5).
edge(5, 6).
edge(6, 7).
edge(7, 8).
edge(8, 1).

?- path(1, 5).
?- path(3, 3).
?- path(1, 9).
