#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
extern "C" __global__ void mathk(double* d, float* f, int* i, __nv_bfloat16* b) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  d[t] = sin(d[t]) + exp(d[t+1]) + pow(d[t+2], 1.5) + lgamma(d[t+3]);
  f[t] = erff(f[t]) + tanhf(f[t+1]) + __fdividef(f[t], f[t+2]) + atan2f(f[t+3], f[t+4]);
  i[t] = fact(i[t]) + __brev(i[t+1]) + __clz(i[t+2]) + __byte_perm(i[t], i[t+1], 0x5410) + __funnelshift_l(i[t], i[t+1], 5);
  b[t] = __hmul(b[t], b[t+1]);
  __nanosleep(100);
  __syncwarp();
}
extern "C" __global__ void gridk(int* p) {
  cg::grid_group g = cg::this_grid();
  p[threadIdx.x] += 1;
  g.sync();
  p[threadIdx.x] += p[threadIdx.x + 1];
}
extern "C" __global__ void barrierk(const int4* in, int4* out) {
  __shared__ int4 sm[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&sm[threadIdx.x], &in[threadIdx.x], sizeof(int4), bar);
  bar.arrive_and_wait();
  out[threadIdx.x] = sm[255 - threadIdx.x];
}
extern "C" __global__ void wgmmak(float* out, unsigned long long da, unsigned long long db) {
  float d0=0,d1=0,d2=0,d3=0;
  asm volatile("wgmma.fence.sync.aligned;");
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %8, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
    : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3) : "l"(da), "l"(db), "n"(1), "n"(1), "r"(1));
  asm volatile("wgmma.commit_group.sync.aligned;");
  asm volatile("wgmma.wait_group.sync.aligned 0;");
  out[threadIdx.x] = d0 + d1 + d2 + d3;
}
