// The scoreboard of a match, beside the log: drawn from the score trait.

import type { Context } from "./context";
import { h } from "./dom";
import { isScore, renderScore } from "./render";

export interface ScorePanel {
  slot: HTMLElement;
  update(): void;
}

export function scorePanel(ctx: Context): ScorePanel {
  const slot = h("div.bh-score-slot");
  return {
    slot,
    update(): void {
      const score = ctx.model.get("score");
      slot.replaceChildren(...(isScore(score) ? [renderScore(score, ctx.t)] : []));
    },
  };
}
