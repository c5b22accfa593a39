package io.migrationgateway.resourceapi.http;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.databind.node.ValueNode;

/**
 * Refuses numbers a body holds that a double cannot represent ({@code 1e999999} reads as infinity, which would be
 * stored as the string {@code "Infinity"}): JSON has no such numbers, and the apiserver refuses them too.
 */
final class FiniteNumbers {
    static final JsonNodeFactory FACTORY = new Factory();

    private FiniteNumbers() {
    }

    /** A number out of a double's range, found while parsing. */
    static final class NotFinite extends RuntimeException {
        NotFinite() {
            super(null, null, false, false);
        }
    }

    private static final class Factory extends JsonNodeFactory {
        @Override
        public NumericNode numberNode(double value) {
            return super.numberNode(finite(value));
        }

        @Override
        public ValueNode numberNode(Double value) {
            return value == null ? nullNode() : super.numberNode(finite(value));
        }

        @Override
        public NumericNode numberNode(float value) {
            return super.numberNode((float) finite(value));
        }

        private static double finite(double value) {
            if (!Double.isFinite(value)) {
                throw new NotFinite();
            }
            return value;
        }
    }
}
