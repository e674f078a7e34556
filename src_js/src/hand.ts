// The person's hand, fanned under the felt: a click, a tap or Enter plays a card, the arrows
// move among the playable ones (input.ts), and a redraw keeps the keyboard on the same card.
// Where the fan would leave a card less than a 24 px strip to tap (a phone, a big hand), the
// hand is drawn in rows (handRows below): it is drawn again when its width changes that.

import "./hand.css";
import { cardLabel, faceSvg } from "./cards";
import type { Context } from "./context";
import { focusedWithin, h } from "./dom";
import { handleHandKey, restoreHandFocus, setRovingStop } from "./input";
import { cardsCount, ENGLISH, type Translate } from "./labels";
import type { View } from "./types";
import { canPlay, nameOf } from "./view";

// ---- drawing: the fan (or the rows) of the person's cards ----

/** Card size in the hand (px); the CSS draws hand cards at this size. */
export const HAND_CARD = { w: 64, h: 90 } as const;

/** How the hand's fan is drawn for `n` cards: the outermost cards turn by ±`maxRot`
 * degrees (less for big hands, so they stay narrow), the fan's ends drop by `lift` px,
 * and `margin` px are kept free at each side so the turned corners (and the focus ring)
 * stay inside the hand's box; `padBottom` px below the cards hold the dropped ends.
 * The horizontal step between cards is computed by the CSS from the box's width:
 * (width - card width - 2 margins) / (n - 1), at most 44 px. */
export function fanLayout(n: number): { maxRot: number; lift: number; margin: number; padBottom: number } {
  const maxRot = n > 1 ? Math.min(12, (n - 1) * 1.1, 160 / n) : 0;
  const rad = (maxRot * Math.PI) / 180;
  const lift = Math.round(maxRot * 0.8 * 10) / 10;
  // A card turned by maxRot about its bottom centre reaches this far past its upright edge.
  const overhang = HAND_CARD.h * Math.sin(rad) - (HAND_CARD.w / 2) * (1 - Math.cos(rad));
  return {
    maxRot,
    lift,
    margin: Math.ceil(overhang) + 7, // + drop shadow and the 5 px focus ring
    padBottom: Math.ceil(lift + (HAND_CARD.w / 2) * Math.sin(rad)) + 4,
  };
}

/** The narrowest strip (px) of a hand card left to click or tap between its neighbours:
 * WCAG 2.2's 24 x 24 px target (2.5.8), with 2 px to spare for the fan's turn. */
export const HAND_MIN_STEP = 26;
/** How far apart (px) the rows of a hand in rows are: each row leaves the top 52 px of the
 * row above in view, the rank and suit in their corner included. */
export const HAND_ROW_STEP = 52;

/** How a hand of `n` cards is laid out in a box `width` px wide (null: not measured yet):
 * one fan while every card keeps a strip of HAND_MIN_STEP px or more; else `flat` (no turn,
 * so no room lost at the sides) in `rows` as even as can be, each as full as that strip
 * allows. `rows`: how many cards each row holds. */
export function handLayout(n: number, width: number | null): { rows: number[]; flat: boolean } {
  if (width === null || !(width > 0) || n <= 1) return { rows: [n], flat: false };
  if ((width - HAND_CARD.w - 2 * fanLayout(n).margin) / (n - 1) >= HAND_MIN_STEP) return { rows: [n], flat: false };
  const most = Math.max(1, Math.floor((width - HAND_CARD.w - 2 * fanLayout(1).margin) / HAND_MIN_STEP) + 1);
  const count = Math.ceil(n / most);
  const base = Math.floor(n / count);
  // the first rows one card fuller where the cards do not share out evenly
  return { rows: Array.from({ length: count }, (_, r) => base + (r < n % count ? 1 : 0)), flat: true };
}

/** How many cards each row of the hand holds (see handLayout). */
export function handRows(n: number, width: number | null): number[] {
  return handLayout(n, width).rows;
}

