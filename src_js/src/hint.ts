// The hint's words and chart, in the bar above the hand, drawn from the hint trait (the
// hinted card and the Take button are outlined by the hand and Take themselves).

import type { Context } from "./context";
import { h } from "./dom";
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
      slot.replaceChildren(...(hint ? [renderHint(hint, ctx.t)] : []));
    },
  };
}
