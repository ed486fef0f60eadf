% format/2 with a negative or missing `*` argument raises a format error (it must never crash).
p(1).
