% Text conversions as SWI-Prolog 9 answers them: empty lists, parsing numbers, term_to_atom/2 both
% ways, atom_concat/3 and string_concat/3 splitting, case mapping a character at a time.
esc(L) :- atom_length('a\u00e9b', L).
esc_codes(Cs) :- atom_codes('\x41\\x42\\101\\U0001F600\60\', Cs).
str_esc(Cs) :- string_codes("tab\there\u0041", Cs).
