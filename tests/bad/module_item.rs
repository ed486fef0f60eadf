mod m {
    pub struct S;
}
