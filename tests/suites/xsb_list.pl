% Lists the XSB tests SWI-Prolog's own harness runs (Tests/xsb/*/xsb_test_*.pl of the package
% swi-prolog-test), one line per test: "Dir<TAB>Base<TAB>Goal" (Goal written with writeq). sub_tests
% run `go` (as SWI's run_sub_test/1 does). A wfs_tests test is one line per subgoal of its query/5
% fact: "Dir<TAB>Base<TAB>@wfs<TAB>Query<TAB>Subgoal<TAB>Truth" (true, false or undefined).
% Usage: swipl xsb_list.pl ROOT   (ROOT: the package's Tests/xsb folder)
:- initialization(main, main).
:- dynamic root/1.
main :-
    current_prolog_flag(argv, [R|_]),
    assertz(root(R)),
    forall(( member(Dir, [basic_tests, table_tests, neg_tests, wfs_tests, delay_tests,
                          sub_tests, ai_tests, incremental_tests, nonmt_tests]),
             format(atom(Pat), '~w/~w/xsb_test_*.pl', [R, Dir]),
             expand_file_name(Pat, [F|_]) ),
           list_file(Dir, F)).
list_file(Dir, F) :-
    setup_call_cleanup(open(F, read, S), read_all(S, Ts), close(S)),
    forall(( member(T, Ts), test_of(T, Base, Goal) ), emit(Dir, Base, Goal)).
emit(Dir, Base, wfs(Q, SGs, Tr, Un)) :- !,
    forall(member(SG, SGs),
           (   ( memberchk_eq(SG, Tr) -> TV = true ; memberchk_eq(SG, Un) -> TV = undefined ; TV = false ),
               format("~w\t~w\t@wfs\t~q\t~q\t~w~n", [Dir, Base, Q, SG, TV]) )).
emit(Dir, Base, Goal) :- format("~w\t~w\t~q~n", [Dir, Base, Goal]).
memberchk_eq(X, L) :- member(Y, L), Y =@= X, !.
read_all(S, Ts) :-
    catch(read_term(S, T, [syntax_errors(quiet)]), _, T = '$skip'),
    (   T == end_of_file -> Ts = []
    ;   Ts = [T|Ts1], read_all(S, Ts1)
    ).
test_of(sub_test(Base), Base, go) :- atom(Base), !.
test_of(wfs_test(Base), Base, wfs(Q, SGs, Tr, Un)) :- atom(Base), !,
    root(R), format(atom(F), '~w/wfs_tests/~w.P', [R, Base]),
    setup_call_cleanup(open(F, read, S), read_all(S, Ts), close(S)),
    memberchk(query(Base, Q, SGs, Tr, Un), Ts).
test_of(T, Base, test) :-
    T =.. [F, Base], atom(Base),
    memberchk(F, [xsb_test, table_test, incremental_test, nonmt_test, ai_test]).
test_of((test(_) :- xsb_test(Base, Goal)), Base, Goal).
test_of((test(_, Opts) :- xsb_test(Base, Goal)), Base, Goal) :-
    \+ ( is_list(Opts), memberchk(blocked(_), Opts) ),
    \+ Opts = blocked(_).
