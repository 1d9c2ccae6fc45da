function isBipartite(graph: number[][]): boolean {
    const side: number[] = new Array(graph.length).fill(0); // 0 unseen, 1 / -1 the two sides
    const paint = (node: number, colour: number): boolean => {
        side[node] = colour;
        return graph[node].every((next) =>
            side[next] === 0 ? paint(next, -colour) : side[next] === -colour,
        );
    };
    return graph.every((_, node) => side[node] !== 0 || paint(node, 1));
}
