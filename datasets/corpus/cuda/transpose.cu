// Matrix transpose through a padded 32x33 shared-memory tile (bank-conflict free),
// 32x8 threads, each thread moves 4 elements.

#define TT 32
#define TROWS 8

extern "C" __global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out,
                                           int width, int height)
{
    __shared__ float tile[TT][TT + 1];
    int x = blockIdx.x * TT + threadIdx.x;
    int y = blockIdx.y * TT + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TT + threadIdx.x;
    y = blockIdx.x * TT + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        if (x < height && y + j < width)
            out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
