/**
 * The small expression language of space specs: conditions ({@code "when": "RegAllocSmemSpilling == true"})
 * and constraints ({@code "RegAllocBudgetCoeffA <= RegAllocBudgetCoeffB"}).
 *
 * <p>A hand-written recursive-descent parser (no script engine: specs are data, and a spec must
 * not be able to run code) turns the text into a typed tree. Grammar, loosest first:
 * <pre>
 * or      := and ('||' and)*
 * and     := compare ('&amp;&amp;' compare)*
 * compare := sum (('&lt;' | '&lt;=' | '&gt;' | '&gt;=' | '==' | '!=') sum)?
 * sum     := product (('+' | '-') product)*
 * product := unary (('*' | '/') unary)*
 * unary   := ('-' | '!') unary | primary
 * primary := NUMBER | 'true' | 'false' | NAME | '(' or ')'
 * </pre>
 * Two types, number and boolean, are checked while parsing, so a mistyped expression fails with
 * the column of the offending operator, never at sampling time. Names are resolved by the caller
 * (a {@link dev.regtune.space.expr.ExpressionParser.Resolver}) to slots of a {@code double[]}
 * environment, in which booleans are 0 and 1; evaluation allocates nothing. Arithmetic is IEEE
 * double arithmetic: a division by zero gives an infinity or NaN, and every comparison with NaN is
 * false, so such a point violates its constraint.
 *
 * <p>This package knows nothing about knobs or specs.
 */
package dev.regtune.space.expr;
