// The lesson panel: the lesson bar (its title, Start, Back, the step slider, Next and End)
// and the step's exercise (its question, answers, hint and feedback, or at the last step
// the summary). Next or End at a question not yet answered asks first. The bar is built
// once and updated in place, so that a slider being dragged survives the kernel's answers.
// The bar is shown while the widget takes "goto", the answers while it takes "answer".

import "./lesson.css";
import { cardLabel, faceSvg, parseCard } from "./cards";
import type { Context } from "./context";
import { focusedWithin, h, setText, usable } from "./dom";
import { ENGLISH, type LabelKey, type Labelled, relabel, type Translate } from "./labels";
import type { LessonSummary } from "./protocol";
import type { LessonInfo, View } from "./types";
import { nameOf } from "./view";

// ---- drawing: the exercise, the skip question, the summary ----

/** How an exercise is drawn: whether its hint is shown, and a prefix for its element ids
 * (unique per widget view). */
export interface ExerciseOptions {
  hintOpen?: boolean;
  id?: string;
  /** The answers are buttons (the widget takes "answer"; default true); else none are drawn. */
  answers?: boolean;
}

/** The text of an exercise's answer button: a seat's name, Take the hand / Pass, or the code. */
export function choiceText(view: View, kind: string, choice: unknown, t: Translate = ENGLISH): string {
  if (typeof choice === "number") return nameOf(view, choice, t);
  if (kind === "take" && choice === "take") return t("exercise_take");
  if (kind === "take" && choice === "pass") return t("exercise_pass");
  return String(choice);
}

/** A lesson's question: its prompt, one button per answer (cards drawn as cards, seats by
 * name, take questions as "Take the hand" and "Pass"), a Hint disclosure when the exercise
 * has a hint, and the kernel's feedback. */
export function renderExercise(view: View, t: Translate = ENGLISH, opts: ExerciseOptions = {}): HTMLElement | null {
  const ex = view.lesson?.exercise;
  if (!ex) return null;
  const id = opts.id ?? "bh-ex";
  const solved = ex.feedback?.correct === true;
  const choices = h("div.bh-choices", { role: "group", "aria-label": t("answers_group") });
  (Array.isArray(ex.choices) && opts.answers !== false ? ex.choices : []).forEach((choice, index) => {
    const btn = h("button.bh-choice", {
      type: "button",
      "data-choice": String(choice),
      "data-index": index,
      disabled: solved,
    });
    if (ex.kind === "card" && typeof choice === "string" && parseCard(choice)) {
      btn.classList.add("is-card");
      btn.setAttribute("aria-label", cardLabel(choice, t));
      btn.innerHTML = faceSvg(choice);
    } else {
      btn.textContent = choiceText(view, ex.kind, choice, t);
    }
    choices.append(btn);
  });
  const prompt = h("p.bh-prompt", { id: `${id}-prompt` }, ex.prompt);
  const row = h("div.bh-ex-row", {}, opts.answers !== false ? choices : null);
  const box = h(
    "div.bh-exercise",
    { "data-testid": "exercise", "data-kind": String(ex.kind), role: "group", "aria-labelledby": `${id}-prompt` },
    prompt,
    row,
  );
  const hint = typeof ex.hint === "string" ? ex.hint.trim() : "";
  if (hint) {
    const open = Boolean(opts.hintOpen);
    const toggle = h(
      "button.bh-btn.bh-hint-toggle",
      { type: "button", "data-testid": "exercise-hint", "aria-expanded": String(open), "aria-controls": `${id}-hint` },
      t("exercise_hint"),
    );
    const text = h("p.bh-ex-hint-text", { id: `${id}-hint`, "data-testid": "exercise-hint-text", hidden: !open }, hint);
    row.append(toggle);
    box.append(text);
  }
  if (ex.feedback) {
    box.append(
      h(
        `p.bh-feedback.${ex.feedback.correct ? "is-correct" : "is-wrong"}`,
        { "data-testid": "feedback", "data-correct": String(Boolean(ex.feedback.correct)) },
        ex.feedback.text,
      ),
    );
  }
  return box;
}

/** The question asked before Next (or End) leaves an unanswered question: the next step
 * would give its answer away. "Skip it" goes on (the kernel marks it skipped), "Answer
 * first" stays. */
export function renderSkipAsk(t: Translate = ENGLISH, id = "bh-skip"): HTMLElement {
  return h(
    "div.bh-skip-ask",
    { "data-testid": "skip-ask", role: "group", "aria-labelledby": `${id}-text` },
    h("p.bh-skip-text", { id: `${id}-text` }, t("skip_ask")),
    h("button.bh-btn", { type: "button", "data-testid": "skip-cancel" }, t("skip_cancel")),
    h("button.bh-btn", { type: "button", "data-testid": "skip-confirm" }, t("skip_confirm")),
  );
}

