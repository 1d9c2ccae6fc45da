var cloneGraph = function (node) {
  return node;
};
