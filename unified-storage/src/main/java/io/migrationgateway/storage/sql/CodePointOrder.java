package io.migrationgateway.storage.sql;

import java.util.Comparator;

/**
 * Strings in code point order, which is the byte order of their UTF-8 and so PostgreSQL's {@code COLLATE "C"} on a
 * UTF-8 database (and Go's string order): the order search columns are sorted in, in SQL and in Java alike.
 */
final class CodePointOrder {
    static final Comparator<String> ORDER = CodePointOrder::compare;

    private CodePointOrder() {
    }

    static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
