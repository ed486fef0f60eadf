:- table p/x.
