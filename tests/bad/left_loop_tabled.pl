:- table p/0.
p :- p.
