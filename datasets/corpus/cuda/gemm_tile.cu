// Register-blocked SGEMM tiles: C = alpha * A * B + beta * C.
// Row-major A (M x K), B (K x N), C (M x N); M, N, K are multiples of the block tile.
// Each thread owns a TM x TN accumulator tile held entirely in registers; the A and B
// panels are staged through shared memory (As is stored transposed, k-major).

template <int BM, int BN, int BK, int TM, int TN>
__device__ __forceinline__ void sgemm_block(const float* __restrict__ A,
                                            const float* __restrict__ B,
                                            float* __restrict__ C,
                                            int M, int N, int K,
                                            float alpha, float beta,
                                            float* As, float* Bs)
{
    constexpr int TX = BN / TN;
    constexpr int TY = BM / TM;
    constexpr int NT = TX * TY;
    static_assert((BM * BK) % NT == 0 && (BK * BN) % NT == 0, "tile/thread mismatch");

    const int tid = threadIdx.x;
    const int tx = tid % TX;
    const int ty = tid / TX;
    const int row0 = blockIdx.y * BM;
    const int col0 = blockIdx.x * BN;
    if (row0 >= M || col0 >= N) return;

    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            acc[i][j] = 0.0f;

    float a[TM];
    float b[TN];

    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int l = 0; l < (BM * BK) / NT; ++l) {
            const int idx = tid + l * NT;
            const int m = idx / BK;
            const int k = idx % BK;
            As[k * BM + m] = A[(row0 + m) * K + k0 + k];
        }
#pragma unroll
        for (int l = 0; l < (BK * BN) / NT; ++l) {
            const int idx = tid + l * NT;
            const int k = idx / BN;
            const int n = idx % BN;
            Bs[k * BN + n] = B[(k0 + k) * N + col0 + n];
        }
        __syncthreads();

#pragma unroll
        for (int k = 0; k < BK; ++k) {
#pragma unroll
            for (int i = 0; i < TM; ++i)
                a[i] = As[k * BM + ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                b[j] = Bs[k * BN + tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < TM; ++i) {
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int idx = (row0 + ty * TM + i) * N + col0 + tx * TN + j;
            C[idx] = alpha * acc[i][j] + beta * C[idx];
        }
    }
}

// 64x64 block tile, 256 threads, 4x4 accumulators per thread.
extern "C" __global__ void sgemm_tile_4x4(const float* __restrict__ A,
                                          const float* __restrict__ B,
                                          float* __restrict__ C,
                                          int M, int N, int K, float alpha, float beta)
{
    __shared__ __align__(16) float As[8 * 64];
    __shared__ __align__(16) float Bs[8 * 64];
    sgemm_block<64, 64, 8, 4, 4>(A, B, C, M, N, K, alpha, beta, As, Bs);
}

// 128x128 block tile, 256 threads, 8x8 accumulators per thread; two blocks per SM.
extern "C" __global__ void __launch_bounds__(256, 2)
sgemm_tile_8x8(const float* __restrict__ A,
               const float* __restrict__ B,
               float* __restrict__ C,
               int M, int N, int K, float alpha, float beta)
{
    __shared__ __align__(16) float As[8 * 128];
    __shared__ __align__(16) float Bs[8 * 128];
    sgemm_block<128, 128, 8, 8, 8>(A, B, C, M, N, K, alpha, beta, As, Bs);
}

// 128x128 block tile, 128 threads, 8x16 accumulators per thread (128 live accumulators).
extern "C" __global__ void sgemm_tile_8x16(const float* __restrict__ A,
                                           const float* __restrict__ B,
                                           float* __restrict__ C,
                                           int M, int N, int K, float alpha, float beta)
{
    __shared__ __align__(16) float As[8 * 128];
    __shared__ __align__(16) float Bs[8 * 128];
    sgemm_block<128, 128, 8, 8, 16>(A, B, C, M, N, K, alpha, beta, As, Bs);
}
