#include <cuda_pipeline.h>
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
extern "C" __global__ void __cluster_dims__(2,1,1) __maxnreg__(64) clus(float* p, cudaTextureObject_t t, cudaSurfaceObject_t s) {
  cg::cluster_group c = cg::this_cluster();
  float v = tex2D<float>(t, p[0], p[1]);
  float w; surf2Dread(&w, s, 4, 5);
  __shared__ float sm[64];
  sm[threadIdx.x] = v + w;
  c.sync();
  float* r = c.map_shared_rank(sm, 1);
  p[threadIdx.x] = r[threadIdx.x] + __reduce_add_sync(0xffffffff, (int)v) + __match_any_sync(0xffffffff, (int)w);
  printf("hi %d %f\n", threadIdx.x, (double)v);
  if (p[3] > 2) __trap();
  if (p[4] > 2) asm volatile("exit;");
}
extern "C" __global__ void asyncc(const float4* g, float4* o) {
  __shared__ float4 sm[128];
  __pipeline_memcpy_async(&sm[threadIdx.x], &g[threadIdx.x], 16);
  __pipeline_commit(); __pipeline_wait_prior(0);
  o[threadIdx.x] = sm[127 - threadIdx.x];
  unsigned long long x = atomicCAS((unsigned long long*)o, 1ull, 2ull);
  double d = __longlong_as_double(x) ; o[1].x = (float)(d*d);
  __half2 h = __floats2half2_rn(1.0f, 2.0f); h = __hfma2(h,h,h); o[2].y = __low2float(h);
}
