% Built-in impls of the lang-item traits, bridged by the lowering to the program's own trait:
% `#[lang(sized)] trait Sized {}` gets `'Sized'(T) :- '$lang_sized'(T).`, and so on.

'$lang_sized'(T) :- nonvar(T), '$scalar'(T).
'$lang_sized'(T) :- '$numeric_var'(T).
'$lang_sized'('!').
'$lang_sized'('$ref'(_, _)).
'$lang_sized'('$refmut'(_, _)).
'$lang_sized'('$ptr'(_)).
'$lang_sized'('$ptrmut'(_)).
'$lang_sized'('$array'(_, _)).
'$lang_sized'('$tuple').
'$lang_sized'('$tuple'(A)) :- '$sized'(A).
'$lang_sized'('$tuple'(_, B)) :- '$sized'(B).
'$lang_sized'('$tuple'(_, _, C)) :- '$sized'(C).
'$lang_sized'('$tuple'(_, _, _, D)) :- '$sized'(D).
% Tuples of any longer arity: sized when the last element is; Copy/Clone when every element is.
'$lang_sized'(T) :- nonvar(T), functor(T, '$tuple', N), N > 4, arg(N, T, L), '$sized'(L).
'$lang_copy'(T) :- nonvar(T), functor(T, '$tuple', N), N > 4, '$tuple_all_copy'(T, N).
'$lang_clone'(T) :- nonvar(T), functor(T, '$tuple', N), N > 4, '$tuple_all_clone'(T, N).
'$tuple_all_copy'(_, 0).
'$tuple_all_copy'(T, I) :- I > 0, arg(I, T, A), '$copy'(A), J is I - 1, '$tuple_all_copy'(T, J).
'$tuple_all_clone'(_, 0).
'$tuple_all_clone'(T, I) :- I > 0, arg(I, T, A), '$clone'(A), J is I - 1, '$tuple_all_clone'(T, J).

'$lang_copy'(T) :- nonvar(T), '$scalar'(T).
'$lang_copy'(T) :- '$numeric_var'(T).
'$lang_copy'('!').
'$lang_copy'('$ref'(_, _)).
'$lang_copy'('$ptr'(_)).
'$lang_copy'('$ptrmut'(_)).
'$lang_copy'('$array'(T, _)) :- '$copy'(T).
'$lang_copy'('$tuple').
'$lang_copy'('$tuple'(A)) :- '$copy'(A).
'$lang_copy'('$tuple'(A, B)) :- '$copy'(A), '$copy'(B).
'$lang_copy'('$tuple'(A, B, C)) :- '$copy'(A), '$copy'(B), '$copy'(C).
'$lang_copy'('$tuple'(A, B, C, D)) :- '$copy'(A), '$copy'(B), '$copy'(C), '$copy'(D).

'$lang_clone'(T) :- nonvar(T), '$scalar'(T).
'$lang_clone'(T) :- '$numeric_var'(T).
'$lang_clone'('!').
'$lang_clone'('$ref'(_, _)).
'$lang_clone'('$ptr'(_)).
'$lang_clone'('$ptrmut'(_)).
'$lang_clone'('$array'(T, _)) :- '$clone'(T).
'$lang_clone'('$tuple').
'$lang_clone'('$tuple'(A)) :- '$clone'(A).
'$lang_clone'('$tuple'(A, B)) :- '$clone'(A), '$clone'(B).
'$lang_clone'('$tuple'(A, B, C)) :- '$clone'(A), '$clone'(B), '$clone'(C).
'$lang_clone'('$tuple'(A, B, C, D)) :- '$clone'(A), '$clone'(B), '$clone'(C), '$clone'(D).

% Function pointers are sized, Copy and Clone (`'$fn_ptr'/1`, `'$fn_ptr_call'/3`: rules/builtin.pl).
'$lang_sized'(F) :- '$fn_ptr'(F).
'$lang_copy'(F) :- '$fn_ptr'(F).
'$lang_clone'(F) :- '$fn_ptr'(F).

% Pointer metadata (`Pointee::Metadata`): the length for `str` and slices, nothing for sized types; a
% tuple's (and, from the lowering, a struct's) is that of its last field.
'$pointee_metadata'(str, usize).
'$pointee_metadata'('$slice'(_), usize).
'$pointee_metadata'(T, '$tuple') :- '$scalar'(T).
'$pointee_metadata'('!', '$tuple').
'$pointee_metadata'('$ref'(_, _), '$tuple').
'$pointee_metadata'('$refmut'(_, _), '$tuple').
'$pointee_metadata'('$ptr'(_), '$tuple').
'$pointee_metadata'('$ptrmut'(_), '$tuple').
'$pointee_metadata'('$array'(_, _), '$tuple').
'$pointee_metadata'(F, '$tuple') :- '$fn_ptr'(F).
'$pointee_metadata'('$tuple', '$tuple').
'$pointee_metadata'('$tuple'(A), M) :- '$pointee_metadata'(A, M).
'$pointee_metadata'('$tuple'(_, B), M) :- '$pointee_metadata'(B, M).
'$pointee_metadata'('$tuple'(_, _, C), M) :- '$pointee_metadata'(C, M).
'$pointee_metadata'('$tuple'(_, _, _, D), M) :- '$pointee_metadata'(D, M).
'$pointee_metadata'('$tuple'(_, _, _, _, E), M) :- '$pointee_metadata'(E, M).
'$pointee_metadata'('$tuple'(_, _, _, _, _, F), M) :- '$pointee_metadata'(F, M).

% Callables for the Fn traits: `'$callable'(F, Args, Ret, Kind)`, Kind the strongest of fn, fn_mut,
% fn_once. Function definitions and closures add their own clauses from the lowering.
'$callable'(F, Args, R, fn) :- '$fn_ptr_call'(F, Args, R).

% The discriminant type of a type (`DiscriminantKind::Discriminant`): `u8` for every type but enums
% (their `#[repr(..)]`, or `isize`) and coroutines (`u32`), which the lowering adds; none for a
% placeholder, whose projection stays rigid.
'$discriminant'(T, u8) :- '$scalar'(T).
'$discriminant'(str, u8).
'$discriminant'('!', u8).
'$discriminant'('$ref'(_, _), u8).
'$discriminant'('$refmut'(_, _), u8).
'$discriminant'('$ptr'(_), u8).
'$discriminant'('$ptrmut'(_), u8).
'$discriminant'('$slice'(_), u8).
'$discriminant'('$array'(_, _), u8).
'$discriminant'('$dyn'(_, _), u8).
'$discriminant'(F, u8) :- '$fn_ptr'(F).
'$discriminant'('$tuple', u8).
'$discriminant'('$tuple'(_), u8).
'$discriminant'('$tuple'(_, _), u8).
'$discriminant'('$tuple'(_, _, _), u8).
'$discriminant'('$tuple'(_, _, _, _), u8).
'$discriminant'('$tuple'(_, _, _, _, _), u8).
'$discriminant'('$tuple'(_, _, _, _, _, _), u8).
'$discriminant'('$tuple'(_, _, _, _, _, _, _), u8).
'$discriminant'('$tuple'(_, _, _, _, _, _, _, _), u8).
