struct S;
impl Bar for S {}
