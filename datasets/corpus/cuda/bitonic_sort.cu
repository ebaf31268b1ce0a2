// Bitonic sorting networks.
//  * bitonic_sort32_kv_regs: every thread sorts 32 (key, value) pairs held entirely in
//    registers with a fully unrolled bitonic network (240 compare-exchanges).
//  * bitonic_warp_sort256: a warp sorts 256 keys (8 per lane): in-register network for
//    the intra-thread stages, __shfl_xor_sync exchanges for the inter-lane stages.

__device__ __forceinline__ void cmp_swap_kv(unsigned& ka, unsigned& va, unsigned& kb, unsigned& vb, bool up)
{
    const bool swap = (ka > kb) == up;
    const unsigned tk = ka, tv = va;
    ka = swap ? kb : ka;
    va = swap ? vb : va;
    kb = swap ? tk : kb;
    vb = swap ? tv : vb;
}

extern "C" __global__ void bitonic_sort32_kv_regs(unsigned* __restrict__ keys, unsigned* __restrict__ vals, int nseg)
{
    const int seg = blockIdx.x * blockDim.x + threadIdx.x;
    if (seg >= nseg) return;
    unsigned k[32], v[32];
    const uint4* kp = reinterpret_cast<const uint4*>(keys + (size_t)seg * 32);
    const uint4* vp = reinterpret_cast<const uint4*>(vals + (size_t)seg * 32);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        const uint4 a = kp[i], b = vp[i];
        k[4 * i + 0] = a.x; k[4 * i + 1] = a.y; k[4 * i + 2] = a.z; k[4 * i + 3] = a.w;
        v[4 * i + 0] = b.x; v[4 * i + 1] = b.y; v[4 * i + 2] = b.z; v[4 * i + 3] = b.w;
    }
#pragma unroll
    for (int size = 2; size <= 32; size <<= 1) {
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
#pragma unroll
            for (int i = 0; i < 32; ++i) {
                const int j = i ^ stride;
                if (j > i) {
                    const bool up = (i & size) == 0;
                    cmp_swap_kv(k[i], v[i], k[j], v[j], up);
                }
            }
        }
    }
    uint4* ko = reinterpret_cast<uint4*>(keys + (size_t)seg * 32);
    uint4* vo = reinterpret_cast<uint4*>(vals + (size_t)seg * 32);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        ko[i] = make_uint4(k[4 * i], k[4 * i + 1], k[4 * i + 2], k[4 * i + 3]);
        vo[i] = make_uint4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
    }
}

// Element e of lane l has global position p = l * 8 + e.
extern "C" __global__ void bitonic_warp_sort256(float* __restrict__ data, int nseg)
{
    const int lane = threadIdx.x & 31;
    const int seg = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (seg >= nseg) return;
    float* d = data + (size_t)seg * 256;
    float x[8];
#pragma unroll
    for (int e = 0; e < 8; ++e)
        x[e] = d[lane * 8 + e];

#pragma unroll
    for (int size = 2; size <= 256; size <<= 1) {
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            if (stride >= 8) {
                const int lstride = stride >> 3;
                const bool lower = (lane & lstride) == 0;
#pragma unroll
                for (int e = 0; e < 8; ++e) {
                    const int p = lane * 8 + e;
                    const bool up = (p & size) == 0;
                    const float o = __shfl_xor_sync(0xffffffffu, x[e], lstride);
                    const bool keep_min = (lower == up);
                    x[e] = keep_min ? fminf(x[e], o) : fmaxf(x[e], o);
                }
            } else {
#pragma unroll
                for (int e = 0; e < 8; ++e) {
                    const int f = e ^ stride;
                    if (f > e) {
                        const int p = lane * 8 + e;
                        const bool up = (p & size) == 0;
                        const float a = x[e], b = x[f];
                        x[e] = up ? fminf(a, b) : fmaxf(a, b);
                        x[f] = up ? fmaxf(a, b) : fminf(a, b);
                    }
                }
            }
        }
    }
#pragma unroll
    for (int e = 0; e < 8; ++e)
        d[lane * 8 + e] = x[e];
}