/** A lesson's questions answered or not, shown at its last step: the kernel's sentence ("2
 * of 3 answered, 1 right first time.") and one line per question with how it went. */
export function renderSummary(view: View, t: Translate = ENGLISH, id = "bh-summary"): HTMLElement | null {
  const summary: LessonSummary | null | undefined = view.lesson?.summary;
  if (!summary || typeof summary.text !== "string") return null;
  const items = (Array.isArray(summary.items) ? summary.items : []).map((it) =>
    h(
      "li",
      { "data-status": String(it.status), "data-step": it.step },
      h("span.bh-summary-prompt", {}, String(it.prompt)),
      " ",
      h("span.bh-summary-result", {}, String(it.result)),
    ),
  );
  return h(
    "div.bh-summary",
    { "data-testid": "lesson-summary", role: "group", "aria-labelledby": `${id}-title` },
    h("h3.bh-summary-title", { id: `${id}-title` }, t("lesson_summary_title")),
    h("p.bh-summary-text", { "data-testid": "lesson-summary-text" }, summary.text),
    items.length ? h("ol.bh-summary-items", {}, ...items) : null,
  );
}

/** Opens or closes an exercise's hint in place. */
export function setExerciseHint(box: Element, open: boolean): void {
  const toggle = box.querySelector<HTMLElement>("[data-testid=exercise-hint]");
  const text = box.querySelector<HTMLElement>("[data-testid=exercise-hint-text]");
  if (!toggle || !text) return;
  toggle.setAttribute("aria-expanded", String(open));
  text.hidden = !open;
}

export interface LessonBar {
  bar: HTMLElement;
  title: HTMLElement;
  start: HTMLButtonElement;
  back: HTMLButtonElement;
  next: HTMLButtonElement;
  end: HTMLButtonElement;
  slider: HTMLInputElement;
  step: HTMLElement;
  labelled: Labelled[];
}

export function buildLessonBar(t: Translate): LessonBar {
  const labelled: Labelled[] = [];
  const btn = (id: string, text: LabelKey, label: LabelKey) => {
    const b = h("button.bh-btn", { type: "button", "data-testid": id });
    labelled.push({ el: b, key: text }, { el: b, key: label, attr: "aria-label" });
    return b;
  };
  const title = h("strong.bh-lesson-title", { "data-testid": "lesson-title" });
  const start = btn("lesson-start", "lesson_start", "lesson_start_aria");
  const back = btn("lesson-back", "lesson_back", "lesson_back_aria");
  const next = btn("lesson-next", "lesson_next", "lesson_next_aria");
  const end = btn("lesson-end", "lesson_end", "lesson_end_aria");
  const slider = h("input.bh-range.bh-lesson-slider", {
    type: "range",
    "data-testid": "lesson-slider",
    min: 0,
    max: 0,
    step: 1,
  });
  labelled.push({ el: slider, key: "lesson_slider_aria", attr: "aria-label" });
  const step = h("span.bh-lesson-step", { "data-testid": "lesson-step" });
  const bar = h(
    "div.bh-lesson",
    { "data-testid": "lesson", role: "group", hidden: true },
    title,
    h("div.bh-lesson-nav", {}, start, back, slider, next, end, step),
  );
  labelled.push({ el: bar, key: "lesson_group", attr: "aria-label" });
  relabel(labelled, t);
  return { bar, title, start, back, next, end, slider, step, labelled };
}

export function updateLessonBar(b: LessonBar, lesson: LessonInfo | null | undefined, t: Translate): void {
  b.bar.hidden = !lesson;
  if (!lesson) return;
  setText(b.title, lesson.title ?? "");
  b.slider.max = String(lesson.length);
  b.slider.value = String(lesson.index);
  const where = t("lesson_step", { i: lesson.index, n: lesson.length });
  b.slider.setAttribute("aria-valuetext", where);
  setText(b.step, where);
  b.start.disabled = b.back.disabled = lesson.index <= 0;
  b.next.disabled = b.end.disabled = lesson.index >= lesson.length;
}

/** Where focus was in the lesson panel: in the exercise or on the bar. */
export type LessonPlace = "exercise" | "lesson";

export interface LessonPanel {
  bar: LessonBar;
  exerciseSlot: HTMLElement;
  /** The exercise's feedback, announced from this one region (the exercise is redrawn with every view). */
  exerciseLive: HTMLElement;
  update(v: View): void;
  /** A new view came: the slider may ask for any step again. */
  newView(): void;
  placeOf(el: Element): LessonPlace | null;
  /** Focus on the bar after the focused control went away: false when none can take it. */
  refocus(where: LessonPlace): boolean;
  /** An answer, the hint, the bar's buttons, the skip question; false when `btn` is none of them. */
  click(btn: HTMLButtonElement): boolean;
  /** The slider moved (input or change). */
  slide(e: Event): void;
}

