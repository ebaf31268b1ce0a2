// Tensor-core GEMM tiles: half inputs, float accumulators.
//  * wmma_gemm_f16f32: nvcuda::wmma, each warp owns a 32x32 output tile (2x2 fragments).
//  * mma_m16n8k16_gemm: inline PTX mma.sync.m16n8k16, each warp owns a 32x64 tile
//    (2 x 8 mma tiles = 64 float accumulators per thread), operands read straight
//    from global memory in the fragment layout.
#include <cuda_fp16.h>
#include <mma.h>
#include <stdint.h>

using namespace nvcuda;

// A: M x K row-major, B: K x N row-major, C: M x N row-major. 4 warps per block,
// arranged 2x2, so a block computes a 64x64 tile.
extern "C" __global__ void wmma_gemm_f16f32(const half* __restrict__ A, const half* __restrict__ B,
                 float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    const int warp = threadIdx.x / 32;
    const int wm = warp / 2;
    const int wn = warp % 2;
    const int row0 = blockIdx.y * 64 + wm * 32;
    const int col0 = blockIdx.x * 64 + wn * 32;
    if (row0 >= M || col0 >= N) return;

    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;

#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
            wmma::fill_fragment(acc[i][j], 0.0f);

    for (int k = 0; k < K; k += 16) {
#pragma unroll
        for (int i = 0; i < 2; ++i)
            wmma::load_matrix_sync(a[i], A + (size_t)(row0 + 16 * i) * K + k, K);
#pragma unroll
        for (int j = 0; j < 2; ++j)
            wmma::load_matrix_sync(b[j], B + (size_t)k * N + col0 + 16 * j, N);
#pragma unroll
        for (int i = 0; i < 2; ++i)
#pragma unroll
            for (int j = 0; j < 2; ++j)
                wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }

#pragma unroll
    for (int i = 0; i < 2; ++i) {
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            float* cp = C + (size_t)(row0 + 16 * i) * N + col0 + 16 * j;
            wmma::load_matrix_sync(c, cp, N, wmma::mem_row_major);
#pragma unroll
            for (int t = 0; t < c.num_elements; ++t)
                c.x[t] = alpha * acc[i][j].x[t] + beta * c.x[t];
            wmma::store_matrix_sync(cp, c, N, wmma::mem_row_major);
        }
    }
}

__device__ __forceinline__ void mma_16816(float (&d)[4], const uint32_t (&a)[4],
                                          const uint32_t (&b)[2])
{
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
        "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

__device__ __forceinline__ uint32_t ld_pair(const half* p)
{
    return __ldg(reinterpret_cast<const unsigned int*>(p));
}

// A: M x K row-major, Bt: N x K row-major (i.e. B column-major), C: M x N row-major.
// 4 warps per block arranged 2x2: the block computes a 64 x 128 tile.
extern "C" __global__ void __launch_bounds__(128, 4)
mma_m16n8k16_gemm(const half* __restrict__ A, const half* __restrict__ Bt,
                  float* __restrict__ C, int M, int N, int K)
{
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int group = lane >> 2;
    const int tig = lane & 3;
    const int row0 = blockIdx.y * 64 + (warp >> 1) * 32;
    const int col0 = blockIdx.x * 128 + (warp & 1) * 64;
    if (row0 >= M || col0 >= N) return;

    float acc[2][8][4];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
#pragma unroll
            for (int r = 0; r < 4; ++r)
                acc[i][j][r] = 0.0f;

    for (int k = 0; k < K; k += 16) {
        uint32_t af[2][4];
        uint32_t bf[8][2];
#pragma unroll
        for (int i = 0; i < 2; ++i) {
            const half* pa = A + (size_t)(row0 + 16 * i + group) * K + k + 2 * tig;
            af[i][0] = ld_pair(pa);
            af[i][1] = ld_pair(pa + 8 * (size_t)K);
            af[i][2] = ld_pair(pa + 8);
            af[i][3] = ld_pair(pa + 8 * (size_t)K + 8);
        }
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            const half* pb = Bt + (size_t)(col0 + 8 * j + group) * K + k + 2 * tig;
            bf[j][0] = ld_pair(pb);
            bf[j][1] = ld_pair(pb + 8);
        }
#pragma unroll
        for (int i = 0; i < 2; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j)
                mma_16816(acc[i][j], af[i], bf[j]);
    }

#pragma unroll
    for (int i = 0; i < 2; ++i) {
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            const int r = row0 + 16 * i + group;
            const int c = col0 + 8 * j + 2 * tig;
            *reinterpret_cast<float2*>(C + (size_t)r * N + c) =
                make_float2(acc[i][j][0], acc[i][j][1]);
            *reinterpret_cast<float2*>(C + (size_t)(r + 8) * N + c) =
                make_float2(acc[i][j][2], acc[i][j][3]);
        }
    }
}
