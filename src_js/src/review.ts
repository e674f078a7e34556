// The Review panel: the review of the game over for the person's seat, drawn from the
// kernel's `review` trait (bhabho_widget.table.reviewing, over bhabho_widget.coach.review).
// The kernel works everything out from the seat's own views; this file only draws it.
//
// While the kernel works, a progress bar and Cancel. Once done: the grade counts; the
// graph (the chance of ending as the bhabhi after each decision, its 95 % band, the trick
// on the x axis, the game's events marked under it, graded decisions coloured, and the
// events listed under it in words); the decisions that cost most, each a button that shows
// its position on the table; every decision in a list that opens. While a position is
// shown (view.mode "review"), a bar under the felt says which decision it is and what was
// chosen, with Back, Next, "Back to the end" and "Back to the list". A row or a point of
// the graph brings the position into view: the page scrolls to that bar, and the keyboard
// goes there too. Each costliest decision, and the decision shown, has a Show me button
// (show.ts sends it): one imagined way it can go after the best action and after the one
// chosen, played out on the felt.
//
// reviewPanel wires the panel to the model: it draws the review trait keeping the
// keyboard's place, and sends review_start, review_cancel and review_show. Review, Cancel
// and the Show me buttons are shown while the widget takes review_start, review_cancel and
// show_me; the rows, the points and the bar's buttons go to a position while it takes
// review_show.

import "./review.css";
import type { Context } from "./context";
import { focusedWithin, h, setText, svg } from "./dom";
import { type Labelled, percent, type Translate } from "./labels";
import type { Review, ReviewDecision, ReviewEvent } from "./protocol";

/** The panel's parts, built once per view. */
export interface ReviewParts {
  /** "Review": shown at game over while no review is shown or being worked out. */
  button: HTMLButtonElement;
  panel: HTMLElement;
  /** Over the felt while a decision's position is shown: which it is, Back, Next, the end, the list. */
  bar: HTMLElement;
  labelled: Labelled[];
}

export function buildReview(uid: string): ReviewParts {
  const labelled: Labelled[] = [];
  const id = `${uid}-review`;
  const button = h("button.bh-btn.bh-review-btn", {
    type: "button",
    "data-testid": "review-start",
    "aria-controls": id,
    hidden: true,
  });
  labelled.push({ el: button, key: "review" }, { el: button, key: "review_button_title", attr: "title" });
  const title = h("h3.bh-review-title", { id: `${id}-title` }); // its text: renderReview (a student's game has its own)
  const panel = h(
    "section.bh-review",
    { id, "data-testid": "review", "aria-labelledby": `${id}-title`, hidden: true },
    title,
    h("div.bh-review-body"),
  );
  const bar = h("section.bh-review-bar", { id: `${id}-bar`, "data-testid": "review-bar", "aria-labelledby": `${id}-at`, hidden: true });
  return { button, panel, bar, labelled };
}

/** Points of chance, rounded: 0.123 -> 12. */
function points(p: number): number {
  return Math.round(p * 100);
}

/** The loss and its interval in whole points as the row beside it reads: the difference of
 * the two rounded chances shown (38 % and 24 % lose 14 points, never 13), the interval
 * holding it (as Decision.loss_points in the kernel). */
export function lossPoints(d: ReviewDecision): { loss: number; lo: number; hi: number } {
  const loss = points(d.p) - points(d.chance_before);
  return { loss, lo: Math.min(loss, Math.max(0, points(d.loss_lo))), hi: Math.max(loss, points(d.loss_hi)) };
}

export interface GraphPoint {
  decision: number;
  /** The trick, spread within a trick by the decision's order (as the Python graph). */
  x: number;
  p: number;
  lo: number;
  hi: number;
}

/** The graph's points, one per decision, as bhabho_widget.coach.review._series places them. */
export function graphPoints(decisions: ReviewDecision[]): GraphPoint[] {
  const perTrick = new Map<number, number>();
  for (const d of decisions) perTrick.set(d.trick, (perTrick.get(d.trick) ?? 0) + 1);
  const seen = new Map<number, number>();
  return decisions.map((d) => {
    const k = seen.get(d.trick) ?? 0;
    seen.set(d.trick, k + 1);
    const x = d.trick + (k + 1) / ((perTrick.get(d.trick) ?? 1) + 1) - 0.5;
    return { decision: d.number, x, p: d.p, lo: d.lo, hi: d.hi };
  });
}

