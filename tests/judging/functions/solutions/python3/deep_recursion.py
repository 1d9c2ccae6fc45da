class Solution:
    def sumList(self, head: Optional[ListNode]) -> int:
        if head is None:
            return 0
        return head.val + self.sumList(head.next)
