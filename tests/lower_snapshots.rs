//! Snapshot tests of `knot lower` output (the clauses a Rust-like program lowers to), with expect-test:
//! a change in lowering shows up as a readable diff of clause text, and `UPDATE_EXPECT=1 cargo test
//! --release --test lower_snapshots` rewrites the expected text in place after a deliberate change.
//!
//! Only the clauses generated from the program's own items are compared: the built-in rules, and the
//! facts about built-in types that every lowered program carries, are left out, so each snapshot
//! stays small and about one feature.

use expect_test::{expect, Expect};
use knot::{load_surface, program_text, LowerOptions};
use std::collections::HashSet;

/// The `% t.chalk:LINE` sections of what `knot lower` prints for `src` (a `.chalk` program, no
/// prelude), in order.
fn item_sections(src: &str) -> Vec<String> {
    let loaded = load_surface("t.chalk".into(), src, false, &LowerOptions::default())
        .unwrap_or_else(|e| panic!("the program loads: {e}"));
    let text = program_text(&loaded, "t.chalk");
    let mut out = Vec::new();
    let mut keep = false;
    for line in text.lines() {
        if let Some(origin) = line.strip_prefix("% ") {
            keep = origin.starts_with("t.chalk:");
        } else if line.is_empty() {
            keep = false;
        }
        if keep {
            out.push(line.to_string());
        }
    }
    out
}

