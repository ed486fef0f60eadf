//! knot in the browser: the playground's (`web/`) WebAssembly module.
//!
//! A hand-written ABI, so that building needs only `rustup target add wasm32-unknown-unknown` (no
//! `wasm-bindgen-cli`, whose version must match the `wasm-bindgen` crate's exactly, and which takes
//! minutes to install): the page copies a JSON request into memory the module allocates
//! ([`knot_alloc`]), calls [`knot_run`], and reads the JSON reply at [`knot_reply_ptr`] /
//! [`knot_reply_len`] (`web/src/knot.js` does this).
//!
//! The request: `{"file": "link.rs", "program": "...", "goal": "...", "strategy": "slg",
//! "coinductive": "default" | "all" | "none", "explain": true, "trace": true, "max_depth": N,
//! "max_steps": N}` (the file name picks the language: `.rs`, `.chalk`, else clauses). The reply:
//! `{"ok": true, "answer": "false.", "chalk": "No possible solution", "proof": {...}, "trace":
//! {...}, "steps": N}` or `{"ok": false, "error": "..."}`; with an empty goal, the program is only
//! loaded. A program loaded once
//! stays loaded while its text and options are the same, as a session would keep it.
//!
//! The std model's artefacts are not in the module (it would be 22 MB, over what a browser
//! compiles at once): the page fetches them and hands them over with [`knot_install_std`].
//!
//! There is no clock in `wasm32-unknown-unknown` (`knot_logic::clock`): the page measures times
//! itself; a goal is bounded by steps and depth, not by a timeout.

use knot::{Limits, Loaded, Source};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::sync::Arc;

/// The depth limit of the playground when the request names none: deep enough for real programs,
/// shallow enough that a diverging `sld` search answers Overflow in well under a second.
pub const PLAYGROUND_MAX_DEPTH: u32 = 2_000;
/// The step limit of the playground when the request names none.
pub const PLAYGROUND_MAX_STEPS: u64 = 20_000_000;

thread_local! {
    static REPLY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static LOADED: RefCell<Option<(String, Loaded)>> = const { RefCell::new(None) };
}

/// Memory for a request of `len` bytes (freed with [`knot_free`]).
#[no_mangle]
pub extern "C" fn knot_alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len.max(1));
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Free memory [`knot_alloc`] gave for `len` bytes.
///
/// # Safety
/// `ptr` and `len` are those of one [`knot_alloc`] call, freed once.
#[no_mangle]
pub unsafe extern "C" fn knot_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back what `knot_alloc` gave, a vector of capacity `len.max(1)`.
    unsafe { drop(Vec::from_raw_parts(ptr, 0, len.max(1))) }
}

/// Answer the JSON request in `ptr[..len]`; the reply is at [`knot_reply_ptr`] for
/// [`knot_reply_len`] bytes, until the next call.
///
/// # Safety
/// `ptr[..len]` is memory the caller owns and wrote (from [`knot_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn knot_run(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller owns `len` initialized bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let reply = match std::str::from_utf8(bytes) {
        Ok(text) => run_json(text),
        Err(e) => json!({"ok": false, "error": format!("the request is not UTF-8: {e}")}),
    };
    let text = reply.to_string().into_bytes();
    let n = text.len();
    REPLY.with(|r| *r.borrow_mut() = text);
    n
}

/// Install the std model's artefacts the page fetched beside the module (`std.snapshot` and
/// `std.image`, as the same build wrote them: `web/build.sh` copies them), each in memory from
/// [`knot_alloc`], which the module keeps for good. Before the first [`knot_run`]; without them the
/// std model is parsed and lowered from its sources at each load, which takes seconds.
///
/// # Safety
/// Each pointer and length are those of one [`knot_alloc`] call, whose bytes the caller wrote and
/// never frees.
#[no_mangle]
pub unsafe extern "C" fn knot_install_std(
    snapshot: *const u8,
    snapshot_len: usize,
    image: *const u8,
    image_len: usize,
) {
    // SAFETY: the caller hands over `len` initialized bytes at each pointer, for good.
    let (snapshot, image) = unsafe {
        (
            std::slice::from_raw_parts(snapshot, snapshot_len),
            std::slice::from_raw_parts(image, image_len),
        )
    };
    knot::install_std_artefacts(snapshot, image);
}

