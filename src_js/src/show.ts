// Show me: the felt plays out one imagined way the game can go after the better action and
// after the worse one (bhabho_widget.table.showing, over bhabho_widget.coach.imagine). The
// kernel sends each step as a view in mode "imagine": the imagined game, every imagined hand
// shown, read-only, with view.imagine saying which line, which step of how many, the action
// and how its trick ended. This file draws the bar under the felt and sends the steps.
//
// The bar: the banner that says the game is imagined, a toggle of the lines (two buttons,
// aria-pressed; one when nothing is worse), Back, the step line (a polite live region: step
// k of n, the trick it is in when the kernel says where the line's tricks begin, and how
// the trick ended once it has), Next, then (with those tricks) Previous trick, Next trick and
// End, and Close. Keys: the arrows (and Home, End, PageUp and PageDown to the trick before
// and after) step while focus is in the bar, Escape closes from anywhere in the widget. Opening moves focus to Next; closing
// gives it back to the Show me button that opened it.
//
// The Show me buttons themselves are the hint's (hint.ts) and the review's (review.ts). Each
// part is shown, and its key live, while the widget takes its message: the Show me buttons
// and the lines show_me, Back and Next (the arrows, Home, End) show_step, Close (Escape)
// show_close.

import "./show.css";
import type { Context } from "./context";
import { focusedWithin, h, setText, usable } from "./dom";
import { type LabelKey, type Labelled, relabel, type Translate } from "./labels";
import type { ImagineInfo, ShowLine, ShowSource } from "./protocol";
import type { View } from "./types";

/** The words of a line's toggle: for a hint, the recommended and the clearly worse action;
 * for the review, the best measured and the one chosen. */
export function lineText(info: ImagineInfo, line: ShowLine, label: string, t: Translate): string {
  const key: Record<ShowSource, Record<ShowLine, LabelKey>> = {
    hint: { better: "show_line_better", worse: "show_line_worse" },
    review: { better: "show_line_best", worse: "show_line_chosen" },
    puzzle: { better: "show_line_answer", worse: "show_line_yours" },
  };
  return t(key[info.source][line], { action: label });
}

/** Where each trick of the line begins (view.imagine.tricks: steps, in order), or null when
 * the kernel does not say. */
export function tricksOf(info: ImagineInfo): number[] | null {
  const tricks = info.tricks;
  return Array.isArray(tricks) && tricks.length && tricks.every((s) => Number.isInteger(s) && s >= 0) ? tricks : null;
}

/** The trick the step is in (from 1, counting the line's tricks) and how many the line has;
 * null when the kernel does not say where its tricks begin. */
export function trickOf(info: ImagineInfo): { i: number; n: number } | null {
  const tricks = tricksOf(info);
  if (!tricks) return null;
  const begun = tricks.filter((s) => s <= info.step).length;
  return { i: Math.max(1, begun), n: tricks.length };
}

/** The step at which the next trick begins, or null (the last trick, or no tricks said). */
export function nextTrickStep(info: ImagineInfo): number | null {
  return tricksOf(info)?.find((s) => s > info.step && s < info.count) ?? null;
}

/** The step at which the trick before begins: the start of the trick the step is in when the
 * felt is past it, else the one before; null at step 0 or when no tricks are said. */
export function prevTrickStep(info: ImagineInfo): number | null {
  const before = (tricksOf(info) ?? []).filter((s) => s < info.step);
  return before.length ? before[before.length - 1] : null;
}

/** The step line: "Step 3 of 12 after Q♦" (with the line's tricks: ", trick 2 of 9"), and
 * how the trick ended once it has. */
export function stepText(info: ImagineInfo, t: Translate): string {
  const trick = trickOf(info);
  const where = { i: info.step + 1, n: info.count, action: info.action_label };
  const step = trick ? t("show_step_trick", { ...where, t: trick.i, m: trick.n }) : t("show_step", where);
  return info.outcome ? `${step}. ${info.outcome}` : step;
}

/** The imagine info of a view in that mode, or null. */
export function imagineOf(v: View | null): ImagineInfo | null {
  return v?.mode === "imagine" && v.imagine && typeof v.imagine.step === "number" ? v.imagine : null;
}

export interface ShowPanel {
  bar: HTMLElement;
  /** The corner tag on the felt ("Imagined"), shown in imagine mode. */
  tag: HTMLElement;
  labelled: Labelled[];
  update(v: View | null): void;
  /** Back, Next, Close, a line, or a Show me button (of the hint or the review); false for other buttons. */
  click(btn: HTMLButtonElement): boolean;
  keydown(e: KeyboardEvent): void;
}

