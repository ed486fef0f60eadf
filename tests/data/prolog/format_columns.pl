% format/2,3 column stops (~|, ~+, ~t fill points) and fill characters.
row(Name, Value) :- format("~a~t~15|~a~n", [Name, Value]).