/// Where the last reply is.
#[no_mangle]
pub extern "C" fn knot_reply_ptr() -> *const u8 {
    REPLY.with(|r| r.borrow().as_ptr())
}

/// How long the last reply is.
#[no_mangle]
pub extern "C" fn knot_reply_len() -> usize {
    REPLY.with(|r| r.borrow().len())
}

/// Answer a request given as JSON text (what [`knot_run`] does, without the memory handling).
pub fn run_json(request: &str) -> Value {
    let req: Value = match serde_json::from_str(request) {
        Ok(v) => v,
        Err(e) => return json!({"ok": false, "error": format!("bad request: {e}")}),
    };
    match run(&req) {
        Ok(v) => v,
        Err(e) => json!({"ok": false, "error": e}),
    }
}

fn field<'a>(req: &'a Value, name: &str, default: &'a str) -> &'a str {
    req[name].as_str().unwrap_or(default)
}

fn run(req: &Value) -> Result<Value, String> {
    let file = field(req, "file", "program.pl");
    let program = field(req, "program", "");
    let goal_text = field(req, "goal", "");
    let strategy = field(req, "strategy", "slg");
    let coinductive = field(req, "coinductive", "default");
    if knot::strategy_by_name(strategy).is_none() {
        return Err(format!("unknown strategy {strategy}"));
    }
    let limits = Limits {
        max_depth: req["max_depth"]
            .as_u64()
            .map_or(PLAYGROUND_MAX_DEPTH, |d| d.min(u32::MAX as u64) as u32),
        max_steps: req["max_steps"].as_u64().unwrap_or(PLAYGROUND_MAX_STEPS),
        // The command's other defaults for the file's kind (a `.pl` program unifies without the
        // occurs check, as SWI-Prolog does).
        ..knot::default_limits(knot::is_surface_path(file), strategy)
    };
    let key = format!("{file}\u{0}{coinductive}\u{0}{program}");
    LOADED.with(|cell| {
        let mut cell = cell.borrow_mut();
        let fresh = !matches!(&*cell, Some((k, _)) if *k == key);
        if fresh {
            *cell = None;
            let loaded = load(file, program, coinductive).map_err(|e| e.to_string())?;
            *cell = Some((key, loaded));
        }
        let (_, loaded) = cell.as_mut().expect("loaded above");
        if goal_text.trim().is_empty() {
            // Load only (the page times loading apart from answering).
            return Ok(json!({"ok": true, "loaded": fresh, "warnings": loaded.warnings()}));
        }
        let mut reply = answer(loaded, goal_text, strategy, &limits, req)?;
        reply["loaded"] = json!(fresh);
        reply["warnings"] = json!(loaded.warnings());
        Ok(reply)
    })
}

fn load(file: &str, src: &str, coinductive: &str) -> knot::Result<Loaded> {
    let name: Arc<str> = file.into();
    let mut loaded = if knot::is_surface_path(file) {
        let lower = knot::LowerOptions {
            coinductive_all: coinductive == "all",
            coinductive_none: coinductive == "none",
            ..Default::default()
        };
        let prelude = file.to_ascii_lowercase().ends_with(".rs");
        knot::load_surface(name, src, prelude, &lower)?
    } else {
        knot::load_clauses(name, src)?
    };
    if !loaded.is_surface() {
        match coinductive {
            "all" => {
                let preds = loaded.program.predicates(&loaded.store);
                loaded.program.coinductive.extend(preds);
            }
            "none" => loaded.program.coinductive.clear(),
            _ => {}
        }
        loaded.program.touch();
    }
    Ok(loaded)
}

