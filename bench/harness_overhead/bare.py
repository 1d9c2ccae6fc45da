import sys


def maxValue(nums):
    best = nums[0]
    for x in nums:
        if x > best:
            best = x
    return best


def main():
    data = sys.stdin.buffer.read().split()
    n, pos, out = int(data[0]), 1, []
    for _ in range(n):
        k = int(data[pos])
        nums = [int(x) for x in data[pos + 1 : pos + 1 + k]]
        pos += 1 + k
        out.append(str(maxValue(nums)))
    sys.stdout.write("\n".join(out) + "\n")


main()
