p("abc").
