package dev.regtune.space.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionParserTest {
    /**
     * a, b, c are numbers in slots 0..2; f is a boolean in slot 3; k and m are choices of
     * red, green, blue in slot 4 and 5; w is a choice of left, right in slot 6.
     */
    private static Expr.Variable resolve(String name) {
        return switch (name) {
            case "k" -> new Expr.Variable("k", 4, Type.CHOICE, List.of("red", "green", "blue"));
            case "m" -> new Expr.Variable("m", 5, Type.CHOICE, List.of("red", "green", "blue"));
            case "w" -> new Expr.Variable("w", 6, Type.CHOICE, List.of("left", "right"));
            case "a" -> new Expr.Variable("a", 0, Type.NUMBER);
            case "b" -> new Expr.Variable("b", 1, Type.NUMBER);
            case "c" -> new Expr.Variable("c", 2, Type.NUMBER);
            case "f" -> new Expr.Variable("f", 3, Type.BOOLEAN);
            default -> throw new IllegalArgumentException("names unknown knob '" + name + "'");
        };
    }

    private static boolean eval(String text, double a, double b, double c, boolean f) {
        return ExpressionParser.parse(text, ExpressionParserTest::resolve).holds(new double[] {a, b, c, f ? 1 : 0,
            0, 0, 0});
    }

    /** {@code text} with k and m at the given choice indices (w at 0). */
    private static boolean choices(String text, int k, int m) {
        return ExpressionParser.parse(text, ExpressionParserTest::resolve).holds(new double[] {1, 2, 3, 0, k, m, 0});
    }

    @Test
    void choicesCompareWithQuotedNamesInEitherQuoteAndAnyCase() {
        assertTrue(choices("k == 'green'", 1, 0));
        assertFalse(choices("k == 'green'", 2, 0));
        assertTrue(choices("k != \"red\"", 2, 0));
        assertFalse(choices("k != \"red\"", 0, 0));
        assertTrue(choices("'blue' == k", 2, 0), "the name may stand on the left");
        assertTrue(choices("k == 'BLUE'", 2, 0), "names match ignoring case");
        assertTrue(choices("k == m", 1, 1));
        assertFalse(choices("k == m", 1, 2));
        assertTrue(choices("(k == 'red' || k == 'blue') && a < b", 2, 0));
        assertFalse(choices("!(k == 'red') && k != 'green'", 1, 0));
        Expression e = ExpressionParser.parse("k == 'blue' && a > 0", ExpressionParserTest::resolve);
        assertEquals(List.of("k", "a"), e.variables(), "a quoted name is not a variable");
    }

    @Test
    void precedenceAndAssociativity() {
        assertTrue(eval("a + b * c == 7", 1, 2, 3, false));
        assertTrue(eval("(a + b) * c == 9", 1, 2, 3, false));
        assertTrue(eval("a - b - c == -4", 1, 2, 3, false));
        assertTrue(eval("c / b / a == 1.5", 1, 2, 3, false));
        assertTrue(eval("-a + 2 == 1", 1, 2, 3, false));
        assertTrue(eval("a < b && b < c || f", 1, 2, 3, false));
        assertTrue(eval("a > b && b > c || f", 1, 2, 3, true));
        assertFalse(eval("a > b && (b > c || f)", 1, 2, 3, true));
        assertTrue(eval("!f && a <= 1e0", 1, 2, 3, false));
        assertTrue(eval("f == true", 0, 0, 0, true));
        assertTrue(eval("f != false", 0, 0, 0, true));
        assertTrue(eval("true", 0, 0, 0, false));
        assertTrue(eval("a + b <= c", 1, 2, 3, false));
        assertFalse(eval("a + b < c", 1, 2, 3, false));
        assertFalse(eval("a / b > 0", 1, 0, 0, false) && eval("a / b < 0", 1, 0, 0, false));
        assertFalse(eval("a / b == a / b", 0, 0, 0, false), "NaN compares false");
    }

    @Test
    void variablesAreListedOnceInOrder() {
        Expression e = ExpressionParser.parse("b <= a + b * c", ExpressionParserTest::resolve);
        assertEquals(List.of("b", "a", "c"), e.variables());
        assertEquals("b <= a + b * c", e.source());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a <=          | expected a number, a knob name, true, false or '(' but the expression ends at column 5",
        "(a < b        | expected ')' but the expression ends at column 7",
        "a < b)        | unexpected ')' at column 6",
        "a = b         | use == to compare, not = at column 3",
        "a < b < c     | comparisons do not chain; use && to combine them at column 7",
        "a + f < 1     | operator + needs a number on both sides, not true or false at column 3",
        "f < 1         | operator < needs a number on both sides, not true or false at column 3",
        "a && f        | operator && needs true or false on both sides, not a number at column 3",
        "f == 1        | operator == compares true or false with a number at column 3",
        "!a            | operator ! needs true or false, not a number at column 1",
        "a + b         | the expression is a number, not a comparison or a logical expression at column 1",
        "a < 1.2.3     | '1.2.3' is not a number at column 5",
        "a < $         | expected a number, a knob name, true, false or '(' but found '$' at column 5",
        "a & b         | unexpected '&' at column 3",
        "k == 'purple' | k has no choice 'purple'; its choices are red, green, blue at column 6",
        "k == 'gren'   | k has no choice 'gren' (did you mean green?); its choices are red, green, blue at column 6",
        "k < 'red'     | operator < cannot order choices; compare a choice knob with == or != to a quoted name at column 3",
        "k == 1        | operator == compares a choice with a number; compare k with a quoted name such as 'red' at column 3",
        "a == 'red'    | operator == compares a quoted name with a number; quoted names are compared with choice knobs only at column 3",
        "'red' == 'red' | operator == compares two quoted names; one side must be a choice knob at column 7",
        "k == w        | operator == compares k with w, whose choices differ at column 3",
        "k + 1 > 2     | operator + needs a number on both sides, not a choice at column 3",
        "!k            | operator ! needs true or false, not a choice at column 1",
        "k             | the expression is a choice, not a comparison or a logical expression at column 1",
        "k == 'red     | the quoted name has no closing ' at column 6",
        "'red'         | a quoted name stands only beside == or != with a choice knob on the other side at column 1",
        "a + 'red' > 1 | a quoted name stands only beside == or != with a choice knob on the other side at column 5",
    })
    void syntaxAndTypeErrorsNameTheColumn(String text, String message) {
        ExpressionException e = assertThrows(ExpressionException.class,
                () -> ExpressionParser.parse(text.strip(), ExpressionParserTest::resolve));
        assertEquals(message.strip(), e.getMessage());
    }

    @Test
    void emptyAndUnknownNames() {
        assertEquals("the expression is empty at column 1", assertThrows(ExpressionException.class,
                () -> ExpressionParser.parse("  ", ExpressionParserTest::resolve)).getMessage());
        assertEquals("names unknown knob 'zz'", assertThrows(IllegalArgumentException.class,
                () -> ExpressionParser.parse("zz < 1", ExpressionParserTest::resolve)).getMessage());
    }
}
