// anywidget entry point for bhabho_widget.Table and bhabho_widget.Lesson.
// The front end holds no rules: it draws the synced `view` and sends intentions back.
// The messages and traits are those of bhabho_widget/table/protocol.json (see protocol.ts).

import type { AnyWidget } from "@anywidget/types";
// The stylesheets in their cascade order (review.ts and tracker.ts import theirs too).
import "./widget.css";
import "./review.css";
import "./tracker.css";
import { createContext } from "./context";
import { buildControls, clampPace, deckOf, readNewGame, updateConfig, updateDeck, updatePace } from "./controls";
import { focusedWithin, h } from "./dom";
import { feltPanel } from "./felt";
import { keepFocus } from "./focus";
import { handPanel } from "./hand";
import { hintPanel } from "./hint";
import { relabel, translator } from "./labels";
import { lessonPanel } from "./lesson";
import { logPanel } from "./log";
import { messagesPanel } from "./messages";
import { modelPacer, newViewOf } from "./pacer";
import { canPlay } from "./render";
import { buildReview, decisionOf, renderReview } from "./review";
import { scorePanel } from "./score";
import { takePanel } from "./take";
import { buildTracker, handleTrackerKey, renderTracker } from "./tracker";
import type { Model, Traits } from "./types";

export { prefersReducedMotion } from "./felt";

let mounts = 0; // for element ids unique on the page

/** Keys the widget's own controls use: they do not reach JupyterLab's shortcuts. */
export const OWN_KEYS: ReadonlySet<string> = new Set([
  "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "Enter", " ", "Spacebar",
]);

