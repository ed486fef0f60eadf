// From rand (rust-random/rand): rand_core/src/lib.rs (`RngCore`, `CryptoRng: RngCore`, `SeedableRng`, the
// impls for &mut R and Box<R>) and rand/src/rng.rs (`Rng: RngCore` with the blanket impl), plus
// rand/src/distr/distribution.rs (`Distribution<T>`, impl for &D) and the `StandardUniform` impls, trimmed.
pub trait RngCore {
    fn next_u32(&mut self) -> u32;
    fn next_u64(&mut self) -> u64;
    fn fill_bytes(&mut self, dst: &mut [u8]);
}

pub trait CryptoRng: RngCore {}

pub trait SeedableRng: Sized {
    type Seed: Sized + Default + AsMut<[u8]>;
    fn from_seed(seed: Self::Seed) -> Self;
}

impl<'a, R: RngCore + ?Sized> RngCore for &'a mut R {
    fn next_u32(&mut self) -> u32 {
        R::next_u32(self)
    }
    fn next_u64(&mut self) -> u64 {
        R::next_u64(self)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        R::fill_bytes(self, dst)
    }
}

impl<R: RngCore + ?Sized> RngCore for Box<R> {
    fn next_u32(&mut self) -> u32 {
        R::next_u32(self)
    }
    fn next_u64(&mut self) -> u64 {
        R::next_u64(self)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        R::fill_bytes(self, dst)
    }
}

impl<'a, R: CryptoRng + ?Sized> CryptoRng for &'a mut R {}

pub trait Distribution<T> {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> T;
}

impl<'a, T, D: Distribution<T> + ?Sized> Distribution<T> for &'a D {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> T {
        (*self).sample(rng)
    }
}

pub trait Rng: RngCore {
    fn random<T>(&mut self) -> T
    where
        StandardUniform: Distribution<T>,
    {
        StandardUniform.sample(self)
    }
}

impl<R: RngCore + ?Sized> Rng for R {}

#[derive(Clone, Copy, Debug, Default)]
pub struct StandardUniform;

impl Distribution<u32> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> u32 {
        rng.next_u32()
    }
}
impl Distribution<bool> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> bool {
        (rng.next_u32() as i32) < 0
    }
}
impl<A, B> Distribution<(A, B)> for StandardUniform
where
    StandardUniform: Distribution<A> + Distribution<B>,
{
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> (A, B) {
        (self.sample(rng), self.sample(rng))
    }
}

pub struct StepRng {
    v: u64,
}
impl RngCore for StepRng {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.v += 1;
        self.v
    }
    fn fill_bytes(&mut self, _: &mut [u8]) {}
}
impl SeedableRng for StepRng {
    type Seed = [u8; 8];
    fn from_seed(seed: [u8; 8]) -> Self {
        StepRng { v: u64::from_le_bytes(seed) }
    }
}

// goal: StepRng: Rng
// goal: Box<StepRng>: Rng
// goal: &'static mut Box<StepRng>: RngCore
// goal: StepRng: CryptoRng
// goal: StandardUniform: Distribution<(u32, bool)>
// goal: StandardUniform: Distribution<(u32, (bool, bool))>
// goal: StandardUniform: Distribution<u8>
// goal: &'static StandardUniform: Distribution<bool>
// goal: <StepRng as SeedableRng>::Seed = [u8; 8]
// goal: [u8; 8]: Default
