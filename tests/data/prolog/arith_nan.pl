% NaN, signed zero and the standard order of numbers; gcd of min_int; inverse hyperbolic functions.
nan_value(X) :- X is nan.