export function mount(model: Model, el: HTMLElement): () => void {
  const uid = `bh${++mounts}`;
  const ctx = createContext(model, uid);
  const { root, send, view } = ctx;
  const controls = buildControls(ctx.t);
  const lesson = lessonPanel(ctx);
  const trk = buildTracker(uid); // the Tracker panel (tracker.ts), drawn from the tracker trait
  const rev = buildReview(uid); // the Review panel (review.ts), drawn from the review trait
  const felt = feltPanel(ctx);
  const messages = messagesPanel(ctx);
  const hint = hintPanel(ctx);
  const hand = handPanel(ctx);
  const take = takePanel(ctx);
  const log = logPanel();
  const score = scorePanel(ctx);
  const labelled = [...lesson.bar.labelled, ...trk.labelled, ...rev.labelled, ...felt.labelled, ...take.labelled, ...log.labelled];
  const pacer = modelPacer(model, send);

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
    h(
      "div.bh-hand-bar",
      {},
      messages.box,
      // Take and Pass last: just before the hand in tab order
      h("div.bh-hand-actions", {}, controls.actions, trk.button, rev.button, take.take, take.pass),
      hint.slot, // the hint's words and chart take the bar's whole width, under the buttons
    ),
    hand.area,
    trk.panel,
    rev.panel,
    controls.bar,
    h("div.bh-footer", {}, log.box, score.slot),
  );
  relabel(labelled, ctx.t);
  el.append(root);

  const disposers: (() => void)[] = [];
  // ---- drawing ----

  function drawView(): void {
    const v = view();
    if (!v) {
      messages.update(null);
      felt.update(null);
      return;
    }
    root.dataset.version = String(v.version); // which view is drawn (tests wait for a new one)
    root.classList.toggle("is-reviewing", v.mode === "review");
    root.classList.toggle("is-lesson", v.mode === "lesson");
    felt.update(v);
    hand.update(v);
    take.update(v);
    for (const e of controls.playOnly) e.hidden = v.mode === "lesson";
    take.showFor(v);
    controls.hint.disabled = !v.take_offer && (!canPlay(v) || !((v.legal ?? []).length || v.can_take));
    controls.undo.disabled = v.can_undo === false; // nothing of the person's to take back yet
    lesson.update(v);
    messages.update(v);
    log.update(v);
    pacer.update(v, model.get("pace"), felt.restSince());
  }

  /** The hint's words, and its mark on the hand or on Take. */
  function drawHint(): void {
    hint.update();
    const v = view();
    if (v) hand.update(v);
    take.update(v);
  }

  function drawSettings(): void {
    updatePace(controls, model.get("pace"), ctx.t);
    controls.reveal.checked = Boolean(model.get("reveal_all"));
  }

  function drawDeck(): void {
    const deck = deckOf(model.get("deck"));
    updateDeck(controls, deck);
    root.classList.toggle("is-four-colour", deck === "four-colour");
  }

  /** Redraws the Review panel; focus stays on the same control (or, once the one it was
   * on is gone, the panel's next useful one: Cancel while it works, then the first row). */
  function drawReview(): void {
    const had = focusedWithin(rev.panel) ?? (focusedWithin(rev.button.parentElement ?? rev.button) === rev.button ? rev.button : null);
    const testid = had?.dataset.testid;
    const decision = had?.dataset.decision;
    renderReview(rev, model.get("review") ?? null, ctx.t);
    if (!had || (had.isConnected && !had.hidden && !(had as HTMLButtonElement).disabled)) return;
    const same = testid
      ? rev.panel.querySelector<HTMLElement>(`[data-testid="${testid}"]${decision !== undefined ? `[data-decision="${decision}"]` : ""}`)
      : null;
    const next = [same, ...rev.panel.querySelectorAll<HTMLElement>("[data-testid=review-cancel], [data-testid=review-next], [data-testid=review-row], button")]
      .find((el) => el && !el.hidden && !(el as HTMLButtonElement).disabled && el.isConnected);
    if (next) next.focus();
  }

  function drawTracker(): void {
    renderTracker(trk, model.get("tracker") ?? null, ctx.t);
    felt.markVoids();
  }

  /** Opens or closes the Tracker panel; the chances layer keeps its switch. */
  function toggleTracker(): void {
    send({ type: "tracker", open: trk.button.getAttribute("aria-expanded") !== "true", chances: trk.chances.checked });
  }

  function drawConfig(refill = false): void {
    const lists = {
      variants: model.get("variants"),
      bot_levels: model.get("bot_levels"),
      languages: model.get("languages"),
    };
    updateConfig(controls, model.get("config"), lists, ctx.t, refill);
  }

  function drawLabels(): void {
    ctx.t = translator(model.get("labels"), model.get("lang"));
    root.setAttribute("lang", ctx.t.lang);
    relabel(controls.labelled, ctx.t);
    relabel(labelled, ctx.t);
    drawConfig(); // the variant and bot menus
    drawSettings();
    score.update();
    drawHint();
    drawTracker();
    drawReview();
    drawView();
  }

  const redraw = (draw: () => void) => keepFocus(root, lesson, hand, draw);

  // ---- model events ----

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
  on("change:review", () => redraw(drawReview));
  on("change:error", () => {
    ctx.resetActed(); // the kernel refused: let the person try again
    messages.showError();
    drawDeck(); // a refused set_deck: the switch shows the deck drawn
  });
  on("change:deck", drawDeck);
  on("change:score", score.update);
  on("change:variants", () => drawConfig());
  on("change:bot_levels", () => drawConfig());
  on("change:languages", () => drawConfig());
  on("change:config", () => drawConfig(true));
  on("change:labels", drawLabels);
  on("change:lang", drawLabels);
  on("change:pace", () => {
    drawSettings();
    pacer.update(view(), model.get("pace"), felt.restSince());
  });
  on("change:reveal_all", drawSettings);

  // ---- DOM events (delegated to the root, so redraws need no rewiring) ----

  function listen<K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void): void {
    root.addEventListener(type, fn as EventListener);
    disposers.push(() => root.removeEventListener(type, fn as EventListener));
  }

  listen("click", (e) => {
    // a point of the review's graph or one of its rows: that decision's position
    const decision = decisionOf(e.target, rev.panel);
    if (decision !== null) {
      send({ type: "review_show", decision });
      return;
    }
    const btn = (e.target as HTMLElement | null)?.closest?.("button");
    if (!btn || !root.contains(btn) || btn.disabled) return;
    const v = view();
    if (hand.click(btn) || lesson.click(btn)) return;
    // A lesson has no game to start, undo or hint (its kernel refuses those messages).
    if (v?.mode === "lesson" && controls.playOnly.some((e) => e.contains(btn))) return;
    if (take.click(btn)) return;
    switch (btn.dataset.testid) {
      case "new-game":
        if (v) ctx.sendVersioned({ type: "new_game", version: v.version, ...readNewGame(controls) });
        break;
      case "undo":
        if (v) ctx.sendVersioned({ type: "undo", version: v.version });
        break;
      case "hint":
        send({ type: "hint" });
        break;
      case "tracker-toggle":
        toggleTracker();
        break;
      case "review-start":
        send({ type: "review_start" });
        break;
      case "review-cancel":
        send({ type: "review_cancel" });
        break;
      case "review-back":
      case "review-next": {
        const at = model.get("review")?.at;
        if (typeof at === "number") {
          send({ type: "review_show", decision: at + (btn.dataset.testid === "review-next" ? 1 : -1) });
        }
        break;
      }
      case "review-end":
        send({ type: "review_show", decision: null });
        break;
    }
  });

  listen("input", (e) => {
    lesson.slide(e);
    if (e.target === controls.seed) controls.seedTouched = true;
    if (e.target === controls.pace) {
      const pace = clampPace(Number(controls.pace.value));
      if (!isFinite(pace)) return;
      model.set("pace", pace);
      model.save_changes();
    }
  });
  listen("change", (e) => {
    lesson.slide(e);
    if (e.target === trk.chances) {
      send({ type: "tracker", open: true, chances: trk.chances.checked });
      return;
    }
    if (e.target === controls.deck) {
      send({ type: "set_deck", deck: controls.deck.checked ? "four-colour" : "two-colour" });
      return;
    }
    if (e.target === controls.language) {
      const language = controls.language.value;
      const config = model.get("config");
      if (language && language !== config?.language) send({ type: "set_language", language });
    }
  });
  listen("keydown", (e) => {
    hand.keydown(e);
    if (handleTrackerKey(trk, e)) e.preventDefault();
    const typing = (e.target as HTMLElement | null)?.closest?.("input, select, textarea");
    if ((e.key === "t" || e.key === "T") && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
      toggleTracker(); // T opens and closes the tracker from anywhere in the widget
      e.stopPropagation();
    } else if (e.key === "Escape" && !trk.panel.hidden && trk.panel.contains(e.target as Node)) {
      toggleTracker();
      trk.button.focus();
      e.stopPropagation();
    }
    // JupyterLab binds the arrows (and more) to notebook commands for whatever has focus in
    // a notebook in command mode; data-lm-suppress-shortcuts does not stop a binding whose
    // selector matches the focused control itself. Keep the keys our controls use (sliders,
    // selects, buttons, the hand) to ourselves; JupyterLab listens in the bubbling phase.
    if (OWN_KEYS.has(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) e.stopPropagation();
  });
  listen("focusin", (e) => hand.focusin(e));

  // ---- first draw ----
  drawConfig(true);
  drawDeck();
  drawSettings();
  messages.showError();
  score.update();
  drawHint();
  drawTracker();
  drawReview();
  drawView();

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
