/* Too few decimals: within 1e-6 only when the answer happens to be round. */
#include <math.h>
#include <stdio.h>

int main(void) {
    double a, b;
    if (scanf("%lf %lf", &a, &b) != 2) return 1;
    printf("%.2f\n", hypot(a, b));
    return 0;
}
