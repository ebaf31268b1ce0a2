/**
 * Plain-text presentation shared by the commands: aligned tables and number formatting that does
 * not depend on the default locale.
 *
 * <p>Presentation only: no computation of the figures it prints.
 */
package dev.regtune.job.report;