export interface GraphBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const GRAPH: GraphBox = { width: 640, height: 200, left: 40, right: 10, top: 10, bottom: 42 };

/** The graph's box for a panel `width` px wide: narrower than GRAPH, the graph is drawn at
 * that width (one unit a CSS pixel, so its labels keep their size and its points theirs on a
 * phone, instead of GRAPH shrunk to a third); 0 (not laid out yet) or wider: GRAPH. */
export function graphBox(width: number): GraphBox {
  if (!(width > 0) || width >= GRAPH.width) return GRAPH;
  return { width: Math.max(200, Math.round(width)), height: 180, left: 34, right: 8, top: 10, bottom: 42 };
}

/** Under the graph, a button per decision named by its trick, graded ones marked as the
 * points are: targets of a finger's size where the graph's points are too close together
 * (the stylesheet shows the strip in a narrow widget). */
export function renderStrip(data: Review, t: Translate): HTMLElement {
  return h("div.bh-review-strip", { role: "group", "aria-label": t("review_strip"), "data-testid": "review-strip" },
    ...data.decisions.map((d) => h(`button.bh-review-pick${d.grade ? `.is-${d.grade}` : ""}`, {
      type: "button",
      "data-testid": "review-pick",
      "data-decision": d.number,
      "aria-current": data.at === d.number ? "true" : "false",
      "aria-label": t("review_point", { n: d.number + 1, trick: d.trick, chosen: d.chosen_label, p: percent(t, d.p) }) +
        (d.grade_text ? ` (${d.grade_text})` : ""),
    }, String(d.trick))));
}

/** The x range: every decision's and every event's trick, half a trick either side. */
export function xRange(decisions: ReviewDecision[], events: ReviewEvent[]): [number, number] {
  const tricks = [...decisions.map((d) => d.trick), ...events.map((e) => e.trick)];
  if (!tricks.length) return [0, 1];
  return [Math.min(...tricks) - 0.5, Math.max(...tricks) + 0.5];
}

const EVENT_ROW: Record<string, number> = { pickup: 0, take: 1, escape: 2, draw: 3 };
const EVENT_KEYS = [
  ["pickup", "review_event_pickup"],
  ["take", "review_event_take"],
  ["escape", "review_event_escape"],
  ["draw", "review_event_draw"],
] as const;

/** The graph: the band, the line, a point per decision (graded ones larger, by colour and
 * by a ring), the events in rows under the plot, the trick numbers on the axis. */
