/**
 * The small expression language of space specs: conditions ({@code "when": "RegAllocSmemSpilling == true"})
 * and constraints ({@code "RegAllocBudgetCoeffA <= RegAllocBudgetCoeffB"}).
 *
 * <p>A hand-written recursive-descent parser (no script engine: specs are data, and a spec must
 * not be able to run code) turns the text into a typed tree. Grammar, loosest first:
 * <pre>
 * or      := and ('||' and)*
 * and     := compare ('&amp;&amp;' compare)*
 * compare := side (('&lt;' | '&lt;=' | '&gt;' | '&gt;=' | '==' | '!=') side)?
 * side    := sum | QUOTED                      a quoted choice name, 'briggs' or "briggs"
 * sum     := product (('+' | '-') product)*
 * product := unary (('*' | '/') unary)*
 * unary   := ('-' | '!') unary | primary
 * primary := NUMBER | 'true' | 'false' | NAME | '(' or ')'
 * </pre>
 * Three types, number, boolean and choice, are checked while parsing, so a mistyped expression
 * fails with the column of the offending operator, never at sampling time. A choice variable (a
 * categorical knob such as {@code allocator}) compares only with {@code ==} and {@code !=}, to a
 * quoted name of one of its choices ({@code allocator == 'briggs'}; the name is matched ignoring
 * case and checked against the choices while parsing) or to a variable with the same choices; it
 * has no order and no arithmetic. Single quotes spare a JSON spec the escaped {@code \"}.
 *
 * <p>Names are resolved by the caller (a {@link dev.regtune.space.expr.ExpressionParser.Resolver})
 * to slots of a {@code double[]} environment, in which booleans are 0 and 1 and a choice is its
 * index; evaluation allocates nothing. Arithmetic is IEEE double arithmetic: a division by zero
 * gives an infinity or NaN, and every comparison with NaN is false, so such a point violates its
 * constraint.
 *
 * <p>This package knows nothing about knobs or specs: the resolver says which names are choice
 * variables and what their choices are.
 */
package dev.regtune.space.expr;
