% current_prolog_flag/2, numbervars/3 and '$VAR' output, term_string/2, format/3 sinks, and
% module/use_module directives accepted as no-ops.
:- module(flags_terms, [show/1]).
:- use_module(library(lists)).
:- use_module(library(apply), [maplist/3]).
:- ensure_loaded(library(lists)).

show(T) :- copy_term(T, C), numbervars(C, 0, _), print(C), nl.
