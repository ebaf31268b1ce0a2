/**
 * Text helpers shared by the modules' error messages, such as the "did you mean" suggestion for a
 * mistyped name. No allocation logic.
 */
package dev.regtune.core.text;
