/**
 * @param {number[][]} graph
 * @return {boolean}
 */
var isBipartite = function (graph) {
  const colour = new Array(graph.length).fill(-1);
  for (let start = 0; start < graph.length; start++) {
    if (colour[start] !== -1) continue;
    colour[start] = 0;
    const queue = [start];
    for (let at = 0; at < queue.length; at++) {
      const node = queue[at];
      for (const next of graph[node]) {
        if (colour[next] === colour[node]) return false;
        if (colour[next] === -1) {
          colour[next] = 1 - colour[node];
          queue.push(next);
        }
      }
    }
  }
  return true;
};
