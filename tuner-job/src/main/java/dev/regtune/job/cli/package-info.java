/**
 * The {@code regtune} command line: one small Picocli command class per sub-command, the options
 * shared between them, and the mapping of failures to exit codes and one-sentence messages.
 *
 * <p>Exit codes: 0 success; 1 the work itself failed (an allocation did not verify, nothing could
 * be compared, an unexpected exception); 2 a usage error (bad option, unreadable file, unknown
 * knob or architecture, no ground truth). Commands check their arguments before doing any work,
 * so a usage error never leaves half a report behind.
 *
 * <p>Commands only parse arguments, call the harness packages and print; they must not contain
 * allocation logic, metric formulas or file-format parsing.
 */
package dev.regtune.job.cli;
