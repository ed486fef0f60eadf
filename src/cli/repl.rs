//! `knot repl`: an interactive toplevel over `.pl` and Rust-like files.
//!
//! On a terminal it uses rustyline (line editing, a history file, tab completion of the loaded
//! program's names; an input continues over several lines only while its brackets are unbalanced and
//! it does not end with `.`; Ctrl-C cancels a running query, Ctrl-D exits) and steps through the
//! answers of a clause goal one at a time, as SWI-Prolog does (`;`, space or `n` for the next, Enter
//! or `.` to stop). When stdin is not a terminal, each line is one input and every answer prints, so
//! sessions can be scripted.
//!
//! Besides goals and `:commands`, the SWI toplevel's own goals work: `halt.`, `listing.`,
//! `listing(p/2).`, `[file].`, `consult(file).`, `make.`, and `assert/1`, `asserta/1`, `assertz/1`,
//! `retract/1` on a clause program. `:program` starts a block of Rust items (ended by `:end`) added
//! to the session's program.

use super::query::{answer, explain, Mode};
use super::{Coinduction, SolveOpts};
use knot::{add_clause_text, apply_db_edit, db_edit, load_all, solve_goal, Loaded, Result, Source};
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::io::{BufRead, IsTerminal, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The commands, as `:help` lists them.
const HELP: &str = "\
Goals: `Vec<u32>: Clone` for a Rust-like program, `path(1, X)` or `?- path(1, X).` for clauses
(the final `.` is optional). On a terminal, `;` (or space, `n`) shows the next answer, Enter or `.`
stops.
Toplevel goals: halt.  help.  listing.  listing(p/2).  [file].  [user].  consult(file).  make.
  assert(C).  asserta(C).  assertz(C).  retract(C).   (clause programs)
Commands (each without its argument shows the current value):
  :load FILE..        load programs (replacing the current ones)
  :consult FILE       add a file to the loaded ones
  :reload             load the current files again (make. too)
  :program            Rust items until a line `:end`, added to the program
  :strategy NAME      sld, slg or recursive (or a registered strategy)
  :coinductive MODE   none, default or all (reloads the program)
  :lower [NAME]       the clauses of the program (only those mentioning NAME)
  :explain GOAL       why GOAL fails (the cause first) or how it holds
  :explain-full GOAL  the whole proof tree of GOAL
  :stats [on|off]     print statistics after each answer
  :limits             show the limits
  :help               this text
  :quit               leave (halt. and Ctrl-D too)";

struct Session {
    /// The files loaded together.
    files: Vec<String>,
    /// Rust items typed in `:program` blocks.
    blocks: Vec<String>,
    loaded: Option<Loaded>,
    opts: SolveOpts,
    cancel: Arc<AtomicBool>,
    /// A `:program` block being typed.
    block: Option<String>,
    /// Step through answers with a key (a terminal).
    interactive: bool,
    /// Clauses typed after `[user].`, part of the program.
    user: String,
    /// The clauses of a `[user].` being typed (until `end_of_file.` or the end of the input).
    reading_user: Option<String>,
}

impl Session {
    /// Load `files` and `blocks` as the session's program; on an error, say so and keep the program
    /// loaded before (and its files). False on an error.
    fn load_set(&mut self, files: Vec<String>, blocks: Vec<String>, out: &mut dyn Write) -> bool {
        let loaded = load_all(&files, &blocks, &self.opts.load_options()).and_then(|l| {
            // No file: an empty clause program (with the library), so goals can be asked at once.
            let mut l = match l {
                Some(l) => l,
                None => knot::load_clauses("user".into(), "")?,
            };
            if !self.user.is_empty() && !l.is_surface() {
                add_clause_text(&mut l, "user", &self.user)?;
            }
            Ok(Some(l))
        });
        match loaded {
            Ok(l) => {
                if let (Some(l), false) = (&l, files.is_empty() && blocks.is_empty()) {
                    let what = if files.is_empty() {
                        "the :program items".to_string()
                    } else {
                        files.join(", ")
                    };
                    let _ = writeln!(
                        out,
                        "% loaded {what} ({} clauses)",
                        l.program.clauses().len()
                    );
                    for w in l.warnings() {
                        let _ = writeln!(out, "% {w}");
                    }
                }
                self.files = files;
                self.blocks = blocks;
                self.loaded = l;
                true
            }
            Err(e) => {
                let _ = writeln!(out, "{}", super::diagnostics::render_on_stdout(&e, None));
                // Goals keep going to the program loaded before, so say which one that is.
                if !self.files.is_empty() {
                    let _ = writeln!(out, "% {} is still loaded", self.files.join(", "));
                }
                false
            }
        }
    }

    fn load(&mut self, files: &[String], out: &mut dyn Write) {
        self.load_set(files.to_vec(), Vec::new(), out);
    }

    /// Add files to the loaded ones (`[file].`, `consult/1`); a file loaded already is loaded again.
    fn consult(&mut self, more: &[String], out: &mut dyn Write) {
        let mut files = self.files.clone();
        for f in more {
            // SWI's `[file].` finds `file.pl`.
            let f = if !std::path::Path::new(f).exists()
                && std::path::Path::new(&format!("{f}.pl")).exists()
            {
                format!("{f}.pl")
            } else {
                f.clone()
            };
            if !files.contains(&f) {
                files.push(f);
            }
        }
        self.load_set(files, self.blocks.clone(), out);
    }

    fn reload(&mut self, out: &mut dyn Write) {
        if self.files.is_empty() && self.blocks.is_empty() {
            let _ = writeln!(out, "no file loaded (use :load FILE)");
        } else {
            self.load_set(self.files.clone(), self.blocks.clone(), out);
        }
    }

    /// Names worth completing: traits and types of a Rust-like program, predicates of a clause file.
    fn words(&self) -> Vec<String> {
        let mut w: Vec<String> = [
            ":load",
            ":consult",
            ":reload",
            ":program",
            ":end",
            ":explain-full",
            ":strategy",
            ":coinductive",
            ":lower",
            ":explain",
            ":stats",
            ":limits",
            ":help",
            ":quit",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if let Some(l) = &self.loaded {
            match &l.source {
                Source::Surface(n) => w.extend(n.item_names().map(String::from)),
                Source::Clauses => {
                    for (f, _) in l.program.predicates(&l.store) {
                        let name = l.store.name(f);
                        if !name.starts_with('$') {
                            w.push(name.to_string());
                        }
                    }
                    // The built-in predicates (the machine's table).
                    w.extend(
                        knot::BUILTINS
                            .iter()
                            .filter(|(n, _)| n.starts_with(|c: char| c.is_ascii_lowercase()))
                            .map(|(n, _)| n.to_string()),
                    );
                }
            }
        }
        w.sort();
        w.dedup();
        w
    }

    /// Handle one complete input; false to leave.
    fn input(&mut self, text: &str, out: &mut dyn Write) -> bool {
        if let Some(user) = &mut self.reading_user {
            if text.trim() == "end_of_file." {
                self.end_user(out);
            } else {
                user.push_str(text);
                user.push('\n');
            }
            return true;
        }
        if let Some(block) = &mut self.block {
            if text.trim() != ":end" {
                block.push_str(text);
                block.push('\n');
                return true;
            }
            let block = self.block.take().unwrap_or_default();
            let mut blocks = self.blocks.clone();
            blocks.push(block);
            self.load_set(self.files.clone(), blocks, out);
            return true;
        }
        let text = text.trim();
        if text.is_empty() || text.starts_with('%') || text.starts_with("//") {
            return true;
        }
        if let Some(cmd) = text.strip_prefix(':') {
            return self.command(cmd.trim(), out);
        }
        if let Some(keep_going) = self.toplevel_goal(text, out) {
            return keep_going;
        }
        self.ask(text, None, out);
        super::query::flush_stats();
        true
    }

    /// The end of `[user].`: its clauses join the program.
    fn end_user(&mut self, out: &mut dyn Write) {
        let Some(text) = self.reading_user.take() else {
            return;
        };
        let all = format!("{}{text}", self.user);
        let before = std::mem::replace(&mut self.user, all);
        if self.load_set(self.files.clone(), self.blocks.clone(), out) {
            let _ = writeln!(out, "% user://1 compiled");
        } else {
            self.user = before;
        }
    }

    /// The SWI toplevel's own goals (`halt.`, `listing.`, `[file].`, `consult/1`, `make.`,
    /// `assert/retract`); `None` for any other goal. `Some(false)` to leave.
    fn toplevel_goal(&mut self, text: &str, out: &mut dyn Write) -> Option<bool> {
        let t = goal_body(text);
        match t {
            "halt" => return Some(false),
            "make" => {
                self.reload(out);
                return Some(true);
            }
            "listing" => {
                self.listing(None, out);
                return Some(true);
            }
            "help" => {
                let _ = writeln!(out, "{HELP}");
                return Some(true);
            }
            "[user]" => {
                self.reading_user = Some(String::new());
                return Some(true);
            }
            _ => {}
        }
        if let Some(spec) = t.strip_prefix("listing(").and_then(|r| r.strip_suffix(')')) {
            self.listing(Some(spec.trim()), out);
            return Some(true);
        }
        let files = t
            .strip_prefix("consult(")
            .and_then(|r| r.strip_suffix(')'))
            .or_else(|| {
                t.strip_prefix('[')
                    .and_then(|r| r.strip_suffix(']'))
                    .filter(|r| !r.trim().is_empty())
            });
        if let Some(list) = files {
            self.consult(&file_list(list), out);
            return Some(true);
        }
        // assert/retract on a clause program.
        let loaded = self.loaded.as_mut()?;
        if loaded.is_surface() || !t.starts_with("assert") && !t.starts_with("retract") {
            return None;
        }
        let file: Arc<str> = "<goal>".into();
        let (goal, names) = knot::parse_clause_goal(&mut loaded.store, &file, t).ok()?;
        let edit = db_edit(&loaded.store, goal)?;
        match apply_db_edit(loaded, edit, names) {
            Ok(true) => {
                let _ = writeln!(out, "true.");
            }
            Ok(false) => {
                let _ = writeln!(out, "false.");
            }
            Err(e) => {
                let _ = writeln!(out, "{}", super::diagnostics::render_on_stdout(&e, Some(t)));
            }
        }
        Some(true)
    }

    /// `listing.` (every clause) or `listing(p)` / `listing(p/2)`.
    fn listing(&self, spec: Option<&str>, out: &mut dyn Write) {
        let Some(l) = &self.loaded else {
            let _ = writeln!(out, "no file loaded (use :load FILE)");
            return;
        };
        let Some(spec) = spec else {
            let text = knot::program_text(l, &self.files.join(", "));
            let _ = write!(out, "{text}");
            return;
        };
        let (name, arity) = match spec.rsplit_once('/') {
            Some((n, a)) => (n.trim(), a.trim().parse::<u32>().ok()),
            None => (spec, None),
        };
        let name = name.trim_matches('\'');
        let mut shown = 0;
        for c in l.program.clauses() {
            let Some((f, n)) = l.store.functor(c.head) else {
                continue;
            };
            if l.store.name(f) != name || arity.is_some_and(|a| a != n) {
                continue;
            }
            let names = |i: u32| {
                c.var_names()
                    .get(i as usize)
                    .filter(|n| n.starts_with(|ch: char| ch.is_ascii_uppercase()))
                    .map(|n| n.to_string())
                    .unwrap_or_else(|| knot::default_var_name(i))
            };
            let _ = writeln!(out, "{}", knot::clause_to_string(&l.store, c.term, &names));
            shown += 1;
        }
        if shown == 0 {
            let _ = writeln!(out, "% no clauses of {spec}");
        }
    }

    fn command(&mut self, cmd: &str, out: &mut dyn Write) -> bool {
        let (name, arg) = match cmd.split_once(char::is_whitespace) {
            Some((n, a)) => (n, a.trim()),
            None => (cmd, ""),
        };
        match name {
            "quit" | "q" | "exit" => return false,
            "help" | "h" => {
                let _ = writeln!(out, "{HELP}");
            }
            "load" | "l" | "consult" if arg.is_empty() => {
                if self.files.is_empty() {
                    let _ = writeln!(out, "no file loaded (use :load FILE)");
                } else {
                    let _ = writeln!(out, "% loaded: {}", self.files.join(", "));
                }
            }
            "load" | "l" => {
                let files: Vec<String> = arg.split_whitespace().map(String::from).collect();
                self.load(&files, out);
            }
            "consult" => self.consult(&file_list(arg), out),
            "reload" | "r" | "make" => self.reload(out),
            "program" | "p" => {
                if arg.is_empty() {
                    self.block = Some(String::new());
                    let _ = writeln!(out, "% Rust items, ended by a line `:end`");
                } else {
                    let mut blocks = self.blocks.clone();
                    blocks.push(arg.to_string());
                    self.load_set(self.files.clone(), blocks, out);
                }
            }
            "strategy" if arg.is_empty() => {
                let _ = writeln!(out, "% strategy {}", self.opts.strategy);
            }
            "coinductive" if arg.is_empty() => {
                let mode = match self.opts.coinductive {
                    Coinduction::None => "none",
                    Coinduction::Default => "default",
                    Coinduction::All => "all",
                };
                let _ = writeln!(out, "% coinductive {mode}");
            }
            "explain" | "e" | "explain-full" if arg.is_empty() => {
                let _ = writeln!(out, "% :{name} GOAL explains a goal");
            }
            "strategy" => {
                if knot::strategy_by_name(arg).is_some() {
                    self.opts.strategy = arg.to_string();
                    let _ = writeln!(out, "% strategy {arg}");
                } else {
                    let _ = writeln!(
                        out,
                        "unknown strategy `{arg}`; known: {}",
                        knot::strategy_names().join(", ")
                    );
                }
            }
            "coinductive" => {
                let mode = match arg {
                    "none" => Coinduction::None,
                    "default" => Coinduction::Default,
                    "all" => Coinduction::All,
                    _ => {
                        let _ = writeln!(out, "expected :coinductive none|default|all");
                        return true;
                    }
                };
                self.opts.coinductive = mode;
                let _ = writeln!(out, "% coinductive {arg}");
                if !self.files.is_empty() || !self.blocks.is_empty() {
                    self.reload(out);
                }
            }
            "lower" => match &self.loaded {
                Some(l) => {
                    let text = knot::program_text(l, &self.files.join(", "));
                    for line in text.lines() {
                        if arg.is_empty() || line.contains(arg) {
                            let _ = writeln!(out, "{line}");
                        }
                    }
                }
                None => {
                    let _ = writeln!(out, "no file loaded (use :load FILE)");
                }
            },
            "explain" | "e" => self.ask(arg, Some(false), out),
            "explain-full" => self.ask(arg, Some(true), out),
            "stats" => {
                self.opts.stats = match arg {
                    "on" => true,
                    "off" => false,
                    _ => !self.opts.stats,
                };
                let on = if self.opts.stats { "on" } else { "off" };
                let _ = writeln!(out, "% stats {on}");
            }
            "limits" => {
                let l = self
                    .opts
                    .limits_for(self.loaded.as_ref().is_some_and(|l| l.is_surface()));
                let _ = writeln!(
                    out,
                    "max-depth {}, max-steps {}, max-tables {}, max-answers {}, max-term-depth {}, \
                     max-iterations {}, timeout {}",
                    l.max_depth,
                    l.max_steps,
                    l.max_tables,
                    l.max_answers,
                    l.max_term_depth,
                    l.max_iterations,
                    l.timeout
                        .map(|t| format!("{:.1}s", t.as_secs_f64()))
                        .unwrap_or_else(|| "none".into())
                );
            }
            _ => {
                let _ = writeln!(out, "unknown command `:{cmd}` (:help lists them)");
            }
        }
        true
    }

    /// Answer a goal; with `explaining`, explain it too (`Some(true)`: the whole tree).
    fn ask(&mut self, text: &str, explaining: Option<bool>, out: &mut dyn Write) {
        let interactive = self.interactive;
        let Some(loaded) = &mut self.loaded else {
            let _ = writeln!(out, "no file loaded (use :load FILE)");
            return;
        };
        // `?- G.` and `G` alike, for both kinds of program (`knot query` echoes Rust goals with a dot).
        let goal_text = goal_body(text).to_string();
        let (goal, names) = match loaded.parse_goal(&goal_text) {
            Ok(g) => g,
            Err(e) => {
                let _ = writeln!(
                    out,
                    "{}",
                    super::diagnostics::render_on_stdout(&e, Some(&goal_text))
                );
                return;
            }
        };
        self.cancel.store(false, Ordering::SeqCst);
        let mut opts = self.opts.clone();
        opts.cancel = Some(self.cancel.clone());
        let mode = match loaded.source {
            Source::Clauses => Mode::All,
            Source::Surface(_) => Mode::One,
        };
        let started = std::time::Instant::now();
        let r = if interactive && mode == Mode::All && explaining.is_none() {
            step_answers(loaded, goal, &names, &opts, out)
        } else {
            answer(
                loaded,
                goal,
                &names,
                mode,
                &opts,
                out,
                super::query::JsonExtras {
                    goal_text: Some(&goal_text),
                    explanation: None,
                },
            )
        };
        if let Err(e) = r {
            let _ = writeln!(
                out,
                "{}",
                super::diagnostics::render_on_stdout(&e, Some(&goal_text))
            );
        }
        if let Some(full) = explaining {
            opts.explain_full = full;
            let text = explain(loaded, goal, &opts, started.elapsed());
            let _ = write!(out, "{text}");
        }
        let _ = out.flush();
    }
}

/// A goal as typed, without `?-` and the final `.`.
fn goal_body(text: &str) -> &str {
    let t = text.trim();
    let t = t.strip_prefix("?-").unwrap_or(t).trim();
    t.strip_suffix('.').unwrap_or(t).trim_end()
}

/// `a.pl, 'b.pl'` or `[a.pl]`: file names, unquoted.
fn file_list(text: &str) -> Vec<String> {
    let t = text.trim();
    let t = t
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .unwrap_or(t);
    t.split(',')
        .map(|f| f.trim().trim_matches(|c| c == '\'' || c == '"').to_string())
        .filter(|f| !f.is_empty())
        .collect()
}

/// One key from the terminal, without waiting for Enter (`None` when stdin is not a terminal).
fn read_key() -> Option<u8> {
    // SAFETY: termios calls on fd 0 with a struct the C library fills; the old settings are put
    // back before returning.
    unsafe {
        let mut old: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(0, &mut old) != 0 {
            return None;
        }
        let mut raw = old;
        raw.c_lflag &= !(libc::ICANON | libc::ECHO);
        raw.c_cc[libc::VMIN] = 1;
        raw.c_cc[libc::VTIME] = 0;
        libc::tcsetattr(0, libc::TCSANOW, &raw);
        let mut b = [0u8; 1];
        let n = libc::read(0, b.as_mut_ptr().cast(), 1);
        libc::tcsetattr(0, libc::TCSANOW, &old);
        (n == 1).then_some(b[0])
    }
}

/// The answers of a clause goal one at a time, as SWI's toplevel shows them: each waits for a key,
/// `;` (space, `n`, tab) for the next, anything else (Enter, `.`) to stop. An answer is shown once
/// the next one is found or the search is over, so the last answer ends with `.` at once, without
/// waiting for a key (SWI's deterministic answer). The solver runs only as far as the answers asked
/// for, so an infinite stream shows its first answers. An uncaught error is printed as when piped.
fn step_answers(
    loaded: &mut Loaded,
    goal: knot::TermId,
    names: &[Box<str>],
    opts: &SolveOpts,
    out: &mut dyn Write,
) -> Result<()> {
    let limits = opts.limits(loaded);
    let notation = knot::Notation::for_program(loaded.is_surface());
    let mut shown = 0u64;
    let mut stopped = false;
    // The answer found last (with what the program wrote before it), not shown yet.
    let mut pending: Option<(String, String)> = None;
    knot::capture_output(true);
    let solved = {
        let mut each = |store: &knot::Store, a: &knot::Answer| {
            let written = knot::take_output();
            let text = knot::answer_text(store, notation, a.values, names);
            let text = text.strip_suffix('.').unwrap_or(&text).to_string();
            shown += 1;
            let Some((before, prev)) = pending.replace((written, text)) else {
                return ControlFlow::Continue(());
            };
            let _ = write!(out, "{before}{prev} ");
            let _ = out.flush();
            match read_key() {
                Some(b';' | b' ' | b'n' | b'\t') => {
                    let _ = writeln!(out, ";");
                    ControlFlow::Continue(())
                }
                _ => {
                    let _ = writeln!(out, ".");
                    stopped = true;
                    ControlFlow::Break(())
                }
            }
        };
        let r = solve_goal(
            loaded,
            goal,
            names.len() as u32,
            &opts.strategy,
            &limits,
            false,
            false,
            &mut each,
        );
        let written = knot::take_output();
        knot::capture_output(false);
        if !stopped {
            if let Some((before, last)) = pending.take() {
                let _ = writeln!(out, "{before}{last}.");
            }
        }
        let _ = write!(out, "{written}");
        r?
    };
    if stopped {
        return Ok(());
    }
    let o = &solved.outcome;
    if let Some(ball) = o.error {
        let _ = writeln!(
            out,
            "{}",
            knot::error_message(&loaded.store, &loaded.program, ball)
        );
        return Ok(());
    }
    if let Some(r) = o.overflow() {
        let _ = writeln!(out, "overflow: {r}.");
    } else if shown == 0 {
        if o.floundered || o.negative_cycle || o.truncated {
            let _ = writeln!(out, "ambiguous.");
        } else {
            let _ = writeln!(out, "false.");
        }
    }
    for n in knot::notes(o) {
        let _ = writeln!(out, "{n}");
    }
    Ok(())
}

/// Completion of the loaded program's names.
struct Names {
    words: Vec<String>,
}

impl Completer for Names {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map(|i| i + 1)
            .unwrap_or(0);
        let prefix = &line[start..pos];
        let pairs = self
            .words
            .iter()
            .filter(|w| !prefix.is_empty() && w.starts_with(prefix))
            .map(|w| Pair {
                display: w.clone(),
                replacement: w.clone(),
            })
            .collect();
        Ok((start, pairs))
    }
}
impl Hinter for Names {
    type Hint = String;
}
impl Highlighter for Names {}
impl Validator for Names {}
impl Helper for Names {}

/// True when the input is complete: its brackets balance, or it ends with `.` (the end of a clause
/// term, so a stray `foo(.` is an error at once rather than swallowing the lines after it). A
/// `:command` is one line.
fn complete_input(text: &str) -> bool {
    let t = text.trim();
    if t.starts_with(':') || t.ends_with('.') {
        return true;
    }
    let mut depth = 0i64;
    let mut quote: Option<char> = None;
    for c in t.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '{' | '(' | '[') => depth += 1,
            (None, '}' | ')' | ']') => depth -= 1,
            _ => {}
        }
    }
    depth <= 0 && quote.is_none()
}