export function renderGraph(data: Review, t: Translate, box: GraphBox = GRAPH): SVGElement {
  const pts = graphPoints(data.decisions);
  const [x0, x1] = xRange(data.decisions, data.events);
  const w = box.width - box.left - box.right;
  const hgt = box.height - box.top - box.bottom;
  const X = (x: number) => box.left + ((x - x0) / (x1 - x0 || 1)) * w;
  const Y = (p: number) => box.top + (1 - p) * hgt;
  const root = svg("svg", {
    class: "bh-review-graph",
    "data-testid": "review-graph",
    viewBox: `0 0 ${box.width} ${box.height}`,
    role: "img",
    "aria-label": t("review_graph"),
  });
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(
      svg("line", { class: "bh-review-grid", x1: box.left, x2: box.left + w, y1: Y(p), y2: Y(p) }),
      svg("text", { class: "bh-review-tick", x: box.left - 4, y: Y(p) + 4, "text-anchor": "end" }, percent(t, p)),
    );
  }
  if (pts.length) {
    const band = [...pts.map((q) => `${X(q.x).toFixed(1)},${Y(q.hi).toFixed(1)}`),
      ...[...pts].reverse().map((q) => `${X(q.x).toFixed(1)},${Y(q.lo).toFixed(1)}`)];
    root.append(svg("polygon", { class: "bh-review-band", points: band.join(" ") }));
    root.append(svg("polyline", {
      class: "bh-review-line",
      points: pts.map((q) => `${X(q.x).toFixed(1)},${Y(q.p).toFixed(1)}`).join(" "),
    }));
  }
  pts.forEach((q, i) => {
    const d = data.decisions[i];
    const label = t("review_point", { n: d.number + 1, trick: d.trick, chosen: d.chosen_label, p: percent(t, d.p) }) +
      (d.grade_text ? ` (${d.grade_text})` : "");
    const dot = svg("circle", {
      class: `bh-review-dot${d.grade ? ` is-${d.grade}` : ""}${data.at === d.number ? " is-at" : ""}`,
      cx: X(q.x).toFixed(1),
      cy: Y(q.p).toFixed(1),
      r: d.grade ? 5.5 : 3.5,
      "data-decision": d.number,
      "data-testid": "review-point",
    }, svg("title", {}, label));
    root.append(dot);
  });
  data.events.forEach((e) => {
    const row = EVENT_ROW[e.kind] ?? 0;
    root.append(svg("rect", {
      class: `bh-review-event is-${e.kind}`,
      x: (X(e.trick) - 3).toFixed(1),
      y: box.top + hgt + 3 + 5 * row,
      width: 6,
      height: 4,
      "data-testid": "review-event",
    }, svg("title", {}, `${t("trick_number", { n: e.trick })}: ${e.text}`)));
  });
  const step = Math.max(1, Math.round((x1 - x0) / 12));
  for (let k = Math.ceil(x0); k <= Math.floor(x1); k += step) {
    root.append(svg("text", { class: "bh-review-tick", x: X(k).toFixed(1), y: box.height - 12, "text-anchor": "middle" },
      String(k)));
  }
  root.append(svg("text", { class: "bh-review-tick", x: box.left + w / 2, y: box.height - 1, "text-anchor": "middle" },
    t("review_axis_trick")));
  return root;
}

/** One decision as a line: "Trick 5: you chose Q♦ (62 %); better was 4♦ (41 %)". The kernel
 * says it (d.row) by the coach's one rule (d.verdict: a decision within the margin never says
 * "better": "…; 4♦ (41 %) is about as good"), in the person of the reviewed seat ("Asha chose"
 * for a teacher); the labels are the same sentence for a kernel that sends none. */
export function rowText(d: ReviewDecision, t: Translate): string {
  if (d.row) return d.row;
  const after = percent(t, d.p);
  if (d.verdict === "best") return t("review_row_best", { trick: d.trick, chosen: d.chosen_label, after });
  const vars = { trick: d.trick, chosen: d.chosen_label, after, best: d.best_label, before: percent(t, d.chance_before) };
  return t(d.verdict === "worse" ? "review_row" : "review_row_even", vars);
}

function rowButton(d: ReviewDecision, t: Translate, testid: string, at: number | null): HTMLButtonElement {
  const btn = h("button.bh-review-row", {
    type: "button",
    "data-testid": testid,
    "data-decision": d.number,
    "aria-current": at === d.number ? "true" : null,
  }, h("span.bh-review-row-text", {}, rowText(d, t)));
  if (d.grade && d.grade_text) btn.append(" ", h(`span.bh-review-grade.is-${d.grade}`, {}, d.grade_text));
  return btn;
}

/** What the widget takes of the panel's messages (the capabilities trait): Review, Cancel, Show me. */
export interface ReviewTakes {
  start: boolean;
  cancel: boolean;
  showMe: boolean;
}

const TAKES_ALL: ReviewTakes = { start: true, cancel: true, showMe: true };

/** Show me of a decision: the felt plays out one imagined way it can go after the best
 * action and after the one chosen (sent by show.ts); none when the widget takes no show_me. */
function showMeButton(d: ReviewDecision, t: Translate, takes: ReviewTakes): HTMLButtonElement | null {
  if (!takes.showMe) return null;
  return h("button.bh-btn.bh-show-me", {
    type: "button",
    "data-testid": "review-show-me",
    "data-show": d.number,
    title: t("show_me_title"),
    "aria-label": t("review_show_me_aria", { trick: d.trick, chosen: d.chosen_label }),
  }, t("show_me"));
}