fn answer(
    loaded: &mut Loaded,
    goal_text: &str,
    strategy: &str,
    limits: &Limits,
    req: &Value,
) -> Result<Value, String> {
    let (goal, names) = loaded.parse_goal(goal_text).map_err(|e| e.to_string())?;
    let (solved, trace) =
        knot::solve_traced(loaded, goal, &names, strategy, limits).map_err(|e| e.to_string())?;
    let mut reply = json!({
        "ok": true,
        "strategy": strategy,
        "goal": trace["goal"],
        "answer": trace["answer"]["text"],
        "chalk": if loaded.is_surface() { trace["answer"]["chalk"].clone() } else { Value::Null },
        "steps": solved.outcome.stats.steps,
    });
    // Each answer as the command's `--all` prints it (the first 100).
    let notation = knot::Notation::for_program(loaded.is_surface());
    let each: Vec<String> = solved
        .answers
        .iter()
        .take(100)
        .map(|a| knot::answer_text(&loaded.store, notation, a.values, &names))
        .collect();
    reply["answers"] = json!(each);
    if let Some(ball) = solved.outcome.error {
        reply["answer"] = json!(knot::error_message(&loaded.store, &loaded.program, ball));
    }
    if req["explain"].as_bool().unwrap_or(true) {
        let names_of = match &loaded.source {
            Source::Surface(n) => Some(n.clone()),
            Source::Clauses => None,
        };
        let items = loaded.source_items();
        let mut ex = knot::Explainer::new(
            &mut loaded.store,
            &loaded.program,
            names_of.as_ref(),
            strategy,
            limits,
        );
        ex.items = items;
        let tree = ex.explain(goal);
        reply["proof"] = knot::explain_json(&tree);
        reply["why_not"] = json!(knot::why_not(&tree));
    }
    if req["trace"].as_bool().unwrap_or(true) {
        reply["trace"] = trace;
    }
    Ok(reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../programs/link.rs"
    ));

    fn ask(strategy: &str, coinductive: &str) -> Value {
        let req = json!({"file": "link.rs", "program": LINK, "goal": "Link<MyWrapper>: Debug",
            "strategy": strategy, "coinductive": coinductive});
        run_json(&req.to_string())
    }

    /// The seed example through the module's entry point, as the page asks it: the answers of the
    /// three strategies, a proof tree, and a trace per strategy.
    #[test]
    fn the_seed_example_answers_as_the_command_does() {
        let slg = ask("slg", "default");
        assert_eq!(slg["ok"], true, "{slg}");
        assert_eq!(slg["answer"], "false.");
        assert_eq!(slg["chalk"], "No possible solution");
        assert!(slg["proof"]["label"].as_str().unwrap().contains("Debug"));
        assert!(!slg["trace"]["nodes"].as_array().unwrap().is_empty());
        let sld = ask("sld", "default");
        assert!(
            sld["answer"].as_str().unwrap().starts_with("overflow"),
            "{sld}"
        );
        let rec = ask("recursive", "all");
        assert_eq!(rec["answer"], "true.", "{rec}");
        let cycles = rec["trace"]["cycles"].as_array().unwrap();
        assert!(
            cycles.iter().any(|c| c["coinductive"] == true),
            "{cycles:?}"
        );
    }

    /// The ABI: a request copied into module memory, the reply read back.
    #[test]
    fn the_abi_round_trips_a_request() {
        let req = json!({"file": "t.pl", "program": "p(1). p(2).", "goal": "p(X)", "trace": false,
            "explain": false})
        .to_string();
        let p = knot_alloc(req.len());
        // SAFETY: `p` has room for `req.len()` bytes; the reply pointer is valid until the next run.
        let reply = unsafe {
            std::ptr::copy_nonoverlapping(req.as_ptr(), p, req.len());
            let n = knot_run(p, req.len());
            knot_free(p, req.len());
            assert_eq!(n, knot_reply_len());
            std::str::from_utf8(std::slice::from_raw_parts(knot_reply_ptr(), n))
                .unwrap()
                .to_string()
        };
        let v: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(v["ok"], true, "{v}");
        assert!(
            v["answer"]
                .as_str()
                .unwrap()
                .starts_with("ambiguous (2 answers"),
            "{v}"
        );
        assert_eq!(v["answers"], json!(["X = 1.", "X = 2."]), "{v}");
        assert!(v.get("trace").is_none());
    }
}
