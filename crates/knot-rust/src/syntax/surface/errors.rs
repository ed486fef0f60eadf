//! pest's errors turned into knot's: what was expected, what was found, and where.

use super::*;

impl Cx<'_> {
    /// Runs pest on the whole input for `rule`, returning the entry rule's pair.
    ///
    /// pest's error detail (which names the expected tokens) is a process-wide flag. If it is off,
    /// a failed parse is repeated with it switched on and then off again (such re-parses are
    /// serialized); if someone else switched it on, it is left alone.
    pub fn parse(&self, rule: Rule) -> Result<Pair<'_, Rule>> {
        let first = match SurfaceParser::parse(rule, self.src) {
            Ok(mut pairs) => {
                return pairs
                    .next()
                    .ok_or_else(|| Error::Internal("pest returned no pairs".into()))
            }
            Err(e) => e,
        };
        if first.parse_attempts().is_some() {
            return Err(self.pest_error(first));
        }
        static DETAIL: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let guard = DETAIL
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        pest::set_error_detail(true);
        let retry = SurfaceParser::parse(rule, self.src);
        pest::set_error_detail(false);
        drop(guard);
        Err(self.pest_error(retry.err().unwrap_or(first)))
    }

    /// Translates a pest error into a syntax error with a readable message.
    pub fn pest_error(&self, e: pest::error::Error<Rule>) -> Error {
        let mut pos = match e.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        let mut rules: Vec<&'static str> = Vec::new();
        let mut tokens: Vec<String> = Vec::new();
        match &e.variant {
            ErrorVariant::ParsingError { positives, .. } => {
                rules.extend(positives.iter().filter_map(|r| describe(*r)))
            }
            ErrorVariant::CustomError { message } => {
                let msg = if message.contains("limit") {
                    "input too complex to parse (parser limit reached)".to_string()
                } else {
                    message.clone()
                };
                return Error::syntax(self.file, self.src, pos, pos, msg);
            }
        }
        if let Some(attempts) = e.parse_attempts() {
            let at: Vec<String> = attempts
                .expected_tokens()
                .iter()
                .map(|t| t.to_string())
                .filter(|t| PUNCT.contains(&t.as_str()))
                .collect();
            if attempts.max_position > pos && !at.is_empty() {
                pos = attempts.max_position;
                rules.clear();
                tokens = at;
            } else if attempts.max_position == pos {
                tokens = at;
            }
        }
        let found = found_token(self.src, pos);
        let msg = expected_message(rules, tokens, &found);
        Error::syntax(self.file, self.src, pos, pos + 1, msg)
    }
}

/// "expected A, B or C, found X", dropping alternatives implied by others.
pub fn expected_message(rules: Vec<&'static str>, tokens: Vec<String>, found: &str) -> String {
    let mut expected: Vec<String> = Vec::new();
    let wide = rules.iter().any(|r| *r == "a type" || *r == "a goal");
    let goal = rules.contains(&"a goal");
    for r in rules {
        if (r == "an identifier" && wide) || (r == "`if`" && goal) {
            continue;
        }
        if !expected.iter().any(|e| e == r) {
            expected.push(r.to_string());
        }
    }
    for t in tokens {
        if wide && ["!", "&", "*", "[", "(", "<"].contains(&t.as_str()) {
            continue;
        }
        let t = format!("`{t}`");
        if !expected.contains(&t) {
            expected.push(t);
        }
    }
    if expected.is_empty() {
        return format!("unexpected {found}");
    }
    expected.truncate(8);
    format!("expected {}, found {found}", join_or(&expected))
}

/// Literal tokens worth naming in "expected ..." messages.
pub const PUNCT: &[&str] = &[
    "(", ")", "[", "]", "{", "}", "<", ">", ",", ";", ":", "=", "->", "::", "+", "&", "*", "!",
    "#", "...", "?",
];

/// Joins alternatives as `a, b or c`.
pub fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A short description of the text at `pos`.
pub fn found_token(src: &str, pos: usize) -> String {
    let rest = src.get(pos..).unwrap_or("");
    let rest = rest.trim_start();
    let Some(first) = rest.chars().next() else {
        return "end of input".into();
    };
    if first.is_alphanumeric() || first == '_' || first == '\'' {
        let word: String = rest
            .char_indices()
            .take_while(|&(i, c)| c.is_alphanumeric() || c == '_' || (i == 0 && c == '\''))
            .map(|(_, c)| c)
            .take(40)
            .collect();
        format!("`{word}`")
    } else {
        format!("`{first}`")
    }
}

/// Words for the rules pest may report as expected.
#[rustfmt::skip]
pub fn describe(rule: Rule) -> Option<&'static str> {
    use Rule as R;
    if is_ty_rule(rule) {
        return Some("a type");
    }
    let s = match rule {
        R::EOI => "end of input",
        R::ident | R::attr_path => "an identifier",
        R::lifetime => "a lifetime",
        R::int_lit | R::discriminant => "a number",
        R::string_lit => "a string literal",
        R::item | R::ignored_item | R::attribute | R::vis => "an item",
        R::struct_def | R::kw_struct => "`struct`",
        R::enum_def | R::kw_enum => "`enum`",
        R::trait_def | R::kw_trait => "`trait`",
        R::impl_def | R::kw_impl => "`impl`",
        R::generic_params | R::for_lifetimes | R::witness_lifetimes | R::bound_args | R::generic_args => "`<`",
        R::const_param | R::int_param | R::float_param | R::lifetime_param | R::type_param => "a generic parameter",
        R::bounds | R::trait_bound | R::trait_path | R::binder => "a trait bound",
        R::where_clauses | R::kw_where => "`where`",
        R::where_clause | R::lifetime_outlives | R::type_bounds => "a where clause",
        R::ty_input | R::path_segment => "a type",
        R::goal | R::goal_input | R::forall_goal | R::exists_goal | R::implies_goal | R::not_goal
            | R::compatible_goal | R::paren_goal | R::subtype_goal | R::eq_goal | R::domain_goal_leaf => "a goal",
        R::well_formed | R::from_env | R::normalize | R::implemented | R::is_local | R::is_upstream
            | R::is_fully_visible | R::local_impl_allowed | R::downstream_type | R::object_safe
            | R::compatible_dg | R::reveal | R::where_goal => "a domain goal",
        R::trait_ref => "a trait reference `T: Trait`",
        R::hypothesis | R::inline_clause => "a hypothesis",
        R::named_fields | R::named_field => "a field",
        R::tuple_fields | R::tuple_field => "a tuple field",
        R::variant => "a variant",
        R::assoc_ty_decl | R::assoc_ty_value => "an associated type",
        R::skipped_fn | R::skipped_const => "an associated item",
        R::fn_param | R::fn_ptr_arg => "a parameter",
        R::closure_self | R::kw_self => "`self`",
        R::unit_marker => "`;`",
        R::trailing_comma => "`,`",
        R::ellipsis => "`...`",
        R::neg => "`!`",
        R::maybe => "`?`",
        R::fn_unsafe => "`unsafe`",
        R::fn_abi => "`extern`",
        R::brace_block => "`{`",
        R::kw_as => "`as`",
        R::kw_for => "`for`",
        R::kw_fn => "`fn`",
        R::kw_type => "`type`",
        R::kw_if => "`if`",
        R::kw_mut => "`mut`",
        R::kw_const => "`const`",
        R::kw_resume => "`resume`",
        R::kw_yield => "`yield`",
        R::kw_upvars => "`upvars`",
        R::kw_witnesses => "`witnesses`",
        _ => return None,
    };
    Some(s)
}
