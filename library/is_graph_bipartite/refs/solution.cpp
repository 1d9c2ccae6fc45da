class Solution {
public:
    // Union-find: all neighbours of a node belong to one side, never to the node's own side.
    bool isBipartite(vector<vector<int>>& graph) {
        parent.resize(graph.size());
        iota(parent.begin(), parent.end(), 0);
        for (size_t node = 0; node < graph.size(); node++) {
            for (int neighbour : graph[node]) {
                if (find(neighbour) == find(node)) return false;
                parent[find(neighbour)] = find(graph[node][0]);
            }
        }
        return true;
    }

private:
    vector<int> parent;

    int find(int x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    }
};
