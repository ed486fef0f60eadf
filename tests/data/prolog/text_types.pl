% Argument checks of the text built-ins: ISO's type and instantiation errors as SWI-Prolog raises them.
p(1).
