package dev.regtune.space.controls;

import dev.regtune.space.controls.PtxasControl.SweptAs;
import java.util.List;
import java.util.Optional;

/**
 * The catalogue of ptxas's public controls RegTune sweeps on the real compiler, checked against
 * {@code ptxas --help} of ptxas 13.0.88 (CUDA 13.0) and, where the help gives no range, against
 * what that ptxas accepts: it rejects {@code --def-load-cache wb} ("Invalid default cache modifier on
 * load specified") and ignores {@code --register-usage-level 11} with a warning. Names, options,
 * ranges and defaults live here only; the space spec reader, the evaluator and the exported
 * command lines take them from this list.
 */
public final class PtxasControls {
    /** {@code -maxrregcount}: swept as the register budget dimension, 0 meaning the option is absent. */
    public static final PtxasControl MAXRREGCOUNT = new PtxasControl("maxrregcount", "-maxrregcount", ControlType.INT,
            0, 255, List.of(), "0", "The most registers a function may use (values below the architecture's ABI "
            + "minimum, 24 on sm_90, are raised to it); 0 leaves the option out, so no limit; takes precedence "
            + "over --maxntid and --minnctapersm.", SweptAs.REGISTER_BUDGET);
    public static final PtxasControl REGISTER_USAGE_LEVEL = new PtxasControl("register-usage-level",
            "--register-usage-level", ControlType.INT, 0, 10, List.of(), "5", "How aggressively optimizations may "
            + "trade registers for speed: higher values allow more registers, lower values inhibit optimizations "
            + "that raise register usage (a beta feature; out-of-range values are ignored with a warning).",
            SweptAs.CONTROL);
    public static final PtxasControl OPT_LEVEL = new PtxasControl("opt-level", "--opt-level", ControlType.INT, 0, 3,
            List.of(), "3", "The optimization level, -O (-O0 keeps values in far more registers: 55 instead of 25 for "
            + "black_scholes_x2 on sm_90).", SweptAs.CONTROL);
    public static final PtxasControl OFAST_COMPILE = new PtxasControl("Ofast-compile", "--Ofast-compile",
            ControlType.CHOICE, 0, 0, List.of("0", "min", "mid", "max"), "0", "Trades runtime performance for "
            + "compilation speed by disabling optimizations: min a few expensive ones, mid the expensive ones, "
            + "max many; 0 disables fast compilation.", SweptAs.CONTROL);
    public static final PtxasControl ALLOW_EXPENSIVE_OPTIMIZATIONS = new PtxasControl(
            "allow-expensive-optimizations", "--allow-expensive-optimizations", ControlType.BOOL, 0, 0, List.of(),
            "", "Allows optimizations that use the most memory and compile time; when absent, on at -O2 and "
            + "above.", SweptAs.CONTROL);
    public static final PtxasControl FMAD = new PtxasControl("fmad", "--fmad", ControlType.BOOL, 0, 0, List.of(),
            "true", "Contracts floating-point multiplies and adds into FMAD, FFMA or DFMA.", SweptAs.CONTROL);
    public static final PtxasControl EXTENSIBLE_WHOLE_PROGRAM = new PtxasControl("extensible-whole-program",
            "--extensible-whole-program", ControlType.FLAG, 0, 0, List.of(), "false", "Compiles in extensible "
            + "whole-program mode; it applies to whole-program compilation, which is how the evaluator compiles.",
            SweptAs.CONTROL);
    public static final PtxasControl DEF_LOAD_CACHE = new PtxasControl("def-load-cache", "--def-load-cache",
            ControlType.CHOICE, 0, 0, List.of("ca", "cg", "cs", "lu", "cv"), "ca", "The cache operator of global "
            + "and generic loads that name none (PTX ld.ca, ld.cg, ld.cs, ld.lu, ld.cv).", SweptAs.CONTROL);
    public static final PtxasControl DEF_STORE_CACHE = new PtxasControl("def-store-cache", "--def-store-cache",
            ControlType.CHOICE, 0, 0, List.of("wb", "cg", "cs", "wt"), "wb", "The cache operator of global and "
            + "generic stores that name none (PTX st.wb, st.cg, st.cs, st.wt).", SweptAs.CONTROL);
    public static final PtxasControl DEVICE_FUNCTION_MAXRREGCOUNT = new PtxasControl("device-function-maxrregcount",
            "--device-function-maxrregcount", ControlType.INT, 1, 255, List.of(), "", "The most registers a device "
            + "function may use under --compile-only; ptxas ignores it, with a warning, in whole-program "
            + "compilation (how the evaluator compiles), so sweeping it there changes nothing.", SweptAs.CONTROL);
    /** {@code --maxntid}: swept as the threads of the launch bounds dimension. */
    public static final PtxasControl MAXNTID = new PtxasControl("maxntid", "--maxntid", ControlType.INT, 1, 1024,
            List.of(), "", "The most threads per block, as PTX .maxntid (__launch_bounds__'s first argument); "
            + "ignored when -maxrregcount is given.", SweptAs.LAUNCH_BOUNDS);
    /** {@code --minnctapersm}: swept as the blocks of the launch bounds dimension. */
    public static final PtxasControl MINNCTAPERSM = new PtxasControl("minnctapersm", "--minnctapersm",
            ControlType.INT, 1, 32, List.of(), "", "The fewest blocks that must fit on one SM at once, as PTX "
            + ".minnctapersm (__launch_bounds__'s second argument); ignored when -maxrregcount is given.",
            SweptAs.LAUNCH_BOUNDS);
    /** {@code --override-directive-values}: given with every launch bounds value, which replace the kernel's own. */
    public static final PtxasControl OVERRIDE_DIRECTIVE_VALUES = new PtxasControl("override-directive-values",
            "--override-directive-values", ControlType.FLAG, 0, 0, List.of(), "false", "Makes --maxntid, "
            + "--minnctapersm and -maxrregcount override the kernel's own .maxntid, .minnctapersm and .maxnreg "
            + "directives instead of yielding to them.", SweptAs.LAUNCH_BOUNDS);

    private static final List<PtxasControl> ALL = List.of(MAXRREGCOUNT, REGISTER_USAGE_LEVEL, OPT_LEVEL,
            OFAST_COMPILE, ALLOW_EXPENSIVE_OPTIMIZATIONS, FMAD, EXTENSIBLE_WHOLE_PROGRAM, DEF_LOAD_CACHE,
            DEF_STORE_CACHE, DEVICE_FUNCTION_MAXRREGCOUNT, MAXNTID, MINNCTAPERSM, OVERRIDE_DIRECTIVE_VALUES);

    private PtxasControls() {
    }

    /** Every control, in catalogue order. */
    public static List<PtxasControl> all() {
        return ALL;
    }

    /**
     * The control named {@code name}: its name ("fmad"), its option ("--fmad", or "-O" for opt-level) or its column
     * ("ptxas_fmad").
     */
    public static Optional<PtxasControl> byName(String name) {
        String n = name.strip();
        for (PtxasControl c : ALL) {
            if (c.name().equals(n) || c.option().equals(n) || c.column().equals(n) || ("--" + c.name()).equals(n)
                    || (c == OPT_LEVEL && n.equals("-O"))) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Whether {@code dimension} names a control's dimension ({@code ptxas_...}). */
    public static boolean isControlDimension(String dimension) {
        return dimension.startsWith(PtxasControl.PREFIX);
    }
}
