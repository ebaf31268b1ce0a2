#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;
__global__ void wmma_all(const half* a, const half* b, float* c, const __nv_bfloat16* ab, const double* ad, double* cd, const signed char* ai, int* ci, const float* tf, const unsigned* b1, int* c1) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa; wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb; wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.f); wmma::load_matrix_sync(fa, a, 16); wmma::load_matrix_sync(fb, b, 16); wmma::mma_sync(fc, fa, fb, fc); wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 32, 8, 16, __nv_bfloat16, wmma::row_major> ba; wmma::fragment<wmma::matrix_b, 32, 8, 16, __nv_bfloat16, wmma::row_major> bb; wmma::fragment<wmma::accumulator, 32, 8, 16, float> bc;
  wmma::fill_fragment(bc, 1.f); wmma::load_matrix_sync(ba, ab, 16); wmma::load_matrix_sync(bb, ab + 512, 8); wmma::mma_sync(bc, ba, bb, bc); wmma::store_matrix_sync(c + 256, bc, 8, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> da; wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> db; wmma::fragment<wmma::accumulator, 8, 8, 4, double> dc;
  wmma::fill_fragment(dc, 0.0); wmma::load_matrix_sync(da, ad, 4); wmma::load_matrix_sync(db, ad + 32, 4); wmma::mma_sync(dc, da, db, dc); wmma::store_matrix_sync(cd, dc, 8, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> ia; wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> ib; wmma::fragment<wmma::accumulator, 16, 16, 16, int> ic;
  wmma::fill_fragment(ic, 0); wmma::load_matrix_sync(ia, ai, 16); wmma::load_matrix_sync(ib, ai + 256, 16); wmma::mma_sync(ic, ia, ib, ic, true); wmma::store_matrix_sync(ci, ic, 16, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> ta; wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> tb; wmma::fragment<wmma::accumulator, 16, 16, 8, float> tc;
  wmma::fill_fragment(tc, 0.f); wmma::load_matrix_sync(ta, tf, 8); wmma::load_matrix_sync(tb, tf + 128, 8);
  for (int k = 0; k < ta.num_elements; k++) ta.x[k] = wmma::__float_to_tf32(ta.x[k]);
  wmma::mma_sync(tc, ta, tb, tc); wmma::store_matrix_sync(c + 512, tc, 16, wmma::mem_col_major);
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> xa; wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> xb; wmma::fragment<wmma::accumulator, 8, 8, 128, int> xc;
  wmma::fill_fragment(xc, 0); wmma::load_matrix_sync(xa, b1, 128); wmma::load_matrix_sync(xb, b1 + 32, 128); wmma::bmma_sync(xc, xa, xb, xc, wmma::experimental::bmmaBitOpAND); wmma::store_matrix_sync(c1, xc, 8, wmma::mem_row_major);
}
