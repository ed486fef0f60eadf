% Rational trees (no occurs check, as SWI-Prolog), sort/4, f() compounds and other SWI details.
cyc_eq(R) :- X = f(X), Y = f(f(Y)), ( X == Y -> R = same ; R = differ ).
cyc_variant(R) :- X = s(s(X)), Y = s(s(s(Y))), ( X =@= Y -> R = variant ; R = not_variant ).
cyc_compare(O) :- X = f(X, a), Y = f(Y, b), compare(O, X, Y).
cyc_check(A, B) :- X = f(X), ( cyclic_term(X) -> A = yes ; A = no ), ( acyclic_term(f(_)) -> B = yes ; B = no ).
cyc_sort(L) :- X = [a, b, c|X], sort(X, L).
cyc_msort(T) :- X = [a, b|X], catch(msort(X, _), error(type_error(T, _), _), true).
cyc_length(T) :- X = [a|X], catch(length(X, _), error(type_error(T, _), _), true).
cyc_arith(T) :- X = X + 1, catch(_ is X, error(type_error(T, _), _), true).
cyc_throw(R) :- X = hello(X), catch(throw(X), hello(_), R = caught).
