// Sparse matrix-vector product y = A x with A in CSR format.
//  * spmv_csr_scalar_f32: one thread per row.
//  * spmv_csr_vector_f64: one warp per row (double precision), lanes stride over the
//    row's non-zeros, shuffle reduction; y = alpha * A x + beta * y.

extern "C" __global__ void spmv_csr_scalar_f32(int nrows, const int* __restrict__ rowptr,
                                               const int* __restrict__ colidx,
                                               const float* __restrict__ val,
                                               const float* __restrict__ x, float* __restrict__ y)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= nrows) return;
    float sum = 0.0f;
    const int end = rowptr[row + 1];
    for (int j = rowptr[row]; j < end; ++j)
        sum = fmaf(val[j], __ldg(x + colidx[j]), sum);
    y[row] = sum;
}

extern "C" __global__ void spmv_csr_vector_f64(int nrows, const int* __restrict__ rowptr,
                                               const int* __restrict__ colidx,
                                               const double* __restrict__ val,
                                               const double* __restrict__ x, double* __restrict__ y,
                                               double alpha, double beta)
{
    const int lane = threadIdx.x & 31;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (row >= nrows) return;
    const int begin = rowptr[row];
    const int end = rowptr[row + 1];
    double sum = 0.0;
    for (int j = begin + lane; j < end; j += 32)
        sum = fma(val[j], __ldg(x + colidx[j]), sum);
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, off);
    if (lane == 0)
        y[row] = alpha * sum + (beta != 0.0 ? beta * y[row] : 0.0);
}
