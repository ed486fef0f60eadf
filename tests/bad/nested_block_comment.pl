/* a /* b */ still */
p(a).
