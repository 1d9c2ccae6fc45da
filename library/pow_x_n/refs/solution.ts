function myPow(x: number, n: number): number {
    if (n < 0) return 1 / myPow(x, -n);
    let result = 1;
    let base = x;
    // Halve with Math.floor: bitwise operators would truncate 2^31 to 32 bits.
    for (let power = n; power > 0; power = Math.floor(power / 2)) {
        if (power % 2 === 1) result *= base;
        base *= base;
    }
    return result;
}
