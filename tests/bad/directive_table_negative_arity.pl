:- table p/-1.
