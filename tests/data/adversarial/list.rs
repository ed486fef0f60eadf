struct List<T> { head: T, tail: Option<Box<List<Vec<T>>>> }
