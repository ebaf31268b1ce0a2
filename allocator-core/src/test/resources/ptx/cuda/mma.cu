#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;
extern "C" __global__ void wmma_k(const half* a, const half* b, float* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
extern "C" __global__ void mma_k(const unsigned* a, float* c) {
  __shared__ unsigned short sm[16*16];
  sm[threadIdx.x] = a[threadIdx.x]; __syncthreads();
  unsigned r0, r1, r2, r3;
  unsigned addr = (unsigned)__cvta_generic_to_shared(&sm[(threadIdx.x % 16) * 16]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0),"=r"(r1),"=r"(r2),"=r"(r3) : "r"(addr));
  float d0=0,d1=0,d2=0,d3=0; unsigned b0 = a[1], b1 = a[2];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
    : "=f"(d0),"=f"(d1),"=f"(d2),"=f"(d3) : "r"(r0),"r"(r1),"r"(r2),"r"(r3),"r"(b0),"r"(b1),"f"(d0),"f"(d1),"f"(d2),"f"(d3));
  c[threadIdx.x*4+0]=d0; c[threadIdx.x*4+1]=d1; c[threadIdx.x*4+2]=d2; c[threadIdx.x*4+3]=d3;
}
