// From petgraph (petgraph/petgraph): src/visit/mod.rs (`GraphBase { type EdgeId: Copy + PartialEq; type NodeId:
// Copy + PartialEq; }`, the `GraphBase`/`IntoNeighbors` impls for &G, `IntoNeighbors: GraphRef`, `GraphRef:
// Copy + GraphBase`), with a small local adjacency-list graph in place of `Graph<N, E>`, trimmed.
pub trait GraphBase {
    type EdgeId: Copy + PartialEq;
    type NodeId: Copy + PartialEq;
}

impl<'a, G> GraphBase for &'a G
where
    G: GraphBase,
{
    type EdgeId = G::EdgeId;
    type NodeId = G::NodeId;
}

pub trait GraphRef: Copy + GraphBase {}
impl<'a, G> GraphRef for &'a G where G: GraphBase {}

pub trait IntoNeighbors: GraphRef {
    type Neighbors: Iterator<Item = Self::NodeId>;
    fn neighbors(self, a: Self::NodeId) -> Self::Neighbors;
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeIndex(u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EdgeIndex(u32);

pub struct Graph<N, E> {
    nodes: Vec<(N, Vec<NodeIndex>)>,
    edges: Vec<E>,
}

impl<N, E> GraphBase for Graph<N, E> {
    type EdgeId = EdgeIndex;
    type NodeId = NodeIndex;
}

impl<'a, N, E> IntoNeighbors for &'a Graph<N, E> {
    type Neighbors = std::iter::Copied<std::slice::Iter<'a, NodeIndex>>;
    fn neighbors(self, a: NodeIndex) -> Self::Neighbors {
        self.nodes[a.0 as usize].1.iter().copied()
    }
}

// goal: Graph<String, f32>: GraphBase
// goal: &'static Graph<String, f32>: GraphRef
// goal: &'static Graph<String, f32>: IntoNeighbors
// goal: Graph<String, f32>: IntoNeighbors
// goal: <&'static &'static Graph<u8, u8> as GraphBase>::NodeId = NodeIndex
// goal: <&'static Graph<u8, u8> as IntoNeighbors>::Neighbors: Iterator
// goal: &'static &'static Graph<u8, u8>: IntoNeighbors