function costliestItem(d: ReviewDecision, t: Translate, at: number | null, takes: ReviewTakes): HTMLElement {
  // a decision within the margin, as its row says, is never "lost"
  const loss = t(d.verdict === "worse" ? "review_loss" : "review_loss_even", lossPoints(d));
  return h("li.bh-review-item", { "data-testid": "review-costly" },
    rowButton(d, t, "review-row", at),
    h("div.bh-review-loss", {}, loss, " ", showMeButton(d, t, takes)),
    h("p.bh-review-reason", {}, d.reason));
}

/** The game's events in words, in a list that opens (the graph marks them; a mark's words
 * are not left to a tooltip, which a finger or a keyboard never sees). */
function renderEvents(data: Review, t: Translate, body: HTMLElement): HTMLElement {
  const items = data.events.map((e) =>
    h(`li.bh-review-event-item.is-${e.kind}`, { "data-trick": e.trick }, `${t("trick_number", { n: e.trick })}: ${e.text}`));
  const list = h("details.bh-review-events", { "data-testid": "review-events" },
    h("summary", {}, t("review_events")), h("ol.bh-review-list", {}, ...items));
  (list as HTMLDetailsElement).open = (body.querySelector("[data-testid=review-events]") as HTMLDetailsElement | null)?.open ?? false;
  return list;
}

/** The bar under the felt while decision `at` is shown: "Decision 3 of 12", what was chosen,
 * Back, Next, "Back to the end", Show me and "Back to the list". */
function renderBar(p: ReviewParts, data: Review | null, t: Translate, takes: ReviewTakes): void {
  const at = data?.status === "done" ? data.at : null;
  const d = at === null || !data ? undefined : data.decisions.find((x) => x.number === at) ?? data.decisions[at];
  p.bar.hidden = !d;
  if (!d || at === null || !data) {
    p.bar.replaceChildren();
    return;
  }
  const n = data.decisions.length;
  const where = t("review_at", { n: at + 1, count: n });
  const line = h("p.bh-review-at-line", { id: `${p.panel.id}-at`, "data-testid": "review-at-line", tabindex: -1 },
    h("span.bh-review-at", { "data-testid": "review-at" }, where), " ",
    h("span.bh-review-at-text", { "data-testid": "review-at-text" }, rowText(d, t)));
  if (d.grade && d.grade_text) line.append(" ", h(`span.bh-review-grade.is-${d.grade}`, {}, d.grade_text));
  p.bar.replaceChildren(line, h("div.bh-review-nav", { role: "group", "aria-label": where },
    h("button.bh-btn", { type: "button", "data-testid": "review-back", disabled: at <= 0 }, t("review_back")),
    h("button.bh-btn", { type: "button", "data-testid": "review-next", disabled: at >= n - 1 }, t("review_next")),
    h("button.bh-btn", { type: "button", "data-testid": "review-end" }, t("review_end")),
    showMeButton(d, t, takes),
    h("button.bh-btn", { type: "button", "data-testid": "review-to-list" }, t("review_to_list"))));
}

