q(a).
p :- (\+ q(c) -> fail ; true).
