gcd_(A, 0, A) :- !.
gcd_(A, B, G) :- C is A mod B, gcd_(B, C, G).
lcm(A, B, L) :- gcd_(A, B, G), L is A * B // G.
