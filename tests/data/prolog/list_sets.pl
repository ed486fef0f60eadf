
is_a(a).
