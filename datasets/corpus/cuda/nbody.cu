// All-pairs gravitational n-body force/velocity update (GPU Gems 3 ch. 31 style).
// Positions (xyz, w = mass) are staged through shared memory one tile at a time; each
// thread integrates two bodies so that two accelerations and two positions stay live.

#define NB_TILE 256

__device__ __forceinline__ float3 body_interaction(float4 bi, float4 bj, float3 ai, float eps2)
{
    const float rx = bj.x - bi.x;
    const float ry = bj.y - bi.y;
    const float rz = bj.z - bi.z;
    const float d2 = fmaf(rx, rx, fmaf(ry, ry, fmaf(rz, rz, eps2)));
    const float inv = rsqrtf(d2);
    const float s = bj.w * inv * inv * inv;
    ai.x = fmaf(rx, s, ai.x);
    ai.y = fmaf(ry, s, ai.y);
    ai.z = fmaf(rz, s, ai.z);
    return ai;
}

extern "C" __global__ void __launch_bounds__(NB_TILE)
nbody_step_2body(const float4* __restrict__ pos, float4* __restrict__ vel, float4* __restrict__ new_pos,
                 int n, float dt, float eps2, float damping)
{
    __shared__ float4 tile[NB_TILE];
    const int i0 = blockIdx.x * (2 * NB_TILE) + threadIdx.x;
    const int i1 = i0 + NB_TILE;
    const float4 p0 = i0 < n ? pos[i0] : make_float4(0.f, 0.f, 0.f, 0.f);
    const float4 p1 = i1 < n ? pos[i1] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a0 = make_float3(0.f, 0.f, 0.f);
    float3 a1 = make_float3(0.f, 0.f, 0.f);

    for (int base = 0; base < n; base += NB_TILE) {
        const int j = base + threadIdx.x;
        tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);   // mass 0 => no force
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < NB_TILE; ++k) {
            const float4 bj = tile[k];
            a0 = body_interaction(p0, bj, a0, eps2);
            a1 = body_interaction(p1, bj, a1, eps2);
        }
        __syncthreads();
    }

    if (i0 < n) {
        float4 v = vel[i0];
        v.x = (v.x + a0.x * dt) * damping;
        v.y = (v.y + a0.y * dt) * damping;
        v.z = (v.z + a0.z * dt) * damping;
        vel[i0] = v;
        new_pos[i0] = make_float4(p0.x + v.x * dt, p0.y + v.y * dt, p0.z + v.z * dt, p0.w);
    }
    if (i1 < n) {
        float4 v = vel[i1];
        v.x = (v.x + a1.x * dt) * damping;
        v.y = (v.y + a1.y * dt) * damping;
        v.z = (v.z + a1.z * dt) * damping;
        vel[i1] = v;
        new_pos[i1] = make_float4(p1.x + v.x * dt, p1.y + v.y * dt, p1.z + v.z * dt, p1.w);
    }
}
