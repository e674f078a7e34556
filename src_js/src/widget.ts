// anywidget entry point for bhabho_widget.Table and bhabho_widget.Lesson.
// The front end holds no rules: it draws the synced `view` and sends intentions back.
// The messages and traits are those of bhabho_widget/table/protocol.json (see protocol.ts).

import type { AnyWidget } from "@anywidget/types";
import "./widget.css";
import {
  buildControls,
  buildLessonBar,
  clampPace,
  deckOf,
  readNewGame,
  updateConfig,
  updateDeck,
  updateLessonBar,
  updatePace,
} from "./controls";
import { focusedWithin, h, setText } from "./dom";
import { createContext } from "./context";
import { type Labelled, relabel, translator } from "./labels";
import { handleHandKey, restoreHandFocus, setRovingStop } from "./input";
import { modelPacer, newViewOf } from "./pacer";
import { buildReview, decisionOf, renderReview } from "./review";
import { buildTracker, handleTrackerKey, markSeats, renderTracker } from "./tracker";
import {
  canPlay,
  hintOf,
  isScore,
  lastTrickOf,
  nameOf,
  renderCenter,
  renderExercise,
  renderFlight,
  renderHand,
  renderHint,
  renderRest,
  renderScore,
  renderSeat,
  renderSkipAsk,
  renderSummary,
  setExerciseHint,
  trickRing,
  updateBanner,
} from "./render";
import type { LastTrick, Model, Traits, View } from "./types";

// Container query units let the trick's ring widen with the widget (see trickRing).
const hasContainerUnits = (() => {
  try {
    return typeof CSS !== "undefined" && typeof CSS.supports === "function" && CSS.supports("width", "1cqw");
  } catch {
    return false;
  }
})();

/** How long (ms) a flight may last at most, where animations never end (no CSS). */
const FLIGHT_MS = 1500;

