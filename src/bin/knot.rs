//! The `knot` command. Parsing and solving run on a thread with a large stack, so that the recursive
//! parser handles deeply nested terms; the solvers themselves iterate.
use std::process::ExitCode;

fn main() -> ExitCode {
    // A panic is a bug in knot: say so plainly, with what is needed to reproduce it.
    std::panic::set_hook(Box::new(|info| {
        let args: Vec<String> = std::env::args().collect();
        eprintln!(
            "knot {}: internal error (a bug in knot, not in your input): {info}\n  command: {}\n  \
             please report it to the knot maintainers with this message and the input files",
            env!("CARGO_PKG_VERSION"),
            args.join(" ")
        );
    }));
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(knot::run_command_line);
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => ExitCode::from(101),
    }
}