/** Draws the panel, the bar under the felt and the Review button from the trait (null: nothing to review). */
export function renderReview(p: ReviewParts, data: Review | null, t: Translate, takes: ReviewTakes = TAKES_ALL): void {
  const offered = data !== null && (data.status === "ready" || data.status === "cancelled" || data.status === "failed");
  p.button.hidden = !offered || !takes.start;
  p.panel.hidden = data === null || data.status === "ready";
  setText(p.panel.querySelector(".bh-review-title") as HTMLElement, data?.title ?? t("review_title"));
  renderBar(p, data, t, takes);
  const body = p.panel.querySelector(".bh-review-body") as HTMLElement;
  if (!data || data.status === "ready") {
    body.replaceChildren();
    return;
  }
  if (data.status === "running") {
    const bar = h("progress.bh-review-bar", { "data-testid": "review-progress", "aria-label": t("review_title") });
    if (data.total > 0) {
      bar.max = data.total;
      bar.value = data.done;
    }
    const text = h("span.bh-review-progress-text", { role: "status" });
    setText(text, t("review_progress", { done: data.done, total: data.total || "…" }));
    const cancel = takes.cancel
      ? h("button.bh-btn", { type: "button", "data-testid": "review-cancel" }, t("review_cancel"))
      : null;
    const old = body.querySelector("[data-testid=review-progress]") as HTMLProgressElement | null;
    // update in place: focus stays on Cancel
    if (old && Boolean(body.querySelector("[data-testid=review-cancel]")) === takes.cancel) {
      if (data.total > 0) {
        old.max = data.total;
        old.value = data.done;
      }
      setText(body.querySelector(".bh-review-progress-text") as HTMLElement, text.textContent ?? "");
      return;
    }
    body.replaceChildren(h("div.bh-review-progress", {}, text, bar, cancel));
    return;
  }
  if (data.status === "cancelled" || data.status === "failed") {
    const note = data.status === "cancelled" ? t("review_cancelled") : t("review_failed", { error: data.error });
    body.replaceChildren(h("p.bh-review-note", { "data-testid": "review-note" }, note));
    return;
  }
  const at = data.at;
  const parts: Node[] = [];
  parts.push(h("p.bh-review-counts", { "data-testid": "review-counts" }, t("review_counts", data.counts)));
  parts.push(h("p.bh-review-note", { "data-testid": "review-key" }, t("chance_key")));
  parts.push(h("figure.bh-review-figure", {}, renderGraph(data, t, graphBox(body.clientWidth)), renderStrip(data, t),
    h("figcaption.bh-review-legend", {},
      ...EVENT_KEYS.filter(([k]) => data.events.some((e) => e.kind === k))
        .map(([k, key]) => h(`span.bh-review-key.is-${k}`, {}, t(key))))));
  if (data.events.length) parts.push(renderEvents(data, t, body));
  const byNumber = new Map(data.decisions.map((d) => [d.number, d]));
  const costly = data.costliest.map((k) => byNumber.get(k)).filter((d): d is ReviewDecision => d !== undefined);
  parts.push(h("h4.bh-review-sub", {}, t("review_costliest")));
  if (costly.length) {
    parts.push(h("ol.bh-review-list", { "data-testid": "review-costliest" }, ...costly.map((d) => costliestItem(d, t, at, takes))));
  } else {
    parts.push(h("p.bh-review-note", {}, t("review_none")));
  }
  const all = h("details.bh-review-all", { "data-testid": "review-all" }, h("summary", {}, t("review_all")),
    h("ol.bh-review-list", {}, ...data.decisions.map((d) => h("li", {}, rowButton(d, t, "review-all-row", at)))));
  const wasOpen = (body.querySelector("[data-testid=review-all]") as HTMLDetailsElement | null)?.open ?? false;
  (all as HTMLDetailsElement).open = wasOpen;
  parts.push(all);
  body.replaceChildren(...parts);
}

/** The decision a click in the panel asks to show: a point of the graph or a row; null if none. */
export function decisionOf(target: EventTarget | null, panel: HTMLElement): number | null {
  const el = (target as Element | null)?.closest?.("[data-decision]");
  if (!el || !panel.contains(el)) return null;
  const n = Number((el as HTMLElement | SVGElement).dataset.decision);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export interface ReviewPanel extends ReviewParts {
  /** Draws the trait; when it brings the position a row or a point asked for, brings it into view. */
  update(): void;
  /** A click on a point of the graph or a row shows that decision's position; false for a click elsewhere. */
  clickDecision(target: EventTarget | null): boolean;
  /** The widget's width changed: the graph drawn again at its panel's width. */
  resize(): void;
  /** Review, Cancel, Back, Next or "Back to the end"; false for any other button. */
  click(btn: HTMLButtonElement): boolean;
}

/** Runs `fn` once the page is laid out again (the felt drawn with the position). */
function nextFrame(fn: () => void): void {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => fn());
  else setTimeout(fn, 0);
}

