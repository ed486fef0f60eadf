a :- b :- c.
