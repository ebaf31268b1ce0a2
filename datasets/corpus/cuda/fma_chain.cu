// Long unrolled FMA chains (instruction-level-parallel throughput micro-kernels).
//  * fma_chain_ilp32: 32 independent accumulators, each advanced through a long
//    unrolled chain of dependent FMAs per loop trip.
//  * fma_chain_ilp128: 128 independent accumulators mixed with 16 per-thread
//    coefficients; every accumulator stays live across the whole loop.

extern "C" __global__ void fma_chain_ilp32(const float* __restrict__ seed, float* __restrict__ out,
                                           int iters, float a, float b)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const float s = seed[t];
    float acc[32];
#pragma unroll
    for (int i = 0; i < 32; ++i)
        acc[i] = s + 0.03125f * i;
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int rep = 0; rep < 8; ++rep)
#pragma unroll
            for (int i = 0; i < 32; ++i)
                acc[i] = fmaf(acc[i], a, b);
    }
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < 32; ++i)
        sum += acc[i];
    out[t] = sum;
}

extern "C" __global__ void fma_chain_ilp128(const float* __restrict__ seed, const float* __restrict__ coef,
                                            float* __restrict__ out, int iters)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    float c[16];
#pragma unroll
    for (int i = 0; i < 16; ++i)
        c[i] = coef[(t & 31) * 16 + i];
    float acc[128];
#pragma unroll
    for (int i = 0; i < 128; ++i)
        acc[i] = seed[(size_t)i * gridDim.x * blockDim.x + t];
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int i = 0; i < 128; ++i)
            acc[i] = fmaf(acc[i], c[i & 15], c[(i + 7) & 15]);
#pragma unroll
        for (int i = 0; i < 128; ++i)
            acc[i] = fmaf(acc[(i + 1) & 127], c[(i * 3) & 15], acc[i]);
    }
#pragma unroll
    for (int i = 0; i < 128; ++i)
        out[(size_t)i * gridDim.x * blockDim.x + t] = acc[i];
}
