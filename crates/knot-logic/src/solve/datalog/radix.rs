//! Stable radix sort of a relation's rows (one or two ids each) by one column, over the column's
//! range of values only. The rows are scattered once by the high digit of their key (at most 11
//! bits: 2,048 buckets) from wherever they are (a predicate's facts in the term store), so copying
//! them out is that pass; then each bucket, small enough to stay in cache, is sorted by the rest of
//! the key (a counting sort by each further digit, through one scratch buffer the size of the
//! largest bucket). One large buffer (on huge pages, `pages.rs`) and one pass over it through
//! memory, however many digits the keys have.

use super::pages::large_buffer;

/// The widest digit: 2,048 buckets a pass.
const MAX_DIGIT_BITS: u32 = 11;

/// The rows of `runs` (each a whole number of rows of `arity` ids, one or two, laid out flat; `id`
/// reads an id), in one flat vector ordered by column `col`, stably.
pub fn sorted_rows<T: Copy>(
    runs: &[&[T]],
    id: impl Fn(T) -> u32 + Copy,
    arity: usize,
    col: usize,
) -> Vec<u32> {
    match arity {
        1 => sorted::<1, T>(runs, id, 0),
        2 => sorted::<2, T>(runs, id, col),
        _ => unreachable!("radix-sorted rows have one or two columns"),
    }
}

fn sorted<const W: usize, T: Copy>(
    runs: &[&[T]],
    id: impl Fn(T) -> u32 + Copy,
    col: usize,
) -> Vec<u32> {
    let rows = || runs.iter().flat_map(|r| r.chunks_exact(W));
    let n: usize = runs.iter().map(|r| r.len() / W).sum();
    let (lo, hi) = rows().fold((u32::MAX, 0), |(lo, hi), r| {
        let k = id(r[col]);
        (lo.min(k), hi.max(k))
    });
    let bits = 32 - hi.saturating_sub(lo).leading_zeros();
    // The high digit, and the low bits below it.
    let top = bits.min(MAX_DIGIT_BITS);
    let low = bits - top;
    let mut counts = vec![0usize; 1 << top];
    for r in rows() {
        counts[((id(r[col]) - lo) >> low) as usize] += 1;
    }
    let mut out = large_buffer(n * W);
    out.resize(n * W, 0);
    let mut at = Vec::with_capacity(counts.len());
    let mut sum = 0;
    for &k in &counts {
        at.push(sum * W);
        sum += k;
    }
    for r in rows() {
        let d = ((id(r[col]) - lo) >> low) as usize;
        let o = at[d];
        for (t, &x) in out[o..o + W].iter_mut().zip(r) {
            *t = id(x);
        }
        at[d] = o + W;
    }
    if low > 0 {
        let largest = counts.iter().copied().max().unwrap_or(0);
        let mut scratch = Bucket {
            rows: vec![0u32; largest * W],
            counts: Vec::new(),
        };
        let mut from = 0;
        for &k in &counts {
            let bucket = &mut out[from * W..(from + k) * W];
            sort_bucket::<W>(bucket, &mut scratch, col, lo, low);
            from += k;
        }
    }
    out
}

/// The scratch space of the buckets' sorts, reused from one to the next.
struct Bucket {
    rows: Vec<u32>,
    counts: Vec<usize>,
}

/// Buckets of at most this many rows are sorted by insertion.
const FEW: usize = 24;

/// Sort `rows` (flat) by the low `bits` bits of their key (column `col`, less `lo`), stably: a
/// counting sort by each digit of at most 11 bits, least significant first, through `scratch`.
fn sort_bucket<const W: usize>(
    rows: &mut [u32],
    scratch: &mut Bucket,
    col: usize,
    lo: u32,
    bits: u32,
) {
    let n = rows.len() / W;
    if n < 2 {
        return;
    }
    if n <= FEW {
        // Stable: a row moves left past greater keys only.
        for i in 1..n {
            let mut j = i;
            while j > 0 && rows[(j - 1) * W + col] > rows[j * W + col] {
                for c in 0..W {
                    rows.swap((j - 1) * W + c, j * W + c);
                }
                j -= 1;
            }
        }
        return;
    }
    let passes = bits.div_ceil(MAX_DIGIT_BITS);
    let width = bits.div_ceil(passes);
    let mask = (1u32 << width) - 1;
    let counts = &mut scratch.counts;
    counts.resize(1 << width, 0);
    let (mut src, mut dst) = (rows, &mut scratch.rows[..n * W]);
    for p in 0..passes {
        let digit = |r: &[u32]| (((r[col] - lo) >> (width * p)) & mask) as usize;
        counts.fill(0);
        for r in src.chunks_exact(W) {
            counts[digit(r)] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let k = *c;
            *c = sum * W;
            sum += k;
        }
        for r in src.chunks_exact(W) {
            let d = digit(r);
            dst[counts[d]..counts[d] + W].copy_from_slice(r);
            counts[d] += W;
        }
        std::mem::swap(&mut src, &mut dst);
    }
    // An odd number of passes left the rows in the scratch buffer.
    if passes % 2 == 1 {
        dst.copy_from_slice(src);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(data: &[u32], arity: usize, col: usize) {
        let mut want: Vec<Vec<u32>> = data.chunks(arity).map(<[u32]>::to_vec).collect();
        want.sort_by_key(|r| r[col]);
        // Split into runs at a row boundary: the result does not depend on where.
        let cut = data.len() / arity / 3 * arity;
        let got = sorted_rows(&[&data[..cut], &data[cut..]], |x| x, arity, col);
        let got: Vec<Vec<u32>> = got.chunks(arity).map(<[u32]>::to_vec).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn sorts_stably_by_one_column() {
        check(&[], 2, 0);
        check(&[5, 1, 5, 0, 5, 2], 2, 0);
        check(&[3, 9, 1, 8, 2, 9, 0, 8], 2, 1);
        check(&[u32::MAX, 0, 7, u32::MAX, 1 << 24, 65_536], 1, 0);
        // A large relation: a column of ids of a small range, one of any value.
        let mut x = 0x9e37_79b9u32;
        let big: Vec<u32> = (0..600_000)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                if i % 2 == 0 {
                    (1 << 31) + x % 250_000
                } else {
                    x
                }
            })
            .collect();
        check(&big, 2, 0);
        check(&big, 2, 1);
        check(&big, 1, 0);
    }

    proptest! {
        /// The order of a stable sort by the column (`slice::sort_by_key`), for values of any range.
        #[test]
        fn same_as_a_stable_sort(
            rows in proptest::collection::vec((0u32..4, any::<u32>(), 0u32..300), 0..300),
            col in 0usize..2,
            shift in 0u32..30,
        ) {
            let data: Vec<u32> = rows
                .iter()
                .flat_map(|&(k, wide, small)| [k << shift | small, wide])
                .collect();
            check(&data, 2, col);
            let ones: Vec<u32> = data.iter().step_by(2).copied().collect();
            check(&ones, 1, 0);
        }
    }
}
