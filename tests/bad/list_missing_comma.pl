p([a b]).
