// Histograms with atomics.
//  * histogram256_smem: byte histogram, per-block privatised bins in shared memory
//    (uchar4 vector loads, shared atomics), merged with global atomics.
//  * histogram_float_bins: floats binned into nbins uniform bins over [lo, hi),
//    out-of-range values clamped into under/overflow bins, global atomics only.
//  * histogram16_thread_private: 4-bit keys counted in a per-thread private array that
//    is indexed by data (it lives in local memory: a stack frame that is not a spill),
//    then merged with warp-aggregated global atomics.

extern "C" __global__ void histogram256_smem(const unsigned char* __restrict__ data, size_t n,
                                             unsigned int* __restrict__ hist)
{
    __shared__ unsigned int s_hist[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        s_hist[i] = 0u;
    __syncthreads();

    const size_t n4 = n / 4;
    const uchar4* d4 = reinterpret_cast<const uchar4*>(data);
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        const uchar4 v = d4[i];
        atomicAdd(&s_hist[v.x], 1u);
        atomicAdd(&s_hist[v.y], 1u);
        atomicAdd(&s_hist[v.z], 1u);
        atomicAdd(&s_hist[v.w], 1u);
    }
    if (blockIdx.x == 0 && threadIdx.x < n - n4 * 4)
        atomicAdd(&s_hist[data[n4 * 4 + threadIdx.x]], 1u);
    __syncthreads();

    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        const unsigned int c = s_hist[i];
        if (c) atomicAdd(&hist[i], c);
    }
}

extern "C" __global__ void histogram_float_bins(const float* __restrict__ x, int n, float lo, float hi,
                                                int nbins, unsigned int* __restrict__ hist,
                                                unsigned int* __restrict__ underflow,
                                                unsigned int* __restrict__ overflow)
{
    const float scale = nbins / (hi - lo);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const float v = x[i];
        if (!(v == v)) continue;   // NaN
        if (v < lo) {
            atomicAdd(underflow, 1u);
        } else if (v >= hi) {
            atomicAdd(overflow, 1u);
        } else {
            const int b = min((int)((v - lo) * scale), nbins - 1);
            atomicAdd(&hist[b], 1u);
        }
    }
}

extern "C" __global__ void histogram16_thread_private(const unsigned int* __restrict__ keys, int n, int shift,
                                                      unsigned int* __restrict__ hist)
{
    unsigned int local[16];
#pragma unroll
    for (int b = 0; b < 16; ++b)
        local[b] = 0u;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const unsigned int k = keys[i];
        ++local[(k >> shift) & 15u];
    }
#pragma unroll
    for (int b = 0; b < 16; ++b) {
        unsigned int c = local[b];
#pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            c += __shfl_down_sync(0xffffffffu, c, off);
        if ((threadIdx.x & 31) == 0 && c)
            atomicAdd(&hist[b], c);
    }
}
