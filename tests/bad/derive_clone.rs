#[derive(Clone, Debug)]
struct S;
