% Runs each goal of a `.goals` file (one per line) on a program, printing its answers the way
% tests/swi_diff.rs compares them with knot's: `?- Goal.`, one line per answer (`X = 1, Y = a.` or
% `true.`), `false.` when there is none, `error: Formal` for an uncaught error.
% Usage: swipl -q swi_harness.pl PROGRAM (the files PROGRAM.pl and PROGRAM.goals)
:- initialization(main, main).

main :-
    current_prolog_flag(argv, Argv), last(Argv, Base),
    atom_concat(Base, '.pl', Prog), atom_concat(Base, '.goals', Goals),
    consult(Prog),
    read_file_to_string(Goals, S, []),
    split_string(S, "\n", "", Lines),
    forall((member(L, Lines), L \== ""), run(L)).

run(Line) :-
    format("?- ~s.~n", [Line]),
    term_string(G, Line, [variable_names(Vs)]),
    nb_setval(answers, 0),
    catch(( call(G), nb_getval(answers, N0), N is N0 + 1, nb_setval(answers, N), answer(Vs), fail
          ; nb_getval(answers, 0) -> writeln('false.')
          ; true ),
          E, report(E)).

report(error(F, _)) :- !, format("error: ~q~n", [F]).
report(B) :- format("error: ~q~n", [B]).

answer(Vs) :-
    include(shown, Vs, Shown),
    (   Shown == []
    ->  writeln('true.')
    ;   maplist(binding, Shown, Parts),
        atomic_list_concat(Parts, ', ', Text),
        format("~w.~n", [Text])
    ).

shown(Name = V) :- \+ sub_atom(Name, 0, _, _, '_'), nonvar(V).

binding(Name = V, Text) :-
    with_output_to(string(S), write_term(V, [quoted(true), spacing(next_argument)])),
    format(atom(Text), "~w = ~s", [Name, S]).
