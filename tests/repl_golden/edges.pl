edge(a, b).
edge(b, c).
