// The `WasmNotSend`/`WasmNotSync` conditional-marker pattern of wgpu (gfx-rs/wgpu, wgpu-types/src/send_sync.rs):
// a marker trait that is `Send` on native targets and empty on wasm, blanket-implemented for every type,
// and a resource trait bounded by it; here the native `cfg` branch.
pub trait WasmNotSend: Send {}
impl<T: Send> WasmNotSend for T {}

pub trait WasmNotSync: Sync {}
impl<T: Sync> WasmNotSync for T {}

pub trait WasmNotSendSync: WasmNotSend + WasmNotSync {}
impl<T: WasmNotSend + WasmNotSync> WasmNotSendSync for T {}

pub trait Resource: WasmNotSendSync + std::fmt::Debug + 'static {}

#[derive(Debug)]
pub struct Buffer {
    id: u64,
    size: u64,
}
impl Resource for Buffer {}

#[derive(Debug)]
pub struct Mapped {
    ptr: *mut u8,
}

// goal: Buffer: WasmNotSendSync
// goal: Buffer: Resource
// goal: Mapped: WasmNotSend
// goal: std::rc::Rc<u8>: WasmNotSync
// goal: std::sync::Arc<Buffer>: WasmNotSendSync
// goal: forall<T> { if (T: Resource; T: Sized) { T: Send } }
