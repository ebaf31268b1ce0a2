// Block-wide prefix sums.
//  * block_scan_inclusive: one element per thread, warp-shuffle scan + scan of the warp
//    totals, writes block sums for a later fix-up pass.
//  * block_scan_items8: 8 consecutive items per thread (vector loads), sequential
//    thread-local scan, warp-shuffle scan of thread totals, exclusive result.

__device__ __forceinline__ int warp_inclusive_scan(int v, int lane)
{
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        const int o = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off) v += o;
    }
    return v;
}

__device__ __forceinline__ int block_exclusive_prefix(int total, int* s_warp, int& block_total)
{
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int nwarps = (blockDim.x + 31) >> 5;
    const int inc = warp_inclusive_scan(total, lane);
    if (lane == 31) s_warp[warp] = inc;
    __syncthreads();
    if (warp == 0) {
        const int w = lane < nwarps ? s_warp[lane] : 0;
        const int ws = warp_inclusive_scan(w, lane);
        if (lane < nwarps) s_warp[lane] = ws - w;
        if (lane == nwarps - 1) s_warp[32] = ws;
    }
    __syncthreads();
    block_total = s_warp[32];
    return s_warp[warp] + inc - total;
}

extern "C" __global__ void block_scan_inclusive(const int* __restrict__ in, int* __restrict__ out,
                                                int* __restrict__ block_sums, int n)
{
    __shared__ int s_warp[33];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int v = i < n ? in[i] : 0;
    int total;
    const int excl = block_exclusive_prefix(v, s_warp, total);
    if (i < n) out[i] = excl + v;
    if (threadIdx.x == 0 && block_sums) block_sums[blockIdx.x] = total;
}

extern "C" __global__ void block_scan_items8(const int4* __restrict__ in, int4* __restrict__ out,
                                             int* __restrict__ block_sums, int n8)
{
    __shared__ int s_warp[33];
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x[8];
    if (t < n8) {
        const int4 a = in[2 * t], b = in[2 * t + 1];
        x[0] = a.x; x[1] = a.y; x[2] = a.z; x[3] = a.w;
        x[4] = b.x; x[5] = b.y; x[6] = b.z; x[7] = b.w;
    } else {
#pragma unroll
        for (int k = 0; k < 8; ++k) x[k] = 0;
    }
    int run = 0;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        const int v = x[k];
        x[k] = run;
        run += v;
    }
    int total;
    const int base = block_exclusive_prefix(run, s_warp, total);
    if (t < n8) {
        out[2 * t] = make_int4(base + x[0], base + x[1], base + x[2], base + x[3]);
        out[2 * t + 1] = make_int4(base + x[4], base + x[5], base + x[6], base + x[7]);
    }
    if (threadIdx.x == 0 && block_sums) block_sums[blockIdx.x] = total;
}
