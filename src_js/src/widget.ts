// anywidget entry point for bhabho_widget.Table and bhabho_widget.Lesson.
// The front end holds no rules: it draws the synced `view` and sends intentions back.

import "./widget.css";
import {
  buildControls,
  buildLessonBar,
  readNewGame,
  updateConfig,
  updateLessonBar,
  updatePace,
  updateVariants,
} from "./controls";
import { focusedWithin, h, setText } from "./dom";
import { handleHandKey, restoreHandFocus, setRovingStop } from "./input";
import { BotPacer } from "./pacer";
import {
  eventsText,
  isScore,
  nameOf,
  renderCenter,
  renderExercise,
  renderFlight,
  renderGameOver,
  renderHand,
  renderScore,
  renderSeat,
  statusLine,
  trickRing,
} from "./render";
import type { Message, Model, View } from "./types";

const LOG_LIMIT = 30;

// Container query units let the trick's ring widen with the widget (see trickRing).
const hasContainerUnits = (() => {
  try {
    return typeof CSS !== "undefined" && typeof CSS.supports === "function" && CSS.supports("width", "1cqw");
  } catch {
    return false;
  }
})();

// Views of one model on one page share this: the first view whose timer fires asks for
// the bot's step, the others see that it was asked for that version and stay quiet.
const advancedFor = new WeakMap<object, number>();

