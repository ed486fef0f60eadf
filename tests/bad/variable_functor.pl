P(a).
