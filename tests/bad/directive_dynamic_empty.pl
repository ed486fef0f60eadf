:- dynamic.