export function mount(model: Model, el: HTMLElement): () => void {
  const controls = buildControls();
  const lessonBar = buildLessonBar();
  const exerciseSlot = h("div.bh-exercise-slot");
  const seats = h("div.bh-seats");
  const center = h("div.bh-center");
  const flightSlot = h("div.bh-flight-slot");
  const overSlot = h("div.bh-over-slot");
  const felt = h("div.bh-felt", { role: "region", "aria-label": "Card table" }, center, seats, flightSlot, overSlot);
  const status = h("div.bh-status", { role: "status", "aria-live": "polite", "data-testid": "narration" });
  const error = h("div.bh-error.is-empty", { role: "alert", "data-testid": "error" });
  const handSlot = h("div.bh-hand-slot");
  const take = h("button.bh-btn.bh-take", { type: "button", "data-testid": "take", disabled: true }, "Take");
  // Take sits beside the narration, above the hand, so the fan can use the full width.
  const handBar = h("div.bh-hand-bar", {}, h("div.bh-messages", {}, status, error), h("div.bh-hand-actions", {}, take));
  const handArea = h("div.bh-hand-area", {}, handSlot);
  const log = h("ol.bh-log", { "data-testid": "log", "aria-label": "Game log" });
  const scoreSlot = h("div.bh-score-slot");
  const root = h(
    "div.bhabho-root",
    { "data-testid": "bhabho-table", "data-lm-suppress-shortcuts": true },
    controls.bar,
    lessonBar.bar,
    exerciseSlot,
    felt,
    handBar,
    handArea,
    h("div.bh-footer", {}, h("div.bh-log-box", {}, h("div.bh-log-title", {}, "Log"), log), scoreSlot),
  );
  el.append(root);

  const disposers: (() => void)[] = [];
  let lastLogKey = "";
  let logMode = "";
  let lastFlightKey = "";
  let flightTimer: ReturnType<typeof setTimeout> | null = null;
  let acted: number | null = null; // version for which a play/take was already sent
  let lastGoto: number | null = null;

  // The trait starts as {} until the kernel has a table: treat that as no view yet.
  const view = (): View | null => {
    const v = model.get("view");
    return v && typeof v.version === "number" && Array.isArray(v.names) ? v : null;
  };
  const send = (msg: Message) => model.send(msg);
  const pacer = new BotPacer((version) => {
    if (advancedFor.get(model) === version) return;
    advancedFor.set(model, version);
    send({ type: "advance", version });
  });

  function sendVersioned(msg: Message & { version: number }): void {
    if (acted === msg.version) return; // a double click or key repeat: the kernel already has it
    acted = msg.version;
    send(msg);
  }

  function play(code: string): void {
    const v = view();
    if (!v || !(v.legal ?? []).includes(code)) return;
    sendVersioned({ type: "play", card: code, version: v.version });
  }

  // ---- drawing ----

  function drawHand(v: View): void {
    const had = focusedWithin(handSlot) as HTMLButtonElement | null;
    const code = had?.dataset.card ?? null;
    const oldIndex = had ? Array.from(handSlot.querySelectorAll("button")).indexOf(had) : -1; // -1: the group itself
    handSlot.replaceChildren(renderHand(v, model.get("hint")));
    if (had) restoreHandFocus(handSlot.firstElementChild as HTMLElement, code, oldIndex);
  }

  function drawExercise(v: View): void {
    const had = focusedWithin(exerciseSlot) as HTMLElement | null;
    const index = had?.dataset.index;
    const ex = renderExercise(v);
    exerciseSlot.replaceChildren(...(ex ? [ex] : []));
    if (had && index !== undefined) {
      const again = exerciseSlot.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  function drawFlight(v: View): void {
    if (!v.last_trick) {
      // a new trick has begun: the old one must not cover it
      if (v.table.length > 0 && flightSlot.firstChild) flightSlot.replaceChildren();
      return; // otherwise let a flight in progress finish
    }
    const key = `${v.version}|${JSON.stringify(v.last_trick)}`;
    if (key === lastFlightKey) return;
    lastFlightKey = key;
    const layer = renderFlight(v);
    flightSlot.replaceChildren(...(layer ? [layer] : []));
    if (flightTimer !== null) clearTimeout(flightTimer);
    flightTimer = null;
    if (layer) {
      const done = () => {
        if (layer.isConnected) layer.remove();
        if (flightTimer !== null) clearTimeout(flightTimer);
        flightTimer = null;
      };
      layer.lastElementChild?.addEventListener("animationend", done, { once: true });
      flightTimer = setTimeout(done, 2500); // where animations never run
    }
  }

  function drawLog(v: View): void {
    const events = v.events ?? [];
    const mode = v.mode === "lesson" ? "lesson" : "play";
    if (mode !== logMode) {
      logMode = mode;
      lastLogKey = "";
      log.replaceChildren();
    }
    if (mode === "lesson") {
      // The kernel sends the whole log up to the step shown: show exactly that, since an
      // answer or a step back re-sends a step. (Without it: this step's events only.)
      const kernelLog = v.lesson?.log;
      const texts = Array.isArray(kernelLog)
        ? kernelLog.filter((t): t is string => typeof t === "string")
        : events.map((e) => e.text).filter(Boolean);
      const key = JSON.stringify(texts);
      if (key === lastLogKey) return;
      lastLogKey = key;
      log.replaceChildren(...texts.map((t) => h("li", {}, t)));
      log.scrollTop = log.scrollHeight;
      return;
    }
    const key = `${v.version}|${events.map((e) => e.text).join("\n")}`;
    if (key === lastLogKey) return;
    lastLogKey = key;
    for (const e of events) if (e.text) log.append(h("li", { "data-kind": e.kind }, e.text));
    while (log.children.length > LOG_LIMIT) log.firstElementChild?.remove();
    log.scrollTop = log.scrollHeight;
  }

  function drawFelt(v: View): void {
    const ring = trickRing(v.num_players, Array.isArray(v.hands));
    const rx =
      hasContainerUnits && ring.frac > 0 ? `clamp(${ring.rx}px, ${ring.frac}cqw, ${ring.rxMax}px)` : `${ring.rx}px`;
    felt.style.setProperty("--rx", rx);
    felt.style.setProperty("--ry", `${ring.ry}px`);
    felt.style.setProperty("--fh", `${ring.height}px`);
  }

  function drawTake(v: View): void {
    const target = v.take_target;
    const label = target === null || target === undefined ? "Take" : `Take ${nameOf(v, target)}'s hand`;
    setText(take, label);
    take.disabled = !v.can_take;
  }

  function drawView(): void {
    const v = view();
    if (!v) {
      setText(status, "Waiting for the kernel…");
      return;
    }
    const lesson = v.mode === "lesson";
    root.classList.toggle("is-lesson", lesson);
    felt.classList.toggle("is-revealed", Array.isArray(v.hands));
    felt.classList.toggle("is-over", Boolean(v.is_over));
    drawFelt(v);

    const seatEls: HTMLElement[] = [];
    for (let s = 0; s < v.num_players; s++) seatEls.push(renderSeat(v, s));
    seats.replaceChildren(...seatEls);
    const before = new Set(
      Array.from(center.querySelectorAll<HTMLElement>("[data-testid=trick-card]"), (c) => c.dataset.card),
    );
    center.replaceChildren(...renderCenter(v));
    for (const c of center.querySelectorAll<HTMLElement>("[data-testid=trick-card]")) {
      if (!before.has(c.dataset.card)) c.classList.add("is-new");
    }
    const over = renderGameOver(v);
    overSlot.replaceChildren(...(over ? [over] : []));
    drawFlight(v);
    drawHand(v);
    drawTake(v);
    for (const e of controls.playOnly) e.hidden = lesson;
    take.hidden = lesson;
    controls.hint.disabled = v.waiting !== "human" || !(v.legal ?? []).length;
    updateLessonBar(lessonBar, lesson ? v.lesson : null);
    drawExercise(v);
    // Every event of the change, in order; with none, a line about the position, else the
    // narration stays as it was (say, after reveal_all was switched).
    const told = eventsText(v) || statusLine(v);
    if (told || lesson) setText(status, told);
    drawLog(v);
    pacer.update(v, model.get("pace"));
  }

  function drawError(): void {
    const msg = model.get("error") ?? "";
    setText(error, msg);
    error.classList.toggle("is-empty", !msg);
  }

  function drawScore(): void {
    const score = model.get("score");
    scoreSlot.replaceChildren(...(isScore(score) ? [renderScore(score)] : []));
  }

  function drawSettings(): void {
    updatePace(controls, model.get("pace"));
    controls.reveal.checked = Boolean(model.get("reveal_all"));
  }

  // ---- model events ----

  function on(event: string, fn: () => void): void {
    model.on(event, fn);
    disposers.push(() => model.off(event, fn));
  }

  on("change:view", () => {
    const v = view();
    if (v && advancedFor.has(model) && advancedFor.get(model) !== v.version) advancedFor.delete(model);
    acted = null;
    lastGoto = null;
    drawView();
  });
  on("change:hint", () => {
    const v = view();
    if (v) drawHand(v);
  });
  on("change:error", () => {
    acted = null; // the kernel refused: let the person try again
    drawError();
  });
  on("change:score", drawScore);
  on("change:variants", () => updateVariants(controls, model.get("variants")));
  on("change:config", () => updateConfig(controls, model.get("config"), model.get("variants")));
  on("change:pace", () => {
    drawSettings();
    pacer.update(view(), model.get("pace"));
  });
  on("change:reveal_all", drawSettings);

  // ---- DOM events (delegated to the root, so redraws need no rewiring) ----

  function listen<K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void): void {
    root.addEventListener(type, fn as EventListener);
    disposers.push(() => root.removeEventListener(type, fn as EventListener));
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
    const btn = (e.target as HTMLElement | null)?.closest?.("button");
    if (!btn || !root.contains(btn) || btn.disabled) return;
    const v = view();
    if (btn.dataset.card !== undefined && handSlot.contains(btn)) {
      play(btn.dataset.card);
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
        send({ type: "new_game", ...readNewGame(controls) });
        break;
      case "undo":
        send({ type: "undo" });
        break;
      case "hint":
        send({ type: "hint" });
        break;
      case "take":
        if (v?.can_take) sendVersioned({ type: "take", version: v.version });
        break;
      case "lesson-start":
        gotoStep(0);
        break;
      case "lesson-back":
        if (v?.lesson) gotoStep(v.lesson.index - 1);
        break;
      case "lesson-next":
        if (v?.lesson) gotoStep(v.lesson.index + 1);
        break;
      case "lesson-end":
        if (v?.lesson) gotoStep(v.lesson.length);
        break;
    }
  });

  const onSlider = (e: Event) => {
    if (e.target === lessonBar.slider) gotoStep(Number(lessonBar.slider.value), true);
  };
  listen("input", (e) => {
    onSlider(e);
    if (e.target === controls.pace) {
      const pace = Math.max(0, Math.min(2, Number(controls.pace.value)));
      model.set("pace", pace);
      model.save_changes();
    }
  });
  listen("change", (e) => onSlider(e));
  listen("keydown", (e) => {
    const hand = handSlot.firstElementChild as HTMLElement | null;
    if (hand && hand.contains(e.target as Node)) handleHandKey(e, hand, play);
  });
  listen("focusin", (e) => {
    const btn = (e.target as HTMLElement).closest?.("button[data-card]") as HTMLButtonElement | null;
    const hand = handSlot.firstElementChild as HTMLElement | null;
    if (btn && hand?.contains(btn) && !btn.disabled) setRovingStop(hand, btn);
  });

  // ---- first draw ----
  updateConfig(controls, model.get("config"), model.get("variants"));
  drawSettings();
  drawError();
  drawScore();
  drawView();

  return () => {
    pacer.cancel();
    if (flightTimer !== null) clearTimeout(flightTimer);
    for (const d of disposers.splice(0)) d();
    root.remove();
  };
}

export default {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    return mount(model, el);
  },
};
