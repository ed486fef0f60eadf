struct S;
struct S;
