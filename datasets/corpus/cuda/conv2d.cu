// 2D convolutions.
//  * conv2d_5x5_const: single-channel 5x5 filter in constant memory, 16x16 output tile
//    plus halo in shared memory.
//  * conv2d_3x3_c16_k4: NCHW multi-channel 3x3 convolution (16 input channels), each
//    thread computes 4 output channels x 2 horizontally adjacent pixels (8 accumulators),
//    weights in constant memory, ReLU epilogue.

#define CT 16
#define CR 2
#define CIN 16
#define COUT 64

__constant__ float c_filt5[5][5];
__constant__ float c_w3[COUT][CIN][3][3];
__constant__ float c_bias[COUT];

extern "C" __global__ void conv2d_5x5_const(const float* __restrict__ in, float* __restrict__ out,
                                            int width, int height)
{
    __shared__ float tile[CT + 2 * CR][CT + 2 * CR];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int ox = blockIdx.x * CT + tx;
    const int oy = blockIdx.y * CT + ty;
    for (int y = ty; y < CT + 2 * CR; y += CT)
        for (int x = tx; x < CT + 2 * CR; x += CT) {
            const int gx = blockIdx.x * CT + x - CR;
            const int gy = blockIdx.y * CT + y - CR;
            tile[y][x] = (gx >= 0 && gy >= 0 && gx < width && gy < height) ? in[gy * width + gx] : 0.0f;
        }
    __syncthreads();
    if (ox >= width || oy >= height) return;
    float acc = 0.0f;
#pragma unroll
    for (int fy = 0; fy < 5; ++fy)
#pragma unroll
        for (int fx = 0; fx < 5; ++fx)
            acc = fmaf(c_filt5[fy][fx], tile[ty + fy][tx + fx], acc);
    out[oy * width + ox] = acc;
}

// in: [N][CIN][H][W], out: [N][COUT][H][W], padding 1, stride 1.
// grid: x covers W/2, y covers H, z covers N * (COUT / 4).
extern "C" __global__ void conv2d_3x3_c16_k4(const float* __restrict__ in, float* __restrict__ out,
                                             int H, int W)
{
    const int x0 = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int n = blockIdx.z / (COUT / 4);
    const int k0 = 4 * (blockIdx.z % (COUT / 4));
    if (x0 >= W || y >= H) return;

    float acc[4][2];
#pragma unroll
    for (int k = 0; k < 4; ++k) { acc[k][0] = c_bias[k0 + k]; acc[k][1] = c_bias[k0 + k]; }

    const float* img = in + (size_t)n * CIN * H * W;
    for (int c = 0; c < CIN; ++c) {
        const float* plane = img + (size_t)c * H * W;
        float win[3][4];
#pragma unroll
        for (int dy = 0; dy < 3; ++dy) {
            const int yy = y + dy - 1;
#pragma unroll
            for (int dx = 0; dx < 4; ++dx) {
                const int xx = x0 + dx - 1;
                win[dy][dx] = (yy >= 0 && yy < H && xx >= 0 && xx < W) ? __ldg(plane + yy * W + xx) : 0.0f;
            }
        }
#pragma unroll
        for (int k = 0; k < 4; ++k)
#pragma unroll
            for (int dy = 0; dy < 3; ++dy)
#pragma unroll
                for (int dx = 0; dx < 3; ++dx) {
                    const float w = c_w3[k0 + k][c][dy][dx];
                    acc[k][0] = fmaf(w, win[dy][dx], acc[k][0]);
                    acc[k][1] = fmaf(w, win[dy][dx + 1], acc[k][1]);
                }
    }
    float* o = out + ((size_t)n * COUT + k0) * H * W + (size_t)y * W + x0;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        o[(size_t)k * H * W] = fmaxf(acc[k][0], 0.0f);
        if (x0 + 1 < W) o[(size_t)k * H * W + 1] = fmaxf(acc[k][1], 0.0f);
    }
}
