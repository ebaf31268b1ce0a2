// Warp-shuffle reductions.
//  * warp_reduce_sum: grid-stride sum, __shfl_down_sync tree, one atomicAdd per warp.
//  * warp_argmax: (value, index) pair reduction with __shfl_xor_sync, per-block result.

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

extern "C" __global__ void warp_reduce_sum(const float* __restrict__ x, float* __restrict__ out, int n)
{
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        s += x[i];
    s = warp_sum(s);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(out, s);
}

extern "C" __global__ void warp_argmax(const float* __restrict__ x, float* __restrict__ block_max,
                                       int* __restrict__ block_arg, int n)
{
    __shared__ float s_val[32];
    __shared__ int s_idx[32];

    float best = -INFINITY;
    int arg = -1;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const float v = x[i];
        if (v > best) { best = v; arg = i; }
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        const float ov = __shfl_xor_sync(0xffffffffu, best, off);
        const int oi = __shfl_xor_sync(0xffffffffu, arg, off);
        if (ov > best || (ov == best && oi >= 0 && (arg < 0 || oi < arg))) { best = ov; arg = oi; }
    }
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    if (lane == 0) { s_val[warp] = best; s_idx[warp] = arg; }
    __syncthreads();
    if (warp == 0) {
        const int nw = (blockDim.x + 31) >> 5;
        best = lane < nw ? s_val[lane] : -INFINITY;
        arg = lane < nw ? s_idx[lane] : -1;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            const float ov = __shfl_xor_sync(0xffffffffu, best, off);
            const int oi = __shfl_xor_sync(0xffffffffu, arg, off);
            if (ov > best || (ov == best && oi >= 0 && (arg < 0 || oi < arg))) { best = ov; arg = oi; }
        }
        if (lane == 0) { block_max[blockIdx.x] = best; block_arg[blockIdx.x] = arg; }
    }
}
