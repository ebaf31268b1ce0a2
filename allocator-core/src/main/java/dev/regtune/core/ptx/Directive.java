package dev.regtune.core.ptx;

/** The dot-directives the front end understands (types are {@link PtxType}). */
enum Directive {
    VERSION(".version"), TARGET(".target"), ADDRESS_SIZE(".address_size"), FILE(".file"), LOC(".loc"),
    SECTION(".section"), PRAGMA(".pragma"), ALIAS(".alias"),
    EXTERN(".extern"), VISIBLE(".visible"), WEAK(".weak"), COMMON(".common"),
    ENTRY(".entry"), FUNC(".func"),
    GLOBAL(".global"), CONST(".const"), SHARED(".shared"), LOCAL(".local"), PARAM(".param"), TEX(".tex"),
    REG(".reg"),
    MAXNTID(".maxntid"), REQNTID(".reqntid"), MINNCTAPERSM(".minnctapersm"), MAXNCTAPERSM(".maxnctapersm"),
    MAXNREG(".maxnreg"), MAXCLUSTERRANK(".maxclusterrank"), REQNCTAPERCLUSTER(".reqnctapercluster"),
    EXPLICITCLUSTER(".explicitcluster"), NORETURN(".noreturn"), BLOCKSARECLUSTERS(".blocksareclusters"),
    ABI_PRESERVE(".abi_preserve"), ABI_PRESERVE_CONTROL(".abi_preserve_control"),
    CALLPROTOTYPE(".callprototype"), CALLTARGETS(".calltargets"), BRANCHTARGETS(".branchtargets"),
    ALIGN(".align"), PTR(".ptr"), ATTRIBUTE(".attribute"), V2(".v2"), V4(".v4"), V8(".v8");

    final String spelling;

    Directive(String spelling) {
        this.spelling = spelling;
    }

    /** Whether this is a state space that may start a variable declaration. */
    boolean isVariableSpace() {
        return this == GLOBAL || this == CONST || this == SHARED || this == LOCAL || this == TEX;
    }

    /** Whether this is a performance-tuning directive between a signature and its body. */
    boolean isPerformanceDirective() {
        return switch (this) {
            case MAXNTID, REQNTID, MINNCTAPERSM, MAXNCTAPERSM, MAXNREG, MAXCLUSTERRANK, REQNCTAPERCLUSTER,
                    EXPLICITCLUSTER, NORETURN, BLOCKSARECLUSTERS, ABI_PRESERVE, ABI_PRESERVE_CONTROL, PRAGMA -> true;
            default -> false;
        };
    }
}
