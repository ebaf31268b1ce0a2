package dev.regtune.job.sweep;

import java.io.Serializable;

/**
 * One kernel of a sweep as shipped to executors: its identity and the index of its PTX module in
 * the {@link KernelCatalog}.
 *
 * @param id the kernel id (content hash of the entry's PTX and architecture)
 * @param name the entry's name in its module
 * @param source the PTX file or generator spec it came from
 * @param family the kernel family
 * @param arch the architecture it is allocated for
 * @param module index of its module text in {@link KernelCatalog#module(int)}
 */
public record SweepKernel(String id, String name, String source, String family, String arch, int module)
        implements Serializable {
    private static final long serialVersionUID = 1L;
}
