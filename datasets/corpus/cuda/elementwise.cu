// Tiny memory-bound element-wise kernels (register-light baselines).
//  * saxpy: y = a * x + y.
//  * vec_add_relu_f4: c = max(a + b, 0) with float4 vector accesses, grid-stride loop.

extern "C" __global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void vec_add_relu_f4(const float4* __restrict__ a, const float4* __restrict__ b,
                                           float4* __restrict__ c, int n4)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        const float4 u = a[i], v = b[i];
        c[i] = make_float4(fmaxf(u.x + v.x, 0.f), fmaxf(u.y + v.y, 0.f),
                           fmaxf(u.z + v.z, 0.f), fmaxf(u.w + v.w, 0.f));
    }
}
