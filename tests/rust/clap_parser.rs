// From clap (clap-rs/clap): clap_builder/src/derive.rs (`Parser: FromArgMatches + CommandFactory + Sized`,
// `FromArgMatches`, `Args: FromArgMatches + Sized`, `Subcommand`, `ValueEnum: Sized + Clone`, and the
// forwarding impls for Box<T>), with `ArgMatches`, `Command` and `Error` as local stand-ins.
pub struct ArgMatches;
pub struct Command;
#[derive(Debug)]
pub struct Error;

pub trait CommandFactory: Sized {
    fn command() -> Command;
}

pub trait FromArgMatches: Sized {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error>;
}

pub trait Parser: FromArgMatches + CommandFactory + Sized {
    fn parse() -> Self {
        Self::from_arg_matches(&ArgMatches).expect("parse")
    }
}

pub trait Args: FromArgMatches + Sized {
    fn augment_args(cmd: Command) -> Command;
}

pub trait Subcommand: FromArgMatches + Sized {
    fn has_subcommand(name: &str) -> bool;
}

pub trait ValueEnum: Sized + Clone {
    fn value_variants<'a>() -> &'a [Self];
}

impl<T: Parser> Parser for Box<T> {}

impl<T: CommandFactory> CommandFactory for Box<T> {
    fn command() -> Command {
        <T as CommandFactory>::command()
    }
}

impl<T: FromArgMatches> FromArgMatches for Box<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error> {
        <T as FromArgMatches>::from_arg_matches(matches).map(Box::new)
    }
}

impl<T: Args> Args for Box<T> {
    fn augment_args(cmd: Command) -> Command {
        <T as Args>::augment_args(cmd)
    }
}

// What `#[derive(Parser)] struct Cli { verbose: bool }` expands to, in outline.
pub struct Cli {
    verbose: bool,
}
impl FromArgMatches for Cli {
    fn from_arg_matches(_: &ArgMatches) -> Result<Self, Error> {
        Ok(Cli { verbose: false })
    }
}
impl CommandFactory for Cli {
    fn command() -> Command {
        Command
    }
}
impl Parser for Cli {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Fast,
    Slow,
}
impl ValueEnum for Mode {
    fn value_variants<'a>() -> &'a [Self] {
        &[Mode::Fast, Mode::Slow]
    }
}

// goal: Cli: Parser
// goal: Box<Cli>: Parser
// goal: Box<Box<Cli>>: CommandFactory
// goal: Cli: Args
// goal: Box<Cli>: Args
// goal: Mode: ValueEnum
// goal: Box<Mode>: ValueEnum
// goal: forall<T> { if (T: Parser; T: Sized) { T: CommandFactory } }
