// anywidget entry point for bhabho_widget.Table and bhabho_widget.Lesson.
// The front end holds no rules: it draws the synced `view` and sends intentions back.
// The messages and traits are those of bhabho_widget/table/protocol.json (see protocol.ts).
//
// mount() builds one view of the table from its panels (felt.ts, hand.ts, take.ts, hint.ts,
// messages.ts, lesson.ts, controls.ts, tracker.ts, review.ts, show.ts, log.ts, score.ts), which share
// a context (context.ts), and wires the model's changes and the DOM's events to them.

import type { AnyWidget } from "@anywidget/types";
// The stylesheets in their cascade order (each panel's module imports its own too).
import "./base.css";
import "./cards.css";
import "./widget.css";
import "./controls.css";
import "./lesson.css";
import "./felt.css";
import "./messages.css";
import "./take.css";
import "./hint.css";
import "./hand.css";
import "./log.css";
import "./score.css";
import "./show.css";
import "./review.css";
import "./tracker.css";
import { createContext } from "./context";
import { controlsPanel } from "./controls";
import { h } from "./dom";
import { feltPanel } from "./felt";
import { keepFocus } from "./focus";
import { handPanel } from "./hand";
import { hintPanel } from "./hint";
import { relabel, translator } from "./labels";
import { lessonPanel } from "./lesson";
import { logPanel } from "./log";
import { messagesPanel } from "./messages";
import { modelPacer, newViewOf } from "./pacer";
import { practicePanel } from "./practice";
import { reviewPanel } from "./review";
import { scorePanel } from "./score";
import { showPanel } from "./show";
import { takePanel } from "./take";
import { trackerPanel } from "./tracker";
import type { Model, Traits } from "./types";

export { prefersReducedMotion } from "./felt";

let mounts = 0; // for element ids unique on the page

/** Keys the widget's own controls use: they do not reach JupyterLab's shortcuts. */
export const OWN_KEYS: ReadonlySet<string> = new Set([
  "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "Enter", " ", "Spacebar",
]);

