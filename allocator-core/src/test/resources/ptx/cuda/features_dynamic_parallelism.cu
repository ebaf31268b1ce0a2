__global__ void child(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2; }
__global__ void parent(float* x, int n) { if (threadIdx.x == 0) { child<<<(n + 255) / 256, 256>>>(x, n); } }
extern __device__ float ext_fn(float);
__device__ __attribute__((weak)) float weak_fn(float a) { return a + 1; }
__global__ void usesext(float* x) { x[threadIdx.x] = ext_fn(x[threadIdx.x]) + weak_fn(x[threadIdx.x]); }
