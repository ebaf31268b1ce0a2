/**
 * Synthetic kernel families: seeded, deterministic generators of PTX in the shape nvcc emits
 * ({@code ld.param}, {@code cvta.to.global}, {@code %tid}/{@code %ctaid} index math,
 * {@code mul.wide}, loads and stores, {@code setp}/{@code @%p bra}, labels), so that the same
 * kernel can be given to the real ptxas and to the model.
 *
 * <h2>Vocabulary</h2>
 * A {@link dev.regtune.datasets.synthetic.KernelFamily} (one small class per family, catalogued by
 * {@link dev.regtune.datasets.synthetic.SyntheticFamilies}) has integer
 * {@link dev.regtune.datasets.synthetic.FamilyParameter}s with ranges, one of which is its
 * <em>pressure parameter</em>: raising it raises the number of values live at once. A
 * {@link dev.regtune.datasets.synthetic.SyntheticSpec} ({@code accumulators:n=64,instructions=2000})
 * names a family, some parameter values, a target instruction count and an architecture;
 * {@code generate(spec, seed)} turns it into a {@link dev.regtune.datasets.synthetic.SyntheticKernel}.
 * A {@link dev.regtune.datasets.synthetic.SyntheticSeries} draws the parameters a spec leaves open
 * per index from a seed, for corpora of many kernels generated one at a time.
 *
 * <h2>Size</h2>
 * The target instruction count (10 to 1,000,000 PTX instructions) is met by the number of
 * <em>units</em> a family repeats (unrolled steps, k-steps, regions), spread over
 * about sqrt(units)/2 sequential loops so that large kernels have loops of realistic size rather
 * than one enormous body. The count is found by generating without text (counting only) and
 * correcting the unit count until the kernel is within 5% of the target where the unit size
 * allows, and always within 20%. When even one unit of the full shape is too large (tiny targets),
 * a family falls back to its <em>compact</em> shape: one pointer parameter, thread index only, no
 * loops and no {@code cvta}. A target no shape can meet is an error naming the smallest size the
 * parameters allow.
 *
 * <h2>Determinism</h2>
 * Same family, parameters, target, architecture, seed and kernel name give byte-identical PTX on
 * every JVM: randomness is a SplitMix64 stream of our own ({@code SeededRandom}), never
 * {@code Math.random}, hash order or the clock; the text contains no date or host.
 *
 * <p>Every family emits only what the RegTune PTX front end parses and what ptxas 13.0 accepts for
 * {@code .version 8.0} on sm_75 to sm_90 (sm_80 and up for {@code mma}); the tests check both.
 *
 * <p>This package must not contain allocation logic or Spark code, and must not call ptxas.
 */
package dev.regtune.datasets.synthetic;
