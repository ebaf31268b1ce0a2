package dev.regtune.core.lower;

/** How an opcode spelling is reduced to the construct the lowering table keys. */
final class Constructs {
    private Constructs() {
    }

    /**
     * {@code opcode} without the modifiers that do not change the SASS sequence's registers:
     * {@code .ftz} (flush to zero) and {@code .sat} (saturation).
     */
    static String key(String opcode) {
        if (opcode.indexOf(".ftz") < 0 && opcode.indexOf(".sat") < 0) {
            return opcode;
        }
        StringBuilder out = new StringBuilder(opcode.length());
        for (String segment : opcode.split("\\.", -1)) {
            if (segment.equals("ftz") || segment.equals("sat")) {
                continue;
            }
            if (out.length() > 0) {
                out.append('.');
            }
            out.append(segment);
        }
        return out.toString();
    }
}
