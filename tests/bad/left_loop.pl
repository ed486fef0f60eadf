p :- p.
