p('abc\').
