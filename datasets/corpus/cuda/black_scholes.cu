// Black-Scholes European option pricing (CUDA SDK style), two options per thread:
// cumulative normal via the Abramowitz-Stegun polynomial, __expf/__logf/rsqrtf.

__device__ __forceinline__ float cnd(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f;
    const float A4 = -1.821255978f, A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267794f;
    const float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = RSQRT2PI * __expf(-0.5f * d * d) *
              (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0) c = 1.0f - c;
    return c;
}

__device__ __forceinline__ void bs_price(float S, float X, float T, float R, float V, float& call, float& put)
{
    const float sqrtT = sqrtf(T);
    const float d1 = (__logf(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
    const float d2 = d1 - V * sqrtT;
    const float c1 = cnd(d1), c2 = cnd(d2);
    const float expRT = __expf(-R * T);
    call = S * c1 - X * expRT * c2;
    put = X * expRT * (1.0f - c2) - S * (1.0f - c1);
}

extern "C" __global__ void black_scholes_x2(float* __restrict__ call, float* __restrict__ put,
                                            const float* __restrict__ S, const float* __restrict__ X,
                                            const float* __restrict__ T, float R, float V, int n)
{
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n + 1) / 2; i += stride) {
        const int i0 = i, i1 = i + (n + 1) / 2;
        float c0, p0;
        bs_price(S[i0], X[i0], T[i0], R, V, c0, p0);
        call[i0] = c0;
        put[i0] = p0;
        if (i1 < n) {
            float c1, p1;
            bs_price(S[i1], X[i1], T[i1], R, V, c1, p1);
            call[i1] = c1;
            put[i1] = p1;
        }
    }
}
