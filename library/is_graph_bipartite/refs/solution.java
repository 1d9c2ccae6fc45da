class Solution {
    private int[] colour;

    public boolean isBipartite(int[][] graph) {
        colour = new int[graph.length];  // 0: not seen, 1 and -1: the two sides
        for (int node = 0; node < graph.length; node++) {
            if (colour[node] == 0 && !paint(graph, node, 1)) return false;
        }
        return true;
    }

    private boolean paint(int[][] graph, int node, int side) {
        colour[node] = side;
        for (int next : graph[node]) {
            if (colour[next] == side) return false;
            if (colour[next] == 0 && !paint(graph, next, -side)) return false;
        }
        return true;
    }
}
