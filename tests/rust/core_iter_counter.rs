// From the Rust standard library documentation of core::iter (library/core/src/iter/mod.rs, "Implementing
// Iterator"): the `Counter` example, with `IntoIterator`, `FromIterator`, `Extend`, `DoubleEndedIterator`
// and `ExactSizeIterator` used through std's own blanket impls.
struct Counter {
    count: usize,
}

impl Counter {
    fn new() -> Counter {
        Counter { count: 0 }
    }
}

impl Iterator for Counter {
    type Item = usize;

    fn next(&mut self) -> Option<Self::Item> {
        if self.count < 5 {
            self.count += 1;
            Some(self.count)
        } else {
            None
        }
    }
}

#[derive(Debug)]
struct MyCollection(Vec<i32>);

impl MyCollection {
    fn new() -> MyCollection {
        MyCollection(Vec::new())
    }

    fn add(&mut self, elem: i32) {
        self.0.push(elem);
    }
}

impl FromIterator<i32> for MyCollection {
    fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
        let mut c = MyCollection::new();
        for i in iter {
            c.add(i);
        }
        c
    }
}

impl Extend<i32> for MyCollection {
    fn extend<T: IntoIterator<Item = i32>>(&mut self, iter: T) {
        for elem in iter {
            self.add(elem);
        }
    }
}

impl IntoIterator for MyCollection {
    type Item = i32;
    type IntoIter = std::vec::IntoIter<Self::Item>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

// goal: Counter: Iterator
// goal: <Counter as Iterator>::Item = usize
// goal: Counter: IntoIterator
// goal: <Counter as IntoIterator>::Item = usize
// goal: MyCollection: FromIterator<i32>
// goal: MyCollection: FromIterator<u8>
// goal: MyCollection: Extend<i32>
// goal: MyCollection: Iterator
// goal: MyCollection: IntoIterator
// goal: <MyCollection as IntoIterator>::Item = i32
// goal: Counter: DoubleEndedIterator
// goal: MyCollection: std::fmt::Debug