/// The clauses of `src`'s own items, without the lines every program gets (those of a program
/// holding one struct, other than the struct's own).
fn lowered_items(src: &str) -> String {
    let common: HashSet<String> = item_sections("struct Baseline {}")
        .into_iter()
        .filter(|l| !l.starts_with('%') && !l.contains("Baseline"))
        .collect();
    let mut out = String::new();
    for line in item_sections(src) {
        if !common.contains(&line) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

fn check(src: &str, expected: Expect) {
    expected.assert_eq(&lowered_items(src));
}

#[test]
fn generic_impl_with_where_clause() {
    check(
        "
trait Clone {}
struct Vec<T> {}
impl<T> Clone for Vec<T> where T: Clone {}
",
        expect![[r#"
            % t.chalk:2
            'Clone'(Self_0) :- from_env('Clone'(Self_0)).
            well_formed('Clone'(Self_0)) :- 'Clone'(Self_0).
            'Clone'(D_3) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), '$dyn_bound'(Bs_1, 'Clone'('$self')).
            % t.chalk:3
            well_formed_ty('Vec'(T_0)).
            '$pointee_metadata'('Vec'(T_0), M_1) :- M_1 = '$tuple'.
            % t.chalk:4
            'Clone'('Vec'(T_0)) :- 'Clone'(T_0).
            % t.chalk:2
            'Clone'(Self_0) :- '$compatible', downstream_type(Self_0), downstream_type(B).
            local_impl_allowed('Clone'(Self_0)).
            % t.chalk:3
            is_fully_visible('Vec'(T_0)) :- is_fully_visible(T_0).
            is_local('Vec'(T_0)).
            % t.chalk:3
            '$lang_sized'('Vec'(T_0)).
            '$discriminant'('Vec'(T_0), u8).
        "#]],
    );
}

#[test]
fn associated_type_and_projection() {
    check(
        "
trait Iterator { type Item; }
struct Counter {}
impl Iterator for Counter { type Item = u32; }
",
        expect![[r#"
            % t.chalk:2
            'Iterator'(Self_0) :- from_env('Iterator'(Self_0)).
            well_formed('Iterator'(Self_0)) :- 'Iterator'(Self_0).
            'Iterator'(D_3) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), '$dyn_bound'(Bs_1, 'Iterator'('$self')).
            normalize('$assoc'('Iterator'(D_3), 'Item'), V_5) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), '$dyn_assoc'(Bs_1, 'Iterator'('$self'), 'Item', V_5).
            alias_eq('$assoc'('Iterator'(Self_0), 'Item'), U_6) :- normalize('$assoc'('Iterator'(Self_0), 'Item'), U_6).
            alias_eq('$assoc'('Iterator'(Self_0), 'Item'), '$alias'('Iterator'(Self_0), 'Item')) :- '$fallback'.
            % t.chalk:3
            well_formed_ty('Counter').
            '$pointee_metadata'('Counter', M_0) :- M_0 = '$tuple'.
            % t.chalk:4
            'Iterator'('Counter').
            normalize('$assoc'('Iterator'('Counter'), 'Item'), u32).
            % t.chalk:2
            'Iterator'(Self_0) :- '$compatible', downstream_type(Self_0), downstream_type(B).
            local_impl_allowed('Iterator'(Self_0)).
            % t.chalk:3
            is_fully_visible('Counter').
            is_local('Counter').
            % t.chalk:3
            '$lang_sized'('Counter').
            '$discriminant'('Counter', u8).
        "#]],
    );
}

#[test]
fn auto_trait_and_negative_impl() {
    check(
        "
#[auto] trait Send {}
struct Raw {}
struct Wrap<T> { t: T }
impl !Send for Raw {}
",
        expect![[r#"
            % t.chalk:2
            'Send'(Self_0) :- from_env('Send'(Self_0)).
            well_formed('Send'(Self_0)) :- 'Send'(Self_0).
            'Send'(D_3) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), '$dyn_bound'(Bs_1, 'Send'('$self')).
            % t.chalk:3
            well_formed_ty('Raw').
            '$pointee_metadata'('Raw', M_0) :- M_0 = '$tuple'.
            % t.chalk:4
            well_formed_ty('Wrap'(T_0)).
            '$pointee_metadata'('Wrap'(T_0), M_1) :- '$pointee_metadata'(T_0, M_1).
            '$lang_sized'('Wrap'(T_0)) :- '$sized'(T_0).
            'Send'('Wrap'(T_0)) :- 'Send'(T_0).
            'Send'(i8).
            'Send'(i16).
            'Send'(i32).
            'Send'(i64).
            'Send'(i128).
            'Send'(isize).
            'Send'(u8).
            'Send'(u16).
            'Send'(u32).
            'Send'(u64).
            'Send'(u128).
            'Send'(usize).
            'Send'(f16).
            'Send'(f32).
            'Send'(f64).
            'Send'(f128).
            'Send'(bool).
            'Send'(char).
            'Send'(str).
            'Send'(!).
            'Send'('$tuple').
            'Send'('$tuple'(T0_0)) :- 'Send'(T0_0).
            'Send'('$tuple'(T0_0, T1_1)) :- 'Send'(T0_0), 'Send'(T1_1).
            'Send'('$tuple'(T0_0, T1_1, T2_2)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8, T9_9)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8), 'Send'(T9_9).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8, T9_9, T10_10)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8), 'Send'(T9_9), 'Send'(T10_10).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8, T9_9, T10_10, T11_11)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8), 'Send'(T9_9), 'Send'(T10_10), 'Send'(T11_11).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8, T9_9, T10_10, T11_11, T12_12)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8), 'Send'(T9_9), 'Send'(T10_10), 'Send'(T11_11), 'Send'(T12_12).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8, T9_9, T10_10, T11_11, T12_12, T13_13)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8), 'Send'(T9_9), 'Send'(T10_10), 'Send'(T11_11), 'Send'(T12_12), 'Send'(T13_13).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8, T9_9, T10_10, T11_11, T12_12, T13_13, T14_14)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8), 'Send'(T9_9), 'Send'(T10_10), 'Send'(T11_11), 'Send'(T12_12), 'Send'(T13_13), 'Send'(T14_14).
            'Send'('$tuple'(T0_0, T1_1, T2_2, T3_3, T4_4, T5_5, T6_6, T7_7, T8_8, T9_9, T10_10, T11_11, T12_12, T13_13, T14_14, T15_15)) :- 'Send'(T0_0), 'Send'(T1_1), 'Send'(T2_2), 'Send'(T3_3), 'Send'(T4_4), 'Send'(T5_5), 'Send'(T6_6), 'Send'(T7_7), 'Send'(T8_8), 'Send'(T9_9), 'Send'(T10_10), 'Send'(T11_11), 'Send'(T12_12), 'Send'(T13_13), 'Send'(T14_14), 'Send'(T15_15).
            'Send'('$ref'(T0_0, T1_1)) :- 'Send'(T1_1).
            'Send'('$refmut'(T0_0, T1_1)) :- 'Send'(T1_1).
            'Send'('$ptr'(T0_0)) :- 'Send'(T0_0).
            'Send'('$ptrmut'(T0_0)) :- 'Send'(T0_0).
            'Send'('$slice'(T0_0)) :- 'Send'(T0_0).
            'Send'('$array'(T0_0, T1_1)) :- 'Send'(T0_0).
            'Send'('$fn'(T0_0, T1_1)).
            'Send'('$fn'(T0_0, T1_1, T2_2)).
            % t.chalk:2
            'Send'(Self_0) :- '$compatible', downstream_type(Self_0), downstream_type(B).
            local_impl_allowed('Send'(Self_0)).
            % t.chalk:3
            is_fully_visible('Raw').
            is_local('Raw').
            % t.chalk:4
            is_fully_visible('Wrap'(T_0)) :- is_fully_visible(T_0).
            is_local('Wrap'(T_0)).
            % t.chalk:3
            '$lang_sized'('Raw').
            '$discriminant'('Raw', u8).
            % t.chalk:4
            '$discriminant'('Wrap'(T_0), u8).
        "#]],
    );
}

