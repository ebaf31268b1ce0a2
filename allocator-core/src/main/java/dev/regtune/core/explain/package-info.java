/**
 * What an allocation tells about itself: {@link dev.regtune.core.explain.AllocationEvent}, one
 * record per decision (budget and occupancy reasoning, uniform placement, each fat-point attempt
 * per class, spill guidance's picks and why, the feasibility gate, the best-result recorder, the
 * fallback, Briggs rounds, where spills went, how the register count was reached), delivered to an
 * {@link dev.regtune.core.explain.AllocationListener}; {@link
 * dev.regtune.core.explain.ExplanationRecorder} keeps them and {@link
 * dev.regtune.core.explain.ExplanationText} renders them as the page {@code regtune allocate
 * --explain} prints.
 *
 * <p>Events are values only; this package must not depend on any stage, and listening must never
 * change a result.
 */
package dev.regtune.core.explain;
