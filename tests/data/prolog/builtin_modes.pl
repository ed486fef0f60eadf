% succ/2, subsumes_term/2, numlist/3, predsort/3 and length/2 in every mode, with SWI-Prolog's errors.
p(1).
