% Argument checks of the term built-ins (functor/3, arg/3, compare/3, plus/3, sorting, ...) as SWI-Prolog 9
% raises them, and arg/3 enumerating.
p(1).
