safe_div(X, Y, Z) :- catch(Z is X / Y, error(evaluation_error(E), _), (Z = E)).
boom :- throw(my_ball).
