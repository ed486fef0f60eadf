//! `knot repl`: an interactive toplevel over `.pl` and Rust-like files.
//!
//! On a terminal it uses rustyline (line editing, a history file, tab completion of the loaded
//! program's names; an input continues over several lines until a clause-language goal ends with `.`
//! or a Rust-like goal's braces balance; Ctrl-C cancels a running query, Ctrl-D exits). When stdin is
//! not a terminal, each line is one input and answers print plainly, so sessions can be scripted.

use super::query::{answer, explain, Mode};
use super::{Coinduction, SolveOpts};
use crate::{load_file_with, Loaded, Result, Source};
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The commands, as `:help` lists them.
const HELP: &str = "\
Goals: `Vec<u32>: Clone` for a Rust-like program, `path(1, X)` or `?- path(1, X).` for clauses.
Commands:
  :load FILE          load a program (replacing the current one)
  :reload             load the current file again
  :strategy NAME      sld, slg or recursive (or a registered strategy)
  :coinductive MODE   none, default or all (reloads the program)
  :lower [NAME]       the clauses of the program (only those mentioning NAME)
  :explain GOAL       the proof tree of GOAL
  :stats              print statistics after each answer (toggle)
  :limits             show the limits
  :help               this text
  :quit               leave (Ctrl-D too)";

struct Session {
    file: Option<String>,
    loaded: Option<Loaded>,
    opts: SolveOpts,
    cancel: Arc<AtomicBool>,
}

impl Session {
    fn load(&mut self, file: &str, out: &mut dyn Write) {
        match load_file_with(file, &self.opts.load_options()) {
            Ok(l) => {
                let _ = writeln!(
                    out,
                    "% loaded {file} ({} clauses)",
                    l.program.clauses().len()
                );
                self.file = Some(file.to_string());
                self.loaded = Some(l);
            }
            Err(e) => {
                let _ = writeln!(out, "{e}");
                // Goals keep going to the program loaded before, so say which one that is.
                if let Some(old) = &self.file {
                    let _ = writeln!(out, "% {old} is still loaded");
                }
            }
        }
    }

    /// Names worth completing: traits and types of a Rust-like program, predicates of a clause file.
    fn words(&self) -> Vec<String> {
        let mut w: Vec<String> = [
            ":load",
            ":reload",
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
                Source::Surface(n) => {
                    w.extend(n.trait_order.iter().cloned());
                    w.extend(n.adt_order.iter().cloned());
                }
                Source::Clauses => {
                    for (f, _) in l.program.predicates(&l.store) {
                        let name = l.store.name(f);
                        if !name.starts_with('$') {
                            w.push(name.to_string());
                        }
                    }
                    // The built-in predicates (the machine's table).
                    w.extend(
                        crate::solve::BUILTINS
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
        let text = text.trim();
        if text.is_empty() || text.starts_with('%') || text.starts_with("//") {
            return true;
        }
        if let Some(cmd) = text.strip_prefix(':') {
            return self.command(cmd.trim(), out);
        }
        self.ask(text, false, out);
        super::query::flush_stats();
        true
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
            "load" | "l" if !arg.is_empty() => self.load(arg, out),
            "reload" | "r" => match self.file.clone() {
                Some(f) => self.load(&f, out),
                None => {
                    let _ = writeln!(out, "no file loaded (use :load FILE)");
                }
            },
            "strategy" => {
                if crate::solve::strategy_by_name(arg).is_some() {
                    self.opts.strategy = arg.to_string();
                    let _ = writeln!(out, "% strategy {arg}");
                } else {
                    let _ = writeln!(
                        out,
                        "unknown strategy `{arg}`; known: {}",
                        crate::solve::strategy_names().join(", ")
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
                if let Some(f) = self.file.clone() {
                    self.load(&f, out);
                }
            }
            "lower" => match &self.loaded {
                Some(l) => {
                    let file = self.file.clone().unwrap_or_default();
                    let text = crate::program_text(l, &file);
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
            "explain" | "e" if !arg.is_empty() => self.ask(arg, true, out),
            "stats" => {
                self.opts.stats = !self.opts.stats;
                let on = if self.opts.stats { "on" } else { "off" };
                let _ = writeln!(out, "% stats {on}");
            }
            "limits" => {
                let l = self.opts.limits();
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

    fn ask(&mut self, text: &str, explaining: bool, out: &mut dyn Write) {
        let Some(loaded) = &mut self.loaded else {
            let _ = writeln!(out, "no file loaded (use :load FILE)");
            return;
        };
        let goal_text = match loaded.source {
            Source::Clauses => text
                .strip_prefix("?-")
                .unwrap_or(text)
                .trim()
                .trim_end_matches('.')
                .to_string(),
            Source::Surface(_) => text.to_string(),
        };
        let (goal, names) = match loaded.parse_goal(&goal_text) {
            Ok(g) => g,
            Err(e) => {
                let _ = writeln!(out, "{e}");
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
        if let Err(e) = answer(loaded, goal, &names, mode, &opts, out) {
            let _ = writeln!(out, "{e}");
        }
        if explaining {
            let text = explain(loaded, goal, &opts);
            let _ = write!(out, "{text}");
        }
        let _ = out.flush();
    }
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

/// True when the input is complete: brackets balance and a clause-language goal ends with `.`.
fn complete_input(text: &str, clauses: bool) -> bool {
    let t = text.trim();
    if t.starts_with(':') {
        return true;
    }
    let mut depth = 0i64;
    for c in t.chars() {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => depth -= 1,
            _ => {}
        }
    }
    depth <= 0 && (!clauses || t.ends_with('.'))
}

fn history_path() -> Option<std::path::PathBuf> {
    if let Ok(p) = std::env::var("KNOT_HISTORY") {
        return Some(p.into());
    }
    std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".knot_history"))
}

/// Run the toplevel over `files` (the last one stays loaded).
pub fn repl(files: &[String], opts: &SolveOpts) -> Result<ExitCode> {
    let mut session = Session {
        file: None,
        loaded: None,
        opts: opts.clone(),
        cancel: Arc::new(AtomicBool::new(false)),
    };
    let stdout = std::io::stdout();
    for f in files {
        session.load(f, &mut stdout.lock());
    }
    if !std::io::stdin().is_terminal() {
        // Scripted: one input per line, plain answers; each goal is echoed after `?- `, so that the
        // transcript reads like a session.
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let t = line.trim();
            if !t.is_empty() && !t.starts_with(':') && !t.starts_with('%') {
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
        let prompt = if pending.is_empty() { "?- " } else { "|  " };
        match rl.readline(prompt) {
            Ok(line) => {
                pending.push_str(&line);
                pending.push('\n');
                let clauses = matches!(
                    session.loaded.as_ref().map(|l| &l.source),
                    Some(Source::Clauses)
                );
                if !complete_input(&pending, clauses) {
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
        assert!(complete_input("Vec<u32>: Clone", false));
        assert!(!complete_input("forall<T> { if (T: Clone) {", false));
        assert!(complete_input(
            "forall<T> { if (T: Clone) { T: Clone } }",
            false
        ));
        assert!(!complete_input("path(1, X)", true));
        assert!(complete_input("path(1, X).", true));
        assert!(complete_input(":help", true));
    }
}