/** The person asked their system for less motion: then no card flies. */
export function prefersReducedMotion(): boolean {
  try {
    return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
}

let mounts = 0; // for element ids unique on the page

/** Keys the widget's own controls use: they do not reach JupyterLab's shortcuts. */
export const OWN_KEYS: ReadonlySet<string> = new Set([
  "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "Enter", " ", "Spacebar",
]);

export function mount(model: Model, el: HTMLElement): () => void {
  const uid = `bh${++mounts}`;
  const ctx = createContext(model, uid);
  const { root, send, view, hintAction } = ctx;
  const controls = buildControls(ctx.t);
  const lessonBar = buildLessonBar(ctx.t);
  const labelled: Labelled[] = [];
  const trk = buildTracker(uid); // the Tracker panel (tracker.ts), drawn from the tracker trait
  labelled.push(...trk.labelled);
  const rev = buildReview(uid); // the Review panel (review.ts), drawn from the review trait
  labelled.push(...rev.labelled);
  const exerciseSlot = h("div.bh-exercise-slot");
  // The exercise is redrawn with every view; its feedback is announced from this one region.
  const exerciseLive = h("div.bh-sr-only", { role: "status", "aria-live": "polite", "data-testid": "exercise-live" });
  const seats = h("div.bh-seats");
  const center = h("div.bh-center");
  const restSlot = h("div.bh-rest-slot");
  const flightSlot = h("div.bh-flight-slot");
  // The game-over banner: one element, an assertive live region, shown while there is a
  // result; it sits just under the felt, so that it covers neither the last trick nor a seat.
  const banner = h("div.bh-game-over", {
    "data-testid": "game-over",
    role: "alert",
    "aria-live": "assertive",
    "aria-atomic": "true",
    hidden: true,
  });
  const felt = h("div.bh-felt", { role: "region" }, center, restSlot, seats, flightSlot);
  labelled.push({ el: felt, key: "table_region", attr: "aria-label" });
  const status = h("div.bh-status", { role: "status", "aria-live": "polite", "data-testid": "narration" });
  const error = h("div.bh-error.is-empty", { role: "alert", "data-testid": "error" });
  const hintSlot = h("div.bh-hint-slot");
  const handSlot = h("div.bh-hand-slot");
  const take = h("button.bh-btn.bh-take", { type: "button", "data-testid": "take", disabled: true });
  // Shown at the person's own chance to take (rule 7, view.take_offer): passing lets the table go on.
  const pass = h("button.bh-btn.bh-pass", { type: "button", "data-testid": "pass-take", hidden: true });
  labelled.push({ el: pass, key: "pass_take" }, { el: pass, key: "pass_take_aria", attr: "aria-label" });
  // Hint, Undo and Take sit beside the narration, just above the hand, so the fan can use the
  // full width and the person's actions are where the play is (and next in the tab order).
  const handBar = h(
    "div.bh-hand-bar",
    {},
    h("div.bh-messages", {}, status, error),
    h("div.bh-hand-actions", {}, controls.actions, trk.button, rev.button, take, pass), // Take and Pass last: just before the hand in tab order
    hintSlot, // the hint's words and chart take the bar's whole width, under the buttons
  );
  const handArea = h("div.bh-hand-area", {}, handSlot);
  // The log scrolls: it is a tab stop so that the keyboard can scroll it too.
  const log = h("ol.bh-log", { "data-testid": "log", tabindex: 0 });
  const logTitle = h("div.bh-log-title");
  labelled.push({ el: log, key: "log_aria", attr: "aria-label" }, { el: logTitle, key: "log_title" });
  const scoreSlot = h("div.bh-score-slot");
  // The felt and the hand come first, the game's settings below them: on a laptop screen
  // the whole table, the person's hand included, fits without scrolling.
  root.append(
    lessonBar.bar,
    exerciseSlot,
    exerciseLive,
    felt,
    banner,
    handBar,
    handArea,
    trk.panel,
    rev.panel,
    controls.bar,
    h("div.bh-footer", {}, h("div.bh-log-box", {}, logTitle, log), scoreSlot),
  );
  relabel(labelled, ctx.t);
  el.append(root);

  const disposers: (() => void)[] = [];
  let lastLogKey = "";
  let lastGoto: number | null = null;
  // The finished trick resting on the table (play mode), since when, and from which view.
  let resting: LastTrick | null = null;
  let restSince: number | null = null;
  let restVersion: number | null = null;
  let flightVersion: number | null = null;
  let flightTimer: ReturnType<typeof setTimeout> | null = null;
  let hintOpenAt: number | null = null; // the lesson step whose exercise shows its hint
  // Next or End at an unanswered question asks first: the step asked at, and where to go.
  let skipAskAt: number | null = null;
  let skipTo = 0;

  const pacer = modelPacer(model, send);

  function play(code: string): void {
    const v = view();
    if (!v || !canPlay(v) || !(v.legal ?? []).includes(code)) return;
    ctx.sendVersioned({ type: "play", card: code, version: v.version });
  }

  // ---- drawing ----

  function drawHand(v: View): void {
    const had = focusedWithin(handSlot) as HTMLButtonElement | null;
    const code = had?.dataset.card ?? null;
    const oldIndex = had ? Array.from(handSlot.querySelectorAll("button")).indexOf(had) : -1; // -1: the group itself
    handSlot.replaceChildren(renderHand(v, hintAction(), ctx.t));
    if (had) restoreHandFocus(handSlot.firstElementChild as HTMLElement, code, oldIndex);
  }

  function drawExercise(v: View): void {
    const had = focusedWithin(exerciseSlot) as HTMLElement | null;
    const index = had?.dataset.index;
    const step = v.lesson?.index ?? null;
    if (hintOpenAt !== step) hintOpenAt = null; // a new step asks afresh, hint closed
    if (skipAskAt !== step) skipAskAt = null;
    const ex = renderExercise(v, ctx.t, { hintOpen: hintOpenAt !== null, id: `${uid}-ex` });
    if (ex && skipAskAt !== null) ex.append(renderSkipAsk(ctx.t, `${uid}-skip`));
    // the lesson's last step: how it went
    const summary = ex ? null : renderSummary(v, ctx.t, `${uid}-summary`);
    exerciseSlot.replaceChildren(...(ex ? [ex] : summary ? [summary] : []));
    setText(exerciseLive, v.lesson?.exercise?.feedback?.text ?? "");
    if (!had) return;
    const again =
      index !== undefined
        ? exerciseSlot.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`)
        : had.dataset.testid === "exercise-hint"
          ? exerciseSlot.querySelector<HTMLButtonElement>("[data-testid=exercise-hint]")
          : null;
    if (again && !again.disabled) again.focus();
  }

  function usable(el: HTMLElement): boolean {
    return el.isConnected && !(el as HTMLButtonElement).disabled && !el.closest("[hidden]");
  }

  /** Redraws, keeping the keyboard's place: when the focused control went away or was
   * disabled (Take after taking, an answered question, Next at a lesson's end, Hint while
   * the bots play), focus moves to the next sensible place instead of the page's start. */
  function keepFocus(draw: () => void): void {
    const before = focusedWithin(root);
    const where = !before
      ? null
      : exerciseSlot.contains(before)
        ? "exercise"
        : lessonBar.bar.contains(before)
          ? "lesson"
          : handSlot.contains(before)
            ? "hand"
            : "play";
    draw();
    if (!before || usable(before)) return;
    const now = focusedWithin(root);
    if (now && now !== before) return; // the hand or the exercise already put it back
    const lesson = [lessonBar.next, lessonBar.back, lessonBar.slider].filter(usable);
    if ((where === "exercise" || where === "lesson") && lesson.length) {
      (where === "exercise" ? lesson[0] : lesson[lesson.length - 1]).focus();
      return;
    }
    const hand = handSlot.firstElementChild as HTMLElement | null;
    if (hand) restoreHandFocus(hand, null, 0);
  }

  function clearFlight(): void {
    if (flightTimer !== null) clearTimeout(flightTimer);
    flightTimer = null;
    flightSlot.replaceChildren();
  }

  function fly(v: View, trick: LastTrick): void {
    clearFlight();
    if (prefersReducedMotion()) return; // the cards simply go
    const layer = renderFlight(v, trick);
    flightSlot.append(layer);
    const done = () => {
      if (layer.isConnected) layer.remove();
      if (flightTimer !== null) clearTimeout(flightTimer);
      flightTimer = null;
    };
    layer.lastElementChild?.addEventListener("animationend", done, { once: true });
    flightTimer = setTimeout(done, FLIGHT_MS);
  }

  /** The finished trick: it rests where it was played until the next lead, then flies to
   * the picker or the waste pile. An undo or a new game shows none of it. A lesson's view
   * says itself whether a trick rests (an empty table and a last_trick). */
  function drawTrickEnd(v: View): void {
    const lt = lastTrickOf(v);
    const table = v.table ?? [];
    if (v.change === "undo" || v.change === "new") {
      resting = null;
      clearFlight();
    } else if (v.mode === "lesson") {
      resting = table.length === 0 ? lt : null;
      clearFlight();
    } else if (table.length > 0) {
      const leaving = lt ?? resting;
      if (leaving && flightVersion !== v.version) {
        flightVersion = v.version;
        fly(v, leaving);
      }
      resting = null;
    } else if (lt && restVersion !== v.version) {
      resting = lt;
      restSince = Date.now();
      restVersion = v.version;
    }
    if (!resting) {
      restSince = null;
      restVersion = null;
    }
    restSlot.replaceChildren(...(resting ? [renderRest(v, resting, ctx.t)] : []));
  }

  function drawLog(v: View): void {
    const lines = (Array.isArray(v.log) ? v.log : []).filter((l) => l && typeof l.text === "string");
    const key = JSON.stringify(lines);
    if (key === lastLogKey) return;
    lastLogKey = key;
    // The kernel sends the whole log as it now stands: show exactly that.
    log.replaceChildren(...lines.map((l) => h("li", { "data-kind": String(l.kind ?? "") }, l.text)));
    log.scrollTop = log.scrollHeight;
  }

  function drawFelt(v: View): void {
    const ring = trickRing(v.num_players, Array.isArray(v.hands));
    const rx =
      hasContainerUnits && ring.frac > 0 ? `clamp(${ring.rx}px, ${ring.frac}cqw, ${ring.rxMax}px)` : `${ring.rx}px`;
    felt.style.setProperty("--rx", rx);
    felt.style.setProperty("--ry", `${ring.ry}px`);
    felt.style.setProperty("--fh", `${ring.height}px`);
    felt.style.setProperty("--tcw", `${ring.card}px`);
  }

  function drawTake(v: View | null): void {
    const target = v?.take_target;
    const label = !v || target === null || target === undefined ? ctx.t("take") : ctx.t("take_from", { name: nameOf(v, target, ctx.t) });
    setText(take, label);
    take.disabled = !v?.can_take;
    pass.hidden = pass.disabled = !v?.take_offer;
    pass.dataset.version = v?.take_offer ? String(v.version) : "";
    const hinted = hintAction() === "take";
    take.classList.toggle("is-hint", hinted);
    // a reviewed chance to take whose better action was the take: the button outlined
    take.classList.toggle("is-review-best", v?.mode === "review" && v.review?.best === "take");
    if (hinted) take.title = ctx.t("hint_take_title");
    else take.removeAttribute("title");
  }

  function drawHint(): void {
    const hint = hintOf(model.get("hint"));
    hintSlot.replaceChildren(...(hint ? [renderHint(hint, ctx.t)] : []));
    const v = view();
    if (v) drawHand(v);
    drawTake(v);
  }

  function drawView(): void {
    const v = view();
    if (!v) {
      setText(status, ctx.t("waiting_kernel"));
      updateBanner(banner, null);
      return;
    }
    root.dataset.version = String(v.version); // which view is drawn (tests wait for a new one)
    const lesson = v.mode === "lesson";
    root.classList.toggle("is-reviewing", v.mode === "review");
    const quiet = v.change === "undo" || v.change === "new"; // nothing animates
    root.classList.toggle("is-lesson", lesson);
    felt.classList.toggle("is-revealed", Array.isArray(v.hands));
    felt.classList.toggle("is-over", Boolean(v.is_over));
    drawFelt(v);

    const seatEls: HTMLElement[] = [];
    for (let s = 0; s < v.num_players; s++) seatEls.push(renderSeat(v, s, ctx.t));
    seats.replaceChildren(...seatEls);
    markSeats(seats, model.get("tracker") ?? null, ctx.t); // the void marks, while the tracker is open
    // Cards already shown (on the table or resting) do not fly in again.
    const before = new Set(
      Array.from(felt.querySelectorAll<HTMLElement>("[data-testid=trick-card], [data-rest-card]"), (c) => c.dataset.card),
    );
    drawTrickEnd(v); // first: the corner label names the resting trick while it rests
    center.replaceChildren(...renderCenter(v, ctx.t, { resting: resting !== null }));
    if (!quiet) {
      for (const c of felt.querySelectorAll<HTMLElement>("[data-testid=trick-card], [data-rest-card]")) {
        if (!before.has(c.dataset.card)) c.classList.add("is-new");
      }
    }
    updateBanner(banner, v);
    drawHand(v);
    drawTake(v);
    for (const e of controls.playOnly) e.hidden = lesson;
    take.hidden = lesson;
    controls.hint.disabled = !v.take_offer && (!canPlay(v) || !((v.legal ?? []).length || v.can_take));
    controls.undo.disabled = v.can_undo === false; // nothing of the person's to take back yet
    updateLessonBar(lessonBar, lesson ? v.lesson : null, ctx.t);
    drawExercise(v);
    // The kernel writes the narration: shown as it is (setText keeps an unchanged line quiet).
    setText(status, typeof v.narration === "string" ? v.narration : "");
    drawLog(v);
    pacer.update(v, model.get("pace"), restSince);
  }

  function drawError(): void {
    const msg = model.get("error") ?? "";
    setText(error, msg);
    error.classList.toggle("is-empty", !msg);
  }

  function drawScore(): void {
    const score = model.get("score");
    scoreSlot.replaceChildren(...(isScore(score) ? [renderScore(score, ctx.t)] : []));
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
    const data = model.get("tracker") ?? null;
    renderTracker(trk, data, ctx.t);
    markSeats(seats, data, ctx.t);
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
    relabel(lessonBar.labelled, ctx.t);
    relabel(labelled, ctx.t);
    drawConfig(); // the variant and bot menus
    drawSettings();
    drawScore();
    drawHint();
    drawTracker();
    drawReview();
    drawView();
  }

  // ---- model events ----

  function on(event: `change:${keyof Traits & string}`, fn: () => void): void {
    model.on(event, fn);
    disposers.push(() => model.off(event, fn));
  }

  on("change:view", () => {
    const v = view();
    newViewOf(model, v);
    ctx.resetActed();
    lastGoto = null;
    keepFocus(drawView);
  });
  on("change:hint", () => keepFocus(drawHint));
  on("change:tracker", () => keepFocus(drawTracker));
  on("change:review", () => keepFocus(drawReview));
  on("change:error", () => {
    ctx.resetActed(); // the kernel refused: let the person try again
    drawError();
    drawDeck(); // a refused set_deck: the switch shows the deck drawn
  });
  on("change:deck", drawDeck);
  on("change:score", drawScore);
  on("change:variants", () => drawConfig());
  on("change:bot_levels", () => drawConfig());
  on("change:languages", () => drawConfig());
  on("change:config", () => drawConfig(true));
  on("change:labels", drawLabels);
  on("change:lang", drawLabels);
  on("change:pace", () => {
    drawSettings();
    pacer.update(view(), model.get("pace"), restSince);
  });
  on("change:reveal_all", drawSettings);

  // ---- DOM events (delegated to the root, so redraws need no rewiring) ----

  function listen<K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void): void {
    root.addEventListener(type, fn as EventListener);
    disposers.push(() => root.removeEventListener(type, fn as EventListener));
  }

  /** The step shows a question with no answer yet (never answered, or skipped before). */
  function unanswered(v: View | null): boolean {
    const ex = v?.lesson?.exercise;
    return Boolean(ex && !ex.feedback && (ex.status === "open" || ex.status === "skipped"));
  }

  /** Next or End: at an unanswered question, ask before going on (the next step would give
   * the answer away); focus goes to "Answer first". */
  function goForward(v: View, index: number): void {
    if (!v.lesson) return;
    if (!unanswered(v)) {
      gotoStep(index);
      return;
    }
    skipAskAt = v.lesson.index;
    skipTo = index;
    drawExercise(v);
    exerciseSlot.querySelector<HTMLButtonElement>("[data-testid=skip-cancel]")?.focus();
  }

  function gotoStep(index: number, fromSlider = false): void {
    const v = view();
    if (!v?.lesson) return;
    const i = Math.max(0, Math.min(v.lesson.length, Math.round(index)));
    // A dragged slider fires input and change for the same value: ask once.
    if (fromSlider && (i === lastGoto || (lastGoto === null && i === v.lesson.index))) return;
    lastGoto = i;
    send({ type: "goto", index: i });
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
    if (btn.dataset.card !== undefined && handSlot.contains(btn)) {
      play(btn.dataset.card);
      return;
    }
    if (btn.dataset.testid === "exercise-hint" && exerciseSlot.contains(btn)) {
      const open = btn.getAttribute("aria-expanded") !== "true";
      hintOpenAt = open ? (v?.lesson?.index ?? null) : null;
      const box = btn.closest("[data-testid=exercise]");
      if (box) setExerciseHint(box, open);
      return;
    }
    if (btn.dataset.index !== undefined && exerciseSlot.contains(btn)) {
      const choice = v?.lesson?.exercise?.choices[Number(btn.dataset.index)];
      if (choice !== undefined) send({ type: "answer", choice });
      return;
    }
    // A lesson has no game to start, undo or hint (its kernel refuses those messages).
    if (v?.mode === "lesson" && controls.playOnly.some((e) => e.contains(btn))) return;
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
      case "take":
        if (v?.can_take) ctx.sendVersioned({ type: "take", version: v.version });
        break;
      case "pass-take":
        if (v?.take_offer) ctx.sendVersioned({ type: "advance", version: v.version });
        break;
      case "lesson-start":
        gotoStep(0);
        break;
      case "lesson-back":
        if (v?.lesson) gotoStep(v.lesson.index - 1);
        break;
      case "lesson-next":
        if (v?.lesson) goForward(v, v.lesson.index + 1);
        break;
      case "lesson-end":
        if (v?.lesson) goForward(v, v.lesson.length);
        break;
      case "skip-confirm":
        skipAskAt = null;
        gotoStep(skipTo);
        break;
      case "skip-cancel":
        skipAskAt = null;
        if (v) drawExercise(v);
        exerciseSlot.querySelector<HTMLButtonElement>("button[data-index]:not([disabled])")?.focus();
        break;
    }
  });

  const onSlider = (e: Event) => {
    if (e.target === lessonBar.slider) gotoStep(Number(lessonBar.slider.value), true);
  };
  listen("input", (e) => {
    onSlider(e);
    if (e.target === controls.seed) controls.seedTouched = true;
    if (e.target === controls.pace) {
      const pace = clampPace(Number(controls.pace.value));
      if (!isFinite(pace)) return;
      model.set("pace", pace);
      model.save_changes();
    }
  });
  listen("change", (e) => {
    onSlider(e);
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
    const hand = handSlot.firstElementChild as HTMLElement | null;
    if (hand && hand.contains(e.target as Node)) handleHandKey(e, hand, play);
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
  listen("focusin", (e) => {
    const btn = (e.target as HTMLElement).closest?.("button[data-card]") as HTMLButtonElement | null;
    const hand = handSlot.firstElementChild as HTMLElement | null;
    if (btn && hand?.contains(btn) && !btn.disabled) setRovingStop(hand, btn);
  });

  // ---- first draw ----
  drawConfig(true);
  drawDeck();
  drawSettings();
  drawError();
  drawScore();
  drawHint();
  drawTracker();
  drawReview();
  drawView();

  return () => {
    pacer.cancel();
    clearFlight();
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
