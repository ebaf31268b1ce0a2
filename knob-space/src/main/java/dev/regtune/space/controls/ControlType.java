package dev.regtune.space.controls;

/**
 * How a ptxas control takes its value on the command line.
 */
public enum ControlType {
    /** An integer argument: {@code --register-usage-level 3}. */
    INT,
    /** A {@code true|false} argument: {@code --fmad false}. */
    BOOL,
    /** An option without argument, present or absent: {@code --extensible-whole-program}; values true and false. */
    FLAG,
    /** One of a few named arguments: {@code --Ofast-compile mid}. */
    CHOICE
}
