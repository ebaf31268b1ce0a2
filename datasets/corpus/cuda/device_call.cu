// Kernels calling __noinline__ __device__ functions (real ABI calls: arguments and return
// values in the calling-convention registers, caller-/callee-saved values live across
// the calls).
//  * path_shade_calls: per-pixel loop calling a non-inlined BRDF evaluation and a
//    non-inlined ray/sphere intersection, with accumulators live across both calls.

struct Hit {
    float t;
    float nx, ny, nz;
    int id;
};

__device__ __noinline__ Hit intersect_spheres(float ox, float oy, float oz, float dx, float dy, float dz,
                                              const float4* __restrict__ spheres, int nsph)
{
    Hit h;
    h.t = 1e30f; h.nx = 0.f; h.ny = 0.f; h.nz = 0.f; h.id = -1;
    for (int s = 0; s < nsph; ++s) {
        const float4 sp = spheres[s];
        const float lx = sp.x - ox, ly = sp.y - oy, lz = sp.z - oz;
        const float b = lx * dx + ly * dy + lz * dz;
        const float c = lx * lx + ly * ly + lz * lz - sp.w * sp.w;
        const float disc = b * b - c;
        if (disc < 0.f) continue;
        const float sq = sqrtf(disc);
        float t = b - sq;
        if (t < 1e-4f) t = b + sq;
        if (t > 1e-4f && t < h.t) {
            h.t = t;
            const float inv = 1.0f / sp.w;
            h.nx = (ox + t * dx - sp.x) * inv;
            h.ny = (oy + t * dy - sp.y) * inv;
            h.nz = (oz + t * dz - sp.z) * inv;
            h.id = s;
        }
    }
    return h;
}

__device__ __noinline__ float3 eval_brdf(float3 n, float3 wi, float3 wo, float3 albedo, float roughness)
{
    const float ndl = fmaxf(n.x * wi.x + n.y * wi.y + n.z * wi.z, 0.f);
    const float ndv = fmaxf(n.x * wo.x + n.y * wo.y + n.z * wo.z, 1e-4f);
    float hx = wi.x + wo.x, hy = wi.y + wo.y, hz = wi.z + wo.z;
    const float hl = rsqrtf(hx * hx + hy * hy + hz * hz + 1e-12f);
    hx *= hl; hy *= hl; hz *= hl;
    const float ndh = fmaxf(n.x * hx + n.y * hy + n.z * hz, 0.f);
    const float a2 = roughness * roughness * roughness * roughness;
    const float dd = ndh * ndh * (a2 - 1.f) + 1.f;
    const float D = a2 / (3.14159265f * dd * dd);
    const float k = (roughness + 1.f) * (roughness + 1.f) * 0.125f;
    const float G = (ndl / (ndl * (1.f - k) + k)) * (ndv / (ndv * (1.f - k) + k));
    const float spec = D * G / (4.f * ndl * ndv + 1e-4f);
    const float diff = 0.318309886f;
    return make_float3((albedo.x * diff + spec) * ndl, (albedo.y * diff + spec) * ndl,
                       (albedo.z * diff + spec) * ndl);
}

extern "C" __global__ void path_shade_calls(const float4* __restrict__ spheres, const float4* __restrict__ albedo,
                                            int nsph, int width, int height, int bounces,
                                            float3 light_dir, float4* __restrict__ image)
{
    const int px = blockIdx.x * blockDim.x + threadIdx.x;
    const int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= width || py >= height) return;
    float ox = 0.f, oy = 0.f, oz = -5.f;
    float dx = (px + 0.5f) / width * 2.f - 1.f;
    float dy = (py + 0.5f) / height * 2.f - 1.f;
    float dz = 1.5f;
    const float il = rsqrtf(dx * dx + dy * dy + dz * dz);
    dx *= il; dy *= il; dz *= il;
    float3 throughput = make_float3(1.f, 1.f, 1.f);
    float3 radiance = make_float3(0.f, 0.f, 0.f);
    int depth = 0;
    for (; depth < bounces; ++depth) {
        const Hit h = intersect_spheres(ox, oy, oz, dx, dy, dz, spheres, nsph);
        if (h.id < 0) {
            const float sky = 0.5f * (dy + 1.f);
            radiance.x += throughput.x * (1.f - 0.5f * sky);
            radiance.y += throughput.y * (1.f - 0.3f * sky);
            radiance.z += throughput.z;
            break;
        }
        const float4 al = albedo[h.id];
        const float3 n = make_float3(h.nx, h.ny, h.nz);
        const float3 wo = make_float3(-dx, -dy, -dz);
        const float3 f = eval_brdf(n, light_dir, wo, make_float3(al.x, al.y, al.z), al.w);
        radiance.x += throughput.x * f.x;
        radiance.y += throughput.y * f.y;
        radiance.z += throughput.z * f.z;
        // mirror bounce
        const float dn = 2.f * (dx * n.x + dy * n.y + dz * n.z);
        ox += h.t * dx; oy += h.t * dy; oz += h.t * dz;
        dx -= dn * n.x; dy -= dn * n.y; dz -= dn * n.z;
        throughput.x *= al.x; throughput.y *= al.y; throughput.z *= al.z;
    }
    image[py * width + px] = make_float4(radiance.x, radiance.y, radiance.z, (float)depth);
}

// Adaptive Simpson quadrature of a parametrised integrand with a recursive __noinline__
// device function (the recursion needs a real call stack: stack frame without spills).
__device__ __noinline__ float integrand(float x, float a, float b)
{
    return __expf(-a * x * x) * __cosf(b * x);
}

__device__ __noinline__ float simpson_rec(float lo, float hi, float flo, float fmid, float fhi, float whole,
                                          float eps, int depth, float a, float b)
{
    const float mid = 0.5f * (lo + hi);
    const float lm = 0.5f * (lo + mid), rm = 0.5f * (mid + hi);
    const float flm = integrand(lm, a, b), frm = integrand(rm, a, b);
    const float left = (mid - lo) / 6.f * (flo + 4.f * flm + fmid);
    const float right = (hi - mid) / 6.f * (fmid + 4.f * frm + fhi);
    const float delta = left + right - whole;
    if (depth <= 0 || fabsf(delta) <= 15.f * eps)
        return left + right + delta / 15.f;
    return simpson_rec(lo, mid, flo, flm, fmid, left, 0.5f * eps, depth - 1, a, b) +
           simpson_rec(mid, hi, fmid, frm, fhi, right, 0.5f * eps, depth - 1, a, b);
}

extern "C" __global__ void adaptive_simpson_recursive(const float2* __restrict__ params, float* __restrict__ result,
                                                      int n, float lo, float hi, float eps, int max_depth)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const float2 p = params[t];
    const float flo = integrand(lo, p.x, p.y);
    const float fhi = integrand(hi, p.x, p.y);
    const float fmid = integrand(0.5f * (lo + hi), p.x, p.y);
    const float whole = (hi - lo) / 6.f * (flo + 4.f * fmid + fhi);
    result[t] = simpson_rec(lo, hi, flo, fmid, fhi, whole, eps, max_depth, p.x, p.y);
}
