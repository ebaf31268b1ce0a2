// 3D star stencils on an nx x ny x nz grid (x fastest).
//  * stencil3d_7pt: radius 1, one thread per point, read straight from global memory.
//  * stencil3d_r4_zstream: radius 4 (25 points), the classic 2.5D scheme: a 2D thread
//    block marches along z, keeping the 2*R z-neighbours of its column in a register
//    queue and the current xy-plane (with halo) in shared memory.

#define BX 32
#define BY 8

__constant__ float c_coef3d[5];

extern "C" __global__ void stencil3d_7pt(const float* __restrict__ in, float* __restrict__ out,
                                         int nx, int ny, int nz, float c0, float c1)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int z = blockIdx.z;
    if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
    const size_t plane = (size_t)nx * ny;
    const size_t i = (size_t)z * plane + (size_t)y * nx + x;
    out[i] = c0 * in[i] + c1 * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] +
                                in[i - plane] + in[i + plane]);
}

template <int R>
__device__ __forceinline__ void stencil3d_stream(const float* __restrict__ in, float* __restrict__ out,
                                                 int nx, int ny, int nz)
{
    __shared__ float plane_s[BY + 2 * R][BX + 2 * R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * BX + tx;
    const int gy = blockIdx.y * BY + ty;
    const bool active = gx >= R && gy >= R && gx < nx - R && gy < ny - R;
    const int cx = min(gx, nx - 1);
    const int cy = min(gy, ny - 1);
    const size_t stride = (size_t)nx * ny;
    const float* col = in + (size_t)cy * nx + cx;

    float behind[R];
    float infront[R];
    float current;
#pragma unroll
    for (int r = 0; r < R; ++r)
        behind[r] = 0.0f;
    current = col[0];
#pragma unroll
    for (int r = 0; r < R; ++r)
        infront[r] = col[(r + 1) * stride];

    for (int z = 0; z < nz - R; ++z) {
        // shift the queue
#pragma unroll
        for (int r = R - 1; r > 0; --r)
            behind[r] = behind[r - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (int r = 0; r < R - 1; ++r)
            infront[r] = infront[r + 1];
        const int zl = min(z + 1 + R, nz - 1);
        infront[R - 1] = col[zl * stride];

        __syncthreads();
        // halo of the current plane
        const size_t pz = (size_t)(z + 1) * stride;
        if (ty < R) {
            const int yb = max(gy - R, 0);
            const int yt = min(gy + BY, ny - 1);
            plane_s[ty][tx + R] = in[pz + (size_t)yb * nx + cx];
            plane_s[ty + BY + R][tx + R] = in[pz + (size_t)yt * nx + cx];
        }
        if (tx < R) {
            const int xl = max(gx - R, 0);
            const int xr = min(gx + BX, nx - 1);
            plane_s[ty + R][tx] = in[pz + (size_t)cy * nx + xl];
            plane_s[ty + R][tx + BX + R] = in[pz + (size_t)cy * nx + xr];
        }
        plane_s[ty + R][tx + R] = current;
        __syncthreads();

        const int zc = z + 1;
        if (active && zc >= R) {
            float v = c_coef3d[0] * current;
#pragma unroll
            for (int r = 1; r <= R; ++r) {
                v = fmaf(c_coef3d[r], infront[r - 1] + behind[r - 1], v);
                v = fmaf(c_coef3d[r], plane_s[ty + R - r][tx + R] + plane_s[ty + R + r][tx + R], v);
                v = fmaf(c_coef3d[r], plane_s[ty + R][tx + R - r] + plane_s[ty + R][tx + R + r], v);
            }
            out[(size_t)zc * stride + (size_t)gy * nx + gx] = v;
        }
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil3d_r4_zstream(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz)
{
    stencil3d_stream<4>(in, out, nx, ny, nz);
}

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil3d_r2_zstream(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz)
{
    stencil3d_stream<2>(in, out, nx, ny, nz);
}
