// Pointer chasing through linked structures (latency-bound, 64-bit pointers live in
// register pairs).
//  * pointer_chase_list: follows one singly linked list per thread, summing payloads.
//  * pointer_chase_multi8: eight independent lists interleaved per thread to expose
//    memory-level parallelism (eight live 64-bit cursors).

struct Node {
    Node* next;
    float payload;
    int key;
};

extern "C" __global__ void pointer_chase_list(Node* const* __restrict__ heads, int steps, float* __restrict__ out,
                                              int* __restrict__ last_key)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const Node* p = heads[t];
    float sum = 0.0f;
    int key = -1;
    for (int s = 0; s < steps && p != nullptr; ++s) {
        sum += p->payload;
        key = p->key;
        p = p->next;
    }
    out[t] = sum;
    last_key[t] = key;
}

extern "C" __global__ void pointer_chase_multi8(Node* const* __restrict__ heads, int steps, float* __restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const Node* p[8];
    float sum[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        p[k] = heads[(size_t)t * 8 + k];
        sum[k] = 0.0f;
    }
    for (int s = 0; s < steps; ++s) {
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            if (p[k] != nullptr) {
                sum[k] = fmaf(sum[k], 0.5f, p[k]->payload);
                p[k] = p[k]->next;
            }
        }
    }
    float total = 0.0f;
#pragma unroll
    for (int k = 0; k < 8; ++k)
        total += sum[k];
    out[t] = total;
}
