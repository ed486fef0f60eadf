% only a comment
/* and a block comment */
