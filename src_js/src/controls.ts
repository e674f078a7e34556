// The controls bar and the lesson bar. Both are built once per view and updated in place,
// so a slider being dragged or a focused button survives the kernel's answers.

import { h, setText } from "./dom";
import type { Config, LessonInfo } from "./types";

export interface Controls {
  bar: HTMLElement;
  newGame: HTMLButtonElement;
  players: HTMLSelectElement;
  seed: HTMLInputElement;
  variant: HTMLSelectElement;
  undo: HTMLButtonElement;
  hint: HTMLButtonElement;
  pace: HTMLInputElement;
  paceOut: HTMLElement;
  reveal: HTMLInputElement;
  playOnly: HTMLElement[];
}

export function buildControls(): Controls {
  const players = h("select.bh-input", { "data-testid": "players" });
  for (let n = 3; n <= 8; n++) players.append(h("option", { value: n }, String(n)));
  const seed = h("input.bh-input.bh-seed", {
    type: "number",
    "data-testid": "seed",
    min: 0,
    step: 1,
    placeholder: "random",
    inputmode: "numeric",
  });
  const variant = h("select.bh-input", { "data-testid": "variant" });
  const newGame = h("button.bh-btn.is-primary", { type: "button", "data-testid": "new-game" }, "New game");
  const undo = h("button.bh-btn", { type: "button", "data-testid": "undo" }, "Undo");
  const hint = h("button.bh-btn", { type: "button", "data-testid": "hint" }, "Hint");
  const pace = h("input.bh-range", {
    type: "range",
    "data-testid": "pace",
    min: 0,
    max: 2,
    step: 0.1,
    "aria-label": "Bot pace in seconds",
  });
  const paceOut = h("output.bh-pace-out", { "aria-hidden": "true" });
  // The teacher's switch is set in the kernel (table.reveal_all = True): the browser
  // only shows it, since a seat's view must not be widened from the browser.
  const reveal = h("input", {
    type: "checkbox",
    "data-testid": "reveal-all",
    disabled: true,
    title: "Teacher switch: set table.reveal_all = True in the notebook",
  });

  const gameGroup = h(
    "div.bh-group",
    { role: "group", "aria-label": "New game" },
    newGame,
    h("label.bh-field", {}, h("span", {}, "Players"), players),
    h("label.bh-field", {}, h("span", {}, "Seed"), seed),
    h("label.bh-field", {}, h("span", {}, "Variant"), variant),
  );
  const actions = h("div.bh-group", {}, undo, hint);
  const paceField = h("label.bh-field", {}, h("span", {}, "Pace"), pace, paceOut);
  const bar = h(
    "div.bh-controls",
    { role: "group", "aria-label": "Game controls" },
    gameGroup,
    actions,
    h("div.bh-group.bh-settings", {}, paceField, h("label.bh-field.bh-check", {}, reveal, h("span", {}, "Reveal all"))),
  );
  // A lesson is stepped with its own bar: it has no new game, undo, hint or bots to pace.
  const playOnly = [gameGroup, actions, undo, hint, paceField];
  return { bar, newGame, players, seed, variant, undo, hint, pace, paceOut, reveal, playOnly };
}

export function updateVariants(c: Controls, variants: string[] | undefined, selected?: string): void {
  const list = variants?.length ? variants : selected ? [selected] : [];
  const current = selected ?? c.variant.value;
  const same =
    c.variant.options.length === list.length &&
    list.every((v, i) => c.variant.options[i].value === v);
  if (!same) {
    c.variant.replaceChildren(...list.map((v) => h("option", { value: v }, v)));
  }
  if (current && list.includes(current)) c.variant.value = current;
  c.variant.disabled = list.length === 0;
}

export function updateConfig(c: Controls, config: Config | null | undefined, variants: string[] | undefined): void {
  if (config && typeof config.players === "number") {
    const p = String(config.players);
    if (!Array.from(c.players.options).some((o) => o.value === p)) {
      c.players.prepend(h("option", { value: p }, p));
    }
    c.players.value = p;
    c.seed.value = config.seed === null || config.seed === undefined ? "" : String(config.seed);
  }
  updateVariants(c, variants, config?.variant);
}

export function updatePace(c: Controls, pace: number | undefined): void {
  const v = typeof pace === "number" && isFinite(pace) ? pace : 0.8;
  // Only write while the person is not dragging to a different value.
  if (Math.abs(parseFloat(c.pace.value) - v) > 1e-9) c.pace.value = String(v);
  const text = `${v.toFixed(1)} s`;
  setText(c.paceOut, text);
  c.pace.setAttribute("aria-valuetext", `${v.toFixed(1)} seconds`);
}

export function readNewGame(c: Controls): { players: number; seed: number | null; variant: string } {
  const raw = c.seed.value.trim();
  const seed = raw === "" ? null : Number.parseInt(raw, 10);
  return {
    players: Number.parseInt(c.players.value, 10),
    seed: seed === null || Number.isNaN(seed) ? null : seed,
    variant: c.variant.value,
  };
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
}

export function buildLessonBar(): LessonBar {
  const btn = (id: string, text: string, label: string) =>
    h("button.bh-btn", { type: "button", "data-testid": id, "aria-label": label }, text);
  const title = h("strong.bh-lesson-title", { "data-testid": "lesson-title" });
  const start = btn("lesson-start", "|<", "Go to the start");
  const back = btn("lesson-back", "< Back", "Back one step");
  const next = btn("lesson-next", "Next >", "Next step");
  const end = btn("lesson-end", ">|", "Go to the end");
  const slider = h("input.bh-range.bh-lesson-slider", {
    type: "range",
    "data-testid": "lesson-slider",
    min: 0,
    max: 0,
    step: 1,
    "aria-label": "Lesson step",
  });
  const step = h("span.bh-lesson-step", { "data-testid": "lesson-step" });
  const bar = h(
    "div.bh-lesson",
    { "data-testid": "lesson", role: "group", "aria-label": "Lesson", hidden: true },
    title,
    h("div.bh-lesson-nav", {}, start, back, slider, next, end, step),
  );
  return { bar, title, start, back, next, end, slider, step };
}

export function updateLessonBar(b: LessonBar, lesson: LessonInfo | null | undefined): void {
  b.bar.hidden = !lesson;
  if (!lesson) return;
  setText(b.title, lesson.title ?? "");
  b.slider.max = String(lesson.length);
  b.slider.value = String(lesson.index);
  b.slider.setAttribute("aria-valuetext", `Step ${lesson.index} of ${lesson.length}`);
  setText(b.step, `Step ${lesson.index} of ${lesson.length}`);
  b.start.disabled = b.back.disabled = lesson.index <= 0;
  b.next.disabled = b.end.disabled = lesson.index >= lesson.length;
}
