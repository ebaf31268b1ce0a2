// Register-blocked DGEMM: each thread accumulates a 4x8 tile of doubles (32 doubles =
// 64 32-bit registers of accumulators, allocated as aligned register pairs).
// 64x64 block tile, 128 threads, BK = 8; row-major A, B, C; sizes multiples of 64.

#define DBM 64
#define DBN 64
#define DBK 8
#define DTM 4
#define DTN 8

extern "C" __global__ void dgemm_tile_4x8(const double* __restrict__ A, const double* __restrict__ B, double* __restrict__ C,
               int M, int N, int K, double alpha, double beta)
{
    __shared__ __align__(16) double As[DBK][DBM];
    __shared__ __align__(16) double Bs[DBK][DBN];
    constexpr int TX = DBN / DTN;   // 8
    const int tid = threadIdx.x;
    const int tx = tid % TX, ty = tid / TX;
    const int row0 = blockIdx.y * DBM, col0 = blockIdx.x * DBN;
    if (row0 >= M || col0 >= N) return;

    double acc[DTM][DTN];
#pragma unroll
    for (int i = 0; i < DTM; ++i)
#pragma unroll
        for (int j = 0; j < DTN; ++j)
            acc[i][j] = 0.0;

    for (int k0 = 0; k0 < K; k0 += DBK) {
#pragma unroll
        for (int l = 0; l < (DBM * DBK) / 128; ++l) {
            const int idx = tid + l * 128;
            As[idx % DBK][idx / DBK] = A[(size_t)(row0 + idx / DBK) * K + k0 + idx % DBK];
            Bs[idx / DBN][idx % DBN] = B[(size_t)(k0 + idx / DBN) * N + col0 + idx % DBN];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < DBK; ++k) {
            double a[DTM], b[DTN];
#pragma unroll
            for (int i = 0; i < DTM; ++i) a[i] = As[k][ty * DTM + i];
#pragma unroll
            for (int j = 0; j < DTN; ++j) b[j] = Bs[k][tx * DTN + j];
#pragma unroll
            for (int i = 0; i < DTM; ++i)
#pragma unroll
                for (int j = 0; j < DTN; ++j)
                    acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < DTM; ++i)
#pragma unroll
        for (int j = 0; j < DTN; ++j) {
            const size_t idx = (size_t)(row0 + ty * DTM + i) * N + col0 + tx * DTN + j;
            C[idx] = alpha * acc[i][j] + beta * C[idx];
        }
}