export function mount(model: Model, el: HTMLElement): () => void {
  const ctx = createContext(model, `bh${++mounts}`);
  const { root, view } = ctx;
  const controls = controlsPanel(ctx);
  const lesson = lessonPanel(ctx);
  const felt = feltPanel(ctx);
  const show = showPanel(ctx, felt.felt); // Show me: the imagined game's bar under the felt
  const messages = messagesPanel(ctx);
  const hint = hintPanel(ctx);
  const hand = handPanel(ctx);
  const take = takePanel(ctx);
  const tracker = trackerPanel(ctx); // drawn from the tracker trait
  const review = reviewPanel(ctx); // drawn from the review trait
  const practice = practicePanel(ctx); // drawn from the practice trait (a table of puzzles)
  const log = logPanel();
  const score = scorePanel(ctx);
  const labelled = [
    ...controls.controls.labelled,
    ...lesson.bar.labelled,
    ...tracker.labelled,
    ...review.labelled,
    ...practice.labelled,
    ...show.labelled,
    ...felt.labelled,
    ...take.labelled,
    ...log.labelled,
  ];
  const pacer = modelPacer(model, ctx.send);

  // The felt and the hand come first, the game's settings below them: on a laptop screen
  // the whole table, the person's hand included, fits without scrolling. Hint, Undo and
  // Take sit beside the narration, just above the hand, so the fan can use the full width
  // and the person's actions are where the play is (and next in the tab order).
  root.append(
    lesson.bar.bar,
    lesson.exerciseSlot,
    lesson.exerciseLive,
    felt.felt,
    felt.banner,
    // Show me's and the review's bars right under the felt, so that on a phone their Next and
    // Back are on screen with the felt's trick (the card just played), not a screen above it
    show.bar,
    review.bar, // a reviewed decision: which one, Back, Next, the end, the list
    h(
      "div.bh-hand-bar",
      {},
      messages.box,
      // Take and Pass last: just before the hand in tab order
      h("div.bh-hand-actions", {}, controls.controls.actions, tracker.button, review.button, take.take, take.pass),
      take.effect, // what a take does, while Take may be pressed
      hint.slot, // the hint's words and chart take the bar's whole width, under the buttons
    ),
    hand.area,
    practice.panel,
    tracker.panel,
    review.panel,
    controls.controls.bar,
    h("div.bh-footer", {}, log.box, score.slot),
  );
  felt.felt.append(show.tag);
  relabel(labelled, ctx.t);
  el.append(root);

  // ---- drawing ----

  function drawView(): void {
    const v = view();
    if (!v) {
      messages.update(null);
      felt.update(null);
      show.update(null);
      return;
    }
    root.dataset.version = String(v.version); // which view is drawn (tests wait for a new one)
    root.dataset.waiting = v.waiting; // whom the table waits for: "human", "bot" or "over"
    root.classList.toggle("is-reviewing", v.mode === "review");
    root.classList.toggle("is-lesson", v.mode === "lesson");
    root.classList.toggle("is-imagining", v.mode === "imagine");
    felt.update(v);
    hand.update(v);
    take.update(v);
    controls.update(v);
    take.showFor(v);
    lesson.update(v);
    messages.update(v);
    log.update(v);
    hint.update(); // its Show me button is offered at the live table
    show.update(v);
    pacer.update(ctx.takes("advance") ? v : null, model.get("pace"), felt.restSince());
  }

  /** The hint's words, and its mark on the hand or on Take. */
  function drawHint(): void {
    hint.update();
    const v = view();
    if (v) hand.update(v);
    take.update(v);
  }

  function drawTracker(): void {
    tracker.update();
    felt.markVoids();
  }

  /** Every panel with texts in the labels' words; `refill`: see controls.drawConfig. */
  function drawTexts(refill = false): void {
    controls.drawConfig(refill); // the variant and bot menus
    controls.drawSettings();
    score.update();
    drawHint();
    drawTracker();
    review.update();
    practice.update();
    drawView();
  }

  function drawLabels(): void {
    ctx.t = translator(model.get("labels"), model.get("lang"));
    root.setAttribute("lang", ctx.t.lang);
    relabel(labelled, ctx.t);
    drawTexts();
  }

  const redraw = (draw: () => void) => keepFocus(root, lesson, hand, draw);

  // ---- model events ----

  const disposers: (() => void)[] = [];
  function on(event: `change:${keyof Traits & string}`, fn: () => void): void {
    model.on(event, fn);
    disposers.push(() => model.off(event, fn));
  }

  on("change:view", () => {
    newViewOf(model, view());
    ctx.resetActed();
    lesson.newView();
    redraw(drawView);
  });
  on("change:hint", () => redraw(drawHint));
  on("change:tracker", () => redraw(drawTracker));
  on("change:review", () => redraw(review.update));
  on("change:practice", () => redraw(practice.update));
  on("change:error", () => {
    ctx.resetActed(); // the kernel refused: let the person try again
    messages.showError();
    controls.drawDeck(); // a refused set_deck: the switch shows the deck drawn
  });
  on("change:deck", controls.drawDeck);
  on("change:score", score.update);
  on("change:variants", () => controls.drawConfig());
  on("change:bot_levels", () => controls.drawConfig());
  on("change:languages", () => controls.drawConfig());
  on("change:config", () => controls.drawConfig(true));
  on("change:labels", drawLabels);
  on("change:lang", drawLabels);
  on("change:pace", () => {
    controls.drawSettings();
    pacer.update(ctx.takes("advance") ? view() : null, model.get("pace"), felt.restSince());
  });
  on("change:reveal_all", controls.drawSettings);
  on("change:take_offers", controls.drawSettings);
  on("change:capabilities", () => {
    controls.drawDeck();
    redraw(drawTexts); // every panel shows what the widget takes now
  });

  // ---- DOM events (delegated to the root, so redraws need no rewiring) ----

  function listen<K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void): void {
    root.addEventListener(type, fn as EventListener);
    disposers.push(() => root.removeEventListener(type, fn as EventListener));
  }

  // Each button belongs to one panel: the first that knows it handles the click.
  const clickable = [hand, lesson, controls, tracker, show, review, practice, take];
  listen("click", (e) => {
    // a point of the review's graph or one of its rows: that decision's position
    if (review.clickDecision(e.target)) return;
    // a cell of the tracker's grid, clicked or tapped: focused, its detail shown
    if (tracker.clickCell(e.target)) return;
    const btn = (e.target as HTMLElement | null)?.closest?.("button");
    if (!btn || !root.contains(btn) || btn.disabled) return;
    clickable.some((panel) => panel.click(btn));
  });
  listen("input", (e) => {
    lesson.slide(e);
    controls.input(e);
  });
  listen("change", (e) => {
    lesson.slide(e);
    tracker.change(e);
    controls.change(e);
    practice.change(e);
  });
  listen("keydown", (e) => {
    hand.keydown(e);
    tracker.keydown(e);
    show.keydown(e);
    // JupyterLab binds the arrows (and more) to notebook commands for whatever has focus in
    // a notebook in command mode; data-lm-suppress-shortcuts does not stop a binding whose
    // selector matches the focused control itself. Keep the keys our controls use (sliders,
    // selects, buttons, the hand) to ourselves; JupyterLab listens in the bubbling phase.
    if (OWN_KEYS.has(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) e.stopPropagation();
  });
  listen("focusin", (e) => {
    hand.focusin(e);
    tracker.focusin(e);
  });
  // the pointer of a mouse, a pen or a finger (pointer events), and the mouse's own events
  listen("pointerover", (e) => tracker.pointer(e));
  listen("pointerout", (e) => tracker.pointer(e));
  listen("mouseover", (e) => tracker.pointer(e));
  listen("mouseout", (e) => tracker.pointer(e));

  // ---- the widget's width: the hand's rows (and the Tracker's grid) follow it ----
  let resizeFrame = 0;
  const resized = () => {
    resizeFrame = 0;
    redraw(() => {
      hand.resize();
      tracker.resize();
      review.resize();
    });
  };
  if (typeof ResizeObserver === "function") {
    // drawn in the next frame, not in the observer's callback: a redraw that changes the
    // widget's height there would be reported again in the same frame
    const observer = new ResizeObserver(() => {
      if (!resizeFrame) resizeFrame = requestAnimationFrame(resized);
    });
    observer.observe(root);
    disposers.push(() => {
      observer.disconnect();
      if (resizeFrame) cancelAnimationFrame(resizeFrame);
    });
  }

  // ---- first draw ----
  controls.drawDeck();
  messages.showError();
  drawTexts(true);

  return () => {
    pacer.cancel();
    felt.dispose();
    for (const d of disposers.splice(0)) d();
    root.remove();
  };
}

const widget = {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    return mount(model, el);
  },
} satisfies AnyWidget<Traits>;

export default widget;
