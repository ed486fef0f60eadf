p([a|b,c]).
