"""The experiments' charts, drawn with matplotlib into SVG.

Numeric quantities get numeric axes (log2 where the sweep doubles: warps,
banks, collector units), categories (kernels) get grouped bars, and a bar of
value 0 is drawn as a line in its colour, so it does not vanish. The SVG is
byte-stable across runs: fixed `svg.hashsalt` (the ids of clip paths), no date
in the metadata, text kept as text (`svg.fonttype: none`, no glyph outlines
from whichever DejaVu the machine has), a fixed layout (no tight bounding
box). The plotted values are also written, as "series x: value", into the
SVG's Description metadata, and every data mark carries an id (`series-S`: a
line whose markers are the points; `bar-S-G`: one bar), so a test can read
them back and count them (`zero-S`: the marks of series S's
zero-value bars).
"""
import matplotlib

matplotlib.use("svg")
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator  # noqa: E402

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
          "#7f7f7f", "#17becf", "#bcbd22"]
STYLE = {"svg.hashsalt": "warpfront-experiments", "svg.fonttype": "none",
         "font.family": "DejaVu Sans", "font.size": 10, "axes.titlesize": 12,
         "path.simplify": False}


def fmt_value(v):
    """a plotted value as the Description metadata gives it: up to 3 decimals."""
    if v == 0:
        return "0"
    if abs(v) >= 100:
        return "%d" % round(v)
    return ("%.3f" % v).rstrip("0").rstrip(".")


def _figure(title, xlabel, ylabel):
    fig = Figure(figsize=(7.5, 4.2))
    fig.subplots_adjust(left=0.1, right=0.7, bottom=0.17, top=0.9)
    ax = fig.add_subplot()
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    return fig, ax


def _y_limits(ax, values):
    """0 always on the y axis; a black line at 0 when values go below it."""
    lo, hi = min(values + [0.0]), max(values + [0.0])
    pad = 0.05 * (hi - lo or 1.0)
    ax.set_ylim(lo - pad if lo < 0 else 0.0, hi + pad)
    if lo < 0:
        ax.axhline(0.0, color="black", linewidth=0.8)


def _save(fig, ax, path, title, described):
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
    with matplotlib.rc_context(STYLE):
        fig.savefig(path, format="svg", metadata={
            "Date": None, "Title": title, "Description": "; ".join(described)})


def line_chart(path, title, xlabel, ylabel, xs, series, log2=False):
    """series: [(name, [y per x])] over the numeric grid xs; log2: a log2 x axis
    (for sweeps that double). Ticks at the grid points."""
    with matplotlib.rc_context(STYLE):
        fig, ax = _figure(title, xlabel, ylabel)
        if log2:
            ax.set_xscale("log", base=2)
        described = []
        for k, (name, ys) in enumerate(series):
            ax.plot(xs, ys, color=COLORS[k % len(COLORS)], linewidth=2, marker="o",
                    markersize=4, label=name, gid="series-%d" % k)
            described += ["%s %s: %s" % (name, x, fmt_value(y)) for x, y in zip(xs, ys)]
        ax.xaxis.set_major_locator(FixedLocator(xs))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: "%g" % v))
        _y_limits(ax, [y for _, ys in series for y in ys])
        _save(fig, ax, path, title, described)


def bar_chart(path, title, ylabel, groups, series):
    """groups: categories (kernels) on x; series: [(name, [value per group])] as
    grouped bars. A bar of value 0 shows as a line in its series' colour."""
    with matplotlib.rc_context(STYLE):
        fig, ax = _figure(title, "", ylabel)
        ns = len(series)
        width = 0.8 / ns
        described = []
        for s, (name, ys) in enumerate(series):
            c = COLORS[s % len(COLORS)]
            xs = [g - 0.4 + width * (s + 0.5) for g in range(len(groups))]
            bars = ax.bar(xs, ys, width, color=c, edgecolor=c, linewidth=0.8, label=name)
            for g, bar in enumerate(bars):
                bar.set_gid("bar-%d-%d" % (s, g))
            zero = [x for x, y in zip(xs, ys) if y == 0]
            if zero:  # a zero-height bar has no area: mark its value
                ax.hlines([0.0] * len(zero), [x - width / 2 for x in zero],
                          [x + width / 2 for x in zero], colors=c, linewidth=2.5,
                          gid="zero-%d" % s)
            described += ["%s %s: %s" % (g, name, fmt_value(y)) for g, y in zip(groups, ys)]
        ax.set_xticks(range(len(groups)))
        ax.set_xticklabels(groups, rotation=30, ha="right")
        ax.set_xlim(-0.6, len(groups) - 0.4)
        _y_limits(ax, [y for _, ys in series for y in ys])
        _save(fig, ax, path, title, described)
