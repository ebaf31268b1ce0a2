// Loops carrying many live-through values.
//  * horner_many_coeffs: 24 per-thread polynomial coefficients are loaded once and stay
//    live through a loop that evaluates the polynomial at a stream of points.
//  * loop_live_across_unused: 40 values are computed before a data-dependent loop that
//    does not touch them, and only consumed after it (live across the whole loop; a
//    natural spill-around-the-loop candidate).

#define NCOEF 24
#define NCARRY 40

extern "C" __global__ void horner_many_coeffs(const float* __restrict__ coef, const float* __restrict__ xs,
                                              float* __restrict__ ys, int npts)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    float c[NCOEF];
#pragma unroll
    for (int k = 0; k < NCOEF; ++k)
        c[k] = coef[(size_t)t * NCOEF + k];
    float acc = 0.0f;
    for (int i = 0; i < npts; ++i) {
        const float x = xs[i];
        float p = c[NCOEF - 1];
#pragma unroll
        for (int k = NCOEF - 2; k >= 0; --k)
            p = fmaf(p, x, c[k]);
        acc += p;
        if ((i & 63) == 63) {
            ys[(size_t)t * (npts / 64) + (i >> 6)] = acc;
            acc = 0.0f;
        }
    }
}

extern "C" __global__ void loop_live_across_unused(const float* __restrict__ in, const int* __restrict__ idx,
                                                   float* __restrict__ out, int n, int len)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float v[NCARRY];
    const float base = in[t];
#pragma unroll
    for (int k = 0; k < NCARRY; ++k)
        v[k] = __sinf(base * (k + 1)) + in[(size_t)(k + 1) * n + t];

    // data-dependent walk that uses none of v[]
    int j = t % n;
    float walk = 0.0f;
    for (int s = 0; s < len; ++s) {
        j = idx[j];
        walk = fmaf(walk, 0.999f, in[j]);
        if (walk > 1e6f) break;
    }

    float r = walk;
#pragma unroll
    for (int k = 0; k < NCARRY; ++k)
        r = fmaf(r, v[k], v[(k * 7) % NCARRY]);
    out[t] = r;
}
