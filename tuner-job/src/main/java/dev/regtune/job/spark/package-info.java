/**
 * Spark plumbing shared by the commands that run on Spark (sweep, select, report): how a session
 * is obtained in embedded local mode or under {@code spark-submit}, with the {@code --conf} settings
 * of the command line, and quiet logging for the console; and the {@code file:} file system of the
 * sessions started here ({@link dev.regtune.job.spark.ForklessLocalFileSystem}), which sets file
 * modes without starting {@code chmod}. No evaluation, selection or report logic.
 */
package dev.regtune.job.spark;
