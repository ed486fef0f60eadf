// From bevy (bevyengine/bevy): crates/bevy_ecs/src/component.rs (`Component: Send + Sync + 'static` with
// `type Mutability`/storage, `StorageType`) and what `#[derive(Component)]` expands to
// (crates/bevy_ecs/macros/src/component.rs), written out by hand since the derive macro is external.
use std::marker::PhantomData;
use std::rc::Rc;

pub enum StorageType {
    Table,
    SparseSet,
}

pub trait ComponentMutability: 'static {
    const MUTABLE: bool;
}
pub struct Mutable;
pub struct Immutable;
impl ComponentMutability for Mutable {
    const MUTABLE: bool = true;
}
impl ComponentMutability for Immutable {
    const MUTABLE: bool = false;
}

pub trait Component: Send + Sync + 'static {
    const STORAGE_TYPE: StorageType;
    type Mutability: ComponentMutability;
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Position {
    pub x: f32,
    pub y: f32,
}
impl Component for Position {
    const STORAGE_TYPE: StorageType = StorageType::Table;
    type Mutability = Mutable;
}

#[derive(Debug, Default)]
pub struct Velocity(pub f32, pub f32);
impl Component for Velocity {
    const STORAGE_TYPE: StorageType = StorageType::Table;
    type Mutability = Mutable;
}

pub struct Name(pub String);
impl Component for Name {
    const STORAGE_TYPE: StorageType = StorageType::SparseSet;
    type Mutability = Immutable;
}

pub struct Marker<T>(PhantomData<T>);
impl<T: Send + Sync + 'static> Component for Marker<T> {
    const STORAGE_TYPE: StorageType = StorageType::SparseSet;
    type Mutability = Immutable;
}

pub struct LocalHandle(Rc<u32>);

// goal: Position: Component
// goal: <Position as Component>::Mutability = Mutable
// goal: <Name as Component>::Mutability = Immutable
// goal: Marker<Position>: Component
// goal: Marker<Rc<u8>>: Component
// goal: Marker<LocalHandle>: Send
// goal: LocalHandle: Send
// goal: LocalHandle: Component
// goal: Velocity: Sync
// goal: forall<T> { if (T: Component; T: Sized) { T: Send } }
