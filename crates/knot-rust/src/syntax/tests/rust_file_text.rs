//! The front end parses a `.rs` file item by item (`rust::parse_crate`), so it strips a byte-order
//! mark and a shebang line itself: the same text `syn::parse_file` would parse.

use super::super::rust::file_text;

/// The items `syn::parse_file` reads from `src` and the items of `file_text(src)` parsed as a file
/// body, as token text; `None` for a syntax error.
fn both(src: &str) -> (Option<Vec<String>>, Option<Vec<String>>) {
    use quote::ToTokens;
    let items = |f: syn::File| {
        let mut v: Vec<String> = f
            .attrs
            .iter()
            .map(|a| a.to_token_stream().to_string())
            .collect();
        v.extend(f.items.iter().map(|i| i.to_token_stream().to_string()));
        v
    };
    let whole = syn::parse_file(src).ok().map(items);
    let ours = syn::parse_str::<syn::File>(file_text(src)).ok().map(items);
    (whole, ours)
}

#[test]
fn file_text_strips_what_syn_parse_file_strips() {
    let cases = [
        "struct A;",
        "\u{feff}struct A;",
        "#!/usr/bin/env run-cargo-script\nstruct A;",
        "#!/usr/bin/env x",
        "#![allow(unused)]\nstruct A;",
        "#! [allow(unused)]\nstruct A;",
        "#! // comment\n[allow(unused)]\nstruct A;",
        "#! /* a /* nested */ comment */ [allow(unused)]\nstruct A;",
        "#! /**/ [allow(unused)]\nstruct A;",
        "#! /*** not doc */ [allow(unused)]\nstruct A;",
        "#! /// doc\n[allow(unused)]\nstruct A;",
        "#! /** doc */ [allow(unused)]\nstruct A;",
        "#! //// not doc\n[allow(unused)]\nstruct A;",
        "#! /* unterminated [allow(unused)]",
        "\u{feff}#!shebang\nstruct A;",
        "#!",
    ];
    for src in cases {
        let (whole, ours) = both(src);
        assert_eq!(whole, ours, "{src:?}");
    }
    // Lines keep their numbers: the shebang's newline stays.
    assert_eq!(file_text("#!x\nstruct A;"), "\nstruct A;");
}
