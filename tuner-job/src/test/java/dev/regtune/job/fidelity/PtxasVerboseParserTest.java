package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PtxasVerboseParserTest {
    private static final String LOG = """
            ptxas info    : 0 bytes gmem
            ptxas info    : Compiling entry function 'path_shade_calls' for 'sm_90'
            ptxas info    : Function properties for path_shade_calls
                8 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads
            ptxas info    : Used 42 registers, used 0 barriers, 8 bytes cumulative stack size
            ptxas info    : Compile time = 12.5 ms
            ptxas info    : Function properties for _Z9eval_brdf
                0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
            ptxas info    : Compiling entry function 'saxpy' for 'sm_90'
            ptxas info    : Function properties for saxpy
                0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
            ptxas info    : Used 10 registers, used 0 barriers, 380 bytes cmem[0]
            ptxas info    : Function properties for _Z9eval_brdf
                0 bytes stack frame, 72 bytes spill stores, 40 bytes spill loads
            """;

    @Test
    void readsEntriesAndFunctionsInOrder() {
        List<PtxasMeasurement> m = PtxasVerboseParser.parse(LOG);
        assertEquals(3, m.size());
        assertEquals(new PtxasMeasurement("path_shade_calls", true, 42, 8, 12, 8), m.get(0));
        // A .func reported under two entries keeps the largest figures and has no register count.
        assertEquals(new PtxasMeasurement("_Z9eval_brdf", false, -1, 72, 40, 0), m.get(1));
        assertEquals(new PtxasMeasurement("saxpy", true, 10, 0, 0, 0), m.get(2));
    }

    @Test
    void emptyOutputHasNoFunction() {
        assertEquals(List.of(), PtxasVerboseParser.parse("ptxas fatal   : Unresolved extern function 'f'\n"));
    }
}
