:- table p/2 q/1.