fn history_path() -> Option<std::path::PathBuf> {
    if let Ok(p) = std::env::var("KNOT_HISTORY") {
        return Some(p.into());
    }
    std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".knot_history"))
}

/// Run the toplevel over `files` (loaded together).
pub fn repl(files: &[String], opts: &SolveOpts) -> Result<ExitCode> {
    let interactive = std::io::stdin().is_terminal();
    let mut session = Session {
        files: Vec::new(),
        blocks: Vec::new(),
        loaded: None,
        opts: opts.clone(),
        cancel: Arc::new(AtomicBool::new(false)),
        block: None,
        interactive: interactive && std::io::stdout().is_terminal(),
        user: String::new(),
        reading_user: None,
    };
    let stdout = std::io::stdout();
    session.load(files, &mut stdout.lock());
    if !interactive {
        // Scripted: one input per line, plain answers; each goal is echoed after `?- `, so that the
        // transcript reads like a session.
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let t = line.trim();
            if session.block.is_none()
                && session.reading_user.is_none()
                && !t.is_empty()
                && !t.starts_with(':')
                && !t.starts_with('%')
            {
                let _ = writeln!(
                    stdout.lock(),
                    "?- {}",
                    t.strip_prefix("?-").unwrap_or(t).trim()
                );
            }
            if !session.input(&line, &mut stdout.lock()) {
                break;
            }
        }
        session.end_user(&mut stdout.lock());
        return Ok(ExitCode::SUCCESS);
    }
    let flag = session.cancel.clone();
    // Ctrl-C while a query runs: the solver sees the flag and stops with "cancelled".
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let mut rl = match rustyline::Editor::<Names, rustyline::history::DefaultHistory>::new() {
        Ok(rl) => rl,
        Err(e) => {
            eprintln!("cannot start line editing: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let history = history_path();
    if let Some(h) = &history {
        let _ = rl.load_history(h);
    }
    println!(
        "knot {} — :help for commands, Ctrl-D to leave",
        env!("CARGO_PKG_VERSION")
    );
    let mut pending = String::new();
    loop {
        rl.set_helper(Some(Names {
            words: session.words(),
        }));
        let prompt = if session.block.is_some() {
            "program| "
        } else if session.reading_user.is_some() {
            "|: "
        } else if pending.is_empty() {
            "?- "
        } else {
            "|  "
        };
        match rl.readline(prompt) {
            Ok(line) => {
                pending.push_str(&line);
                pending.push('\n');
                if session.block.is_none()
                    && session.reading_user.is_none()
                    && !complete_input(&pending)
                {
                    continue;
                }
                let input = std::mem::take(&mut pending);
                let _ = rl.add_history_entry(input.trim());
                if !session.input(&input, &mut stdout.lock()) {
                    break;
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => {
                pending.clear();
            }
            // Ctrl-D ends `[user].`'s clauses, or the session.
            Err(rustyline::error::ReadlineError::Eof) if session.reading_user.is_some() => {
                session.end_user(&mut stdout.lock());
            }
            Err(_) => break,
        }
    }
    if let Some(h) = &history {
        let _ = rl.save_history(h);
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::complete_input;

    #[test]
    fn inputs_continue_until_complete() {
        assert!(complete_input("Vec<u32>: Clone"));
        assert!(complete_input("Vec<u32>: Clone."));
        assert!(!complete_input("forall<T> { if (T: Clone) {"));
        assert!(complete_input("forall<T> { if (T: Clone) { T: Clone } }"));
        assert!(complete_input("path(1, X)"));
        assert!(!complete_input("path(1,"));
        assert!(complete_input("path(1, X)."));
        // A stray `foo(.` ends at its dot: an error now, not a swallowed session.
        assert!(complete_input("foo(."));
        assert!(complete_input("X = '('"));
        assert!(complete_input(":help"));
    }
}
