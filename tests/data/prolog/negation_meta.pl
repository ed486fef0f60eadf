% `\+ G` whose variables are local to it, inside meta-call arguments (call/1, catch/3, findall/3,
% forall/2, once/1, aggregate_all/3) and nested negations: answered as in a clause body.
t1 :- \+ ( member(X, [1]), X > 5 ).
t2 :- catch(\+ ( member(X, [1]), X > 5 ), _, true).
t3 :- call(\+ ( member(X, [1]), X > 5 )).
t4 :- findall(x, \+ ( member(X, [1]), X > 5 ), [x]).
t5(E) :- \+ \+ E = error(_, _).
t6 :- forall(member(Y, [1,2]), \+ ( member(X, [3]), X =:= Y )).
t7 :- once(\+ member(_, [])).
t8(N) :- aggregate_all(count, (member(Y, [1,2,3]), \+ (member(X, [2]), X == Y)), N).
t9 :- call(\+ ( member(X, [1]), X < 5 )).
