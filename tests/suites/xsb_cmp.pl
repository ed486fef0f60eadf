% Compares answer-output files with XSB's gold files (`*_old`) as SWI-Prolog's own
% Tests/xsb/xsb_test.pl does (each line read as a term, numbervars, sorted set), with that file.
% Usage: swipl xsb_cmp.pl ROOT LISTFILE   (ROOT: Tests/xsb; lines "GOLD<TAB>OUTFILE");
% prints "@@OUTFILE<TAB>pass|fail" per line.
:- initialization(main, main).
main :-
    current_prolog_flag(argv, [Root, L|_]),
    atom_concat(Root, '/xsb_test', Lib),
    use_module(Lib),
    read_file_to_string(L, S, []), split_string(S, "\n", "", Lines),
    forall(( member(Line, Lines), Line \== "" ),
           ( split_string(Line, "\t", "", [G, O]),
             read_file_to_string(O, New, []),
             (   catch(with_output_to(string(_), xsb_test:xsb_cmp_results(G, New)), _, fail)
             ->  R = pass ; R = fail ),
             format("@@~s\t~w~n", [O, R]) )).