export function reviewPanel(ctx: Context): ReviewPanel {
  const p = buildReview(ctx.uid);
  // The decision a row or a point of the graph asked for: when its position comes, the page
  // scrolls to it (the table is far above the list) and the keyboard follows.
  let reveal: number | null = null;

  function bringIntoView(): void {
    nextFrame(() => {
      const line = p.bar.querySelector<HTMLElement>("[data-testid=review-at-line]");
      if (!line || p.bar.hidden) return;
      // the bar is under the felt: at the bottom of the view, the felt's position above it
      if (typeof p.bar.scrollIntoView === "function") p.bar.scrollIntoView({ block: "end", inline: "nearest" });
      line.focus({ preventScroll: true });
    });
  }

  /** Back to the decision's row in the panel (the list of every decision opened if need be). */
  function toList(): void {
    const at = ctx.model.get("review")?.at;
    if (typeof at !== "number") return;
    let row = p.panel.querySelector<HTMLElement>(`[data-testid=review-row][data-decision="${at}"]`);
    if (!row) {
      const all = p.panel.querySelector<HTMLDetailsElement>("[data-testid=review-all]");
      if (all) all.open = true;
      row = p.panel.querySelector<HTMLElement>(`[data-testid=review-all-row][data-decision="${at}"]`);
    }
    row?.focus(); // and into view
  }

  return {
    ...p,
    /** Redraws the panel; focus stays on the same control (or, once the one it was on is
     * gone, the panel's next useful one: Cancel while it works, then the first row). */
    update(): void {
      const { panel, button, bar } = p;
      const had = focusedWithin(panel) ?? focusedWithin(bar) ??
        (focusedWithin(button.parentElement ?? button) === button ? button : null);
      const testid = had?.dataset.testid;
      const decision = had?.dataset.decision;
      const show = had?.dataset.show;
      const data = ctx.model.get("review") ?? null;
      renderReview(p, data, ctx.t, { start: ctx.takes("review_start"), cancel: ctx.takes("review_cancel"), showMe: ctx.takes("show_me") });
      if (data?.status === "done" && reveal !== null) {
        if (data.at === reveal) bringIntoView();
        reveal = null;
      }
      if (!had || (had.isConnected && !had.hidden && !(had as HTMLButtonElement).disabled)) return;
      const sel = testid
        ? `[data-testid="${testid}"]${decision !== undefined ? `[data-decision="${decision}"]` : ""}` +
          `${show !== undefined ? `[data-show="${show}"]` : ""}`
        : null;
      const same = sel ? (bar.querySelector<HTMLElement>(sel) ?? panel.querySelector<HTMLElement>(sel)) : null;
      const next = [same, ...bar.querySelectorAll<HTMLElement>("[data-testid=review-next], [data-testid=review-back]"),
        ...panel.querySelectorAll<HTMLElement>("[data-testid=review-cancel], [data-testid=review-row], button")]
        .find((el) => el && !el.hidden && !(el as HTMLButtonElement).disabled && el.isConnected && !el.closest("[hidden]"));
      if (next) next.focus();
    },
    resize(): void {
      const data = ctx.model.get("review") ?? null;
      const graph = p.panel.querySelector("[data-testid=review-graph]");
      const body = p.panel.querySelector<HTMLElement>(".bh-review-body");
      if (!data || data.status !== "done" || !graph || !body) return;
      const box = graphBox(body.clientWidth);
      if (graph.getAttribute("viewBox") !== `0 0 ${box.width} ${box.height}`) graph.replaceWith(renderGraph(data, ctx.t, box));
    },
    clickDecision(target: EventTarget | null): boolean {
      const decision = decisionOf(target, p.panel);
      if (decision === null) return false;
      if (!ctx.takes("review_show")) return true; // the widget shows no positions
      reveal = decision;
      ctx.send({ type: "review_show", decision });
      return true;
    },
    click(btn: HTMLButtonElement): boolean {
      switch (btn.dataset.testid) {
        case "review-start":
          if (ctx.takes("review_start")) ctx.send({ type: "review_start" });
          return true;
        case "review-cancel":
          if (ctx.takes("review_cancel")) ctx.send({ type: "review_cancel" });
          return true;
        case "review-back":
        case "review-next": {
          const at = ctx.model.get("review")?.at;
          if (typeof at === "number" && ctx.takes("review_show")) {
            ctx.send({ type: "review_show", decision: at + (btn.dataset.testid === "review-next" ? 1 : -1) });
          }
          return true;
        }
        case "review-end":
          if (ctx.takes("review_show")) ctx.send({ type: "review_show", decision: null });
          return true;
        case "review-to-list":
          toList();
          return true;
      }
      return false;
    },
  };
}
