function reverseList(head: ListNode | null): ListNode | null {
    // Recursive: the rest of the list is reversed first, then head goes to its end.
    if (head === null || head.next === null) return head;
    const newHead = reverseList(head.next);
    head.next.next = head;
    head.next = null;
    return newHead;
}
