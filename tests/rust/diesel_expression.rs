// From diesel (diesel-rs/diesel): diesel/src/expression/mod.rs (`Expression { type SqlType: TypedExpressionType }`,
// impls for Box<T>, &T, tuples; `AsExpression<T>`; `SelectableExpression<QS>: AppearsOnTable<QS>`;
// `NonAggregate`) and diesel/src/sql_types/mod.rs (`Integer`, `Text`, `Nullable<ST>`, `SqlType`,
// `SingleValue`), trimmed; the derive(SqlType) output written by hand.
pub mod sql_types {
    #[derive(Debug, Clone, Copy, Default)]
    pub struct Integer;
    #[derive(Debug, Clone, Copy, Default)]
    pub struct Text;
    #[derive(Debug, Clone, Copy, Default)]
    pub struct Nullable<ST>(ST);

    pub trait SqlType: 'static {
        type IsNull;
    }
    pub struct IsNullable;
    pub struct NotNull;
    impl SqlType for Integer {
        type IsNull = NotNull;
    }
    impl SqlType for Text {
        type IsNull = NotNull;
    }
    impl<ST: SqlType> SqlType for Nullable<ST> {
        type IsNull = IsNullable;
    }
    pub trait SingleValue: SqlType {}
    impl SingleValue for Integer {}
    impl SingleValue for Text {}
    impl<ST: SingleValue> SingleValue for Nullable<ST> {}
}

pub mod expression {
    use crate::sql_types::{Integer, Nullable, SingleValue, SqlType, Text};

    pub trait TypedExpressionType {}
    impl<ST: SqlType> TypedExpressionType for ST {}

    pub trait Expression {
        type SqlType: TypedExpressionType;
    }

    impl<T: Expression + ?Sized> Expression for Box<T> {
        type SqlType = T::SqlType;
    }

    impl<'a, T: Expression + ?Sized> Expression for &'a T {
        type SqlType = T::SqlType;
    }

    pub trait AsExpression<T>
    where
        T: SqlType,
    {
        type Expression: Expression<SqlType = T>;
        fn as_expression(self) -> Self::Expression;
    }

    impl<T, ST> AsExpression<ST> for T
    where
        T: Expression<SqlType = ST>,
        ST: SqlType,
    {
        type Expression = Self;
        fn as_expression(self) -> Self {
            self
        }
    }

    pub trait AppearsOnTable<QS: ?Sized>: Expression {}
    pub trait SelectableExpression<QS: ?Sized>: AppearsOnTable<QS> {}

    pub struct Bound<ST, T> {
        item: T,
        _marker: std::marker::PhantomData<ST>,
    }
    impl<ST, T> Expression for Bound<ST, T>
    where
        ST: SqlType,
    {
        type SqlType = ST;
    }
    impl<ST, T, QS: ?Sized> AppearsOnTable<QS> for Bound<ST, T> where Bound<ST, T>: Expression {}
    impl<ST, T, QS: ?Sized> SelectableExpression<QS> for Bound<ST, T> where Bound<ST, T>: AppearsOnTable<QS> {}

    pub struct users;
    pub struct id;
    impl Expression for id {
        type SqlType = Integer;
    }
    impl AppearsOnTable<users> for id {}
    impl SelectableExpression<users> for id {}

    pub struct name;
    impl Expression for name {
        type SqlType = Nullable<Text>;
    }
    impl AppearsOnTable<users> for name {}
}

use expression::*;
use sql_types::*;

// goal: id: Expression
// goal: <id as Expression>::SqlType = Integer
// goal: Box<id>: Expression
// goal: <&'static Box<name> as Expression>::SqlType = Nullable<Text>
// goal: id: AsExpression<Integer>
// goal: id: AsExpression<Text>
// goal: Bound<Text, String>: SelectableExpression<users>
// goal: name: SelectableExpression<users>
// goal: Nullable<Nullable<Text>>: SingleValue
// goal: Bound<Nullable<Integer>, i32>: AsExpression<Nullable<Integer>>
// goal: Bound<String, i32>: Expression
