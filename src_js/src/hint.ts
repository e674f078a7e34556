// The hint's words, its Show me button and its chart, in the bar above the hand, drawn from
// the hint trait (the hinted card and the Take button are outlined by the hand and Take
// themselves; Show me is sent by show.ts).

import "./hint.css";
import type { Context } from "./context";
import { focusedWithin, h, svg } from "./dom";
import { ENGLISH, type Translate } from "./labels";
import type { Hint } from "./types";

// ---- drawing: the words, Show me, the chart ----

/** A hint that can be drawn (an object with an action), or null. */
export function hintOf(hint: unknown): Hint | null {
  if (!hint || typeof hint !== "object") return null;
  const x = hint as Hint;
  return typeof x.action === "string" ? x : null;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const unit = (x: unknown) => (typeof x === "number" && isFinite(x) ? Math.max(0, Math.min(1, x)) : 0);

/** The hint's chart geometry (px in the SVG's own units): each option gets a slot (wider for
 * a long label such as "Take Bot 1's hand"), and a row holds at most `rowWidth`, so that a
 * big hand's many options wrap onto more rows instead of running off the widget. */
export const CHART = {
  slot: 48, bar: 22, top: 16, plot: 70, label: 18, rowWidth: 480, gap: 6, charWidth: 7, title: 18,
} as const;

/** A small bar chart of the estimates: the chance of ending as the bhabhi after each action,
 * with its 95 % interval as an error bar, the action's label under its bar and the hinted
 * action highlighted; its title, above the bars, says what the percentages are. Null
 * without estimates. `room`: the width there is for it (px; 0 when not known), so that on a
 * phone the options wrap onto more rows and its words keep their size instead of the whole
 * chart being scaled down. */
export function hintChart(hint: Hint, t: Translate = ENGLISH, room = 0): SVGElement | null {
  const est = (Array.isArray(hint.estimates) ? hint.estimates : []).filter((e) => e && typeof e === "object");
  if (!est.length) return null;
  const { slot, bar, top, plot, label, gap, charWidth } = CHART;
  const rowWidth = room > 0 ? Math.max(slot * 2, Math.min(CHART.rowWidth, Math.floor(room))) : CHART.rowWidth;
  const titleText = t("hint_chart_title");
  const head = CHART.title; // the title's line, above the first row
  const highest = Math.max(...est.map((e) => Math.max(unit(e.p), unit(e.hi))));
  const scale = Math.min(1, Math.max(0.1, Math.ceil(highest * 10) / 10)); // the plot's top, 10 % steps
  const rowHeight = top + plot + label + gap;
  // where each option goes: its row, its slot's left edge and width
  const place: { row: number; x: number; w: number }[] = [];
  const rowEnds: number[] = [0];
  for (const e of est) {
    const w = Math.max(slot, Math.ceil((String(e.label).length * charWidth + 8) / 8) * 8);
    let row = rowEnds.length - 1;
    if (rowEnds[row] > 0 && rowEnds[row] + w > rowWidth) {
      rowEnds.push(0);
      row++;
    }
    place.push({ row, x: rowEnds[row], w });
    rowEnds[row] += w;
  }
  const rows = rowEnds.length;
  // at least as wide as the title (its 11 px letters are about 6 px wide)
  const width = Math.max(...rowEnds, Math.ceil(titleText.length * 6.2) + 4);
  const height = head + rows * rowHeight - gap;
  const hinted = est.find((e) => e.action === hint.action);
  const items = est.map((e) => t("hint_chart_item", { label: e.label, p: pct(unit(e.p)), lo: pct(unit(e.lo)), hi: pct(unit(e.hi)) }));
  const chart = svg("svg", {
    class: "bh-chart",
    "data-testid": "hint-chart",
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "img",
    "aria-label": t("hint_chart_aria", { list: items.join("; "), hinted: hinted?.label ?? hint.action }),
  });
  chart.append(svg("text", { class: "bh-chart-title", "data-testid": "hint-chart-title", x: 0, y: 12 }, titleText));
  rowEnds.forEach((x2, r) => {
    const base = head + r * rowHeight + top + plot;
    chart.append(svg("line", { class: "bh-chart-axis", x1: 0, x2, y1: base, y2: base }));
  });
  est.forEach((e, i) => {
    const { row, x, w } = place[i];
    const cx = x + w / 2;
    const rowTop = head + row * rowHeight;
    const y = (p: number) => rowTop + top + plot - (unit(p) / scale) * plot;
    const g = svg("g", { class: "bh-chart-item", "data-action": String(e.action) });
    if (e.action === hint.action) g.classList.add("is-hint");
    const yp = y(e.p);
    g.append(
      svg("rect", { class: "bh-chart-bar", x: cx - bar / 2, y: yp, width: bar, height: rowTop + top + plot - yp }),
      svg("path", {
        class: "bh-chart-err",
        d: `M${cx} ${y(e.lo)}V${y(e.hi)}M${cx - 5} ${y(e.lo)}h10M${cx - 5} ${y(e.hi)}h10`,
      }),
      svg("text", {
        class: "bh-chart-value", x: cx, y: Math.max(rowTop + 10, Math.min(y(e.hi), yp) - 4), "text-anchor": "middle",
      }, pct(unit(e.p))),
      svg("text", { class: "bh-chart-label", x: cx, y: rowTop + top + plot + 13, "text-anchor": "middle" }, String(e.label)),
    );
    chart.append(g);
  });
  return chart;
}

/** The hint's words, its Show me button (with `showMe`: one imagined way it can go after the
 * hint's action and after the worse one its words explain) and its chart (`room`: its width). */
export function renderHint(hint: Hint, t: Translate = ENGLISH, showMe = false, room = 0): HTMLElement {
  const chart = hintChart(hint, t, room);
  const text = h("p.bh-hint-text", {}, typeof hint.text === "string" ? hint.text : "");
  const show = showMe
    ? h("button.bh-btn.bh-show-me", {
      type: "button",
      "data-testid": "hint-show-me",
      title: t("show_me_title"),
    }, t("show_me"))
    : null;
  const key = chart ? h("p.bh-hint-key", { "data-testid": "hint-key" }, t("chance_key")) : null;
  return h("div.bh-hint", { "data-testid": "hint-box", "data-action": hint.action }, text, show, chart, key);
}

export interface HintPanel {
  slot: HTMLElement;
  update(): void;
}

export function hintPanel(ctx: Context): HintPanel {
  const slot = h("div.bh-hint-slot");
  return {
    slot,
    update(): void {
      const hint = hintOf(ctx.model.get("hint"));
      const had = focusedWithin(slot)?.dataset.testid;
      // Show me plays the hint out on the felt: at the live table, or switching back from its own lines
      const mode = ctx.view()?.mode;
      // the room for the chart: the bar the hint sits in, less the hint's border and padding
      const room = Math.max(0, (slot.parentElement?.clientWidth ?? 0) - 24);
      const showMe = (mode === "play" || mode === "imagine") && ctx.takes("show_me");
      slot.replaceChildren(...(hint ? [renderHint(hint, ctx.t, showMe, room)] : []));
      if (had) slot.querySelector<HTMLElement>(`[data-testid="${had}"]`)?.focus();
    },
  };
}
