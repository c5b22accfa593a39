package io.migrationgateway.reports;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** Inline SVG charts: no script, no external resource, readable without colour (labels on the axes and values). */
final class Svg {
    private static final int WIDTH = 720;
    private static final int HEIGHT = 240;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 16;
    private static final int BOTTOM = 40;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Svg() {
    }

    /** A value over time; {@code percent} shows values 0..1 as percentages. */
    static String lineChart(String title, List<TimePoint> points, boolean percent) {
        StringBuilder svg = open(title);
        if (points.isEmpty()) {
            return empty(svg);
        }
        long first = points.get(0).at().toEpochMilli();
        long last = points.get(points.size() - 1).at().toEpochMilli();
        double max = points.stream().mapToDouble(TimePoint::value).max().orElse(0);
        double top = max <= 0 ? 1 : max * 1.1;
        axes(svg, top, percent);
        StringBuilder line = new StringBuilder();
        for (TimePoint point : points) {
            double x = LEFT + (last == first ? plotWidth() / 2.0 : (point.at().toEpochMilli() - first) * plotWidth() / (double) (last - first));
            double y = TOP + plotHeight() * (1 - point.value() / top);
            line.append(line.isEmpty() ? "M" : " L").append(fmt(x)).append(',').append(fmt(y));
            svg.append("<circle class=\"point\" cx=\"").append(fmt(x)).append("\" cy=\"").append(fmt(y)).append("\" r=\"2.5\"><title>")
                    .append(Html.escape(TIME.format(point.at()) + ": " + value(point.value(), percent))).append("</title></circle>");
        }
        svg.append("<path class=\"series\" d=\"").append(line).append("\"/>");
        svg.append(label(LEFT, HEIGHT - 12, "start", TIME.format(points.get(0).at())));
        svg.append(label(WIDTH - RIGHT, HEIGHT - 12, "end", TIME.format(points.get(points.size() - 1).at()) + " UTC"));
        return svg.append("</svg>").toString();
    }

    /** One bar per label, values in percent (0..100); a bar short of 100 % is marked (parity is all or nothing). */
    static String percentBars(String title, List<String> labels, List<Double> values) {
        StringBuilder svg = open(title);
        if (labels.isEmpty()) {
            return empty(svg);
        }
        axes(svg, 100, false);
        double slot = plotWidth() / (double) labels.size();
        double width = Math.min(80, slot * 0.7);
        for (int i = 0; i < labels.size(); i++) {
            double value = Math.max(0, Math.min(100, values.get(i)));
            double x = LEFT + slot * i + (slot - width) / 2;
            double height = plotHeight() * value / 100;
            svg.append("<rect class=\"bar").append(value < 100 ? " short" : "").append("\" x=\"").append(fmt(x)).append("\" y=\"").append(fmt(TOP + plotHeight() - height))
                    .append("\" width=\"").append(fmt(width)).append("\" height=\"").append(fmt(height)).append("\"><title>")
                    .append(Html.escape(labels.get(i) + ": " + fmt(value) + " %")).append("</title></rect>");
            svg.append(label(x + width / 2, TOP + plotHeight() - height - 4, "middle", fmt(value) + " %"));
            svg.append(label(x + width / 2, HEIGHT - 12, "middle", shorten(labels.get(i))));
        }
        return svg.append("</svg>").toString();
    }

    private static StringBuilder open(String title) {
        return new StringBuilder("<svg class=\"chart\" role=\"img\" viewBox=\"0 0 ")
                .append(WIDTH).append(' ').append(HEIGHT).append("\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\"><title>").append(Html.escape(title)).append("</title>");
    }

    private static String empty(StringBuilder svg) {
        return svg.append(label(WIDTH / 2.0, HEIGHT / 2.0, "middle", "no data in this window")).append("</svg>").toString();
    }

    private static void axes(StringBuilder svg, double top, boolean percent) {
        for (int i = 0; i <= 4; i++) {
            double y = TOP + plotHeight() * i / 4.0;
            svg.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT).append("\" y1=\"")
                    .append(fmt(y)).append("\" y2=\"").append(fmt(y)).append("\"/>");
            svg.append(label(LEFT - 6, y + 4, "end", value(top * (4 - i) / 4.0, percent)));
        }
        svg.append("<line class=\"axis\" x1=\"").append(LEFT).append("\" x2=\"").append(LEFT).append("\" y1=\"").append(TOP)
                .append("\" y2=\"").append(TOP + plotHeight()).append("\"/>");
    }

    private static String label(double x, double y, String anchor, String text) {
        return "<text x=\"" + fmt(x) + "\" y=\"" + fmt(y) + "\" text-anchor=\"" + anchor + "\">" + Html.escape(text) + "</text>";
    }

    private static String value(double value, boolean percent) {
        return percent ? fmt(value * 100) + " %" : fmt(value);
    }

    private static String shorten(String label) {
        return label.length() <= 24 ? label : label.substring(0, 23) + "…";
    }

    private static int plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    private static int plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    private static String fmt(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e12 ? Long.toString((long) value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
