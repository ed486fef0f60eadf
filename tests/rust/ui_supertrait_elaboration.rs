// After rustc's tests/ui/traits/supertrait tests (elaboration of `T: Sub` into `T: Super`, and of
// generic supertraits), written anew: a where-clause implies its trait's supertraits, transitively,
// but not the supertraits' other where-clauses.
pub trait Animal {
    fn name(&self) -> String;
}

pub trait Pet: Animal {
    fn owner(&self) -> String;
}

pub trait ServiceDog: Pet + Clone {}

pub trait Convert<T>: Into<T> {}

#[derive(Clone)]
pub struct Rex;

impl Animal for Rex {
    fn name(&self) -> String {
        "Rex".into()
    }
}
impl Pet for Rex {
    fn owner(&self) -> String {
        "Ann".into()
    }
}
impl ServiceDog for Rex {}

pub struct Cat;
impl Animal for Cat {
    fn name(&self) -> String {
        "Tom".into()
    }
}

// goal: forall<T> { if (T: ServiceDog; T: Sized) { T: Animal } }
// goal: forall<T> { if (T: ServiceDog; T: Sized) { T: Clone } }
// goal: forall<T> { if (T: Pet; T: Sized) { T: ServiceDog } }
// goal: forall<T> { if (T: Convert<u8>; T: Sized) { T: Into<u8> } }
// goal: Rex: ServiceDog
// goal: Cat: Pet
// goal: Rex: Animal
