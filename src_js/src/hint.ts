// The hint's words, its Show me button and its chart, in the bar above the hand, drawn from
// the hint trait (the hinted card and the Take button are outlined by the hand and Take
// themselves; Show me is sent by show.ts).

import type { Context } from "./context";
import { focusedWithin, h } from "./dom";
import { hintOf, renderHint } from "./render";

export interface HintPanel {
  slot: HTMLElement;
  update(): void;
}

export function hintPanel(ctx: Context): HintPanel {
  const slot = h("div.bh-hint-slot");
  return {
    slot,
    update(): void {
      const hint = hintOf(ctx.model.get("hint"));
      const had = focusedWithin(slot)?.dataset.testid;
      // Show me plays the hint out on the felt: at the live table, or switching back from its own lines
      const mode = ctx.view()?.mode;
      // the room for the chart: the bar the hint sits in, less the hint's border and padding
      const room = Math.max(0, (slot.parentElement?.clientWidth ?? 0) - 24);
      slot.replaceChildren(...(hint ? [renderHint(hint, ctx.t, mode === "play" || mode === "imagine", room)] : []));
      if (had) slot.querySelector<HTMLElement>(`[data-testid="${had}"]`)?.focus();
    },
  };
}
