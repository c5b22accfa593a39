package io.migrationgateway.translators.json;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.databind.node.ValueNode;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Numbers as Grafana's Go decoding takes them: every JSON number of a dashboard model is a float64, so a number out of
 * a float64's range ({@code 1e999999}) makes Grafana answer "bad request data"; the translators refuse it the same way
 * instead of storing it.
 */
final class GoNumbers {
    private static final BigDecimal LARGEST = new BigDecimal(Double.MAX_VALUE);

    private GoNumbers() {
    }

    /** A number a float64 cannot hold, found while parsing: the body is not one Grafana binds. */
    static final class OutOfRange extends RuntimeException {
        OutOfRange() {
            super(null, null, false, false);
        }
    }

    /** BigDecimals exactly as read, as {@link Json#MAPPER} reads them, each within a float64's range. */
    static class Factory extends JsonNodeFactory {
        Factory() {
            super(false);
        }

        @Override
        public ValueNode numberNode(BigDecimal value) {
            if (value != null && value.abs().compareTo(LARGEST) > 0) {
                throw new OutOfRange();
            }
            return super.numberNode(value);
        }

        @Override
        public ValueNode numberNode(BigInteger value) {
            if (value != null && new BigDecimal(value).abs().compareTo(LARGEST) > 0) {
                throw new OutOfRange();
            }
            return super.numberNode(value);
        }

        @Override
        public NumericNode numberNode(double value) {
            if (!Double.isFinite(value)) {
                throw new OutOfRange();
            }
            return super.numberNode(value);
        }
    }
}
