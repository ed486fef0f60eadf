p([a|b|c]).
