% The trait rules behind `Vec<T>: Clone`, written by hand as clauses.
% This is what the lowering of
%     trait Clone {}
%     struct Vec<T> {}  struct Foo {}  struct Bar {}
%     impl Clone for u32 {}
%     impl Clone for Bar {}
%     impl<T> Clone for Vec<T> where T: Clone {}
% produces (knot's lowering names types with quoted atoms).
:- table implemented/2.

% impl Clone for u32 {}
implemented(u32, 'Clone').
% impl Clone for Bar {}
implemented('Bar', 'Clone').
% impl<T> Clone for Vec<T> where T: Clone {}
implemented('Vec'(T), 'Clone') :- implemented(T, 'Clone').

?- implemented('Vec'(u32), 'Clone').
?- implemented('Vec'('Vec'('Bar')), 'Clone').
?- implemented('Vec'('Foo'), 'Clone').
?- implemented('Vec'(T), 'Clone').
