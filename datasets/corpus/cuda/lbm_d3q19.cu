// Lattice Boltzmann D3Q19 BGK collide-and-stream (pull scheme, structure-of-arrays
// distributions f[q * ncells + cell], periodic boundaries, solid-cell bounce-back).
// All 19 populations, the density and the velocity are live in registers at once.

#define Q 19

extern "C" __global__ void __launch_bounds__(128, 8)
lbm_d3q19_bgk(const float* __restrict__ fin, float* __restrict__ fout, const unsigned char* __restrict__ solid,
              int nx, int ny, int nz, float omega, float gx)
{
    // compile-time copies of the lattice (the loops below are fully unrolled)
    const int ex[Q] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
    const int ey[Q] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
    const int ez[Q] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};
    const int opp[Q] = {0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15, 18, 17};
    const float w0 = 1.f / 3.f, w1 = 1.f / 18.f, w2 = 1.f / 36.f;

    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y;
    const int z = blockIdx.z;
    if (x >= nx) return;
    const size_t ncells = (size_t)nx * ny * nz;
    const size_t cell = ((size_t)z * ny + y) * nx + x;

    float f[Q];
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        int sx = x - ex[q], sy = y - ey[q], sz = z - ez[q];
        sx = sx < 0 ? sx + nx : (sx >= nx ? sx - nx : sx);
        sy = sy < 0 ? sy + ny : (sy >= ny ? sy - ny : sy);
        sz = sz < 0 ? sz + nz : (sz >= nz ? sz - nz : sz);
        f[q] = fin[(size_t)q * ncells + ((size_t)sz * ny + sy) * nx + sx];
    }

    if (solid[cell]) {
#pragma unroll
        for (int q = 0; q < Q; ++q)
            fout[(size_t)opp[q] * ncells + cell] = f[q];
        return;
    }

    float rho = 0.f, ux = 0.f, uy = 0.f, uz = 0.f;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        rho += f[q];
        ux += ex[q] * f[q];
        uy += ey[q] * f[q];
        uz += ez[q] * f[q];
    }
    const float inv = 1.f / rho;
    ux = ux * inv + gx / omega;
    uy *= inv;
    uz *= inv;
    const float usq = 1.5f * (ux * ux + uy * uy + uz * uz);

#pragma unroll
    for (int q = 0; q < Q; ++q) {
        const float w = q == 0 ? w0 : (q < 7 ? w1 : w2);
        const float eu = 3.f * (ex[q] * ux + ey[q] * uy + ez[q] * uz);
        const float feq = w * rho * (1.f + eu + 0.5f * eu * eu - usq);
        fout[(size_t)q * ncells + cell] = f[q] + omega * (feq - f[q]);
    }
}
