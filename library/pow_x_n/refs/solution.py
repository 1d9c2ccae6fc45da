def my_pow(x: float, n: int) -> float:
    power = abs(n)
    result = 1.0
    while power:
        if power & 1:
            result *= x
        x *= x
        power >>= 1
    return 1.0 / result if n < 0 else result