/** What opened Show me: to give focus back on Close. */
interface Opener {
  testid: string;
  show: string | undefined;
}

export function showPanel(ctx: Context, felt: HTMLElement): ShowPanel {
  const labelled: Labelled[] = [];
  const id = `${ctx.uid}-show`;
  const btn = (testid: string, text: LabelKey, label: LabelKey, keys: string) => {
    const b = h("button.bh-btn", { type: "button", "data-testid": testid, "aria-keyshortcuts": keys });
    labelled.push({ el: b, key: text }, { el: b, key: label, attr: "aria-label" });
    return b;
  };
  const banner = h("p.bh-show-banner", { id: `${id}-banner`, "data-testid": "show-banner" });
  labelled.push({ el: banner, key: "show_banner" });
  const lines = h("div.bh-show-lines", { role: "group", "data-testid": "show-lines" });
  labelled.push({ el: lines, key: "show_lines", attr: "aria-label" });
  const back = btn("show-back", "show_back", "show_back_aria", "ArrowLeft");
  const next = btn("show-next", "show_next", "show_next_aria", "ArrowRight");
  // with the line's tricks (view.imagine.tricks): to the trick before's and the next trick's
  // first step, and to the end
  const prevTrick = btn("show-prev-trick", "show_prev_trick", "show_prev_trick_aria", "PageUp");
  const nextTrick = btn("show-next-trick", "show_next_trick", "show_next_trick_aria", "PageDown");
  const end = btn("show-end", "show_end", "show_end_aria", "End");
  const close = btn("show-close", "show_close", "show_close_aria", "Escape");
  const step = h("span.bh-show-step", {
    "data-testid": "show-step",
    role: "status",
    "aria-live": "polite",
    "aria-atomic": "true",
  });
  const bar = h(
    "section.bh-show",
    { id, "data-testid": "show", "aria-describedby": `${id}-banner`, hidden: true },
    banner,
    h("div.bh-show-nav", {}, lines, h("div.bh-show-steps", {}, prevTrick, back, step, next, nextTrick, end), close),
  );
  labelled.push({ el: bar, key: "show_group", attr: "aria-label" });
  const tag = h("div.bh-imagined-tag", { "data-testid": "imagined-tag", "aria-hidden": "true", hidden: true });
  labelled.push({ el: tag, key: "show_tag" });
  relabel(labelled, ctx.t);

  let opener: Opener | null = null;
  let broughtAt: number | null = null; // the version whose bar was last brought into view
  let wasShowing = false;
  // This view of the widget asked for Show me, a step or Close (another view of the same
  // widget on the page redraws too, but leaves the keyboard where it is).
  let mine = false;
  const ours = () => mine || focusedWithin(ctx.root) !== null;

  function drawLines(info: ImagineInfo): void {
    const had = focusedWithin(lines)?.dataset.line;
    const buttons = (ctx.takes("show_me") ? info.lines : []).map((l) =>
      h("button.bh-btn.bh-show-line", {
        type: "button",
        "data-testid": "show-line",
        "data-line": l.line,
        "aria-pressed": String(l.line === info.line),
      }, lineText(info, l.line, l.label, ctx.t)),
    );
    const parts: (HTMLElement | string)[] = [...buttons];
    if (info.lines.length < 2) parts.push(h("span.bh-show-one", { "data-testid": "show-one-line" }, ctx.t("show_one_line")));
    lines.replaceChildren(...parts);
    if (had) lines.querySelector<HTMLElement>(`[data-line="${had}"]`)?.focus();
  }

  function update(v: View | null): void {
    const info = imagineOf(v);
    bar.hidden = tag.hidden = !info;
    felt.classList.toggle("is-imagined", Boolean(info));
    if (!info || !v) {
      if (wasShowing && ours()) giveFocusBack();
      wasShowing = mine = false;
      return;
    }
    drawLines(info);
    back.hidden = next.hidden = !ctx.takes("show_step");
    prevTrick.hidden = nextTrick.hidden = end.hidden = back.hidden || !tricksOf(info);
    close.hidden = !ctx.takes("show_close");
    back.disabled = info.step <= 0;
    next.disabled = end.disabled = info.step >= info.count - 1;
    nextTrick.disabled = nextTrickStep(info) === null;
    prevTrick.disabled = prevTrickStep(info) === null;
    setText(step, stepText(info, ctx.t));
    bar.dataset.version = String(v.version);
    if (!wasShowing) {
      wasShowing = true;
      if (ours()) (usable(next) ? next : close).focus({ preventScroll: true }); // opened: the keyboard goes on from Next
    } else if (ours()) {
      const f = focusedWithin(bar) as HTMLButtonElement | null;
      if (f && f.disabled) (usable(next) ? next : usable(back) ? back : close).focus({ preventScroll: true }); // Next at the end: Back
    }
    if (mine && broughtAt !== v.version) {
      broughtAt = v.version; // once per view this view asked for, not at every redraw
      bringIntoView();
    }
  }

  /** The bar at the bottom of the view, the felt just above it: on a phone the trick (the
   * card just played) is on screen with Next and Back, after each step this view asked for. */
  function bringIntoView(): void {
    const go = () => {
      if (!bar.hidden && typeof bar.scrollIntoView === "function") bar.scrollIntoView({ block: "end", inline: "nearest" });
    };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(go);
    else go();
  }

  /** Closed: focus back on the Show me button that opened it, if it is still there. */
  function giveFocusBack(): void {
    const had = focusedWithin(ctx.root);
    if (had && usable(had) && !bar.contains(had)) return;
    const o = opener;
    opener = null;
    const sel = o
      ? `button[data-testid="${o.testid}"]${o.show !== undefined ? `[data-show="${o.show}"]` : ""}`
      : "button[data-testid=hint-show-me]";
    const back = ctx.root.querySelector<HTMLButtonElement>(sel) ?? ctx.root.querySelector<HTMLButtonElement>("[data-testid=hint]");
    if (back && usable(back)) back.focus();
  }

  function go(index: number): void {
    const v = ctx.view();
    const info = imagineOf(v);
    if (!v || !info) return;
    const i = Math.max(0, Math.min(info.count - 1, index));
    if (i === info.step || !ctx.takes("show_step")) return;
    mine = true;
    ctx.sendVersioned({ type: "show_step", index: i, version: v.version });
  }

  function open(source: ShowSource, decision: number | null, line: ShowLine, from: HTMLButtonElement | null): void {
    const v = ctx.view();
    if (!v || !ctx.takes("show_me")) return;
    if (from) opener = { testid: from.dataset.testid ?? "", show: from.dataset.show };
    mine = true;
    ctx.sendVersioned({ type: "show_me", source, line, decision, version: v.version });
  }

  function closeShow(): void {
    if (!imagineOf(ctx.view()) || !ctx.takes("show_close")) return;
    mine = true;
    ctx.send({ type: "show_close" });
  }

  return {
    bar,
    tag,
    labelled,
    update,
    click(b: HTMLButtonElement): boolean {
      const info = imagineOf(ctx.view());
      switch (b.dataset.testid) {
        case "hint-show-me":
          open("hint", null, "better", b);
          return true;
        case "review-show-me": {
          const n = Number(b.dataset.show);
          if (Number.isInteger(n) && n >= 0) open("review", n, "better", b);
          return true;
        }
        case "show-line":
          if (info && b.dataset.line !== info.line) open(info.source, info.decision, b.dataset.line as ShowLine, null);
          return true;
        case "show-back":
          if (info) go(info.step - 1);
          return true;
        case "show-next":
          if (info) go(info.step + 1);
          return true;
        case "show-next-trick": {
          const to = info ? nextTrickStep(info) : null;
          if (to !== null) go(to);
          return true;
        }
        case "show-prev-trick": {
          const to = info ? prevTrickStep(info) : null;
          if (to !== null) go(to);
          return true;
        }
        case "show-end":
          if (info) go(info.count - 1);
          return true;
        case "show-close":
          closeShow();
          return true;
      }
      return false;
    },
    keydown(e: KeyboardEvent): void {
      const info = imagineOf(ctx.view());
      if (!info || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (e.key === "Escape") {
        // the Tracker's own Escape closes the Tracker; a field keeps its own
        if (target?.closest?.("[data-testid=tracker], input, select, textarea") || !ctx.takes("show_close")) return;
        e.preventDefault();
        e.stopPropagation(); // not JupyterLab's command mode
        closeShow();
        return;
      }
      // the arrows (Home, End) step while the keyboard is in the bar
      if (!target || !bar.contains(target)) return;
      const moves: Record<string, number> = { ArrowLeft: info.step - 1, ArrowRight: info.step + 1, Home: 0, End: info.count - 1 };
      const after = nextTrickStep(info);
      const before = prevTrickStep(info);
      if (after !== null) moves.PageDown = after;
      if (before !== null) moves.PageUp = before;
      if (!(e.key in moves) || !ctx.takes("show_step")) return;
      e.preventDefault();
      go(moves[e.key]);
    },
  };
}
