// Monte Carlo kernels with per-thread RNG state kept in registers.
//  * mc_pi_xorshift128: xorshift128 generator, estimates pi by dart throwing, block
//    reduction of hit counts.
//  * mc_asian_option_philox: Philox4x32-10 counter-based generator, Box-Muller normals,
//    arithmetic-average Asian call and put priced along nsteps-step GBM paths.

extern "C" __global__ void mc_pi_xorshift128(unsigned long long seed, int iters,
                                             unsigned long long* __restrict__ hits)
{
    const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = 123456789u ^ (unsigned)seed ^ (tid * 0x9E3779B9u);
    unsigned y = 362436069u ^ (unsigned)(seed >> 32);
    unsigned z = 521288629u + tid;
    unsigned w = 88675123u ^ (tid << 16);
    unsigned count = 0;
    for (int i = 0; i < iters; ++i) {
        unsigned t = x ^ (x << 11);
        x = y; y = z; z = w;
        w = w ^ (w >> 19) ^ t ^ (t >> 8);
        const float fx = (w >> 8) * (1.0f / 16777216.0f);
        t = x ^ (x << 11);
        x = y; y = z; z = w;
        w = w ^ (w >> 19) ^ t ^ (t >> 8);
        const float fy = (w >> 8) * (1.0f / 16777216.0f);
        count += (fx * fx + fy * fy <= 1.0f) ? 1u : 0u;
    }
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    atomicAdd(&s_count, count);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(hits, (unsigned long long)s_count);
}

struct Philox4 { unsigned c0, c1, c2, c3; };

__device__ __forceinline__ Philox4 philox4x32_10(Philox4 c, unsigned k0, unsigned k1)
{
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        const unsigned hi0 = __umulhi(0xD2511F53u, c.c0);
        const unsigned lo0 = 0xD2511F53u * c.c0;
        const unsigned hi1 = __umulhi(0xCD9E8D57u, c.c2);
        const unsigned lo1 = 0xCD9E8D57u * c.c2;
        Philox4 n;
        n.c0 = hi1 ^ c.c1 ^ k0;
        n.c1 = lo1;
        n.c2 = hi0 ^ c.c3 ^ k1;
        n.c3 = lo0;
        c = n;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return c;
}

__device__ __forceinline__ float u01(unsigned v) { return (v >> 8) * (1.0f / 16777216.0f) + (0.5f / 16777216.0f); }

extern "C" __global__ void mc_asian_option_philox(unsigned seed_lo, unsigned seed_hi, int npaths, int nsteps,
                                                  float s0, float strike, float r, float sigma, float T,
                                                  float* __restrict__ call_sum, float* __restrict__ put_sum)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const float dt = T / nsteps;
    const float drift = (r - 0.5f * sigma * sigma) * dt;
    const float vol = sigma * sqrtf(dt);
    const float disc = __expf(-r * T);
    float call_acc = 0.0f, put_acc = 0.0f;

    for (int path = tid; path < npaths; path += gridDim.x * blockDim.x) {
        float s = s0, avg = 0.0f;
        Philox4 ctr = {0u, (unsigned)path, 0x5eedu, 0u};
        for (int step = 0; step < nsteps; step += 4) {
            ctr.c0 = step;
            const Philox4 rnd = philox4x32_10(ctr, seed_lo, seed_hi);
            float z[4];
            float rad = sqrtf(-2.0f * __logf(u01(rnd.c0)));
            float sn, cs;
            __sincosf(6.2831853f * u01(rnd.c1), &sn, &cs);
            z[0] = rad * cs; z[1] = rad * sn;
            rad = sqrtf(-2.0f * __logf(u01(rnd.c2)));
            __sincosf(6.2831853f * u01(rnd.c3), &sn, &cs);
            z[2] = rad * cs; z[3] = rad * sn;
#pragma unroll
            for (int q = 0; q < 4; ++q) {
                if (step + q < nsteps) {
                    s *= __expf(drift + vol * z[q]);
                    avg += s;
                }
            }
        }
        avg /= nsteps;
        call_acc += fmaxf(avg - strike, 0.0f);
        put_acc += fmaxf(strike - avg, 0.0f);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        call_acc += __shfl_down_sync(0xffffffffu, call_acc, off);
        put_acc += __shfl_down_sync(0xffffffffu, put_acc, off);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(call_sum, disc * call_acc);
        atomicAdd(put_sum, disc * put_acc);
    }
}