export function lessonPanel(ctx: Context): LessonPanel {
  const bar = buildLessonBar(ctx.t);
  const exerciseSlot = h("div.bh-exercise-slot");
  // The exercise is redrawn with every view; its feedback is announced from this one region.
  const exerciseLive = h("div.bh-sr-only", { role: "status", "aria-live": "polite", "data-testid": "exercise-live" });
  let lastGoto: number | null = null;
  let hintOpenAt: number | null = null; // the lesson step whose exercise shows its hint
  // Next or End at an unanswered question asks first: the step asked at, and where to go.
  let skipAskAt: number | null = null;
  let skipTo = 0;

  function drawExercise(v: View): void {
    const had = focusedWithin(exerciseSlot) as HTMLElement | null;
    const index = had?.dataset.index;
    const step = v.lesson?.index ?? null;
    if (hintOpenAt !== step) hintOpenAt = null; // a new step asks afresh, hint closed
    if (skipAskAt !== step) skipAskAt = null;
    const ex = renderExercise(v, ctx.t, { hintOpen: hintOpenAt !== null, id: `${ctx.uid}-ex`, answers: ctx.takes("answer") });
    if (ex && skipAskAt !== null) ex.append(renderSkipAsk(ctx.t, `${ctx.uid}-skip`));
    // the lesson's last step: how it went
    const summary = ex ? null : renderSummary(v, ctx.t, `${ctx.uid}-summary`);
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
    const v = ctx.view();
    if (!v?.lesson) return;
    if (!ctx.takes("goto")) return;
    const i = Math.max(0, Math.min(v.lesson.length, Math.round(index)));
    // A dragged slider fires input and change for the same value: ask once.
    if (fromSlider && (i === lastGoto || (lastGoto === null && i === v.lesson.index))) return;
    lastGoto = i;
    ctx.send({ type: "goto", index: i });
  }

  function click(btn: HTMLButtonElement): boolean {
    const v = ctx.view();
    if (btn.dataset.testid === "exercise-hint" && exerciseSlot.contains(btn)) {
      const open = btn.getAttribute("aria-expanded") !== "true";
      hintOpenAt = open ? (v?.lesson?.index ?? null) : null;
      const box = btn.closest("[data-testid=exercise]");
      if (box) setExerciseHint(box, open);
      return true;
    }
    if (btn.dataset.index !== undefined && exerciseSlot.contains(btn)) {
      const choice = v?.lesson?.exercise?.choices[Number(btn.dataset.index)];
      if (choice !== undefined && ctx.takes("answer")) ctx.send({ type: "answer", choice });
      return true;
    }
    switch (btn.dataset.testid) {
      case "lesson-start":
        gotoStep(0);
        return true;
      case "lesson-back":
        if (v?.lesson) gotoStep(v.lesson.index - 1);
        return true;
      case "lesson-next":
        if (v?.lesson) goForward(v, v.lesson.index + 1);
        return true;
      case "lesson-end":
        if (v?.lesson) goForward(v, v.lesson.length);
        return true;
      case "skip-confirm":
        skipAskAt = null;
        gotoStep(skipTo);
        return true;
      case "skip-cancel":
        skipAskAt = null;
        if (v) drawExercise(v);
        exerciseSlot.querySelector<HTMLButtonElement>("button[data-index]:not([disabled])")?.focus();
        return true;
    }
    return false;
  }

  return {
    bar,
    exerciseSlot,
    exerciseLive,
    update(v: View): void {
      // the step bar while the widget takes goto (a kernel without capabilities: in a lesson)
      updateLessonBar(bar, ctx.takes("goto", v.mode === "lesson") ? v.lesson : null, ctx.t);
      drawExercise(v);
    },
    newView(): void {
      lastGoto = null;
    },
    placeOf(el: Element): LessonPlace | null {
      return exerciseSlot.contains(el) ? "exercise" : bar.bar.contains(el) ? "lesson" : null;
    },
    refocus(where: LessonPlace): boolean {
      const stops = [bar.next, bar.back, bar.slider].filter(usable);
      if (!stops.length) return false;
      (where === "exercise" ? stops[0] : stops[stops.length - 1]).focus();
      return true;
    },
    click,
    slide(e: Event): void {
      if (e.target === bar.slider) gotoStep(Number(bar.slider.value), true);
    },
  };
}
