// The node classes LeetCode's TypeScript templates assume, declared for tsc. Their runtime is
// the JavaScript harness's (harnesses/javascript/serde.js), which passes them to the solution.
// A solution declaring its own class of the same name shadows these: tsc compiles every file
// as a module (--moduleDetection force).

declare class ListNode {
  val: number;
  next: ListNode | null;
  constructor(val?: number, next?: ListNode | null);
}

declare class TreeNode {
  val: number;
  left: TreeNode | null;
  right: TreeNode | null;
  constructor(val?: number, left?: TreeNode | null, right?: TreeNode | null);
}

// LeetCode's `_Node` (clone graph: val, neighbors; copy random list: val, next, random) is one
// class here, with every field; `Node` is its older name.
declare class _Node {
  val: number;
  neighbors: _Node[];
  next: _Node | null;
  random: _Node | null;
  constructor(val?: number, neighbors?: _Node[]);
  constructor(val?: number, next?: _Node | null, random?: _Node | null);
}

declare class Node extends _Node {}
