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
    /** a, b, c are numbers in slots 0..2; f is a boolean in slot 3. */
    private static Expr.Variable resolve(String name) {
        return switch (name) {
            case "a" -> new Expr.Variable("a", 0, Type.NUMBER);
            case "b" -> new Expr.Variable("b", 1, Type.NUMBER);
            case "c" -> new Expr.Variable("c", 2, Type.NUMBER);
            case "f" -> new Expr.Variable("f", 3, Type.BOOLEAN);
            default -> throw new IllegalArgumentException("names unknown knob '" + name + "'");
        };
    }

    private static boolean eval(String text, double a, double b, double c, boolean f) {
        return ExpressionParser.parse(text, ExpressionParserTest::resolve).holds(new double[] {a, b, c, f ? 1 : 0});
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
    @CsvSource(delimiter = '|', value = {
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
