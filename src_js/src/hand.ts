// The person's hand, fanned under the felt: a click, a tap or Enter plays a card, the arrows
// move among the playable ones (input.ts), and a redraw keeps the keyboard on the same card.
// Where the fan would leave a card less than a 24 px strip to tap (a phone, a big hand), the
// hand is drawn in rows (render.ts handRows): it is drawn again when its width changes that.

import type { Context } from "./context";
import { focusedWithin, h } from "./dom";
import { handleHandKey, restoreHandFocus, setRovingStop } from "./input";
import { canPlay, handLayout, renderHand } from "./render";
import type { View } from "./types";

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
    slot.replaceChildren(renderHand(v, ctx.hintAction(), ctx.t, w));
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
