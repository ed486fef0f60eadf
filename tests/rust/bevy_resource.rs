// From bevy (bevyengine/bevy): crates/bevy_ecs/src/resource.rs (`Resource: Send + Sync + 'static`),
// crates/bevy_ecs/src/change_detection.rs (`Res<'w, T: ?Sized + Resource>`, `ResMut`, their `Deref`),
// and crates/bevy_ecs/src/system/system_param.rs (`SystemParam` impls for Res/Option<Res>/tuples), trimmed.
use std::ops::Deref;

pub trait Resource: Send + Sync + 'static {}

pub struct Res<'w, T: ?Sized + Resource> {
    pub(crate) value: &'w T,
}

impl<'w, T: Resource> Deref for Res<'w, T> {
    type Target = T;
    fn deref(&self) -> &Self::Target {
        self.value
    }
}

pub struct ResMut<'w, T: ?Sized + Resource> {
    pub(crate) value: &'w mut T,
}

pub unsafe trait SystemParam: Sized {
    type State: Send + Sync + 'static;
}

unsafe impl<'a, T: Resource> SystemParam for Res<'a, T> {
    type State = usize;
}
unsafe impl<'a, T: Resource> SystemParam for ResMut<'a, T> {
    type State = usize;
}
unsafe impl<'a, T: Resource> SystemParam for Option<Res<'a, T>> {
    type State = usize;
}
unsafe impl<P0: SystemParam, P1: SystemParam> SystemParam for (P0, P1) {
    type State = (P0::State, P1::State);
}

#[derive(Default)]
pub struct Score(pub u32);
impl Resource for Score {}

pub struct Time {
    pub elapsed: f64,
}
impl Resource for Time {}

pub struct Config;

// goal: Res<'static, Score>: SystemParam
// goal: (Res<'static, Score>, ResMut<'static, Time>): SystemParam
// goal: Option<Res<'static, Time>>: SystemParam
// goal: Option<ResMut<'static, Time>>: SystemParam
// goal: Res<'static, Config>: SystemParam
// goal: <(Res<'static, Score>, Res<'static, Time>) as SystemParam>::State = (usize, usize)
// goal: Res<'static, Score>: Deref
// goal: Score: Resource
