def maxValue(nums):
    return min(nums)  # the entry's name: must not be called when names.python is given


def biggest(nums: List[int]) -> int:
    return max(nums)
