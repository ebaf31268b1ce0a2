// 2D stencils on a row-major nx x ny grid of floats (interior points only are written).
//  * stencil2d_jacobi5: radius-1 five-point Jacobi sweep, straight from global memory.
//  * stencil2d_star_r4: radius-4 star (17 points), shared-memory tile with halo,
//    coefficients in constant memory.
//  * stencil2d_box_r2_coarse: radius-2 5x5 box, each thread produces 8 outputs down a
//    column, keeping a sliding window of 5 rows x 5 columns in registers.

#define R4 4
#define TILE_X 32
#define TILE_Y 8

__constant__ float c_star[2 * R4 + 1];
__constant__ float c_box[5][5];

extern "C" __global__ void stencil2d_jacobi5(const float* __restrict__ in, float* __restrict__ out,
                                             int nx, int ny, float w)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
    const int i = y * nx + x;
    const float c = in[i];
    const float nb = in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx];
    out[i] = (1.0f - w) * c + 0.25f * w * nb;
}

extern "C" __global__ void stencil2d_star_r4(const float* __restrict__ in, float* __restrict__ out, int nx, int ny)
{
    __shared__ float tile[TILE_Y + 2 * R4][TILE_X + 2 * R4];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * TILE_X + tx;
    const int gy = blockIdx.y * TILE_Y + ty;

    // Cooperative load of the tile plus halo (clamped at the borders).
    for (int yy = ty; yy < TILE_Y + 2 * R4; yy += TILE_Y) {
        for (int xx = tx; xx < TILE_X + 2 * R4; xx += TILE_X) {
            int sx = blockIdx.x * TILE_X + xx - R4;
            int sy = blockIdx.y * TILE_Y + yy - R4;
            sx = min(max(sx, 0), nx - 1);
            sy = min(max(sy, 0), ny - 1);
            tile[yy][xx] = in[sy * nx + sx];
        }
    }
    __syncthreads();

    if (gx < R4 || gy < R4 || gx >= nx - R4 || gy >= ny - R4) return;
    float v = c_star[R4] * tile[ty + R4][tx + R4];
#pragma unroll
    for (int r = 1; r <= R4; ++r) {
        v = fmaf(c_star[R4 + r], tile[ty + R4][tx + R4 + r] + tile[ty + R4][tx + R4 - r], v);
        v = fmaf(c_star[R4 - r], tile[ty + R4 + r][tx + R4] + tile[ty + R4 - r][tx + R4], v);
    }
    out[gy * nx + gx] = v;
}

extern "C" __global__ void stencil2d_box_r2_coarse(const float* __restrict__ in, float* __restrict__ out,
                                                   int nx, int ny)
{
    constexpr int ROWS = 8;
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * ROWS;
    if (x < 2 || x >= nx - 2 || y0 >= ny) return;

    float win[5][5];
#pragma unroll
    for (int r = 0; r < 4; ++r) {
        const int yy = min(max(y0 - 2 + r, 0), ny - 1);
#pragma unroll
        for (int c = 0; c < 5; ++c)
            win[r][c] = __ldg(in + yy * nx + x - 2 + c);
    }

#pragma unroll
    for (int k = 0; k < ROWS; ++k) {
        const int yn = min(y0 + k + 2, ny - 1);
#pragma unroll
        for (int c = 0; c < 5; ++c)
            win[4][c] = __ldg(in + yn * nx + x - 2 + c);
        float acc = 0.0f;
#pragma unroll
        for (int r = 0; r < 5; ++r)
#pragma unroll
            for (int c = 0; c < 5; ++c)
                acc = fmaf(c_box[r][c], win[r][c], acc);
        const int y = y0 + k;
        if (y >= 2 && y < ny - 2)
            out[y * nx + x] = acc;
#pragma unroll
        for (int r = 0; r < 4; ++r)
#pragma unroll
            for (int c = 0; c < 5; ++c)
                win[r][c] = win[r + 1][c];
    }
}
