//! The `knot` command. Parsing and solving run on a thread with a large stack, so that the recursive
//! parser handles deeply nested terms; the solvers themselves iterate.
use std::process::ExitCode;

fn main() -> ExitCode {
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(knot::cli::main);
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => ExitCode::from(101),
    }
}