/** The person's hand: a fan of buttons, one per card, in a box `width` px wide (null: not
 * measured; then one fan, as narrow as it must be). Each card's button is the part of it
 * left in view (its strip up to the next card, and above the next row), so that its box is
 * what a click or a tap reaches; the card's face overflows it under its neighbours.
 * `plays`: the widget takes a play (else no card is playable, whatever the view says). */
export function renderHand(view: View, hintAction: string | null, t: Translate = ENGLISH, width: number | null = null,
  plays = true): HTMLElement {
  const hand = view.hand ?? [];
  // While the kernel waits for a bot, no card is clickable, whatever `legal` says.
  const legal = new Set(plays && canPlay(view) ? (view.legal ?? []) : []);
  const name = nameOf(view, view.seat, t);
  const n = hand.length;
  const { rows, flat } = handLayout(n, width); // cards in rows lie flat: no turn, no drop
  const fan = fanLayout(flat ? 1 : n);
  const widest = Math.max(...rows, 1);
  const list = h("div.bh-hand", {
    "data-testid": "hand",
    "data-rows": rows.length,
    role: "group",
    tabindex: -1, // keeps keyboard focus in the hand while no card is playable
    "aria-label": hand.length
      ? t("hand_aria", { cards: cardsCount(t, hand.length), list: hand.map((c) => cardLabel(c, t)).join(", ") })
      : t("hand_empty_aria", { name }),
    style: `--n:${n};--gaps:${Math.max(widest - 1, 1)};--m:${fan.margin}px;--pb:${fan.padBottom}px;--rows:${rows.length}`,
  });
  if (flat) list.classList.add("is-rows");
  // A lesson shows the hand to read, not to play: its cards look normal but stay disabled.
  if (view.mode === "lesson" || view.mode === "review" || view.mode === "imagine") list.classList.add("is-view-only");
  // Show me's imagined hand: a click on a card reaches the kernel, which says why nothing is
  // played (the imagined game is read-only); the cards are not stops of the keyboard.
  const imagined = plays && view.mode === "imagine";
  // A reviewed position: the better action outlined, the card chosen then marked.
  const reviewed = view.mode === "review" ? view.review : null;
  // The hand's one tab stop: the hinted card when it is playable, else the first playable one.
  const stop = hintAction && legal.has(hintAction) ? hintAction : hand.find((c) => legal.has(c));
  // each card's row and place in it
  const places: { row: number; j: number; len: number }[] = [];
  rows.forEach((len, row) => {
    for (let j = 0; j < len; j++) places.push({ row, j, len });
  });
  hand.forEach((code, i) => {
    const playable = legal.has(code);
    const hinted = Boolean(hintAction && code === hintAction);
    const { row, j, len } = places[i];
    const c = j - (len - 1) / 2; // position from the middle of its row
    const u = !flat && n > 1 ? c / ((n - 1) / 2) : 0; // -1..1 across the fan
    // Announced by name and whether it may be played: "Queen of hearts, playable".
    const name = cardLabel(code, t);
    const label = !playable ? name : t(hinted ? "card_hinted" : "card_playable", { card: name });
    const btn = h("button.bh-hand-card", {
      type: "button",
      "data-card": code,
      "aria-label": label,
      disabled: !playable && !imagined,
      "aria-disabled": imagined ? "true" : null,
      tabindex: code === stop ? 0 : -1,
      style: `--c:${c};--rot:${(u * fan.maxRot).toFixed(2)}deg;--lift:${(u * u * fan.lift).toFixed(1)}px;--row:${row};z-index:${i + 1}`,
    });
    if (j === len - 1) btn.classList.add("is-row-end"); // nothing on its right: the whole card is in view
    if (row < rows.length - 1) btn.classList.add("is-row-above"); // the next row covers its lower part
    if (playable) btn.classList.add("is-legal");
    if (hinted) {
      btn.classList.add("is-hint");
      btn.setAttribute("data-hint", "true");
      btn.title = t("hint_card_title");
    }
    if (reviewed && code === reviewed.best) {
      btn.classList.add("is-review-best");
      btn.title = t("review_best_mark");
      btn.setAttribute("aria-label", `${name}: ${t("review_best_mark")}`);
    }
    if (reviewed && code === reviewed.chosen && code !== reviewed.best) btn.classList.add("is-review-chosen");
    btn.innerHTML = faceSvg(code);
    list.append(btn);
  });
  if (!n) list.append(h("span.bh-hand-empty", {}, view.escaped?.includes(view.seat) ? t("hand_escaped") : t("hand_none")));
  return list;
}

