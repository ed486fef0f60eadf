// From diesel (diesel-rs/diesel): diesel/src/query_builder/mod.rs (`QueryFragment<DB: Backend>`, impls for
// Box<T>, &T, (), Option<T>), diesel/src/backend.rs (`Backend`, `HasBindCollector`), and
// diesel/src/query_builder/query_id.rs (`QueryId` with `const HAS_STATIC_QUERY_ID`), trimmed: the AST pass is
// a stand-in struct; backends are local unit structs.
use std::any::TypeId;

pub trait Backend: Sized + 'static {
    type QueryBuilder;
}

pub struct Pg;
pub struct Sqlite;
impl Backend for Pg {
    type QueryBuilder = String;
}
impl Backend for Sqlite {
    type QueryBuilder = String;
}

pub struct AstPass<'a, DB: Backend> {
    out: &'a mut DB::QueryBuilder,
}

pub type QueryResult<T> = Result<T, String>;

pub trait QueryFragment<DB: Backend> {
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, DB>) -> QueryResult<()>;
}

impl<T: ?Sized, DB> QueryFragment<DB> for Box<T>
where
    DB: Backend,
    T: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, DB>) -> QueryResult<()> {
        QueryFragment::walk_ast(&**self, pass)
    }
}

impl<'a, T: ?Sized, DB> QueryFragment<DB> for &'a T
where
    DB: Backend,
    T: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, DB>) -> QueryResult<()> {
        QueryFragment::walk_ast(&**self, pass)
    }
}

impl<DB: Backend> QueryFragment<DB> for () {
    fn walk_ast<'b>(&'b self, _: AstPass<'_, DB>) -> QueryResult<()> {
        Ok(())
    }
}

impl<T, DB> QueryFragment<DB> for Option<T>
where
    DB: Backend,
    T: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, out: AstPass<'_, DB>) -> QueryResult<()> {
        match *self {
            Some(ref c) => c.walk_ast(out),
            None => Ok(()),
        }
    }
}

pub trait QueryId {
    type QueryId: ?Sized + 'static;
    const HAS_STATIC_QUERY_ID: bool = true;
    fn query_id() -> Option<TypeId> {
        None
    }
}

impl QueryId for () {
    type QueryId = ();
}
impl<T: QueryId + ?Sized> QueryId for Box<T> {
    type QueryId = T::QueryId;
    const HAS_STATIC_QUERY_ID: bool = T::HAS_STATIC_QUERY_ID;
}

pub struct LimitClause<Expr>(Expr);
impl<Expr> QueryFragment<Pg> for LimitClause<Expr>
where
    Expr: QueryFragment<Pg>,
{
    fn walk_ast<'b>(&'b self, out: AstPass<'_, Pg>) -> QueryResult<()> {
        self.0.walk_ast(out)
    }
}

// goal: (): QueryFragment<Pg>
// goal: Box<Option<()>>: QueryFragment<Sqlite>
// goal: &'static Box<()>: QueryFragment<Pg>
// goal: LimitClause<()>: QueryFragment<Pg>
// goal: LimitClause<()>: QueryFragment<Sqlite>
// goal: Option<LimitClause<Box<()>>>: QueryFragment<Pg>
// goal: Box<Box<()>>: QueryId
// goal: <Box<()> as QueryId>::QueryId = ()
// goal: u8: QueryFragment<Pg>
// goal: Pg: Backend
