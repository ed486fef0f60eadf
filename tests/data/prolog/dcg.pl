% Definite clause grammars: terminals, strings, {}/1, !, \+, call//N, pushback, phrase/2,3.
greeting --> [hello], name.
name --> [world].
name --> [prolog].

digits([D|T]) --> digit(D), digits(T).
digits([D]) --> digit(D).
digit(D) --> [D], { code_type_digit(D) }.
code_type_digit(D) :- integer(D), D >= 0'0, D =< 0'9.

number(N) --> digits(Ds), { number_codes(N, Ds) }.

ab --> "ab".
abs --> [].
abs --> "ab", abs.

first(X) --> [X], !, rest.
rest --> [].
rest --> [_], rest.

notz --> \+ [z], [_].

pair(X, Y) --> call(item, X), call(item, Y).
item(X, [X|T], T).

alt --> ( [a] -> [b] ; [c] | [d] ).

look(X), [X] --> [X].

expr(V) --> term(T), expr_rest(T, V).
expr_rest(Acc, V) --> "+", !, term(T), { A1 is Acc + T }, expr_rest(A1, V).
expr_rest(V, V) --> [].
term(N) --> number(N).

anything([]) --> [].
anything([H|T]) --> [H], anything(T).

nothing --> {}.
var_body(G) --> G.
