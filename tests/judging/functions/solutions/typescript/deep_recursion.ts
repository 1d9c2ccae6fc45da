/**
 * Definition for singly-linked list.
 * class ListNode {
 *     val: number
 *     next: ListNode | null
 *     constructor(val?: number, next?: ListNode | null) { ... }
 * }
 */

function sumList(head: ListNode | null): number {
  return head === null ? 0 : head.val + sumList(head.next);
}
