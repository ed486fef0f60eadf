node(a).
node(b).
