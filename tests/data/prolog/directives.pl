:- use_module(library(lists)).
:- use_module(library(apply)).
:- dynamic counter/1.
:- discontiguous p/1.
p(1).
q(a).
p(2).
