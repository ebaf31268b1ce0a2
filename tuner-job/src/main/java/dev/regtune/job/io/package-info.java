/**
 * How {@code regtune} words a failed file-system operation: one sentence naming the path, what
 * was being done and why it failed in plain words ("permission denied", "not a directory", "no
 * such file or folder"), instead of a Java exception's bare path or class name.
 *
 * <p>Nothing here reads or writes files itself, and nothing here knows about PTX or Spark.
 */
package dev.regtune.job.io;
