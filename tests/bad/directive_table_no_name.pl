:- table /2.
