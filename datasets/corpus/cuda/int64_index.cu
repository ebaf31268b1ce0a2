// 64-bit-address-heavy kernels: every index is int64 so address arithmetic occupies
// register pairs.
//  * permute4d_int64: generic strided 4D tensor permutation/copy with int64 shapes and
//    strides passed by value, output element decomposed into 4 coordinates with 64-bit
//    division.
//  * gather_scatter_int64: y[dst[i]] += w[i] * x[src[i]] over several feature columns,
//    int64 index arrays and int64 row pitch.

struct Shape4 {
    long long size[4];
    long long in_stride[4];
    long long out_stride[4];
};

extern "C" __global__ void permute4d_int64(const float* __restrict__ in, float* __restrict__ out, Shape4 s,
                                           long long total)
{
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < total;
         i += (long long)gridDim.x * blockDim.x) {
        long long rem = i;
        long long src = 0, dst = 0;
#pragma unroll
        for (int d = 3; d >= 0; --d) {
            const long long c = rem % s.size[d];
            rem /= s.size[d];
            src += c * s.in_stride[d];
            dst += c * s.out_stride[d];
        }
        out[dst] = in[src];
    }
}

extern "C" __global__ void gather_scatter_int64(const float* __restrict__ x, float* __restrict__ y,
                                                const long long* __restrict__ src,
                                                const long long* __restrict__ dst,
                                                const float* __restrict__ w,
                                                long long nedges, long long pitch, int ncols)
{
    const long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges) return;
    const long long s = src[e];
    const long long d = dst[e];
    const float we = w[e];
    const float* xs = x + s * pitch;
    float* yd = y + d * pitch;
    long long c = 0;
    for (; c + 4 <= ncols; c += 4) {
        atomicAdd(yd + c, we * xs[c]);
        atomicAdd(yd + c + 1, we * xs[c + 1]);
        atomicAdd(yd + c + 2, we * xs[c + 2]);
        atomicAdd(yd + c + 3, we * xs[c + 3]);
    }
    for (; c < ncols; ++c)
        atomicAdd(yd + c, we * xs[c]);
}
