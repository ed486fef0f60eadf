// From bevy (bevyengine/bevy): crates/bevy_app/src/plugin.rs (`Plugin: Downcast + Any + Send + Sync` with
// the blanket impl for `Fn(&mut App) + Send + Sync + 'static`, and `Plugins<Marker>` / `PluginGroup`).
// `App` and `Downcast` are local stand-ins (the latter is the downcast-rs crate).
use std::any::Any;

pub struct App {
    plugins: Vec<Box<dyn Plugin>>,
}

pub trait Downcast: Any {}
impl<T: Any> Downcast for T {}

pub trait Plugin: Downcast + Any + Send + Sync {
    fn build(&self, app: &mut App);
    fn name(&self) -> &str {
        std::any::type_name::<Self>()
    }
}

impl<T: Fn(&mut App) + Send + Sync + 'static> Plugin for T {
    fn build(&self, app: &mut App) {
        self(app);
    }
}

pub trait PluginGroup: Sized {
    fn name() -> String {
        std::any::type_name::<Self>().to_string()
    }
}

mod sealed {
    pub trait Plugins<Marker> {}
    pub struct PluginMarker;
    pub struct PluginGroupMarker;
    pub struct PluginsTupleMarker;

    impl<P: super::Plugin> Plugins<PluginMarker> for P {}
    impl<P: super::PluginGroup> Plugins<PluginGroupMarker> for P {}
    impl<M0, P0: Plugins<M0>, M1, P1: Plugins<M1>> Plugins<(PluginsTupleMarker, M0, M1)> for (P0, P1) {}
}

pub use sealed::{PluginGroupMarker, PluginMarker, Plugins};

pub struct LogPlugin;
impl Plugin for LogPlugin {
    fn build(&self, _app: &mut App) {}
}

pub struct DefaultPlugins;
impl PluginGroup for DefaultPlugins {}

pub struct NotAPlugin(std::rc::Rc<u8>);

// goal: LogPlugin: Plugin
// goal: fn(&mut App): Plugin
// goal: LogPlugin: Plugins<PluginMarker>
// goal: DefaultPlugins: Plugins<PluginGroupMarker>
// goal: DefaultPlugins: Plugins<PluginMarker>
// goal: NotAPlugin: Plugin
// goal: LogPlugin: Downcast
