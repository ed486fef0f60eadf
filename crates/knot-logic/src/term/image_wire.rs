//! How a [`StoreImage`] is encoded: the symbols as strings, and the nodes and argument lists as
//! fixed-width little-endian records ([`crate::records`]), which decode with a few instructions a
//! field (the std model's 34,000 nodes through serde's derived code took 150 a node).

use super::{Kind, Node, StoreImage, TermId};
use crate::records::{Reader, Writer};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
struct StoreWire<'a> {
    names: Vec<Box<str>>,
    #[serde(borrow)]
    nodes: &'a [u8],
    #[serde(borrow)]
    args: &'a [u8],
    bigs: Vec<String>,
}

const KINDS: [Kind; 8] = [
    Kind::Atom,
    Kind::Int,
    Kind::Var,
    Kind::Placeholder,
    Kind::App,
    Kind::Float,
    Kind::Big,
    Kind::Str,
];

fn kind_code(k: Kind) -> u8 {
    KINDS.iter().position(|&x| x == k).unwrap_or(0) as u8
}

impl Serialize for StoreImage {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut nodes = Writer::default();
        for n in &self.nodes {
            nodes.u8(kind_code(n.kind) | (u8::from(n.ground) << 7));
            for v in [n.a, n.b, n.arity, n.size, n.depth, n.univ, n.nvars] {
                nodes.u32(v);
            }
        }
        let mut args = Writer::default();
        for a in &self.args {
            args.u32(a.0);
        }
        StoreWire {
            names: self.names.clone(),
            nodes: &nodes.0,
            args: &args.0,
            bigs: self.bigs.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for StoreImage {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let w = StoreWire::deserialize(d)?;
        let bad = || D::Error::custom("a store image's records are cut short");
        let mut r = Reader::new(w.nodes);
        let mut nodes = Vec::with_capacity(w.nodes.len() / 29);
        while !r.is_empty() {
            let tag = r.u8().ok_or_else(bad)?;
            let kind = *KINDS.get(usize::from(tag & 0x7f)).ok_or_else(bad)?;
            let mut f = [0u32; 7];
            for v in &mut f {
                *v = r.u32().ok_or_else(bad)?;
            }
            let [a, b, arity, size, depth, univ, nvars] = f;
            nodes.push(Node {
                kind,
                a,
                b,
                arity,
                ground: tag & 0x80 != 0,
                size,
                depth,
                univ,
                nvars,
            });
        }
        let mut r = Reader::new(w.args);
        let mut args = Vec::with_capacity(w.args.len() / 4);
        while !r.is_empty() {
            args.push(TermId(r.u32().ok_or_else(bad)?));
        }
        Ok(StoreImage {
            names: w.names,
            nodes,
            args,
            bigs: w.bigs,
        })
    }
}