#[test]
fn supertrait_and_implied_bounds() {
    check(
        "
trait Eq {}
trait Ord where Self: Eq {}
struct Key {}
impl Eq for Key {}
impl Ord for Key {}
",
        expect![[r#"
            % t.chalk:2
            'Eq'(Self_0) :- from_env('Eq'(Self_0)).
            well_formed('Eq'(Self_0)) :- 'Eq'(Self_0).
            'Eq'(D_3) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), '$dyn_bound'(Bs_1, 'Eq'('$self')).
            % t.chalk:3
            'Ord'(Self_0) :- from_env('Ord'(Self_0)).
            from_env('Eq'(Self_0)) :- from_env('Ord'(Self_0)).
            well_formed('Ord'(Self_0)) :- 'Ord'(Self_0), 'Eq'(Self_0).
            'Ord'(D_3) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), '$dyn_bound'(Bs_1, 'Ord'('$self')).
            'Eq'(D_3) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), 'Ord'('$dyn'(Bs_1, L_2)).
            % t.chalk:4
            well_formed_ty('Key').
            '$pointee_metadata'('Key', M_0) :- M_0 = '$tuple'.
            % t.chalk:5
            'Eq'('Key').
            % t.chalk:6
            'Ord'('Key').
            % t.chalk:2
            'Eq'(Self_0) :- '$compatible', downstream_type(Self_0), downstream_type(B).
            local_impl_allowed('Eq'(Self_0)).
            % t.chalk:3
            'Ord'(Self_0) :- '$compatible', downstream_type(Self_0), downstream_type(B).
            local_impl_allowed('Ord'(Self_0)).
            % t.chalk:4
            is_fully_visible('Key').
            is_local('Key').
            % t.chalk:4
            '$lang_sized'('Key').
            '$discriminant'('Key', u8).
        "#]],
    );
}

#[test]
fn dyn_type_and_fundamental_box() {
    check(
        "
trait Display {}
#[fundamental] struct Box<T> {}
impl<T> Display for Box<T> where T: Display {}
impl Display for dyn Display {}
",
        expect![[r#"
            % t.chalk:2
            'Display'(Self_0) :- from_env('Display'(Self_0)).
            well_formed('Display'(Self_0)) :- 'Display'(Self_0).
            'Display'(D_3) :- nonvar(D_3), D_3 = '$dyn'(Bs_1, L_2), '$dyn_bound'(Bs_1, 'Display'('$self')).
            % t.chalk:3
            well_formed_ty('Box'(T_0)).
            '$pointee_metadata'('Box'(T_0), M_1) :- M_1 = '$tuple'.
            % t.chalk:4
            'Display'('Box'(T_0)) :- 'Display'(T_0).
            % t.chalk:5
            'Display'('$dyn'(['$b'('Display'('$self'), [])], '$lt'(A))).
            % t.chalk:2
            'Display'(Self_0) :- '$compatible', downstream_type(Self_0), downstream_type(B).
            local_impl_allowed('Display'(Self_0)).
            % t.chalk:3
            is_fully_visible('Box'(T_0)) :- is_fully_visible(T_0).
            is_local('Box'(T_0)).
            downstream_type('Box'(T_0)) :- downstream_type(T_0).
            % t.chalk:3
            '$lang_sized'('Box'(T_0)).
            '$discriminant'('Box'(T_0), u8).
        "#]],
    );
}