export interface HandPanel {
  /** The hand's area (div.bh-hand-area). */
  area: HTMLElement;
  /** Where the hand is drawn: focus in it stays on the hand. */
  slot: HTMLElement;
  update(v: View): void;
  /** The hand's box changed size: drawn again when its rows change. */
  resize(): void;
  /** Puts focus back in the hand (its stop, or the hand itself) after the focused control went away. */
  refocus(): void;
  /** Plays a clicked card; false when `btn` is not one of the hand's. */
  click(btn: HTMLButtonElement): boolean;
  keydown(e: KeyboardEvent): void;
  focusin(e: FocusEvent): void;
}

export function handPanel(ctx: Context): HandPanel {
  const slot = h("div.bh-hand-slot");
  const area = h("div.bh-hand-area", {}, slot);
  const hand = () => slot.firstElementChild as HTMLElement | null;
  let drawnFor: View | null = null;
  let drawnRows = ""; // how it was drawn (handLayout): "fan 13", "flat 7,6"

  /** The hand's width (px), or null while it is not laid out (not on the page yet, or no layout: jsdom). */
  function width(): number | null {
    const w = slot.clientWidth;
    return w > 0 ? w : null;
  }

  function layoutKey(v: View, w: number | null): string {
    const { rows, flat } = handLayout((v.hand ?? []).length, w);
    return `${flat ? "flat" : "fan"} ${rows.join(",")}`;
  }

  function play(code: string): void {
    const v = ctx.view();
    if (!ctx.takes("play")) return; // a click or a key on a card does nothing
    // Show me's imagined hand: the kernel answers why nothing is played (close it to play on)
    if (v?.mode === "imagine") ctx.sendVersioned({ type: "play", card: code, version: v.version });
    if (!v || !canPlay(v) || !(v.legal ?? []).includes(code)) return;
    ctx.sendVersioned({ type: "play", card: code, version: v.version });
  }

  function update(v: View): void {
    const had = focusedWithin(slot) as HTMLButtonElement | null;
    const code = had?.dataset.card ?? null;
    const oldIndex = had ? Array.from(slot.querySelectorAll("button")).indexOf(had) : -1; // -1: the group itself
    const w = width();
    slot.replaceChildren(renderHand(v, ctx.hintAction(), ctx.t, w, ctx.takes("play")));
    drawnFor = v;
    drawnRows = layoutKey(v, w);
    if (had) restoreHandFocus(slot.firstElementChild as HTMLElement, code, oldIndex);
  }

  function resize(): void {
    if (drawnFor && layoutKey(drawnFor, width()) !== drawnRows) update(drawnFor);
  }

  return {
    area,
    slot,
    update,
    resize,
    refocus(): void {
      const el = hand();
      if (el) restoreHandFocus(el, null, 0);
    },
    click(btn: HTMLButtonElement): boolean {
      if (btn.dataset.card === undefined || !slot.contains(btn)) return false;
      play(btn.dataset.card);
      return true;
    },
    keydown(e: KeyboardEvent): void {
      const el = hand();
      if (el && el.contains(e.target as Node)) handleHandKey(e, el, play);
    },
    focusin(e: FocusEvent): void {
      const btn = (e.target as HTMLElement).closest?.("button[data-card]") as HTMLButtonElement | null;
      const el = hand();
      if (btn && el?.contains(btn) && !btn.disabled) setRovingStop(el, btn);
    },
  };
}
