p('ab
c').
