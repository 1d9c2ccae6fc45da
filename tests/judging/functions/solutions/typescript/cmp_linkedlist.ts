function identity(x: ListNode | null): ListNode | null {
  return x;
}
