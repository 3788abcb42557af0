"""Pairing as a maximum-weight matching (networkx's ``max_weight_matching``, Edmonds' blossom algorithm).

A format states what it wants as a *cost tuple* per pair of nodes, most
important first (a repeated bye, then a rematch, then the standings); this
module turns the tuples into one integer weight per edge so that the
matching minimises the tuples lexicographically, and asks networkx for a
matching of maximum cardinality (everyone paired) of maximum weight.
Integer weights keep networkx's arithmetic exact, so the same input gives the
same matching.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import networkx as nx

Node = TypeVar("Node", bound=Hashable)


def min_cost_pairs(
    nodes: Sequence[Node],
    cost: Callable[[Node, Node], tuple[int, ...]],
    *,
    window: int | None = None,
    anyone: Node | None = None,
) -> list[tuple[Node, Node]]:
    """A matching of ``nodes`` (an even number) of the most pairs, minimising the summed cost tuples
    lexicographically.

    ``cost(a, b)`` is asked for each ``a`` before ``b`` in ``nodes``; every tuple has the
    same length and entries ≥ 0. With ``window``, only nodes at most ``window`` places apart
    in ``nodes`` may pair (and ``anyone`` with every node): a large field's candidate
    opponents, so the matching stays fast; the caller checks that the result is perfect.
    Returns the pairs, each ``(a, b)`` in ``nodes``' order, sorted by their first node's position.
    """
    if len(nodes) % 2:
        raise ValueError(f"an even number of nodes is needed, not {len(nodes)}")
    position = {node: i for i, node in enumerate(nodes)}
    reach = len(nodes) if window is None else window
    edges = [
        (a, b, cost(a, b))
        for i, a in enumerate(nodes)
        for j, b in enumerate(nodes[i + 1 :], i + 1)
        if j - i <= reach or anyone in (a, b)
    ]
    if not edges:
        return []
    pairs = len(nodes) // 2
    levels = len(edges[0][2])
    # mixed radix: a level's total over any matching stays below its base, so one unit of a
    # higher level outweighs everything the lower levels can add up to
    bases = [pairs * max(c[k] for _, _, c in edges) + 1 for k in range(levels)]
    scale = [1] * levels
    for k in range(levels - 2, -1, -1):
        scale[k] = scale[k + 1] * bases[k + 1]
    top = scale[0] * bases[0]
    graph: nx.Graph[Node] = nx.Graph()
    graph.add_nodes_from(nodes)
    for a, b, c in edges:
        graph.add_edge(a, b, weight=top - sum(ck * sk for ck, sk in zip(c, scale, strict=True)))
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    ordered = [(a, b) if position[a] < position[b] else (b, a) for a, b in matched]
    return sorted(ordered, key=lambda pair: position[pair[0]])
