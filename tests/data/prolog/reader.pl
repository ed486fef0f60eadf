% Syntax the reader must accept as SWI-Prolog reads it: operator atoms as operands and functors,
% `@>=`, escapes in quoted text, `0'c` character codes, `0x`/`0o`/`0b` integers, digit groups, a
% bracketed declaration.
:- (table path/2).
path(X, Y) :- edge(X, Y).
path(X, Y) :- path(X, Z), edge(Z, Y).
edge(1, 2). edge(2, 3). edge(3, 1).
ops([-, '2', +, *]).
eq(=(a)).
pm(f(+, -)).
cmp(X, Y) :- X @>= Y.
cmp2(X, Y) :- X @=< Y.
codes([0'a, 0' , 0'\n, 0''', 0'\\, 0'(]).
ints([0x1F, 0o17, 0b101, 1_000_000, -0x10]).
hex('\x41\\x42\c').
oct('\101\').
neg(- 1).
neg2(-(1)).
neg3(-(-(1))).
sym(X) :- X = (<).
sym2(X) :- X = (-).
list_ops([=, \=, ==, @<]).
unicode(àb, 'Straße').
