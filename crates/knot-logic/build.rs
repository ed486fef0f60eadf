//! Generates the clause grammar's pest parser (`src/syntax/clauses.pest`) into `OUT_DIR`, so that the
//! logic crate needs no procedural macro (and so no `syn`) among its dependencies.

fn main() {
    let grammar = "src/syntax/clauses.pest";
    println!("cargo:rerun-if-changed={grammar}");
    let text = std::fs::read_to_string(grammar).expect("the clause grammar is readable");
    let input = quote::quote! {
        #[grammar_inline = #text]
        pub(super) struct ClauseParser;
    };
    let code = pest_generator::derive_parser(input, false);
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR is set"))
        .join("clause_parser.rs");
    std::fs::write(out, code.to_string()).expect("OUT_DIR is writable");
}
